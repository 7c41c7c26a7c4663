"""The TensorFlow text tutorial's layout: all sines, then all cosines ([sin | cos]), with the paper's frequencies."""

import _docenv
import torch


# --8<-- [start:core]
def split_sin_cos(length: int, depth: int) -> torch.Tensor:
    """Return the float32 [length, depth] table [sin(p w_0) .. sin(p w_{h-1}) | cos(p
    w_0) .. cos(p w_{h-1})].

    Behaves like tensorflow/text's `positional_encoding` (numpy float64, cast to float32
    at the end): h = depth / 2 is a float, so an odd depth gives ceil(depth/2)
    frequencies and a table one column too wide.
    """
    half = depth / 2  # a float: 3.5 for depth = 7
    pair = torch.arange(half, dtype=torch.float64)  # 0, 1, .., ceil(half) - 1
    # = 10000 ** (-2i / depth): the paper's frequencies
    omega = 1 / 10000 ** (pair / half)
    position = torch.arange(length, dtype=torch.float64)
    angle = position[:, None] * omega[None, :]
    pe = torch.cat([torch.sin(angle), torch.cos(angle)], dim=-1)
    return pe.to(torch.float32)
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> None:
    return None


def call(made: None, x: torch.Tensor) -> torch.Tensor:
    """The tutorial's PositionalEmbedding layer adds table[None, :seq_len] (after scaling x by sqrt(d))."""
    return x + split_sin_cos(x.shape[1], x.shape[2])[None, : x.shape[1]]


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return split_sin_cos(seq_len, d_model)


if __name__ == "__main__":
    # --8<-- [start:print]
    from reference import positional_encoding

    print("d_model = 8, 5 positions: columns sin w0..w3 | cos w0..w3")
    print(_docenv.fmt(split_sin_cos(5, 8)))
    interleaved_to_split = [0, 2, 4, 6, 1, 3, 5, 7]  # the even columns of the reference, then the odd ones
    same = torch.equal(split_sin_cos(5, 8), positional_encoding(5, 8)[:, interleaved_to_split])
    print("equals reference[:, [0, 2, 4, 6, 1, 3, 5, 7]]:", same)
    print("depth = 7 gives shape", tuple(split_sin_cos(5, 7).shape))
    # --8<-- [end:print]
