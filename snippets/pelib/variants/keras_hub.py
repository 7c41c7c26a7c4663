"""keras-hub's SinePositionEncoding: the paper's interleaved table, every number in the layer's compute dtype."""

import torch
from torch import nn


# --8<-- [start:core]
class SinePositionEncoding(nn.Module):
    """Return the interleaved table broadcast to the input's shape, computed on every call.

    Behaves like keras-hub's SinePositionEncoding: positions, timescales, angles and
    sines are all cast to the layer's compute dtype (float32 by default; float16 under
    a "mixed_float16" policy, whose compute dtype this `compute_dtype` stands for); an
    odd width works (sine and cosine masks); the output is the table only.
    """

    def __init__(self, max_wavelength: float = 10000, compute_dtype: torch.dtype = torch.float32):
        super().__init__()
        self.max_wavelength, self.compute_dtype = max_wavelength, compute_dtype

    def forward(self, inputs: torch.Tensor, start_index: int = 0) -> torch.Tensor:
        seq_length, hidden_size = inputs.shape[-2:]
        dtype = self.compute_dtype
        positions = (torch.arange(seq_length) + start_index).to(dtype)
        min_freq = torch.tensor(1 / self.max_wavelength, dtype=dtype)
        j = torch.arange(hidden_size)
        timescales = torch.pow(min_freq, (2 * (j // 2)).to(dtype) / torch.tensor(hidden_size, dtype=dtype))
        angles = positions[:, None] * timescales[None, :]
        cos_mask = (j % 2).to(dtype)  # even columns sine, odd columns cosine
        sin_mask = 1 - cos_mask
        encodings = torch.sin(angles) * sin_mask + torch.cos(angles) * cos_mask
        return encodings.expand(inputs.shape)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> SinePositionEncoding:
    return SinePositionEncoding()


def call(made: SinePositionEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return SinePositionEncoding(compute_dtype=dtype)(torch.zeros(seq_len, d_model))


# --8<-- [start:float16]
def float16_error(seq_len: int, d_model: int) -> float:
    """Largest |table under a float16 compute dtype - float64 table| over positions 0 .. seq_len - 1."""
    exact = build(seq_len, d_model, torch.float64)
    return float((build(seq_len, d_model, torch.float16).double() - exact).abs().max())
# --8<-- [end:float16]
