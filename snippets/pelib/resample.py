"""timm's `resample_abs_pos_embed`, reproduced from its source (timm is not installed here: it needs torchvision):
huggingface/pytorch-image-models, timm/layers/pos_embed.py @ 170a5b6. It resizes a learned table of a square
(or `old_size`) grid of patches to a new grid by 2-D interpolation, keeping the prefix (class) tokens as they are."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F


# --8<-- [start:resample]
def resample_abs_pos_embed(
    posemb: torch.Tensor,  # [1, prefix + old_h * old_w, dim]
    new_size: list[int],
    old_size: list[int] | None = None,
    num_prefix_tokens: int = 1,
    interpolation: str = "bicubic",
    antialias: bool = True,
) -> torch.Tensor:
    """Resize the grid part of a position table to `new_size` (rows, columns), as timm does."""
    num_pos_tokens = posemb.shape[1]
    num_new_tokens = new_size[0] * new_size[1] + num_prefix_tokens
    if num_new_tokens == num_pos_tokens and new_size[0] == new_size[1]:
        return posemb
    if old_size is None:  # a square grid is assumed
        hw = int(math.sqrt(num_pos_tokens - num_prefix_tokens))
        old_size = [hw, hw]
    prefix, grid = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    dim, dtype = grid.shape[-1], grid.dtype
    grid = grid.float().reshape(1, old_size[0], old_size[1], -1).permute(0, 3, 1, 2)  # [1, dim, h, w]
    grid = F.interpolate(grid, size=new_size, mode=interpolation, antialias=antialias)
    grid = grid.permute(0, 2, 3, 1).reshape(1, -1, dim).to(dtype)
    return torch.cat([prefix, grid], dim=1) if num_prefix_tokens else grid
# --8<-- [end:resample]
