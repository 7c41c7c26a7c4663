"""OpenNMT-py's PositionalEncoding: multiplies the embeddings by sqrt(dim) itself, refuses an odd width."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class OnmtPositionalEncoding(nn.Module):
    """emb * sqrt(dim) + PE, then dropout, for sequence-first input [seq_len, batch, dim].

    Behaves like OpenNMT-py's PositionalEncoding (onmt/modules/embeddings.py): an odd
    dim is refused with ValueError before anything is built; the paper's interleaved
    table in float32, a persistent [max_len, 1, dim] buffer (saved in state_dict); the
    sqrt(dim) scaling of the word embeddings happens inside this module; `step` picks
    one row when decoding step by step.
    """

    def __init__(self, dropout: float, dim: int, max_len: int = 5000):
        if dim % 2 != 0:
            raise ValueError(f"Cannot use sin/cos positional encoding with odd dim (got dim={dim:d})")
        super().__init__()
        pe = torch.zeros(max_len, dim)
        position = torch.arange(0, max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, dim, 2, dtype=torch.float) * -(math.log(10000.0) / dim))
        pe[:, 0::2] = torch.sin(position.float() * div_term)
        pe[:, 1::2] = torch.cos(position.float() * div_term)
        self.register_buffer("pe", pe.unsqueeze(1))  # [max_len, 1, dim]
        self.dropout = nn.Dropout(p=dropout)
        self.dim = dim

    def forward(self, emb: torch.Tensor, step: int | None = None) -> torch.Tensor:
        emb = emb * math.sqrt(self.dim)
        emb = emb + (self.pe[: emb.size(0)] if step is None else self.pe[step])
        return self.dropout(emb)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> OnmtPositionalEncoding:
    return OnmtPositionalEncoding(0.1, d_model, max_len=seq_len).eval()


def call(made: OnmtPositionalEncoding, x: torch.Tensor) -> torch.Tensor:
    """Batch-first x, turned sequence-first for the module and back."""
    return made(x.transpose(0, 1)).transpose(0, 1)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model).pe[:, 0]
