"""Exercise: what three common ways of filling the table do with an odd d_model (5)."""

from pelib import docenv
import torch
from reference import frequencies, positional_encoding


# --8<-- [start:patterns]
def slice_assign(positions: int, d_model: int) -> torch.Tensor:
    """Vectorised: sin of every frequency into the even columns, cos of every frequency into the odd ones."""
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * frequencies(d_model)[None, :]
    pe = torch.zeros(positions, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle)  # ceil(d/2) columns into floor(d/2) slots when d is odd
    return pe


def pair_loop(positions: int, d_model: int) -> torch.Tensor:
    """Element by element, one (sin, cos) pair per step, for d_model // 2 pairs."""
    pe = torch.zeros(positions, d_model, dtype=torch.float64)
    w = frequencies(d_model)
    for p in range(positions):
        for i in range(d_model // 2):
            pe[p, 2 * i], pe[p, 2 * i + 1] = torch.sin(p * w[i]), torch.cos(p * w[i])
    return pe


def stack_and_flatten(positions: int, d_model: int) -> torch.Tensor:
    """Stack sin and cos of every frequency on a new last axis, then flatten to interleave them."""
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * frequencies(d_model)[None, :]
    return torch.stack([torch.sin(angle), torch.cos(angle)], dim=-1).flatten(1)
# --8<-- [end:patterns]


if __name__ == "__main__":
    # --8<-- [start:solution]
    reference = positional_encoding(6, 5, dtype=torch.float64)
    try:
        slice_assign(6, 5)
    except RuntimeError as error:
        print("slice assignment:", str(error).splitlines()[0])
    loop = pair_loop(6, 5)
    print("pair loop: shape", tuple(loop.shape), "| last column", loop[:, -1].tolist(),
          "| other columns equal the reference:", torch.equal(loop[:, :4], reference[:, :4]))
    stacked = stack_and_flatten(6, 5)
    print("stack and flatten: shape", tuple(stacked.shape), "| first 5 columns equal the reference:",
          torch.equal(stacked[:, :5], reference))
    # --8<-- [end:solution]
