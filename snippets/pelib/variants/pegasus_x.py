"""Hugging Face PegasusX's table: tensor2tensor's split [sin | cos], recomputed every forward in the input's dtype."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class PegasusXSinusoidal(nn.Module):
    """Return [batch, seq_len, d] = the [sin | cos] table, computed now in the dtype of
    inputs_embeds.

    Behaves like transformers' PegasusXSinusoidalPositionalEmbedding: no table is kept;
    every forward computes h = d // 2 frequencies spaced over h - 1 steps
    (tensor2tensor's) in the input's dtype (float16 input: float16 frequencies, angles
    and sines); an odd width fails (h cosines for h + 1 columns); the output is the
    table only.
    """

    def __init__(self, embed_dim: int, max_scale: float = 10000.0):
        super().__init__()
        self.embed_dim, self.max_scale = embed_dim, max_scale

    @torch.no_grad()
    def forward(self, inputs_embeds: torch.Tensor, past_key_values_length: int = 0) -> torch.Tensor:
        batch_size, seq_len = inputs_embeds.shape[:2]
        start = past_key_values_length
        position_ids = torch.arange(start, start + seq_len, dtype=torch.long)[:, None]
        pe = torch.zeros((seq_len, self.embed_dim), dtype=inputs_embeds.dtype)
        half = self.embed_dim // 2
        div_term = torch.exp(torch.arange(half, dtype=torch.int64).type_as(inputs_embeds)
                             * -(math.log(float(self.max_scale)) / (half - 1)))
        pe[:, :half] = torch.sin(position_ids * div_term)
        pe[:, half:] = torch.cos(position_ids * div_term)
        return pe[None].expand(batch_size, -1, -1)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> PegasusXSinusoidal:
    return PegasusXSinusoidal(d_model)


def call(made: PegasusXSinusoidal, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model, dtype=dtype))[0]


# --8<-- [start:float16]
def float16_error(seq_len: int, d_model: int) -> float:
    """Largest |float16 table - float64 table| over positions 0 .. seq_len - 1."""
    exact = build(seq_len, d_model, torch.float64)
    return float((build(seq_len, d_model, torch.float16).double() - exact).abs().max())
# --8<-- [end:float16]
