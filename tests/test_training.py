"""The training library: tasks have the exact answers they promise, every position switch trains, and a reduced
run is bit-identical when repeated (the experiments' full runs are `make experiments`, never the tests)."""

from __future__ import annotations

import pytest
import torch
from pelib import tasks, training
from pelib.training import Config

SMALL = dict(steps=12, batch=8, d_model=16, d_ff=16, min_len=6, max_len=8, max_positions=32, warmup=4)


def test_task_answers():
    x = torch.tensor([[5, 1, 4, 2, 3]])
    assert tasks.targets("k_back", x, k=2).tolist() == [[tasks.IGNORE, tasks.IGNORE, 5, 1, 4]]
    assert tasks.targets("reverse", x).tolist() == [[3, 2, 4, 1, 5]]
    assert tasks.targets("sort", x).tolist() == [[1, 2, 3, 4, 5]]
    assert tasks.targets("local_max", x, k=2).tolist() == [[tasks.IGNORE, tasks.IGNORE, 5, 4, 4]]


def test_the_loss_is_the_mean_cross_entropy_over_answered_tokens():
    model = training.build(Config(**SMALL))
    x, y = training.eval_batch(model.cfg, 8, 4)
    with torch.no_grad():
        logits = model(x)
    answered = y != tasks.IGNORE
    expected = -logits.log_softmax(-1).gather(-1, y.clamp(min=0)[..., None])[..., 0][answered].mean()
    assert training.loss(model, x, y) == pytest.approx(float(expected), rel=1e-12)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Config(position="sinusoidal"), "position must be one of"),
        (lambda: Config(position="none", causal=True), "fixes the mask"),
        (lambda: Config(d_model=30, n_heads=2), r"d_model must be a multiple of 2 \* n_heads = 4, got 30"),
        (lambda: Config(min_len=3, k=3), "k must be an int from 1 to length - 1 = 2"),
        (lambda: Config(task="local_max", min_len=3, k=3), "k must be an int from 1 to length - 1 = 2 for the local_max"),
        (lambda: tasks.targets("copy", torch.zeros(1, 4, dtype=torch.long)), "task must be one of"),
    ],
)
def test_bad_configs_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_too_long_input_is_refused():
    model = training.build(Config(**SMALL))
    with pytest.raises(ValueError, match="at most max_positions = 32, got 33"):
        model(torch.zeros(1, 33, dtype=torch.long))


@pytest.mark.parametrize("position", training.POSITIONS)
def test_reduced_run_is_bit_identical_when_repeated(position):
    cfg = Config(position=position, **SMALL)
    first, second = training.train(cfg), training.train(cfg)
    for (name, a), (_, b) in zip(first.state_dict().items(), second.state_dict().items()):
        assert torch.equal(a, b), f"{position}: {name} differs between two identical runs"
    assert training.correct(first, *training.eval_batch(cfg, 8)) == training.correct(second, *training.eval_batch(cfg, 8))
    before = training.build(cfg)
    assert any(not torch.equal(a, b) for a, b in zip(before.state_dict().values(), first.state_dict().values()))


@pytest.mark.parametrize("position", training.POSITIONS)
def test_causal_mask_hides_the_future_and_none_sees_it(position):
    model = training.build(Config(position=position, **SMALL))
    x = torch.randint(16, (2, 8), generator=torch.Generator().manual_seed(0))
    changed = x.clone()
    changed[:, -1] = (x[:, -1] + 1) % 16
    same_prefix = torch.equal(model(x)[:, :-1], model(changed)[:, :-1])
    assert same_prefix == model.cfg.is_causal


def test_without_position_information_the_model_is_permutation_equivariant():
    model = training.build(Config(position="none", **SMALL))
    x = torch.randint(16, (1, 8), generator=torch.Generator().manual_seed(1))
    perm = torch.tensor([3, 0, 7, 1, 6, 2, 5, 4])
    assert torch.allclose(model(x)[:, perm], model(x[:, perm]), atol=1e-12)
    sinusoidal = training.build(Config(position="sin_add", **SMALL))
    assert not torch.allclose(sinusoidal(x)[:, perm], sinusoidal(x[:, perm]), atol=1e-3)


def test_rope_scores_depend_only_on_the_offset():
    g = torch.Generator().manual_seed(2)
    q, k = torch.randn(1, 8, dtype=torch.float64, generator=g), torch.randn(1, 8, dtype=torch.float64, generator=g)
    table = training.positional_encoding(40, 8, dtype=torch.float64)
    rq, rk = training.rotate_pairs(q.expand(40, 8), table), training.rotate_pairs(k.expand(40, 8), table)
    for offset in (0, 3, 11):
        scores = [float(rq[m] @ rk[m - offset]) for m in range(offset, 40)]
        assert max(scores) - min(scores) < 1e-12


def test_alibi_slopes_are_the_papers_geometric_sequence():
    assert training.alibi_slopes(8).tolist() == [2.0**-i for i in range(1, 9)]
