"""The TensorFlow text tutorial's layout: all sines, then all cosines ([sin | cos]), with the paper's frequencies."""

import torch
from torch import nn


# --8<-- [start:core]
def split_sin_cos(length: int, depth: int) -> torch.Tensor:
    """Return the float32 [length, depth] table [sin(p w_0) .. sin(p w_{h-1}) | cos(p
    w_0) .. cos(p w_{h-1})].

    Behaves like tensorflow/text's `positional_encoding` (numpy float64, cast to float32
    at the end): h = depth / 2 is a float, so an odd depth gives ceil(depth/2)
    frequencies and a table one column too wide.
    """
    half = depth / 2  # a float: 3.5 for depth = 7
    pair = torch.arange(half, dtype=torch.float64)  # 0, 1, .., ceil(half) - 1
    # = 10000 ** (-2i / depth): the paper's frequencies
    omega = 1 / 10000 ** (pair / half)
    position = torch.arange(length, dtype=torch.float64)
    angle = position[:, None] * omega[None, :]
    pe = torch.cat([torch.sin(angle), torch.cos(angle)], dim=-1)
    return pe.to(torch.float32)
# --8<-- [end:core]


# --8<-- [start:layer]
class PositionalEmbedding(nn.Module):
    """The tutorial's layer around that table: 2,048 rows built once, in __init__, and
    sliced to the input's length in every call.

    In Keras the table is a plain tensor attribute, not one of the layer's weights;
    here it is a non-persistent buffer (built once, not saved). The Keras layer also
    looks up the token embeddings and multiplies them by sqrt(d_model) before adding
    the table: `forward` takes those scaled embeddings.
    """

    LENGTH = 2048  # fixed: a longer input gets only 2,048 rows, and the addition fails

    def __init__(self, d_model: int):
        super().__init__()
        table = split_sin_cos(self.LENGTH, d_model)
        self.register_buffer("pos_encoding", table, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        length = x.shape[1]
        return x + self.pos_encoding[None, :length, :]
# --8<-- [end:layer]


def make(seq_len: int, d_model: int) -> PositionalEmbedding:
    return PositionalEmbedding(d_model)  # the tutorial's length is fixed, whatever seq_len


def call(made: PositionalEmbedding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return split_sin_cos(seq_len, d_model)
