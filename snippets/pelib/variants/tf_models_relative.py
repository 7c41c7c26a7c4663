"""tensorflow/models' RelativePositionEmbedding: tensor2tensor's [sin | cos] without its guard or its padding."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class RelativePositionEmbedding(nn.Module):
    """Return the float32 [length, 2 * (hidden_size // 2)] table [sin | cos].

    Behaves like RelativePositionEmbedding in tensorflow/models
    (official/nlp/modeling/layers/position_embedding.py): tensor2tensor's frequencies,
    but divided by num_timescales - 1 with no max(., 1) guard, so hidden_size = 2 or 3
    divides by 0 (a float32 division there: inf, then NaN, no error); an odd
    hidden_size gets no padding column, so the table is one column narrower than asked.
    """

    def __init__(self, hidden_size: int, min_timescale: float = 1.0, max_timescale: float = 1.0e4):
        super().__init__()
        self.hidden_size, self.min_timescale, self.max_timescale = hidden_size, min_timescale, max_timescale

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        length = inputs.shape[1]
        position = torch.arange(length).float()
        num_timescales = self.hidden_size // 2
        increment = (math.log(self.max_timescale / self.min_timescale)
                     / (torch.tensor(num_timescales, dtype=torch.float32) - 1))  # no guard: 0 for 2 or 3
        inv_timescales = self.min_timescale * torch.exp(torch.arange(num_timescales).float() * -increment)
        scaled_time = position[:, None] * inv_timescales[None, :]
        return torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> RelativePositionEmbedding:
    return RelativePositionEmbedding(d_model)


def call(made: RelativePositionEmbedding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))
