"""Exercise: the shortest and longest wavelengths of the sinusoidal encoding for d_model = 64."""

import _docenv
import math


# --8<-- [start:solution]
def wavelengths(d_model: int, base: float = 10000.0) -> list[float]:
    """Wavelength 2*pi / w_i, in positions, of each pair i = 0 .. ceil(d_model/2) - 1."""
    if d_model < 1:
        raise ValueError(f"d_model must be a positive int, got {d_model}")
    return [2 * math.pi * base ** (2 * i / d_model) for i in range(0, (d_model + 1) // 2)]


lengths = wavelengths(64)
print(f"pairs: {len(lengths)}, last pair i = {len(lengths) - 1}, exponent 2i/d = {2 * (len(lengths) - 1)}/64")
print(f"shortest: 2*pi = {lengths[0]:.4f} positions")
print(f"longest:  2*pi * 10000**(62/64) = {lengths[-1]:,.1f} positions")
print(f"the paper's upper end 2*pi * 10000 = {2 * math.pi * 10000:,.1f} is never reached")
# --8<-- [end:solution]
_docenv.save_values({"longest": f"{lengths[-1]:,.0f}"})
