"""A 2-D table for a width that is not a multiple of 4: what the constraint is (each axis needs whole sine-cosine
pairs for the dot product to depend on the offset only) and which splits of d = 6 keep that property."""

from pelib import docenv
import torch
from reference import positional_encoding

N = 8  # an 8 x 8 grid of patches


# --8<-- [start:helpers]
def grid_2d(d_rows: int, d_cols: int, n: int = N) -> torch.Tensor:
    """[n, n, d_rows + d_cols]: a 1-D table of the row in d_rows columns, one of the column in d_cols."""
    r = positional_encoding(n, d_rows, dtype=torch.float64)
    c = positional_encoding(n, d_cols, dtype=torch.float64)
    return torch.cat([r[:, None].expand(n, n, d_rows), c[None].expand(n, n, d_cols)], dim=-1)


def offset_only(table: torch.Tensor) -> float:
    """How much the dot product of two patches varies among pairs with the same offset (0: it depends on it only)."""
    n = table.size(0)
    worst = 0.0
    for dr in range(n):
        for dc in range(n):
            dots = [table[r, c] @ table[r + dr, c + dc] for r in range(n - dr) for c in range(n - dc)]
            worst = max(worst, (max(dots) - min(dots)).item())
    return worst
# --8<-- [end:helpers]


# --8<-- [start:split]
for d_rows, d_cols in [(4, 2), (2, 4), (3, 3)]:
    spread = offset_only(grid_2d(d_rows, d_cols))
    shown = docenv.bound(spread, 1e-12) if spread < 1e-12 else f"{spread:.1e}"
    print(f"d = {d_rows} + {d_cols}: spread at one offset {shown}")
# --8<-- [end:split]

docenv.save_values({"lone_sine_spread": f"{offset_only(grid_2d(3, 3)):.1e}"})
