"""bala1802's notebook version: frequencies as exp(2i * -ln(10000) / d), a [1, seq_len, d] buffer, dropout inside."""

from pelib import docenv
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


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = DivTermEncoding(d_model=6, seq_len=10, dropout=0.1)
    x = torch.arange(1, 49, dtype=torch.float32).reshape(2, 4, 6)  # the notebook's [2, 4, 6] example input
    layer.eval()  # dropout off, so the output is x + PE exactly
    y = layer(x)
    print("forward(x) - x for the first sequence (d_model = 6, 4 positions):")
    print(docenv.fmt(y[0] - x[0]))
    print("output shape:", tuple(y.shape), "| state_dict:", {k: tuple(v.shape) for k, v in layer.state_dict().items()})

    two_i = torch.arange(0, 6, 2).float()
    print("\ndiv_term                 :", docenv.fmt(torch.exp(two_i * (-math.log(10000.0) / 6))))
    print("10000 ** (2i/d) (comment):", docenv.fmt(10000 ** (two_i / 6)))
    # --8<-- [end:print]
