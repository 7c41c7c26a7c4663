"""Hugging Face DistilBERT's create_sinusoidal_embeddings: the paper's interleaved table in a frozen embedding weight."""

import torch
from torch import nn


# --8<-- [start:core]
def create_sinusoidal_embeddings(n_pos: int, dim: int, out: torch.Tensor) -> torch.Tensor:
    """Write the interleaved table into `out` (an embedding weight) and freeze it.

    Behaves like transformers' create_sinusoidal_embeddings (DistilBERT; XLM has the
    same function): angles pos / 10000 ** (2 (j // 2) / dim) in float64 (numpy there),
    sines in the even columns and cosines in the odd ones, cast to float32; an odd dim
    works, its last column is a sine; requires_grad is switched off, the weight stays
    in state_dict.
    """
    j = torch.arange(dim, dtype=torch.float64)
    angle = torch.arange(n_pos, dtype=torch.float64)[:, None] / 10000 ** (2 * (j // 2) / dim)
    out.requires_grad = False
    out[:, 0::2] = torch.sin(angle[:, 0::2]).float()
    out[:, 1::2] = torch.cos(angle[:, 1::2]).float()
    out.detach_()
    return out


class DistilBertPositions(nn.Embedding):
    """The model's position_embeddings: an nn.Embedding, filled by _init_weights when
    config.sinusoidal_pos_embds is set."""

    def __init__(self, max_position_embeddings: int, dim: int):
        super().__init__(max_position_embeddings, dim)
        with torch.no_grad():
            create_sinusoidal_embeddings(max_position_embeddings, dim, self.weight)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> DistilBertPositions:
    return DistilBertPositions(seq_len, d_model)


def call(made: DistilBertPositions, x: torch.Tensor) -> torch.Tensor:
    """DistilBERT's Embeddings adds the looked-up rows to the word embeddings."""
    return x + made(torch.arange(x.shape[1]))


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model).weight.detach()
