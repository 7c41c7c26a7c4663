"""ESPnet's PositionalEncoding: returns x * sqrt(d) + PE, keeps the table as a plain attribute, drops an old saved one."""

import math

import torch
from torch import nn


# --8<-- [start:core]
def _drop_saved_pe(state_dict, prefix, *args) -> None:
    """Load pre-hook: checkpoints up to ESPnet v0.5.2 saved "pe"; it is dropped."""
    state_dict.pop(prefix + "pe", None)


class EspnetPositionalEncoding(nn.Module):
    """Return x * sqrt(d_model) + PE[:seq_len], then dropout.

    Behaves like ESPnet's PositionalEncoding: the paper's interleaved table with
    float32 angles, stored in a plain attribute (not a buffer, so not in state_dict),
    rebuilt when an input is longer and cast to the input's dtype and device on use;
    reverse=True numbers the rows L - 1 down to 0 (LegacyRelPositionalEncoding); an
    odd d_model makes the cosine assignment fail.
    """

    def __init__(self, d_model: int, dropout_rate: float, max_len: int = 5000, reverse: bool = False):
        super().__init__()
        self.d_model, self.reverse = d_model, reverse
        self.xscale = math.sqrt(d_model)
        self.dropout = nn.Dropout(p=dropout_rate)
        self.pe = None
        self.extend_pe(torch.tensor(0.0).expand(1, max_len))
        self._register_load_state_dict_pre_hook(_drop_saved_pe)

    def extend_pe(self, x: torch.Tensor) -> None:
        if self.pe is not None and self.pe.size(1) >= x.size(1):
            self.pe = self.pe.to(dtype=x.dtype, device=x.device)
            return
        n = x.size(1)
        if self.reverse:
            position = torch.arange(n - 1, -1, -1.0, dtype=torch.float32).unsqueeze(1)
        else:
            position = torch.arange(0, n, dtype=torch.float32).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, self.d_model, 2, dtype=torch.float32)
                             * -(math.log(10000.0) / self.d_model))
        pe = torch.zeros(n, self.d_model)
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.pe = pe.unsqueeze(0).to(device=x.device, dtype=x.dtype)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.extend_pe(x)
        return self.dropout(x * self.xscale + self.pe[:, : x.size(1)])


class LegacyRelPositionalEncoding(EspnetPositionalEncoding):
    """Return (x * sqrt(d), the table for relative distances L - 1 down to 0)."""

    def __init__(self, d_model: int, dropout_rate: float, max_len: int = 5000):
        super().__init__(d_model, dropout_rate, max_len, reverse=True)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        self.extend_pe(x)
        return self.dropout(x * self.xscale), self.dropout(self.pe[:, : x.size(1)])
# --8<-- [end:core]


def make(seq_len: int, d_model: int) -> EspnetPositionalEncoding:
    return EspnetPositionalEncoding(d_model, 0.1, max_len=seq_len).eval()


def call(made: EspnetPositionalEncoding, x: torch.Tensor) -> torch.Tensor:
    return made(x)


def build(seq_len: int, d_model: int) -> torch.Tensor:
    return make(seq_len, d_model)(torch.zeros(1, seq_len, d_model))[0]
