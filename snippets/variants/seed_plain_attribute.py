"""The "Deep Learning - Positional Encoding" post's version: a plain tensor attribute copied to the input's device."""

from pelib import docenv
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


if __name__ == "__main__":
    # --8<-- [start:print]
    pe = PlainAttributeEncoding(max_input_timesteps=10, hidden_size=4)  # prints its debug line
    print("the table (hidden_size = 4, 10 timesteps):")
    print(docenv.fmt(pe.time_encodings[0]))

    X = torch.rand((10, 4))  # the post's example call: a 2-D input
    try:
        pe(X)
    except RuntimeError as error:
        print("\npe(torch.rand((10, 4))) raises RuntimeError:", error)
    print("with a [batch, seq, d] input it runs:", tuple(pe(torch.zeros(2, 10, 4)).shape))
    # --8<-- [end:print]

    # --8<-- [start:plot]
    encoding_dim, num_steps = 32, 60
    pos_encoding = PlainAttributeEncoding(encoding_dim, 0)  # d2l's (num_hiddens, dropout) arguments
    try:
        pos_encoding(torch.zeros((1, num_steps, encoding_dim)))
    except RuntimeError as error:
        print("forward raises RuntimeError:", error)
    print("has the attribute P that the plotting code reads:", hasattr(pos_encoding, "P"))
    # --8<-- [end:plot]

    # --8<-- [start:device]
    print("state_dict keys:", list(pe.state_dict()))
    pe.to("meta")  # "meta" stands in for "cuda" on this CPU-only machine
    print("after pe.to('meta') the table is still on:", pe.time_encodings.device)
    x = torch.zeros(2, 10, 4, device="meta")
    with CrossDeviceCopies() as counter:
        for _ in range(3):
            pe(x)
    print("cross-device copies in 3 forward calls:", counter.copies)

    from reference import PositionalEncoding

    buffered = PositionalEncoding(d_model=4, max_len=10).eval().to("meta")  # the table is a buffer
    with CrossDeviceCopies() as counter:
        for _ in range(3):
            buffered(x)
    print("the same with the reference module (a buffer):", counter.copies)
    # --8<-- [end:device]
