"""The "Deep Learning - Positional Encoding" post's version: a plain tensor attribute copied to the input's device."""

import torch
from torch import nn


# --8<-- [start:core]
class PlainAttributeEncoding(nn.Module):
    """Add a float32 [1, max_input_timesteps, hidden_size] table to X; the table is a
    plain attribute.

    Behaves like the post's class: `time_encodings` is not a buffer, so it is not in
    state_dict and module.to(device) leaves it behind; forward copies a slice to X's
    device on every call. An odd hidden_size makes the cosine assignment fail with a
    shape mismatch. The constructor prints a debug line.
    """

    def __init__(self, max_input_timesteps: int, hidden_size: int):
        super().__init__()
        self.time_encodings = torch.zeros((1, max_input_timesteps, hidden_size))
        position = torch.arange(max_input_timesteps, dtype=torch.float32).reshape(-1, 1)
        two_j = torch.arange(0, hidden_size, 2, dtype=torch.float32)  # ceil(d/2) values
        # [max_input_timesteps, ceil(d/2)]
        angle = position / torch.pow(10000, two_j / hidden_size)
        self.time_encodings[:, :, 0::2] = torch.sin(angle)
        # only d // 2 columns: fails for odd d
        self.time_encodings[:, :, 1::2] = torch.cos(angle)
        # the post leaves a print like this in __init__
        print(f"debug: {self.time_encodings.shape}")

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        # a copy per call off the CPU
        return X + self.time_encodings[:, : X.shape[1], :].to(X.device)
# --8<-- [end:core]


class CrossDeviceCopies(torch.overrides.TorchFunctionMode):
    """Count Tensor.to calls whose result lies on another device than their input."""

    def __init__(self) -> None:
        super().__init__()
        self.copies = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        if func is torch.Tensor.to and isinstance(result, torch.Tensor) and result.device != args[0].device:
            self.copies += 1
        return result


def make(seq_len: int, d_model: int) -> PlainAttributeEncoding:
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # keep the debug print out of tables built from it
        return PlainAttributeEncoding(max_input_timesteps=seq_len, hidden_size=d_model)


def call(made: PlainAttributeEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))[0]
