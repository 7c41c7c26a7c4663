"""openai/whisper's audio-encoder table: tensor2tensor's split [sin | cos] layout, saved in every checkpoint."""

import numpy as np
import torch
from torch import nn


# --8<-- [start:core]
def sinusoids(length: int, channels: int, max_timescale: float = 10000) -> torch.Tensor:
    """Return the float32 [length, channels] table [sin | cos] with tensor2tensor's
    frequencies.

    Behaves like whisper's `sinusoids`: odd channels fail an assert; channels = 2
    divides a numpy float by zero, which gives inf and a table of NaN rather than an
    error.
    """
    assert channels % 2 == 0
    step = np.log(max_timescale) / (channels // 2 - 1)  # numpy float64 scalar
    omega = torch.exp(-step * torch.arange(channels // 2))  # float32
    angle = torch.arange(length)[:, None] * omega[None, :]
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)


class AudioEncoderPositions(nn.Module):
    """The encoder's use: a persistent buffer for exactly n_ctx frames (1500 in the models)."""

    def __init__(self, n_ctx: int, n_state: int):
        super().__init__()
        self.register_buffer("positional_embedding", sinusoids(n_ctx, n_state))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.shape[1:] == self.positional_embedding.shape, "incorrect audio shape"
        return (x + self.positional_embedding).to(x.dtype)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> AudioEncoderPositions:
    return AudioEncoderPositions(n_ctx=seq_len, n_state=d_model)


def call(made: AudioEncoderPositions, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))[0]
