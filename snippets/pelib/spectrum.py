"""The encoding's frequencies and wavelengths, from the reference's one definition of omega_i = base^(-2i/d)."""

from __future__ import annotations

import math

import torch
from reference import frequencies

__all__ = ["frequencies", "wavelengths"]


# --8<-- [start:wavelengths]
def wavelengths(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """Wavelength in positions of pair i = 0 .. ceil(d/2)-1: 2*pi / omega_i = 2*pi * base ** (2i / d)."""
    return 2 * math.pi / frequencies(d_model, base=base)
# --8<-- [end:wavelengths]
