"""The "OG positional encoding" blog post's version: two nested Python loops, one table entry at a time."""

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
