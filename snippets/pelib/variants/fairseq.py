"""fairseq's SinusoidalPositionalEmbedding: tensor2tensor's table, positions starting at padding_idx + 1, pad row 0."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class FairseqSinusoidal(nn.Module):
    """Map tokens [batch, seq_len] to PE rows [batch, seq_len, embedding_dim]; pads get
    the zeroed row.

    Behaves like fairseq's SinusoidalPositionalEmbedding: the table is split [sin | cos]
    with frequencies spaced over h - 1 steps (d = 2 or 3 divides by zero), an odd width
    gets a zero last column, row padding_idx is all zeros, and real tokens take rows
    padding_idx + 1, padding_idx + 2, ...; the table is a non-persistent buffer, grown
    when a longer input arrives.
    """

    def __init__(self, embedding_dim: int, padding_idx: int, init_size: int = 1024):
        super().__init__()
        self.embedding_dim = embedding_dim
        self.padding_idx = padding_idx
        table = self.get_embedding(init_size, embedding_dim, padding_idx)
        self.register_buffer("weights", table, persistent=False)

    @staticmethod
    def get_embedding(
        num_embeddings: int, embedding_dim: int, padding_idx: int | None = None
    ) -> torch.Tensor:
        half = embedding_dim // 2
        step = math.log(10000) / (half - 1)  # ZeroDivisionError when half == 1
        omega = torch.exp(torch.arange(half, dtype=torch.float) * -step)
        position = torch.arange(num_embeddings, dtype=torch.float)
        angle = position[:, None] * omega[None, :]
        pe = torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)
        pe = pe.view(num_embeddings, -1)
        if embedding_dim % 2 == 1:
            pe = torch.cat([pe, torch.zeros(num_embeddings, 1)], dim=1)
        if padding_idx is not None:
            pe[padding_idx, :] = 0
        return pe

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        batch, seq_len = tokens.shape
        # grow the table on demand
        if self.padding_idx + 1 + seq_len > self.weights.size(0):
            rows = self.padding_idx + 1 + seq_len
            self.weights = self.get_embedding(rows, self.embedding_dim, self.padding_idx)
        mask = tokens.ne(self.padding_idx).int()
        # pads keep padding_idx
        positions = (torch.cumsum(mask, dim=1) * mask).long() + self.padding_idx
        rows = self.weights.index_select(0, positions.view(-1))
        return rows.view(batch, seq_len, -1).detach()
# --8<-- [end:core]


PAD = 1  # fairseq's default dictionary puts <pad> at index 1


def make(seq_len: int, d_model: int) -> FairseqSinusoidal:
    return FairseqSinusoidal(d_model, padding_idx=PAD, init_size=seq_len + PAD + 1)


def call(made: FairseqSinusoidal, x: torch.Tensor) -> torch.Tensor:
    """fairseq reads token ids, not embeddings: a batch of x's shape with no padding."""
    return made(torch.full(x.shape[:2], PAD + 3))


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.full((1, seq_len), PAD + 3))[0]
