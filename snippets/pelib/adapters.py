"""The three functions every variant offers the comparison (`make`, `call`, `build`), for the two shapes of code that
do not define them in their own way: the reference module, and a function that embeds positions 0 .. n-1.

`make(seq_len, d_model)` builds what the variant's users build (a module, or None for a plain function),
`call(made, x)` uses it on embeddings x of shape [batch, seq, d_model] as its users do, and `build(seq_len,
d_model)` returns the [seq_len, d_model] table it gives positions 0, 1, ... (see pelib.variants.registry).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

import reference


class ReferenceAsVariant:
    """The reference module behind the same three functions, so that the comparison table starts with it."""

    @staticmethod
    def make(seq_len: int, d_model: int) -> reference.PositionalEncoding:
        return reference.PositionalEncoding(d_model, max_len=seq_len).eval()

    @staticmethod
    def call(made: reference.PositionalEncoding, x: torch.Tensor) -> torch.Tensor:
        return made(x)

    @staticmethod
    def build(seq_len: int, d_model: int) -> torch.Tensor:
        return reference.positional_encoding(seq_len, d_model)


@dataclass(frozen=True)
class PositionsEmbedding:
    """A function `embed(positions, d_model)` (a diffusion model's timestep embedding) as a variant: nothing to make,
    and a call embeds the positions 0 .. seq_len - 1 of x, whose values it does not use."""

    embed: Callable[[torch.Tensor, int], torch.Tensor]

    def make(self, seq_len: int, d_model: int) -> None:
        return None

    def call(self, made: None, x: torch.Tensor) -> torch.Tensor:
        return self.embed(torch.arange(x.shape[1]), x.shape[2])

    def build(self, seq_len: int, d_model: int) -> torch.Tensor:
        return self.embed(torch.arange(seq_len), d_model)
