"""Claims of the evidence page, asserted from the experiments' committed results (docs/generated/*.json).

Each test names the sentence it checks; if a re-run of the experiments changes a result so that the sentence is no
longer true, the test fails and the sentence must change with it.
"""

from __future__ import annotations

import json
import math
import statistics

import torch
from conftest import GENERATED, ROOT
from pelib import training
from pelib.training import Config


def _experiment_percent_spread(fractions: list[float]) -> str:
    import sys

    sys.path.insert(0, str(ROOT / "experiments"))
    import _experiment

    return _experiment.percent_spread(fractions)


def load(stem: str) -> dict:
    return json.loads((GENERATED / f"{stem}.json").read_text(encoding="utf-8"))


def values(stem: str) -> dict[str, str]:
    return json.loads((GENERATED / f"{stem}.values.json").read_text(encoding="utf-8"))


# --- extrapolation --------------------------------------------------------------------------------------------------

EXTRAPOLATION = load("extrapolation")
CONFIG = EXTRAPOLATION["config"]
L, SEEDS, LENGTHS = CONFIG["max_len"], CONFIG["seeds"], CONFIG["lengths"]


def accuracies(position: str, length: int) -> list[float]:
    cells = [EXTRAPOLATION["results"][f"{position}/{s}/{length}"] for s in SEEDS]
    return [c["right"] / c["total"] for c in cells]


def reach(position: str, level: float = 0.9) -> list[int]:
    """Positions beyond L still at least `level` right, by seed (the experiment's own definition)."""
    count = CONFIG["eval_sequences"]
    out = []
    for s in SEEDS:
        right = EXTRAPOLATION["by_position"][f"{position}/{s}"]
        beyond = [t for t in range(L, len(right)) if right[t] < level * count]
        out.append((beyond[0] if beyond else len(right)) - L)
    return out


def beyond(position: str) -> list[float]:
    count = CONFIG["eval_sequences"]
    return [sum(EXTRAPOLATION["by_position"][f"{position}/{s}"][L:]) / (count * (LENGTHS[-1] - L)) for s in SEEDS]


def test_the_setup_the_page_quotes():
    assert LENGTHS[0] == L and LENGTHS[-1] == 8 * L and len(SEEDS) >= 3
    assert values("extrapolation")["reach_rope"] == ", ".join(map(str, reach("rope")))


def test_position_encodings_solve_the_training_lengths():
    for position in ("learned", "sin_add", "sin_concat", "rope"):
        assert min(accuracies(position, L)) == 1.0, position


def test_without_positions_or_with_alibi_the_task_fails():
    for position in ("none", "none_causal", "alibi"):
        assert max(accuracies(position, L)) < 1 / 3, position


def test_sinusoidal_does_not_extrapolate():
    assert max(reach("sin_add")) <= 1 and max(reach("sin_concat")) <= 1


def test_rope_reaches_furthest_but_not_4l():
    others = ("none_causal", "learned", "sin_add", "sin_concat", "alibi")
    assert min(reach("rope")) > max(max(reach(p)) for p in others)
    assert max(reach("rope")) < 3 * L  # no seed keeps 90% up to position 4L


def test_beyond_l_sinusoidal_is_above_learned_but_not_above_none():
    assert min(beyond("sin_add")) > max(beyond("learned"))
    assert statistics.median(beyond("sin_add")) - statistics.median(beyond("learned")) < 0.1  # a few in a hundred
    printed = values("extrapolation")  # "no more than": equal or lower at the printed precision (whole percent)
    as_number = lambda text: int(text.split("%")[0])  # noqa: E731
    assert as_number(printed["beyond_sin_add"]) <= as_number(printed["beyond_none_causal"])
    assert printed["beyond_sin_add"] == _experiment_percent_spread(beyond("sin_add"))


def test_alibi_cannot_prefer_a_farther_key_by_position():
    """With every token the same, ALiBi's attention weights never increase with the distance to the key."""
    model = training.build(Config(position="alibi", n_layers=1, d_model=16, d_ff=16, max_positions=32))
    x = torch.full((1, 20), 5)
    with torch.no_grad():
        weights = model.layers[0].attn.scores(model.embed_positions(x)).softmax(-1)[0]  # [head, query, key]
    for q in range(20):
        row = weights[:, q, : q + 1].flip(-1)  # by distance 0, 1, ..., q
        assert (row[:, 1:] <= row[:, :-1] + 1e-15).all()


def test_learned_and_sinusoidal_tie_on_the_training_lengths():
    assert accuracies("learned", L) == accuracies("sin_add", L)


# --- the paper's hypothesis: a head learns M_k --------------------------------------------------------------------

SHIFT = load("learned_shift_matrix")
SHIFT_SEEDS, FAST = SHIFT["config"]["seeds"], SHIFT["config"]["fast_pairs"]
EXPECTED = SHIFT["expected_angles"]
K = SHIFT["config"]["k"]


def run(label: str, seed: int) -> dict:
    return SHIFT["results"][f"{label}/{seed}"]


def test_the_expected_angles_are_w_times_k():
    from reference import frequencies

    assert EXPECTED[:FAST] == [round(float(w) * K, 2) for w in frequencies(SHIFT["config"]["d_model"])[:FAST]]


def test_fast_pairs_rotate_by_w_k():
    for seed in SHIFT_SEEDS:
        trained = run("trained", seed)
        assert trained["fast_error"] < 0.15 and trained["fast_share"] >= 0.75, seed
        gaps = [abs(math.atan2(math.sin(a - e), math.cos(a - e))) for a, e in zip(trained["fast_angles"], EXPECTED)]
        assert max(gaps) < 0.16, (seed, gaps)  # the same, recomputed from the angles


def test_random_heads_are_far_off():
    trained = max(run("trained", s)["fast_error"] for s in SHIFT_SEEDS)
    for seed in SHIFT_SEEDS:
        assert run("random_init", seed)["fast_error"] > 10 * trained, seed


def test_similarity_peaks_at_k():
    for seed in SHIFT_SEEDS:
        cos = {int(j): c for j, c in run("trained", seed)["cosine_with_M"].items()}
        assert max(cos, key=cos.get) == K, (seed, cos)
        for label in ("random_init", "learned"):
            assert max(abs(c) for c in run(label, seed)["cosine_with_M"].values()) < 0.1, (label, seed)


def test_slow_pairs_do_not_follow():
    assert max(EXPECTED[FAST:]) <= 0.3
    for seed in SHIFT_SEEDS:
        assert run("trained", seed)["slow_error"] > 0.5, seed


def test_learned_absolute_solves_it_without_pairs():
    for seed in SHIFT_SEEDS:
        learned = run("learned", seed)
        assert learned["tokens_right"] == "100%" and learned["position_hits"] == learned["queries"] == 13
        assert run("random_init", seed)["position_hits"] <= 2
