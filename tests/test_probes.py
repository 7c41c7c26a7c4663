"""The linear probes of the position (pelib.probes): the regression reads an exact position as R² = 1, finds nothing
in states that carry no position, scores only held-out sequences, and refuses a split it cannot make; the classifier
names every position of a code laid along one direction, where a least-squares fit to the one-hot position names
only the two ends."""

from __future__ import annotations

import pytest
import torch
from pelib import probes, training
from pelib.training import Config
from reference import positional_encoding


def test_a_linear_code_of_the_position_scores_one():
    states = (torch.arange(12, dtype=torch.float64)[:, None] * torch.tensor([[0.5, -2.0, 1.0]])).expand(10, -1, -1)
    assert probes.position_r2(states, held_out=3) == pytest.approx(1.0, abs=1e-6)


def test_states_without_position_score_at_most_zero():
    generator = torch.Generator().manual_seed(0)
    noise = torch.randn(40, 12, 8, generator=generator, dtype=torch.float64)  # the same distribution at every position
    assert probes.position_r2(noise, held_out=10) <= 0.02


def test_the_sinusoidal_table_is_read_almost_exactly():
    table = positional_encoding(16, 32, dtype=torch.float64).expand(6, -1, -1)
    assert probes.position_r2(table, held_out=2) > 0.99


def test_the_score_is_on_held_out_sequences():
    """Memorising the fitted sequences earns nothing: each sequence's noise is its own, so a probe fitted on it
    scores worse on the others than on itself."""
    generator = torch.Generator().manual_seed(1)
    states = torch.randn(8, 12, 60, generator=generator, dtype=torch.float64)  # more features than fitted rows
    assert probes.position_r2(states, held_out=2, ridge=1e-9) < 0.5


@pytest.mark.parametrize("held_out, message", [(0, "held_out must be an int from 1 to 9"), (10, "got 10"),
                                               (True, "got True")])
def test_a_split_it_cannot_make_is_refused_by_name(held_out, message):
    with pytest.raises(ValueError, match=message):
        probes.position_r2(torch.zeros(10, 4, 3), held_out=held_out)


def test_hidden_states_are_every_layer_input_and_the_output():
    model = training.build(Config(n_layers=2, d_model=16, d_ff=16, max_positions=16))
    states = probes.hidden_states(model, torch.zeros(3, 10, dtype=torch.long))
    assert len(states) == 3 and all(s.shape == (3, 10, 16) for s in states)
    assert torch.equal(states[0], model.embed_positions(torch.zeros(3, 10, dtype=torch.long)))


def test_the_classifier_names_every_position_of_an_exact_code_and_chance_from_noise():
    table = positional_encoding(16, 32, dtype=torch.float64).expand(6, -1, -1)
    assert probes.position_accuracy(table, held_out=2) == 1.0
    noise = probes.control_features((40, 16, 32), seed=0)
    assert probes.position_accuracy(noise, held_out=10) < 3 / 16  # chance is 1/16


def test_the_control_is_the_same_every_time_and_carries_no_position():
    a, b = probes.control_features((20, 12, 8), seed=3), probes.control_features((20, 12, 8), seed=3)
    assert torch.equal(a, b) and probes.position_r2(a, held_out=5) <= 0.02


def ridge_onto_one_hot(features: torch.Tensor, held_out: int) -> float:
    """The classifier the probes used before: least squares onto the one-hot position, read by its largest output."""
    seqs, length = features.shape[:2]
    x = torch.cat((features, torch.ones(seqs, length, 1, dtype=torch.float64)), dim=-1)
    fit_x = x[:-held_out].flatten(0, 1)
    fit_y = torch.eye(length, dtype=torch.float64).expand(seqs, -1, -1)[:-held_out].flatten(0, 1)
    coef = torch.linalg.solve(fit_x.T @ fit_x + 1e-3 * torch.eye(x.shape[-1], dtype=torch.float64), fit_x.T @ fit_y)
    return float(((x[-held_out:] @ coef).argmax(-1) == torch.arange(length)).double().mean())


def test_the_classifier_names_every_position_of_a_code_along_one_direction():
    """A perfectly linear code of 16 positions: the least-squares classifier masks the middle classes and names
    only the two ends (2 of 16, 12.5 %); the discriminant names all 16, and most of them under noise."""
    direction = torch.tensor([0.5, -2.0, 1.0], dtype=torch.float64)
    line = (torch.arange(16, dtype=torch.float64)[:, None] * direction).expand(10, -1, -1)
    assert ridge_onto_one_hot(line, held_out=3) == 2 / 16
    assert probes.position_accuracy(line, held_out=3) == 1.0
    noise = 0.2 * torch.randn(40, 16, 3, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    assert probes.position_accuracy(line[:1] + noise, held_out=10) > 0.8  # neighbours 2.3 apart, noise 0.2 per axis


def test_the_classifier_refuses_a_split_it_cannot_make():
    with pytest.raises(ValueError, match="held_out must be an int from 1 to 9"):
        probes.position_accuracy(torch.zeros(10, 4, 3), held_out=0)
