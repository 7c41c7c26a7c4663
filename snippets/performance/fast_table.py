"""Build the table fast and accurately from the shift property: sin/cos of block starts and offsets, combined."""

from pelib import docenv  # noqa: F401  (fixed settings first)
import math

import torch
from reference import check_base, check_dtype, check_size, frequencies


# --8<-- [start:fast_table]
def fast_table(
    seq_len: int,
    d_model: int,
    *,
    base: float = 10000.0,
    dtype: torch.dtype = torch.float32,
    start: int = 0,
    block: int | None = None,
    device: torch.device | str | None = None,
) -> torch.Tensor:
    """Return rows start .. start + seq_len - 1 of the reference table, with O(sqrt(seq_len)) sines and cosines.

    Write each position as p = start + block * k + r with 0 <= r < block. Then, for every frequency w,
        sin(p w) = sin(a) cos(b) + cos(a) sin(b),    cos(p w) = cos(a) cos(b) - sin(a) sin(b),
    with a = (start + block * k) w and b = r w: the shift property of the encoding, used as an algorithm.
    The few sines and cosines of a and b are evaluated in float64 (accurate at any position), then rounded
    to `dtype`; the table itself is one complex multiplication per pair of columns, written in place.
    """
    seq_len, d_model = check_size("seq_len", seq_len), check_size("d_model", d_model)
    base, dtype = check_base(base, d_model), check_dtype(dtype)
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise ValueError(f"start must be a non-negative int, got {start!r}")
    block = math.isqrt(seq_len - 1) + 1 if block is None else check_size("block", block)

    blocks, h = -(-seq_len // block), d_model // 2  # ceil(seq_len / block) blocks; h pairs of columns
    omega = frequencies(d_model, base=base).to(device)  # [ceil(d/2)] float64
    b = torch.arange(block, dtype=torch.float64, device=device)[:, None] * omega  # offsets: [block, ceil(d/2)]
    a = (start + block * torch.arange(blocks, dtype=torch.float64, device=device))[:, None] * omega  # starts
    pe = torch.empty(blocks, block, d_model, dtype=dtype, device=device)

    if d_model % 2 == 0 and dtype in (torch.float32, torch.float64):
        # One complex product per pair: (sin a + i cos a)(cos b - i sin b) = sin(a + b) + i cos(a + b), which
        # is the pair [sin, cos] side by side in memory, as the paper lays it out.
        as_complex = torch.complex64 if dtype == torch.float32 else torch.complex128
        start_pair = torch.complex(torch.sin(a), torch.cos(a)).to(as_complex)[:, None, :]
        offset_pair = torch.complex(torch.cos(b), -torch.sin(b)).to(as_complex)[None]
        torch.mul(start_pair, offset_pair, out=torch.view_as_complex(pe.view(blocks, block, h, 2)))
    else:  # odd width (a lone last sine) or a small dtype: the same formulas on the strided columns
        sin_a, cos_a = torch.sin(a).to(dtype)[:, None, :], torch.cos(a).to(dtype)[:, None, :]
        sin_b, cos_b = torch.sin(b).to(dtype)[None], torch.cos(b).to(dtype)[None]
        sin, cos = pe[..., 0::2], pe[..., 1::2]  # views: the writes below fill pe in place
        torch.mul(sin_a, cos_b, out=sin).addcmul_(cos_a, sin_b)  # sin(a + b)
        torch.mul(cos_a[..., :h], cos_b[..., :h], out=cos).addcmul_(sin_a[..., :h], sin_b[..., :h], value=-1)
    return pe.view(blocks * block, d_model)[:seq_len]
# --8<-- [end:fast_table]


def max_error_against_float64(seq_len: int, d_model: int, *, start: int = 0, chunk: int = 8192) -> dict[str, float]:
    """Largest |entry - float64 reference| of fast_table and of the reference float32 table, over the same rows."""
    from precision.recipes import rows_float64_angles

    fast = fast_table(seq_len, d_model, start=start)
    worst = {"fast_table": 0.0, "reference": 0.0}
    for lo in range(0, seq_len, chunk):
        positions = range(start + lo, start + min(lo + chunk, seq_len))
        exact = rows_float64_angles(positions, d_model, dtype=torch.float64)
        worst["fast_table"] = max(worst["fast_table"], float((fast[lo:lo + chunk].double() - exact).abs().max()))
        worst["reference"] = max(worst["reference"], float((exact.float().double() - exact).abs().max()))
    return worst


if __name__ == "__main__":
    # --8<-- [start:error]
    windows = [("positions 0 .. 99,999", 100_000, 0), ("positions 999,808 .. 999,999", 192, 999_808)]
    results = {label: max_error_against_float64(n, 512, start=s) for label, n, s in windows}
    for label, worst in results.items():
        print(f"d_model 512, {label}: max |error| fast_table {worst['fast_table']:.2e},"
              f" reference float32 table {worst['reference']:.2e}")
    # --8<-- [end:error]
    near, far = results.values()
    docenv.save_values({
        "error_1e5": f"{near['fast_table']:.1e}",
        "error_1e6": f"{far['fast_table']:.1e}",
        "reference_error": f"{near['reference']:.1e}",
        "ratio_to_reference": f"{near['fast_table'] / near['reference']:.1f}",
        "float32_steps_near_one": f"{near['fast_table'] / 2.0**-24:.1f}",
    })
