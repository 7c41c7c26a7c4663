"""The "OG positional encoding" blog post's version: two nested Python loops, one table entry at a time."""

import math

from pelib import docenv
import torch


# --8<-- [start:core]
def nested_loop_encoding(seq_len: int, d_model: int, n: float = 10000) -> torch.Tensor:
    """Fill a float32 [seq_len, d_model] table entry by entry, a sine then a cosine per
    pair.

    Behaves like the post: the inner loop runs over d_model // 2 pairs, so for an odd
    d_model nothing ever writes the last column and it stays 0. Each angle is a 0-dim
    int64 position times a Python float, so the frequency is computed in float64 but the
    angle and its sine are float32.
    """
    table = torch.zeros(seq_len, d_model)
    # position: a 0-dim int64 tensor
    for row, position in enumerate(torch.arange(seq_len)):
        column = 0
        for i in range(d_model // 2):
            omega = 1 / (n ** (2 * i / d_model))  # Python float
            # position * omega is float32
            table[row, column] = torch.sin(position * omega)
            column += 1
            table[row, column] = torch.cos(position * omega)
            column += 1
    return table
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> None:
    """A plain function: there is no module to build."""
    return None


def call(made: None, x: torch.Tensor) -> torch.Tensor:
    """The post's use: build the [seq_len, d_model] table for the sequence length of x."""
    return nested_loop_encoding(x.shape[1], x.shape[2])


def build(seq_len: int, d_model: int) -> torch.Tensor:
    """The [seq_len, d_model] table this variant makes."""
    return nested_loop_encoding(seq_len, d_model)


if __name__ == "__main__":
    # --8<-- [start:print]
    print("emb_size = 4, sequence_length = 4 (the table the post prints)")
    print(docenv.fmt(nested_loop_encoding(4, 4)))
    print("\nemb_size = 5: the loop fills 2 pairs and never touches column 4")
    print(docenv.fmt(nested_loop_encoding(4, 5)))
    # --8<-- [end:print]
    cos_001 = nested_loop_encoding(4, 4)[1, 3]  # cos(1 * 10000 ** (-2/4)) = cos(0.01), as float32 holds it
    docenv.save_values({
        "cos_001_exact": f"{math.cos(0.01):.11f}",  # just above the halfway point 0.99995
        "cos_001_exact_4": f"{math.cos(0.01):.4f}",
        "cos_001_float32": f"{cos_001.item():.10f}",  # just below it
        "cos_001_printed": f"{docenv.fmt(cos_001).item():.4f}",
    })
