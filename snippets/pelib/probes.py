"""Linear probes: how much of a quantity (here the position) a linear map can read back from hidden states.

A probe is a ridge regression fitted on some sequences and scored on others, so that a probe that memorises the
fitted sequences scores nothing for it. Its score is R² on the held-out sequences: 1 when the position is a linear
function of the hidden state, 0 when the best linear guess is the mean position, below 0 when it is worse than that.

R² rewards a code that is linear in the index (the sinusoids' slow pairs are nearly linear over a few positions), so
a second probe treats the positions as classes: a ridge fit to the one-hot position, read by its largest output,
scored by the share of held-out tokens whose position it names exactly (chance: one in T). A control gives each
probe's floor: the same probe on random features of the same width, which carry no position.
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
    """Share of the held-out tokens whose exact position a linear classifier names: a ridge fit from the hidden
    states [seqs, T, d] to the one-hot position, read by its largest output (chance: 1 / T)."""
    seqs, length = features.shape[:2]
    if isinstance(held_out, bool) or not isinstance(held_out, int) or not 1 <= held_out < seqs:
        raise ValueError(f"held_out must be an int from 1 to {seqs - 1} (the sequences given minus one), got {held_out!r}")
    if not ridge >= 0:
        raise ValueError(f"ridge must be a number >= 0, got {ridge!r}")
    features = features.double()
    x = torch.cat((features, torch.ones(seqs, length, 1, dtype=torch.float64)), dim=-1)
    onehot = torch.eye(length, dtype=torch.float64).expand(seqs, -1, -1)
    fit_x, fit_y = x[:-held_out].flatten(0, 1), onehot[:-held_out].flatten(0, 1)
    gram = fit_x.T @ fit_x + ridge * torch.eye(x.shape[-1], dtype=torch.float64)
    coef = torch.linalg.solve(gram, fit_x.T @ fit_y)
    named = (x[-held_out:] @ coef).argmax(-1)
    return float((named == torch.arange(length)).double().mean())


def control_features(shape: tuple[int, int, int], seed: int) -> torch.Tensor:
    """The control: standard normal features [seqs, T, d] drawn anew for every token, so no position is in them."""
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)
