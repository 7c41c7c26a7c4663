"""The AiEdge Newsletter's version: 10000 ** (2i/d) slice-assigned into even and odd columns, odd d_model handled."""

import torch
from torch import nn


# --8<-- [start:core]
class AiEdgeEncoding(nn.Module):
    """Build a float32 [context_size, d_model] table once; forward returns its first
    seq_len rows, it does not add.

    Behaves like the newsletter's class: ceil(d/2) pair indices, the sines take all of
    them and the cosines the first d // 2, so an odd d_model is handled correctly. The
    table is kept twice over: as the plain attribute `encoding` and as the persistent
    buffer `pos_encoding` (the same tensor), so it is saved in state_dict.
    """

    def __init__(self, context_size: int, d_model: int):
        super().__init__()
        position = torch.arange(context_size).unsqueeze(1)  # int64 [context_size, 1]
        i = torch.arange((d_model + 1) // 2)  # pair indices 0 .. ceil(d/2) - 1
        denominator = 10000 ** (2 * i / d_model)  # float32 [ceil(d/2)]
        self.encoding = torch.zeros(context_size, d_model)
        self.encoding[:, 0::2] = torch.sin(position / denominator)
        self.encoding[:, 1::2] = torch.cos(position / denominator[: d_model // 2])
        # persistent: saved in state_dict
        self.register_buffer("pos_encoding", self.encoding)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """x: [batch, seq_len, d_model]; returns only the [seq_len, d_model] table slice."""
        return self.pos_encoding[: x.size(1), :]
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> AiEdgeEncoding:
    return AiEdgeEncoding(context_size=seq_len, d_model=d_model)


def call(made: AiEdgeEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))
