"""tensor2tensor's get_timing_signal_1d: split [sin | cos] with frequencies spaced over d/2 - 1 steps, not d/2."""

import math

import torch
import torch.nn.functional as F


# --8<-- [start:core]
def timing_signal_1d(
    length: int,
    channels: int,
    min_timescale: float = 1.0,
    max_timescale: float = 1.0e4,
    start_index: int = 0,
) -> torch.Tensor:
    """Return the float32 [1, length, channels] signal [sin | cos], zero-padded by one
    column for odd channels.

    Behaves like tensor2tensor's get_timing_signal_1d: h = channels // 2 frequencies
    from min_timescale down to min_timescale**2 / max_timescale, spaced over h - 1 steps
    (guarded so h = 1 does not divide by 0). The source multiplies by min_timescale where
    it means to divide (tensor2tensor issue #1923): with the default min_timescale = 1
    the frequencies run from 1 down to exactly 1/max_timescale.
    """
    half = channels // 2
    # the paper would divide by half
    step = math.log(max_timescale / min_timescale) / max(half - 1, 1)
    omega = min_timescale * torch.exp(torch.arange(half, dtype=torch.float32) * -step)
    position = (torch.arange(length) + start_index).float()
    angle = position[:, None] * omega[None, :]
    pe = torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)
    pe = F.pad(pe, (0, channels % 2))  # an odd width gets a last column of zeros
    return pe.reshape(1, length, channels)


def add_timing_signal_1d(x: torch.Tensor) -> torch.Tensor:
    """x: [batch, length, channels]; recomputes the signal per call, adds it in x's dtype."""
    return x + timing_signal_1d(x.shape[1], x.shape[2]).to(x.dtype)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> None:
    return None


def call(made: None, x: torch.Tensor) -> torch.Tensor:
    return add_timing_signal_1d(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return timing_signal_1d(seq_len, d_model)[0]
