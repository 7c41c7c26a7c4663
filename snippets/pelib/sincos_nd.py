"""Sinusoidal encodings of 2-D and n-D grids (ViT-style): each axis gets its share of the width.

The width is split evenly across the axes, and each axis's share holds a 1-D sinusoidal table of that axis's
coordinate, so the encoding of a grid point is the concatenation of one 1-D encoding per coordinate.
"""

from __future__ import annotations

import torch

from reference import positional_encoding


# --8<-- [start:sincos_nd]
def sincos_nd(shape: tuple[int, ...], dim: int, base: float = 10000.0, dtype: torch.dtype = torch.float32):
    """[prod(shape), dim] table: for every grid point (row-major), [PE_axis0 | PE_axis1 | ...], each of width
    dim / len(shape), interleaved like the paper's. dim must split into an even width per axis."""
    if not shape or any(not isinstance(s, int) or s < 1 for s in shape):
        raise ValueError(f"shape must be a non-empty tuple of positive ints, got {shape!r}")
    per_axis, rest = divmod(dim, 2 * len(shape))
    if rest or per_axis < 1:
        raise ValueError(f"dim must be a positive multiple of 2 * {len(shape)} (an even width per axis) for a "
                         f"{len(shape)}-D grid, got {dim}")
    grid = torch.cartesian_prod(*[torch.arange(s) for s in shape]).reshape(-1, len(shape))
    blocks = [positional_encoding(s, 2 * per_axis, base=base, dtype=torch.float64)[grid[:, a]]
              for a, s in enumerate(shape)]
    return torch.cat(blocks, dim=1).to(dtype)
# --8<-- [end:sincos_nd]
