"""trax's PositionalEncoding: the paper's interleaved table, stored as trainable weights."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class TraxPositionalEncoding(nn.Module):
    """Add rows of a [1, max_len, d] table that is a trainable parameter.

    Behaves like trax's PositionalEncoding (trax.layers.attention): the table is
    computed once from the input's width, the paper's frequencies and angles in float64
    (numpy there), written into a float32 array, and becomes the layer's weights, which
    the optimiser updates like any other ("Trainable parameters, initialized above");
    an odd width fails at the cosine assignment.
    """

    def __init__(self, d_feature: int, max_len: int = 2048):
        super().__init__()
        pe = torch.zeros(max_len, d_feature, dtype=torch.float32)
        position = torch.arange(0, max_len, dtype=torch.float64)[:, None]
        div_term = torch.exp(torch.arange(0, d_feature, 2, dtype=torch.float64)
                             * -(math.log(10000.0) / d_feature))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.weights = nn.Parameter(pe[None])  # trainable: requires_grad is True

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.weights[:, : x.shape[1], :]
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> TraxPositionalEncoding:
    return TraxPositionalEncoding(d_model, max_len=seq_len)


def call(made: TraxPositionalEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model).weights[0].detach()
