"""Hugging Face Marian's layout: split [sin | cos] with the paper's frequencies, written into a frozen embedding weight."""

import torch
from torch import nn


# --8<-- [start:core]
class MarianSinusoidal(nn.Embedding):
    """An nn.Embedding whose frozen weight holds [sin | cos]: ceil(d/2) sine columns,
    then d // 2 cosines.

    Behaves like transformers' MarianSinusoidalPositionalEmbedding: __init__ only makes
    the embedding (random weights, like any nn.Embedding); _init_weight writes the
    table, and the model calls it from _init_weights when it initialises its modules.
    Angles in float64 (numpy there), cast to float32; an odd dim gives the sines one
    extra column, so nothing is lost; the weight is an nn.Parameter with
    requires_grad=False, hence in the module's state_dict; forward takes the input
    shape, not the input.
    """

    def __init__(self, num_positions: int, embedding_dim: int):
        super().__init__(num_positions, embedding_dim)

    def _init_weight(self) -> None:
        n_pos, dim = self.weight.shape
        column = torch.arange(dim, dtype=torch.float64)
        # both columns of a pair share one frequency
        omega = 1 / 10000 ** (2 * (column // 2) / dim)
        angle = torch.arange(n_pos, dtype=torch.float64)[:, None] * omega[None, :]
        sentinel = dim // 2 + dim % 2  # number of sine columns
        out = torch.empty(n_pos, dim, dtype=self.weight.dtype)
        out[:, :sentinel] = torch.sin(angle[:, 0::2]).float()
        out[:, sentinel:] = torch.cos(angle[:, 1::2]).float()
        self.weight = nn.Parameter(out, requires_grad=False)

    def forward(self, input_ids_shape: torch.Size, past_key_values_length: int = 0):
        seq_len = input_ids_shape[1]
        start = past_key_values_length
        positions = torch.arange(start, start + seq_len, dtype=torch.long)
        # [seq_len, dim], broadcast over the batch by the caller
        return super().forward(positions)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> MarianSinusoidal:
    """The module as a Marian model holds it: built, then initialised by the model's _init_weights."""
    made = MarianSinusoidal(seq_len, d_model)
    made._init_weight()
    return made


def call(made: MarianSinusoidal, x: torch.Tensor) -> torch.Tensor:
    return made(x.shape)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.Size([1, seq_len]))
