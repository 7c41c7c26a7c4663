"""The YouTube notebook's version (video ZMxVe-HK174): sines and cosines stacked on a new axis, then flattened."""

import torch
from torch import nn


# --8<-- [start:core]
class StackFlattenEncoding(nn.Module):
    """Rebuild the whole table on every call; forward takes no input and returns
    [max_sequence_length, ...].

    Behaves like the notebook: one denominator per pair, sin and cos stacked to [seq,
    pairs, 2] and flattened, so columns interleave as in the paper. With an odd d_model
    there are ceil(d/2) pairs and the result is silently d_model + 1 columns wide.
    Nothing is stored: state_dict is empty.
    """

    def __init__(self, d_model: int, max_sequence_length: int):
        super().__init__()
        self.d_model = d_model
        self.max_sequence_length = max_sequence_length

    def forward(self) -> torch.Tensor:
        # 0, 2, 4, ...: ceil(d/2) values
        two_i = torch.arange(0, self.d_model, 2).float()
        denominator = torch.pow(10000, two_i / self.d_model)  # float32
        position = torch.arange(self.max_sequence_length).reshape(-1, 1)  # int64 column
        sines = torch.sin(position / denominator)  # [seq, ceil(d/2)]
        cosines = torch.cos(position / denominator)  # same frequencies
        pairs = torch.stack([sines, cosines], dim=2)  # [seq, ceil(d/2), 2]
        return torch.flatten(pairs, start_dim=1, end_dim=2)  # [seq, 2 * ceil(d/2)]
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> StackFlattenEncoding:
    return StackFlattenEncoding(d_model=d_model, max_sequence_length=seq_len)


def call(made: StackFlattenEncoding, x: torch.Tensor) -> torch.Tensor:
    """The notebook's use: forward() with no input; x is ignored."""
    return made()


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)()
