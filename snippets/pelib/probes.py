"""Linear probes: how much of a quantity (here the position) a linear map can read back from hidden states.

A probe is a ridge regression fitted on some sequences and scored on others, so that a probe that memorises the
fitted sequences scores nothing for it. Its score is R² on the held-out sequences: 1 when the position is a linear
function of the hidden state, 0 when the best linear guess is the mean position, below 0 when it is worse than that.

R² rewards a code that is linear in the index (the sinusoids' slow pairs are nearly linear over a few positions), so
a second probe treats the positions as classes: linear discriminant analysis (one mean per position, one shared
covariance, each held-out token named by the nearest mean in that covariance's metric), scored by the share of
held-out tokens whose position it names exactly (chance: one in T). Its boundaries are linear, yet a code laid
along one direction loses no class to it, unlike a least-squares fit to the one-hot position read by its largest
output, which names only the two end classes of such a code (Hastie, Tibshirani and Friedman, The Elements of
Statistical Learning, section 4.2: masking). A control gives each probe's floor: the same probe on random
features of the same width, which carry no position.
"""

from __future__ import annotations

import torch

from pelib.training import TinyTransformer


def hidden_states(model: TinyTransformer, x: torch.Tensor) -> list[torch.Tensor]:
    """The input of every layer and the output of the last one, each [batch, T, d_model] (no gradient)."""
    hidden: list[torch.Tensor] = []
    with torch.no_grad():
        model(x.to(model.cfg.device), hidden)
    return [h.cpu() for h in hidden]


# --8<-- [start:probe]
def position_r2(features: torch.Tensor, held_out: int, ridge: float = 1e-3) -> float:
    """R² of a ridge regression from hidden states [seqs, T, d] to the position index 0 .. T - 1, fitted on all
    but the last `held_out` sequences and scored on those."""
    seqs, length = features.shape[:2]
    if isinstance(held_out, bool) or not isinstance(held_out, int) or not 1 <= held_out < seqs:
        raise ValueError(f"held_out must be an int from 1 to {seqs - 1} (the sequences given minus one), got {held_out!r}")
    if length < 2:
        raise ValueError(f"the sequences must have at least 2 positions to tell apart, got {length}")
    if not ridge >= 0:
        raise ValueError(f"ridge must be a number >= 0, got {ridge!r}")
    features = features.double()
    positions = torch.arange(length, dtype=torch.float64).expand(seqs, -1)
    x = torch.cat((features, torch.ones(seqs, length, 1, dtype=torch.float64)), dim=-1)  # a bias column
    fit_x, fit_y = x[:-held_out].flatten(0, 1), positions[:-held_out].flatten()
    test_x, test_y = x[-held_out:].flatten(0, 1), positions[-held_out:].flatten()
    gram = fit_x.T @ fit_x + ridge * torch.eye(x.shape[-1], dtype=torch.float64)
    coef = torch.linalg.solve(gram, fit_x.T @ fit_y)
    residual = ((test_x @ coef - test_y) ** 2).sum()
    return 1.0 - float(residual / ((test_y - test_y.mean()) ** 2).sum())
# --8<-- [end:probe]


def position_accuracy(features: torch.Tensor, held_out: int, ridge: float = 1e-3) -> float:
    """Share of the held-out tokens whose exact position a linear classifier names (chance: 1 / T): linear
    discriminant analysis fitted on all but the last `held_out` sequences of the hidden states [seqs, T, d]. Each
    position's mean and the pooled within-position covariance, shrunk towards `ridge` times the features' mean
    variance (so that a code with no spread within a position still has an inverse), give each position a linear
    score; the largest names the position. Every position is equally frequent, so no prior enters."""
    seqs, length = features.shape[:2]
    if isinstance(held_out, bool) or not isinstance(held_out, int) or not 1 <= held_out < seqs:
        raise ValueError(f"held_out must be an int from 1 to {seqs - 1} (the sequences given minus one), got {held_out!r}")
    if not ridge > 0:
        raise ValueError(f"ridge must be a number > 0, got {ridge!r}")
    features = features.double()
    fit, test = features[:-held_out], features[-held_out:]
    means = fit.mean(0)  # [T, d]: one mean per position
    within = (fit - means).flatten(0, 1)
    covariance = within.T @ within / max(1, within.shape[0] - length)
    scale = float(fit.flatten(0, 1).var(0, correction=0).mean())
    covariance = covariance + ridge * (scale if scale > 0 else 1.0) * torch.eye(features.shape[-1], dtype=torch.float64)
    weights = torch.linalg.solve(covariance, means.T)  # [d, T]
    offsets = -0.5 * (means * weights.T).sum(-1)  # [T]
    named = (test @ weights + offsets).argmax(-1)
    return float((named == torch.arange(length)).double().mean())


def control_features(shape: tuple[int, int, int], seed: int) -> torch.Tensor:
    """The control: standard normal features [seqs, T, d] drawn anew for every token, so no position is in them."""
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)
