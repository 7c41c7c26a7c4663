"""NeMo's FixedPositionalEncoding: the paper's interleaved table divided by sqrt(d), kept in a persistent buffer."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class FixedPositionalEncoding(nn.Module):
    """Look up rows of the float32 table PE / sqrt(hidden_size) by position id.

    Behaves like NeMo's FixedPositionalEncoding: the paper's interleaved table with
    float32 angles, every value divided by sqrt(hidden_size) in place, registered as a
    persistent buffer (saved in state_dict); an odd hidden_size makes the cosine
    assignment fail; forward returns the rows only, the caller adds them.
    """

    def __init__(self, hidden_size: int, max_sequence_length: int = 512):
        super().__init__()
        pos_enc = torch.zeros(max_sequence_length, hidden_size)
        position = torch.arange(0.0, max_sequence_length).unsqueeze(1)
        coef = -math.log(10000.0) / hidden_size
        div_term = torch.exp(coef * torch.arange(0.0, hidden_size, 2))
        pos_enc[:, 0::2] = torch.sin(position * div_term)
        pos_enc[:, 1::2] = torch.cos(position * div_term)
        pos_enc.div_(math.sqrt(hidden_size))  # the paper has no such factor
        self.register_buffer("pos_enc", pos_enc)

    def forward(self, position_ids: torch.Tensor) -> torch.Tensor:
        return torch.embedding(self.pos_enc, position_ids)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> FixedPositionalEncoding:
    return FixedPositionalEncoding(d_model, max_sequence_length=seq_len)


def call(made: FixedPositionalEncoding, x: torch.Tensor) -> torch.Tensor:
    """NeMo's TransformerEmbedding passes position ids 0 .. seq_len - 1, expanded over the batch."""
    return made(torch.arange(x.shape[1]).expand(x.shape[0], -1))


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.arange(seq_len))
