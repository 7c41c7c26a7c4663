"""Exercise: the permutation that turns the paper's interleaved layout into the split [sin..., cos...] layout."""

from pelib import docenv
import torch
from reference import frequencies, positional_encoding


# --8<-- [start:solution]
def interleaved_to_split(d_model: int) -> list[int]:
    """Column order that puts the sines (even columns) first, then the cosines (odd columns)."""
    if d_model < 2 or d_model % 2:
        raise ValueError(f"the split layout needs an even d_model >= 2, got {d_model}")
    return list(range(0, d_model, 2)) + list(range(1, d_model, 2))


def split_layout(positions: int, d_model: int) -> torch.Tensor:
    """Built independently: all sines, then all cosines, same frequencies as the paper."""
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * frequencies(d_model)[None, :]
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)


perm = interleaved_to_split(8)
inverse = sorted(range(8), key=perm.__getitem__)  # inverse[perm[j]] = j
pe = positional_encoding(50, 8, dtype=torch.float64)
print("perm    =", perm)
print("inverse =", inverse)
print("pe[:, perm] equals the split layout:", torch.equal(pe[:, perm], split_layout(50, 8)))
print("split[:, inverse] equals pe:", torch.equal(split_layout(50, 8)[:, inverse], pe))
# --8<-- [end:solution]
