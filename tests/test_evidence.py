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


def test_beyond_l_sinusoidal_is_above_learned_and_level_with_none():
    assert min(beyond("sin_add")) > max(beyond("learned"))
    assert statistics.median(beyond("sin_add")) - statistics.median(beyond("learned")) < 0.1  # a few in a hundred
    printed = values("extrapolation")  # "no more than": equal or lower at the printed precision (whole percent)
    as_number = lambda text: int(text.split("%")[0])  # noqa: E731
    sin, none = beyond("sin_add"), beyond("none_causal")  # level: medians less than a point apart, seeds overlapping
    assert abs(statistics.median(sin) - statistics.median(none)) < 0.01
    assert min(sin) < max(none) and min(none) < max(sin)
    assert as_number(printed["beyond_sin_add"]) - as_number(printed["beyond_none_causal"]) in (-1, 0, 1)
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


# --- does the position survive the layers? -------------------------------------------------------------------------

PROBE = load("position_probe")
PROBE_SEEDS = PROBE["config"]["seeds"]
ABSOLUTE = ("learned", "sin_add", "sin_concat")


def r2(position: str, causal: bool | None) -> list[list[float]]:
    """The probe's R² on every layer, one list per seed."""
    return [PROBE["results"][f"{position}/{causal}/{s}"]["r2"] for s in PROBE_SEEDS]


def probe_right(position: str, causal: bool | None) -> list[str]:
    return [PROBE["results"][f"{position}/{causal}/{s}"]["tokens_right"] for s in PROBE_SEEDS]


def test_the_probe_setup_the_page_quotes():
    assert len(PROBE_SEEDS) >= 3 and PROBE["config"]["n_layers"] == 2
    assert PROBE["config"]["probe_sequences"] - PROBE["config"]["held_out"] == int(values("position_probe")["fitted"])
    for key in PROBE["results"]:
        assert len(PROBE["results"][key]["r2"]) == PROBE["config"]["n_layers"] + 1, key


def test_no_mask_no_vectors_nothing_to_read():
    for position in ("none", "alibi"):
        causal = None if position == "none" else False
        assert max(abs(v) for seed in r2(position, causal) for v in seed) <= 0.05, position


def test_a_causal_mask_alone_puts_position_in():
    for position, causal in (("none_causal", None), ("alibi", True)):
        seeds = r2(position, causal)
        assert max(abs(s[0]) for s in seeds) <= 0.05, position  # the embedding holds none
        assert min(s[1] for s in seeds) > 0.5, position  # after the first layer: above 0.5 in every seed
    assert values("position_probe")["none_causal_right"] == ", ".join(probe_right("none_causal", None))
    assert all(int(r.rstrip("%")) < 50 for r in probe_right("none_causal", None))  # "does not make it solvable"


def test_absolute_tables_fade_and_sinusoids_survive_better():
    layers = PROBE["config"]["n_layers"] + 1
    for causal in (False, True):
        for position in ABSOLUTE:
            for seed in r2(position, causal):
                assert seed[0] == 1.0 and all(b < a for a, b in zip(seed, seed[1:])), (position, causal, seed)
        for layer in range(1, layers):
            sinusoidal = min(s[layer] for p in ("sin_add", "sin_concat") for s in r2(p, causal))
            learned = max(s[layer] for s in r2("learned", causal))
            assert sinusoidal > learned, (causal, layer)
    shown = values("position_probe")
    assert float(shown["sin_add_bidirectional_2"]) > float(shown["learned_bidirectional_2"])


def test_rope_solves_it_without_absolute_position():
    for causal in (False, True):
        seeds = r2("rope", causal)
        assert max(abs(s[0]) for s in seeds) <= 0.05 and max(v for s in seeds for v in s) < 0.3, causal
        assert probe_right("rope", causal) == ["100%"] * len(PROBE_SEEDS)


# --- add or concatenate, measured ----------------------------------------------------------------------------------

ADD_CONCAT = load("add_vs_concat")
AC_SEEDS = ADD_CONCAT["config"]["seeds"]


def right(task: str, variant: str) -> list[float]:
    cells = [ADD_CONCAT["results"][f"{task}/{variant}/{s}"] for s in AC_SEEDS]
    return [c["right"] / c["total"] for c in cells]


def parameters(variant: str) -> int:
    return ADD_CONCAT["results"][f"k_back/{variant}/{AC_SEEDS[0]}"]["parameters"]


def test_the_variants_are_matched_as_the_page_says():
    variants = ADD_CONCAT["config"]["variants"]
    assert variants["add_32"][1] == variants["concat_16_16"][1] == 32  # equal width
    assert variants["add_64"][1] == variants["concat_32_32"][1] == 64
    assert variants["concat_32_32"][2] == 32 and variants["concat_16_16"][2] == 16
    assert abs(parameters("add_64") - parameters("concat_32_32")) < 0.01 * parameters("concat_32_32")  # within 1%
    assert 3.5 < parameters("concat_32_32") / parameters("add_32") < 4.5  # "a quarter of the parameters"
    assert len(AC_SEEDS) >= 3


def test_k_back_does_not_tell_them_apart():
    for variant in ADD_CONCAT["config"]["variants"]:
        assert min(right("k_back", variant)) >= 0.98, variant


def test_equal_width_neither_wins():
    add, concat = right("reverse", "add_32"), right("reverse", "concat_16_16")
    assert min(add) < max(concat) and min(concat) < max(add)  # the ranges overlap


def test_equal_parameters_no_winner():
    """Concatenation is ahead in the median, and the seeds overlap (the last run before the numerical path was
    pinned, on an AVX-512 machine's own kernels, had adding ahead in every seed)."""
    add, concat = right("reverse", "add_64"), right("reverse", "concat_32_32")
    assert statistics.median(concat) > statistics.median(add)
    assert min(add) < max(concat) and min(concat) < max(add)  # the ranges overlap


def test_reverse_is_not_solved():
    for variant in ADD_CONCAT["config"]["variants"]:
        assert max(right("reverse", variant)) < 0.9, variant
