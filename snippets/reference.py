"""The reference sinusoidal positional encoding of "Attention Is All You Need" (Vaswani et al., 2017, section 3.5).

Every page, variant and test on this site compares against this file. Run it on its own to see a small table.
"""

from __future__ import annotations

import math

import torch
from torch import nn


# --8<-- [start:validation]
def _check_size(name: str, value: object) -> int:
    """Return `value` if it is a positive int; raise a TypeError or ValueError naming it otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a positive int, got {value!r} ({type(value).__name__})")
    if value <= 0:
        raise ValueError(f"{name} must be a positive int, got {value}")
    return value


def _check_base(base: object) -> float:
    """Return `base` as a float if it is a finite real number greater than 1."""
    if isinstance(base, bool) or not isinstance(base, (int, float)):
        raise TypeError(f"base must be a real number > 1, got {base!r} ({type(base).__name__})")
    if not math.isfinite(base) or base <= 1:
        raise ValueError(f"base must be a finite number > 1, got {base}")
    return float(base)


def _check_dtype(dtype: object) -> torch.dtype:
    """Return `dtype` if it is a floating-point torch dtype (the table holds values in [-1, 1])."""
    if not isinstance(dtype, torch.dtype) or not dtype.is_floating_point:
        raise ValueError(f"dtype must be a floating-point torch.dtype (e.g. torch.float32), got {dtype!r}")
    return dtype
# --8<-- [end:validation]


# --8<-- [start:positional_encoding]
def frequencies(d_model: int, *, base: float = 10000.0) -> torch.Tensor:
    """The angular frequencies w_i = base ** (-2i / d_model), i = 0 .. ceil(d_model/2) - 1, in float64.

    Pair i (columns 2i and 2i+1) turns by w_i radians per position; w_0 = 1 and the rest fall geometrically.
    """
    d_model = _check_size("d_model", d_model)
    base = _check_base(base)
    pair = torch.arange(0, d_model, 2, dtype=torch.float64)  # 2i for i = 0 .. ceil(d/2) - 1
    return base ** (-pair / d_model)


def positional_encoding(
    seq_len: int,
    d_model: int,
    *,
    base: float = 10000.0,
    dtype: torch.dtype = torch.float32,
) -> torch.Tensor:
    """Return the [seq_len, d_model] table PE with PE[p, 2i] = sin(p * w_i) and PE[p, 2i+1] = cos(p * w_i).

    w_i = base ** (-2i / d_model) is the angular frequency of pair i. Both columns of a pair share it.
    For an odd d_model the last column is a lone sine. Angles are computed in float64 and the result
    is cast to `dtype` at the end, so float32 tables are correctly rounded even at position 10**6.
    """
    seq_len = _check_size("seq_len", seq_len)
    d_model = _check_size("d_model", d_model)
    base = _check_base(base)
    dtype = _check_dtype(dtype)

    omega = frequencies(d_model, base=base)  # [ceil(d/2)] angular frequencies, float64
    position = torch.arange(seq_len, dtype=torch.float64)  # [seq_len]
    angle = position[:, None] * omega[None, :]  # [seq_len, ceil(d/2)]

    pe = torch.empty(seq_len, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angle)  # even columns: all ceil(d/2) frequencies
    pe[:, 1::2] = torch.cos(angle[:, : d_model // 2])  # odd columns: the first floor(d/2)
    return pe.to(dtype)
# --8<-- [end:positional_encoding]


# --8<-- [start:module]
class PositionalEncoding(nn.Module):
    """Add the sinusoidal table to token embeddings x of shape [batch, seq, d_model], then apply dropout.

    The table is a non-persistent buffer: it follows .to(device) and dtype casts, but it is not saved in
    state_dict, because it is a pure function of (max_len, d_model, base) and is rebuilt on construction.
    """

    def __init__(self, d_model: int, max_len: int = 5000, *, dropout: float = 0.0, base: float = 10000.0):
        super().__init__()
        self.d_model = _check_size("d_model", d_model)
        self.max_len = _check_size("max_len", max_len)
        if isinstance(dropout, bool) or not isinstance(dropout, (int, float)) or not 0.0 <= dropout < 1.0:
            raise ValueError(f"dropout must be a probability in [0, 1), got {dropout!r}")
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("pe", positional_encoding(max_len, d_model, base=base), persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() != 3 or x.size(-1) != self.d_model:
            raise ValueError(f"x must have shape [batch, seq, {self.d_model}], got {list(x.shape)}")
        if x.size(1) > self.max_len:
            raise ValueError(f"sequence length must be at most max_len={self.max_len}, got {x.size(1)}")
        return self.dropout(x + self.pe[: x.size(1)].to(x.dtype))
# --8<-- [end:module]


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    print(positional_encoding(4, 6))
