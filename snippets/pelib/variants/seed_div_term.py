"""bala1802's notebook version: frequencies as exp(2i * -ln(10000) / d), a [1, seq_len, d] buffer, dropout inside."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class DivTermEncoding(nn.Module):
    """Add a float32 [1, seq_len, d_model] persistent buffer to x, then apply dropout.

    Behaves like the notebook's class: div_term = exp(2i * -ln(10000) / d_model) equals
    10000 ** (-2i/d), a reciprocal; the table is saved in state_dict; an odd d_model
    makes the cosine assignment fail.
    """

    def __init__(self, d_model: int, seq_len: int, dropout: float):
        super().__init__()
        self.d_model = d_model
        self.seq_len = seq_len
        self.dropout = nn.Dropout(dropout)
        table = torch.zeros(seq_len, d_model)
        # [seq_len, 1]
        position = torch.arange(0, seq_len, dtype=torch.float).unsqueeze(1)
        two_i = torch.arange(0, d_model, 2).float()
        div_term = torch.exp(two_i * (-math.log(10000.0) / d_model))
        table[:, 0::2] = torch.sin(position * div_term)
        # d // 2 columns receive ceil(d/2): fails for odd d
        table[:, 1::2] = torch.cos(position * div_term)
        # [1, seq_len, d_model], persistent
        self.register_buffer("pe", table.unsqueeze(0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # a buffer never needs grad: a no-op
        x = x + self.pe[:, : x.shape[1], :].requires_grad_(False)
        return self.dropout(x)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> DivTermEncoding:
    return DivTermEncoding(d_model=d_model, seq_len=seq_len, dropout=0.1).eval()


def call(made: DivTermEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))[0]
