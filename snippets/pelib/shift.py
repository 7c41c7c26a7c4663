"""The shift as a matrix: PE(p + k) = M_k PE(p), M_k block-diagonal with one 2x2 rotation per pair."""

from __future__ import annotations

import math

import torch
from reference import frequencies, positional_encoding


# --8<-- [start:shift_matrix]
# --8<-- [start:shift_block]
def shift_block(omega: float, k: int) -> torch.Tensor:
    """The 2x2 matrix taking (sin w p, cos w p) to (sin w(p+k), cos w(p+k)); it contains k, never p."""
    c, s = math.cos(omega * k), math.sin(omega * k)
    return torch.tensor([[c, s],  # sin(a + b) = sin a cos b + cos a sin b
                         [-s, c]],  # cos(a + b) = cos a cos b - sin a sin b
                        dtype=torch.float64)
# --8<-- [end:shift_block]


def shift_matrix(d_model: int, k: int, base: float = 10000.0) -> torch.Tensor:
    """M_k = diag(R_0(k), ..., R_{d/2-1}(k)): PE(p + k) = M_k @ PE(p) for every p, for an even d_model.

    For an odd d_model it covers the floor(d_model/2) complete pairs only (the first d_model - 1 columns):
    the lone last sine has no matrix (see the section on odd widths).
    """
    if isinstance(d_model, bool) or not isinstance(d_model, int) or d_model < 2:
        raise ValueError(f"d_model must be an int >= 2 (at least one sin/cos pair), got {d_model!r}")
    pairs = frequencies(d_model, base=base)[: d_model // 2]
    return torch.block_diag(*[shift_block(float(w), k) for w in pairs])
# --8<-- [end:shift_matrix]


# --8<-- [start:check]
def max_shift_error(d_model: int, positions: int, offsets: list[int]) -> float:
    """Largest |PE(p + k) - M_k PE(p)| over `positions` consecutive p (from max |k|, so p + k >= 0) and the offsets.

    For an odd d_model only the first d_model - 1 columns (the complete pairs) are compared.
    """
    even = d_model - d_model % 2
    span = max(abs(k) for k in offsets)
    pe = positional_encoding(positions + 2 * span, d_model, dtype=torch.float64)[:, :even]
    worst = 0.0
    for k in offsets:
        p = torch.arange(span, span + positions)  # shifted so that p + k stays inside the table
        predicted = pe[p] @ shift_matrix(d_model, k).T  # each row: M_k @ PE(p)
        worst = max(worst, (pe[p + k] - predicted).abs().max().item())
    return worst
# --8<-- [end:check]


# --8<-- [start:fit]
def fitted_shift_matrix(d_model: int, k: int, first: int, count: int) -> torch.Tensor:
    """The matrix M that best maps PE(p) to PE(p + k) for p = first .. first+count-1 (least squares, float64).

    It is computed from data alone: if the closed form is right and p plays no part, every window gives M_k.
    """
    if first < 0 or first + k < 0:
        raise ValueError(f"positions must stay >= 0: first={first} and first + k={first + k}")
    pe = positional_encoding(first + count + abs(k), d_model, dtype=torch.float64)
    x, y = pe[first : first + count], pe[first + k : first + k + count]  # rows PE(p) and PE(p + k)
    return torch.linalg.lstsq(x, y).solution.T  # y = x @ M.T
# --8<-- [end:fit]
