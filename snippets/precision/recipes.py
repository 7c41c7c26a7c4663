"""Rows of the table at chosen positions, built the ways code builds it, and the exact values they should have."""

from pelib import docenv  # noqa: F401  (fixed settings first)
import math
from collections.abc import Sequence

import mpmath
import torch
from reference import check_base, check_dtype, check_size, frequencies


def _check_positions(positions: Sequence[int]) -> list[int]:
    """Return `positions` as a list of non-negative ints; raise naming the first bad one."""
    values = list(positions)
    if not values:
        raise ValueError("positions must hold at least one position, got an empty sequence")
    for p in values:
        if isinstance(p, bool) or not isinstance(p, int) or p < 0:
            raise ValueError(f"positions must be non-negative ints, got {p!r}")
    return values


def _interleave(sin: torch.Tensor, cos: torch.Tensor, d_model: int) -> torch.Tensor:
    """Put sin in the even columns and the first d_model // 2 columns of cos in the odd ones (paper layout)."""
    pe = torch.empty(sin.shape[0], d_model, dtype=sin.dtype)
    pe[:, 0::2] = sin
    pe[:, 1::2] = cos[:, : d_model // 2]
    return pe


# --8<-- [start:recipes]
def rows_float64_angles(positions: Sequence[int], d_model: int, *, dtype: torch.dtype = torch.float32,
                        base: float = 10000.0) -> torch.Tensor:
    """The reference recipe at arbitrary positions: angles and sin/cos in float64, cast to `dtype` at the end."""
    positions, d_model = _check_positions(positions), check_size("d_model", d_model)
    base, dtype = check_base(base, d_model), check_dtype(dtype)
    omega = frequencies(d_model, base=base)
    angle = torch.tensor(positions, dtype=torch.float64)[:, None] * omega[None, :]
    return _interleave(torch.sin(angle), torch.cos(angle), d_model).to(dtype)


def rows_computed_in(positions: Sequence[int], d_model: int, *, dtype: torch.dtype,
                     base: float = 10000.0) -> torch.Tensor:
    """The seeds' recipe with every step in `dtype`: the position, the frequencies, the angle and sin/cos.

    With dtype=torch.float32 this is how every seed computes; with float16 or bfloat16 it is what happens when
    the table is computed in a model's half-precision compute dtype instead of being built once and cast.
    """
    positions, d_model = _check_positions(positions), check_size("d_model", d_model)
    base, dtype = check_base(base, d_model), check_dtype(dtype)
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=dtype) * (-math.log(base) / d_model))
    position = torch.tensor(positions, dtype=torch.float64).to(dtype)  # rounds like arange(..., dtype=dtype)
    angle = position[:, None] * div_term[None, :]
    return _interleave(torch.sin(angle), torch.cos(angle), d_model)
# --8<-- [end:recipes]


def exact_rows(positions: Sequence[int], d_model: int, *, base: float = 10000.0,
               bits: int = 113) -> tuple[torch.Tensor, torch.Tensor]:
    """The true table rows, computed with mpmath at `bits` of precision.

    Returns (nearest float64, correctly rounded float32): the second rounds the exact value once, to 24
    significant bits, so it is the best any float32 table can hold.
    """
    positions, d_model = _check_positions(positions), check_size("d_model", d_model)
    base = check_base(base, d_model)
    nearest = torch.empty(len(positions), d_model, dtype=torch.float64)
    rounded = torch.empty(len(positions), d_model, dtype=torch.float32)
    with mpmath.workprec(bits):
        omegas = [mpmath.mpf(base) ** (-mpmath.mpf(2 * i) / d_model) for i in range((d_model + 1) // 2)]
        for row, p in enumerate(positions):
            for column in range(d_model):
                angle = p * omegas[column // 2]
                value = mpmath.sin(angle) if column % 2 == 0 else mpmath.cos(angle)
                nearest[row, column] = float(value)
                with mpmath.workprec(24):
                    rounded[row, column] = float(+value)  # one rounding to 24 bits, exact in float32
    return nearest, rounded


def float32_spacing(values: torch.Tensor) -> torch.Tensor:
    """The gap between consecutive float32 numbers at |values| (one ulp), for values in [-1, 1]."""
    magnitude = values.abs().to(torch.float64).clamp_min(2.0**-126)
    return torch.exp2(torch.floor(torch.log2(magnitude)) - 23)


def log_grid(largest: int, per_decade: int) -> list[int]:
    """Integer positions from 1 to `largest`, evenly spaced on a log scale, plus the limits this page discusses."""
    if largest < 1 or per_decade < 1:
        raise ValueError(f"largest and per_decade must be >= 1, got {largest} and {per_decade}")
    steps = round(math.log10(largest) * per_decade)
    grid = {round(10 ** (k / per_decade)) for k in range(steps + 1)}
    limits = {256, 257, 2048, 2049, 65504, 65520}  # last exact / first inexact integers of bf16 and fp16; fp16 max
    return sorted(grid | {p for p in limits if p <= largest})


def max_error_per_row(rows: torch.Tensor, exact: torch.Tensor) -> torch.Tensor:
    """The largest |computed - exact| over the columns of each row (NaN where the row is not finite)."""
    error = (rows.to(torch.float64) - exact).abs().amax(dim=1)
    return torch.where(rows.isfinite().all(dim=1), error, torch.nan)


if __name__ == "__main__":
    # --8<-- [start:demo]
    p = 100_000
    exact, _ = exact_rows([p], 8)
    print(f"row {p:,}, first four columns")
    print("exact (mpmath)          ", [f"{v:+.6f}" for v in exact[0, :4].tolist()])
    for label, row in [
        ("float64 angles -> fp32  ", rows_float64_angles([p], 8)),
        ("float32 angles (seeds)  ", rows_computed_in([p], 8, dtype=torch.float32)),
        ("float16 throughout      ", rows_computed_in([p], 8, dtype=torch.float16)),
        ("bfloat16 throughout     ", rows_computed_in([p], 8, dtype=torch.bfloat16)),
    ]:
        print(label, [f"{v:+.6f}" for v in row[0, :4].tolist()])
    # --8<-- [end:demo]
