"""Hugging Face MusicGen's table: tensor2tensor's frequencies with the halves flipped, [cos | sin]."""

import math

import torch
from torch import nn


# --8<-- [start:core]
class MusicgenSinusoidal(nn.Module):
    """Return the rows of a float32 [cos | sin] table for positions past ... past + seq_len - 1.

    Behaves like transformers' MusicgenSinusoidalPositionalEmbedding: h = d // 2
    frequencies spaced over h - 1 steps (tensor2tensor's), float32 angles, cosines
    first; an odd width gets a zero last column; the table is a non-persistent buffer
    (not saved), rebuilt larger when an input needs more rows; input ids are
    [batch, codebooks, seq_len] and the output is the table rows only.
    """

    def __init__(self, num_positions: int, embedding_dim: int):
        super().__init__()
        self.embedding_dim = embedding_dim
        self.make_weights(num_positions, embedding_dim)

    def make_weights(self, num_embeddings: int, embedding_dim: int) -> None:
        weights = self.get_embedding(num_embeddings, embedding_dim)
        if hasattr(self, "weights"):  # keep the dtype and device the module was moved to
            weights = weights.to(dtype=self.weights.dtype, device=self.weights.device)
        self.register_buffer("weights", weights, persistent=False)

    @staticmethod
    def get_embedding(num_embeddings: int, embedding_dim: int) -> torch.Tensor:
        half = embedding_dim // 2
        step = math.log(10000) / (half - 1)  # the paper would divide by half
        omega = torch.exp(torch.arange(half, dtype=torch.int64).float() * -step)
        angle = torch.arange(num_embeddings, dtype=torch.int64).float()[:, None] * omega[None, :]
        table = torch.cat([torch.cos(angle), torch.sin(angle)], dim=1)  # cosines first
        if embedding_dim % 2 == 1:
            table = torch.cat([table, torch.zeros(num_embeddings, 1)], dim=1)
        return table.to(torch.get_default_dtype())

    @torch.no_grad()
    def forward(self, input_ids: torch.Tensor, past_key_values_length: int = 0) -> torch.Tensor:
        _, _, seq_len = input_ids.size()
        positions = torch.arange(seq_len) + past_key_values_length
        if seq_len + past_key_values_length > self.weights.size(0):
            self.make_weights(seq_len + past_key_values_length, self.embedding_dim)
        return self.weights.index_select(0, positions)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> MusicgenSinusoidal:
    return MusicgenSinusoidal(seq_len, d_model)


def call(made: MusicgenSinusoidal, x: torch.Tensor) -> torch.Tensor:
    """MusicGen passes its [batch, codebooks, seq_len] ids; one codebook here."""
    return made(torch.zeros(x.shape[0], 1, x.shape[1], dtype=torch.long))


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return MusicgenSinusoidal.get_embedding(seq_len, d_model)
