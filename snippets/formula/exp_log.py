"""The tutorials' div_term, exp(2i * -ln(10000) / d), against the power 10000 ** (-2i / d): range and float32 error."""

from pelib import docenv
import math

import torch
from reference import frequencies

# --8<-- [start:forms]
d = 512
two_i = torch.arange(0, d, 2)  # int64, as in the tutorials
div_term = torch.exp(two_i * -(math.log(10000.0) / d))  # the exp of a log: float32
power = 1.0 / 10000.0 ** (two_i.float() / d)  # the power written directly: float32
exact = frequencies(d)  # the same frequencies in float64 (the reference's), as a yardstick
# --8<-- [end:forms]


def relative_error(omega: torch.Tensor) -> float:
    """The largest relative error of float32 frequencies against the float64 ones."""
    return ((omega.double() - exact).abs() / exact).max().item()


# --8<-- [start:measure]
largest = (10000.0 ** (two_i.double() / d)).max().item()  # the largest denominator, 10000^((d-2)/d)
positions = torch.arange(1024)
table_exact = torch.sin(positions.double()[:, None] * exact[None, :])
table_error = {  # sin(p * omega) built in float32 from each form's frequencies, against the float64 table
    name: (torch.sin(positions.float()[:, None] * omega[None, :]).double() - table_exact).abs().max().item()
    for name, omega in (("power", power), ("exp of a log", div_term))
}
# the two roundings apart, each alone in float64 arithmetic: a float32 frequency times the position, and the exact
# angle p * omega rounded to float32
angles = positions.double()[:, None] * exact[None, :]
frequency_part = max((torch.sin(positions.double()[:, None] * omega.double()[None, :]) - table_exact).abs().max().item()
                     for omega in (power, div_term))
angle_part = (torch.sin(angles.float().double()) - table_exact).abs().max().item()
rel_power, rel_exp = relative_error(power), relative_error(div_term)
assert rel_exp > 3e-7 > rel_power, "the exp of a log is the less accurate float32 form"
assert table_error["exp of a log"] <= table_error["power"], "the less accurate frequencies now give the worse table"
print(f"largest denominator 10000^((d-2)/d), d = {d}: {largest:,.1f} (float32 holds up to {torch.finfo().max:.1e})")
print(f"frequencies in float32, largest relative error: power {docenv.bound(rel_power, 2e-7)}, "
      f"exp of a log > 3e-07 and {docenv.bound(rel_exp, 1e-6)}")
print(f"sine columns over {len(positions):,} positions in float32, largest error: "
      f"power {docenv.bound(table_error['power'], 2e-4)}, exp of a log {docenv.bound(table_error['exp of a log'], 2e-4)}")
print(f"  each rounding alone: the frequency's {docenv.bound(frequency_part, 5e-5)}, "
      f"the angle's {docenv.bound(angle_part, 4e-5)}")
# --8<-- [end:measure]

docenv.save_values({
    "largest_512": f"{largest:,.1f}",
    "float32_max": f"{torch.finfo().max:.1e}",
    "power_error": docenv.bound(rel_power, 2e-7),
    "exp_error": docenv.bound(rel_exp, 1e-6),
    "exp_floor": f"{3e-7:.0e}",
    "table_error": docenv.bound(max(table_error.values()), 2e-4),
    "positions": f"{len(positions):,}",
    "frequency_part": docenv.bound(frequency_part, 5e-5).removeprefix("< "),  # the page says "less than"
    "angle_part": docenv.bound(angle_part, 4e-5).removeprefix("< "),
})
