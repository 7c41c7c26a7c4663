"""RoPE's wavelengths after context extension: position interpolation, NTK-aware scaling and YaRN.

Every function returns the wavelength (in positions) of each rotary pair i = 0 .. head_dim/2 - 1, computed from the
same `wavelengths` as the formula and base pages: RoPE rotates pair i by the angle m * theta_i with the paper's
theta_i = base ** (-2i / head_dim), so its wavelengths are the sinusoidal table's.
"""

from __future__ import annotations

import math

import torch

from pelib.spectrum import wavelengths


def _check(head_dim: int, scale: float) -> None:
    if not isinstance(head_dim, int) or head_dim < 4 or head_dim % 2:
        raise ValueError(f"head_dim must be an even int >= 4, got {head_dim!r}")
    if not scale >= 1:
        raise ValueError(f"scale (new context / trained context) must be >= 1, got {scale!r}")


def rope_wavelengths(head_dim: int, base: float = 10000.0) -> torch.Tensor:
    """2 pi / theta_i = 2 pi base ** (2i / head_dim): the sinusoidal table's wavelengths."""
    _check(head_dim, 1.0)
    return wavelengths(head_dim, base)


# --8<-- [start:methods]
def position_interpolation(head_dim: int, base: float, scale: float) -> torch.Tensor:
    """Chen et al. 2023: positions m become m / scale, so every wavelength grows by `scale`."""
    _check(head_dim, scale)
    return wavelengths(head_dim, base) * scale


def ntk_aware(head_dim: int, base: float, scale: float) -> torch.Tensor:
    """The "NTK-aware" rule: a new base, base * scale ** (head_dim / (head_dim - 2)); pair 0 keeps its wavelength,
    the last pair's grows by exactly `scale`, and the pairs between by a geometrically rising factor."""
    _check(head_dim, scale)
    return wavelengths(head_dim, base * scale ** (head_dim / (head_dim - 2)))


def yarn(head_dim: int, base: float, scale: float, trained_length: int, alpha: float = 1.0,
         beta: float = 32.0) -> torch.Tensor:
    """YaRN's "NTK-by-parts" frequencies (Peng et al. 2023): a pair that turns more than beta times within the
    trained length keeps its frequency, one that turns less than alpha times is interpolated by `scale`, and
    the ones between are blended linearly in r = trained_length / wavelength."""
    _check(head_dim, scale)
    lam = wavelengths(head_dim, base)
    r = trained_length / lam
    gamma = ((r - alpha) / (beta - alpha)).clamp(0.0, 1.0)
    theta = 2 * math.pi / lam
    return 2 * math.pi / ((1 - gamma) * theta / scale + gamma * theta)

# --8<-- [end:methods]


def yarn_attention_factor(scale: float) -> float:
    """YaRN's recommended scaling of the attention logits' temperature: sqrt(1/t) = 0.1 ln(scale) + 1."""
    return 0.1 * math.log(scale) + 1.0
