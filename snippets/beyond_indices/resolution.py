"""Change a ViT's grid from 14 x 14 to 24 x 24 patches: rebuild a fixed 2-D table, or interpolate a table as timm's
resample_abs_pos_embed does (reproduced in pelib.resample); interpolating is close to evaluating the table at
squeezed, fractional coordinates for the slow pairs, and far from it for the fast ones."""

from pelib import docenv
import torch
from pelib.resample import resample_abs_pos_embed
from reference import encode_positions

D = 64  # columns: half for the row, half for the column


# --8<-- [start:grid]
def grid_table(rows: torch.Tensor, cols: torch.Tensor, d: int = D) -> torch.Tensor:
    """[1, len(rows) * len(cols), d]: half the columns encode the row coordinate, half the column coordinate."""
    r, c = encode_positions(rows, d // 2), encode_positions(cols, d // 2)
    table = torch.cat([r[:, None].expand(-1, len(cols), -1), c[None].expand(len(rows), -1, -1)], dim=-1)
    return table.reshape(1, -1, d).float()
# --8<-- [end:grid]


# --8<-- [start:resize]
old = grid_table(torch.arange(14.0), torch.arange(14.0))  # trained on 14 x 14 patches
resized = resample_abs_pos_embed(old, [24, 24], num_prefix_tokens=0)  # timm, bicubic
rebuilt = grid_table(torch.arange(24.0), torch.arange(24.0))  # the formula at 0..23
squeezed = (torch.arange(24.0) + 0.5) * 14 / 24 - 0.5  # where each new patch sits on the old grid
at_squeezed = grid_table(squeezed, squeezed)
# --8<-- [end:resize]

# --8<-- [start:compare]
def largest(a, b, pair):  # largest gap in one sine-cosine pair of the row half
    return (a - b)[..., 2 * pair : 2 * pair + 2].abs().max().item()


print("interpolated vs       fastest  slowest pair")
for name, target in [("rebuilt at 0..23", rebuilt), ("formula at squeezed", at_squeezed)]:
    slow = largest(resized, target, D // 4 - 1)
    shown = docenv.bound(slow, 1e-3) if slow < 1e-3 else f"{slow:.3f}"
    print(f"{name:<20} {largest(resized, target, 0):8.3f} {shown:>8}")
# --8<-- [end:compare]

docenv.save_values({
    "old": "14",
    "new": "24",
    "rebuilt_fast": f"{largest(resized, rebuilt, 0):.2f}",
    "squeezed_fast": f"{largest(resized, at_squeezed, 0):.3f}",
    "squeezed_slow": docenv.bound(largest(resized, at_squeezed, D // 4 - 1), 1e-3),
})
