"""The reference sinusoidal positional encoding of "Attention Is All You Need" (Vaswani et al., 2017, section 3.5).

Every page, variant and test on this site compares against this file. Run it on its own to see a small table.
"""

from __future__ import annotations

import math
import operator
import os

import torch
from torch import nn

CHUNK_VALUES = 2**20  # float64 values of the table computed at once (8 MB): the memory needed beyond the table


# --8<-- [start:validation]
def check_size(name: str, value: object) -> int:
    """Return `value` if it is a positive int; raise a TypeError or ValueError naming it otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a positive int, got {value!r} ({type(value).__name__})")
    if value <= 0:
        raise ValueError(f"{name} must be a positive int, got {value}")
    return value


def check_base(base: object, d_model: int) -> float:
    """Return `base` as a float if it is a finite real number > 1 that gives each pair its own frequency."""
    if isinstance(base, bool) or not isinstance(base, (int, float)):
        raise TypeError(f"base must be a real number > 1, got {base!r} ({type(base).__name__})")
    try:
        value = float(base)
    except OverflowError:  # an int beyond the float range, such as 10**400
        too_large = f"an int too large for a float ({base.bit_length()} bits)"
        raise ValueError(f"base must be a finite number > 1, got {too_large}") from None
    if not math.isfinite(value) or value <= 1:
        raise ValueError(f"base must be a finite number > 1, got {base}")
    omega = (value ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)).float()
    shared = torch.nonzero(omega[1:] >= omega[:-1]).flatten().tolist()
    if shared:  # two pairs would repeat each other in a float32 table
        i = shared[0]
        why = "so large that the low frequencies round to 0" if omega[i + 1] == 0 else "too close to 1"
        raise ValueError(
            f"base={value!r} is {why} for d_model={d_model}: pairs {i} and {i + 1} get the same frequency in float32; "
            "choose a base whose frequencies base**(-2i/d_model) all differ in float32"
        )
    return value


def check_dtype(dtype: object) -> torch.dtype:
    """Return `dtype` if it is a floating-point torch dtype (the table holds values in [-1, 1])."""
    if not isinstance(dtype, torch.dtype) or not dtype.is_floating_point:
        raise ValueError(f"dtype must be a floating-point torch.dtype (e.g. torch.float32), got {dtype!r}")
    return dtype


def check_positions(position: object) -> torch.Tensor:
    """Return `position` if it is a 1-D tensor of finite real numbers (the positions to encode; they need not be
    integers: a diffusion timestep or a coordinate is encoded by the same formula)."""
    if not isinstance(position, torch.Tensor) or position.dim() != 1 or position.is_complex():
        shape = f"shape {list(position.shape)}" if isinstance(position, torch.Tensor) else type(position).__name__
        raise TypeError(f"position must be a 1-D tensor of real numbers, got {shape}")
    if position.dtype == torch.bool:
        raise TypeError("position must be a 1-D tensor of real numbers, got a torch.bool tensor")
    if position.device.type != "meta" and position.is_floating_point() and not bool(position.isfinite().all()):
        bad = int(torch.nonzero(~position.isfinite())[0])
        raise ValueError(f"position must hold finite numbers, got {position[bad].item()} at index {bad}")
    return position


def check_offset(offset: object) -> int:
    """Return `offset` as an int if it is a non-negative integer (a Python int, or a NumPy or 0-d torch integer)."""
    if isinstance(offset, bool) or (isinstance(offset, torch.Tensor) and offset.is_floating_point()):
        raise TypeError(f"offset must be a non-negative int, got {offset!r} ({type(offset).__name__})")
    try:
        value = operator.index(offset)
    except TypeError:
        raise TypeError(f"offset must be a non-negative int, got {offset!r} ({type(offset).__name__})") from None
    if value < 0:
        raise ValueError(f"offset must be a non-negative int, got {value}")
    return value


def check_position_ids(position_ids: object, x: torch.Tensor, max_len: int) -> torch.Tensor:
    """Return `position_ids` if it is an integer tensor of shape [seq] or [batch, seq] (batch may be 1) for x of shape
    [batch, seq, d_model], on x's device, whose values all lie in [0, max_len)."""
    batch, seq = x.shape[0], x.shape[1]
    allowed = f"[{seq}] or [{batch}, {seq}] (or [1, {seq}])"
    if not isinstance(position_ids, torch.Tensor):
        raise TypeError(f"position_ids must be an integer torch.Tensor of shape {allowed}, got "
                        f"{type(position_ids).__name__}")
    if position_ids.is_floating_point() or position_ids.is_complex() or position_ids.dtype == torch.bool:
        raise TypeError(f"position_ids must be an integer tensor (e.g. torch.long), got {position_ids.dtype}")
    shape = list(position_ids.shape)
    if shape not in ([seq], [batch, seq], [1, seq]):
        raise ValueError(f"position_ids must have shape {allowed} for x of shape {list(x.shape)}, got {shape}")
    if position_ids.device != x.device:
        raise ValueError(f"position_ids is on {position_ids.device} but x is on {x.device}: move one to the other")
    if position_ids.numel() and x.device.type != "meta":
        low, high = int(position_ids.min()), int(position_ids.max())
        if low < 0 or high >= max_len:
            bad = low if low < 0 else high
            at = tuple(torch.nonzero(position_ids == bad)[0].tolist())
            raise ValueError(f"position_ids must lie in [0, max_len={max_len}), got {bad} at index {list(at)}")
    return position_ids


def check_memory(name: str, seq_len: int, d_model: int, dtype: torch.dtype) -> None:
    """Refuse, before allocating anything, a table larger than this machine's memory, naming the sizes that make it."""
    need = seq_len * d_model * dtype.itemsize
    try:
        have = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not every platform reports it (Windows does not): no check
        return
    if need > have:
        raise MemoryError(
            f"{name}={seq_len} and d_model={d_model} need {need / 1e9:,.0f} GB for the {dtype} table, "
            f"more than the {have / 1e9:,.0f} GB of memory this machine has"
        )
# --8<-- [end:validation]


# --8<-- [start:positional_encoding]
def frequencies(d_model: int, *, base: float = 10000.0) -> torch.Tensor:
    """The angular frequencies w_i = base ** (-2i / d_model), i = 0 .. ceil(d_model/2) - 1, in float64.

    Pair i (columns 2i and 2i+1) turns by w_i radians per position; w_0 = 1 and the rest fall geometrically.
    """
    d_model = check_size("d_model", d_model)
    base = check_base(base, d_model)
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
    For an odd d_model the last column is a lone sine. Angles are computed in float64 and each value is
    rounded once to `dtype`, so every float32 entry is within half a float32 step of the exact value (up to
    float64's own tiny error) even at position 10**6; double rounding can still send a rare entry that lies
    almost exactly halfway between two float32 numbers to the farther one (the precision page counts them).
    The rows are computed a chunk of positions at a time, so building the table needs little more memory
    than the table.
    """
    seq_len = check_size("seq_len", seq_len)
    d_model = check_size("d_model", d_model)
    dtype = check_dtype(dtype)
    check_memory("seq_len", seq_len, d_model, dtype)
    base = check_base(base, d_model)

    pe = torch.empty(seq_len, d_model, dtype=dtype)
    rows = max(1, CHUNK_VALUES // d_model)  # positions at a time: float64 rows for the whole table, and their angles,
    for start in range(0, seq_len, rows):  # sines and cosines, would need four times the memory of a float32 table
        pe[start : start + rows] = encode_positions(torch.arange(start, min(start + rows, seq_len)), d_model, base=base)
    return pe  # each float64 value is rounded once to `dtype` when it is stored


def encode_positions(position: torch.Tensor, d_model: int, *, base: float = 10000.0) -> torch.Tensor:
    """Return the rows of the table for the given positions, in float64, on their device: the formula itself.

    `position` is a 1-D tensor of finite real numbers: token indices, or real-valued coordinates such as a diffusion
    timestep t in [0, 1] (choose `base`, or scale t, for the range of the input: see the page "Beyond token indices").
    """
    position = check_positions(position)
    d_model = check_size("d_model", d_model)
    base = check_base(base, d_model)

    omega = frequencies(d_model, base=base).to(position.device)  # [ceil(d/2)] angular frequencies, float64
    position = position.to(torch.float64)  # [rows]
    angle = position[:, None] * omega[None, :]  # [rows, ceil(d/2)]

    pe = torch.empty(len(position), d_model, dtype=torch.float64, device=position.device)
    pe[:, 0::2] = torch.sin(angle)  # even columns: all ceil(d/2) frequencies
    pe[:, 1::2] = torch.cos(angle[:, : d_model // 2])  # odd columns: the first floor(d/2)
    return pe
# --8<-- [end:positional_encoding]


# --8<-- [start:module]
class PositionalEncoding(nn.Module):
    """Add the sinusoidal table to token embeddings x of shape [batch, seq, d_model], then apply dropout.

    By default token j of every sequence gets row j. For cached (incremental) decoding pass `offset`, the number of
    positions already decoded: the rows start there. For padded or packed batches pass `position_ids`, the integer
    position of each token, of shape [seq] or [batch, seq].

    The table is a non-persistent buffer: it follows .to(device) and dtype casts, but it is not saved in
    state_dict, because it is a pure function of (max_len, d_model, base) and is rebuilt on construction.
    """

    def __init__(
        self,
        d_model: int,
        max_len: int = 5000,
        *,
        dropout: float = 0.0,
        base: float = 10000.0,
        dtype: torch.dtype = torch.float32,
    ):
        super().__init__()
        self.d_model = check_size("d_model", d_model)
        self.max_len = check_size("max_len", max_len)
        if isinstance(dropout, bool) or not isinstance(dropout, (int, float)) or not 0.0 <= dropout < 1.0:
            raise ValueError(f"dropout must be a probability in [0, 1), got {dropout!r}")
        self.dropout = nn.Dropout(dropout)
        check_memory("max_len", max_len, d_model, check_dtype(dtype))
        table = positional_encoding(max_len, d_model, base=base, dtype=dtype)
        self.register_buffer("pe", table, persistent=False)

    def forward(
        self, x: torch.Tensor, *, offset: int = 0, position_ids: torch.Tensor | None = None
    ) -> torch.Tensor:
        """Return dropout(x + rows) in x's dtype: rows offset .. offset + seq - 1 of the table, or the rows named by
        `position_ids` (not both). The table (float32 unless built with another `dtype`) is rounded to x's dtype,
        so a float64 x gets float32 values unless the module was built with dtype=torch.float64."""
        if not isinstance(x, torch.Tensor):
            kind = type(x).__qualname__
            kind = kind if type(x).__module__ == "builtins" else f"{type(x).__module__}.{kind}"
            raise TypeError(f"x must be a torch.Tensor of shape [batch, seq, {self.d_model}], got {kind}")
        if not x.is_floating_point():
            raise TypeError(f"x must be a floating-point tensor, got {x.dtype} (the table would be cast to it)")
        if x.device != self.pe.device:
            on_meta = "meta" in (x.device.type, self.pe.device.type)
            meta = " (a meta tensor has a shape but no values)" if on_meta else ""
            raise ValueError(
                f"x is on {x.device} but the module's table is on {self.pe.device}{meta}: "
                "move one to the other, e.g. layer.to(x.device)"
            )
        if x.dim() != 3 or x.size(-1) != self.d_model:
            raise ValueError(f"x must have shape [batch, seq, {self.d_model}], got {list(x.shape)}")
        offset = check_offset(offset)
        if position_ids is not None:
            if offset:
                raise ValueError(f"give offset or position_ids, not both (got offset={offset} and position_ids)")
            rows = self.pe[check_position_ids(position_ids, x, self.max_len).long()]  # [seq or batch, seq, d_model]
            return self.dropout(x + rows.to(x.dtype))
        if offset == 0 and x.size(1) > self.max_len:
            raise ValueError(f"sequence length must be at most max_len={self.max_len}, got {x.size(1)}")
        if offset + x.size(1) > self.max_len:
            raise ValueError(f"offset + sequence length must be at most max_len={self.max_len}, "
                             f"got {offset} + {x.size(1)} = {offset + x.size(1)}")
        return self.dropout(x + self.pe[offset : offset + x.size(1)].to(x.dtype))
# --8<-- [end:module]


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    print(positional_encoding(4, 6))
