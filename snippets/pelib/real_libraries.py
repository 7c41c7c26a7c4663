"""The real libraries behind some variants, imported and run: their tables, their modules, and the checks against ours.

Each entry of LIBRARY_TABLES builds, with the installed package, what the variant of the same key reimplements:
`(table, module)` for positions 0 .. seq_len - 1, module None for a plain function. The checks compare them with the
registry's variant: the layout found by the probes, the values, the state_dict keys after a real save and load.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from importlib import metadata

import torch
from torch import nn

# Float32 tables computed by the same float32 operations agree to the bit; ones computed in float64 and cast once can
# differ by one float32 rounding step, at most 2**-24 for values of magnitude up to 1. Allow a few steps.
FLOAT32_ROUNDING = 4 * 2.0**-24


def _distilbert(seq_len: int, d_model: int) -> tuple[torch.Tensor, nn.Module]:
    from transformers.models.distilbert.modeling_distilbert import create_sinusoidal_embeddings

    module = nn.Embedding(seq_len, d_model)
    create_sinusoidal_embeddings(seq_len, d_model, module.weight)
    return module.weight.detach(), module


def _musicgen(seq_len: int, d_model: int) -> tuple[torch.Tensor, nn.Module]:
    from transformers.models.musicgen.modeling_musicgen import MusicgenSinusoidalPositionalEmbedding

    module = MusicgenSinusoidalPositionalEmbedding(seq_len, d_model)
    return module(torch.zeros(1, 1, seq_len, dtype=torch.long)), module


def _pegasus_x(seq_len: int, d_model: int) -> tuple[torch.Tensor, nn.Module]:
    from transformers.models.pegasus_x.modeling_pegasus_x import PegasusXSinusoidalPositionalEmbedding

    module = PegasusXSinusoidalPositionalEmbedding(d_model)
    return module(torch.zeros(1, seq_len, d_model))[0], module


def _marian(seq_len: int, d_model: int) -> tuple[torch.Tensor, nn.Module]:
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding

    module = MarianSinusoidalPositionalEmbedding(seq_len, d_model)
    with torch.no_grad():
        module.weight.copy_(module.create_weight())  # what the model's _init_weights does
    return module(torch.Size([1, seq_len])), module


def _diffusers_flipped(seq_len: int, d_model: int) -> tuple[torch.Tensor, None]:
    from diffusers.models.embeddings import get_timestep_embedding

    return get_timestep_embedding(torch.arange(seq_len), d_model, flip_sin_to_cos=True, downscale_freq_shift=0), None


LIBRARY_TABLES: dict[str, Callable[[int, int], tuple[torch.Tensor, nn.Module | None]]] = {
    "distilbert": _distilbert,
    "musicgen": _musicgen,
    "pegasus_x": _pegasus_x,
    "marian": _marian,
    "diffusers_flipped": _diffusers_flipped,
}


def version(package: str) -> str:
    """The installed version of a package, as pinned in requirements.txt."""
    return metadata.version(package)


def saved_and_loaded(module: nn.Module) -> dict[str, torch.Tensor]:
    """The module's state_dict after a real torch.save and torch.load, as a checkpoint carries it."""
    buffer = io.BytesIO()
    torch.save(module.state_dict(), buffer)
    buffer.seek(0)
    return torch.load(buffer, weights_only=True)


def outcome(build: Callable[[int, int], object], seq_len: int, d_model: int) -> tuple[str, object]:
    """("table", result) when building works, ("error", exception type name) when it raises."""
    try:
        return "table", build(seq_len, d_model)
    except Exception as error:  # the point is to compare which exception each one raises
        return "error", type(error).__name__
