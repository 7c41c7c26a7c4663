"""How alike two rows of the table are, as a function of their offset k alone: dot product, cosine, distance."""

from __future__ import annotations

import torch
from reference import frequencies


# --8<-- [start:closed_form]
def dot_by_offset(offsets: torch.Tensor, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """sum_i cos(omega_i * k) for each offset k (even d_model): the dot product PE(p) . PE(p + k) for any p."""
    if d_model % 2:
        raise ValueError(f"the closed form needs an even d_model, got {d_model}")
    omega = frequencies(d_model, base=base)
    return torch.cos(offsets.to(torch.float64)[:, None] * omega[None, :]).sum(dim=1)
# --8<-- [end:closed_form]


def similarity_by_offset(offsets: torch.Tensor, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """Cosine similarity of PE(p) and PE(p + k): sum_i cos(omega_i k) / (d/2), the same for every p (even d)."""
    return dot_by_offset(offsets, d_model, base) / (d_model // 2)


def distance_by_offset(offsets: torch.Tensor, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """||PE(p) - PE(p + k)|| = sqrt(d - 2 sum_i cos(omega_i k)), the same for every p (even d)."""
    return (d_model - 2 * dot_by_offset(offsets, d_model, base)).clamp(min=0).sqrt()


# --8<-- [start:first_rise]
def first_rise(curve: torch.Tensor) -> int:
    """The first offset k > 0 with curve[k] > curve[k-1]: where the dot product stops decreasing."""
    rising = (curve[1:] > curve[:-1]).nonzero()
    if rising.numel() == 0:
        raise ValueError("the curve never rises over the offsets given")
    return int(rising[0]) + 1
# --8<-- [end:first_rise]
