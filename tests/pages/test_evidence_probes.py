"""The claims of docs/evidence/probes.md, each with what makes it true (see tests/claimcheck.py).

Its entries moved here from the evidence page's ledger with their sentences (same ids); the checks they share with
the other evidence pages live in tests/pages/evidence_checks.py.
"""

import inspect

import seedstats
import test_probes as tp
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, measured, passes, prose
from pelib import probes

from pages.evidence_checks import (
    all_pass,
    configs,
    ev,
    experiments_share_the_library,  # noqa: F401
    probe_setup,
    slow_pairs_nearly_linear,
    values,
)


def said(id: str, anchor: str, first: list[float], second: list[float]) -> bool:
    """The comparison word after `anchor` in the sentence of `id`, decided on the seeds of `first` against `second`
    (tests/seedstats.py)."""
    return seedstats.holds(LEDGER.text(id), anchor, first, second)


TABLES, MASKS = ("sin_add", "learned"), (False, True)


def keeping() -> int:
    """How many of the two absolute tables keep the exact position after layer 2, with and without the mask: the
    classifier names it at least 90% of the time in every seed."""
    return sum(all(min(ev.layer(t, c, 2, "accuracy")) >= 0.9 for c in MASKS) for t in TABLES)


def regression_after_2_than_0() -> int:
    """The largest seedstats order of the regression's R^2 after layer 2 against the embedding's, over both tables and
    both masks: -1 when every one is told apart lower."""
    return max(seedstats.order(ev.layer(t, c, 2), ev.layer(t, c, 0)) for t in TABLES for c in MASKS)


def learned_than_sinusoids_r2() -> int:
    """The largest seedstats order of the learned table's R^2 after layer 2 against the sinusoids', over both masks."""
    return max(seedstats.order(ev.layer("learned", c, 2), ev.layer("sin_add", c, 2)) for c in MASKS)


def tables_told_apart_by_classifier(causal: bool) -> bool:
    return seedstats.order(ev.layer("sin_add", causal, 2, "accuracy"), ev.layer("learned", causal, 2, "accuracy")) != 0


def token_sentence():
    """Both tables keep the exact position (classifier); the regression reads layer 2 lower than the embedding, the
    learned table lower than the sinusoids (seeds told apart, tests/seedstats.py)."""
    return passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in)() and [
        Count(keeping(), len(TABLES)), Truth(keeping() == len(TABLES)),
        Compare(regression_after_2_than_0(), 0, at=0), Compare(learned_than_sinusoids_r2(), 0, at=1)]


def probe_figure():
    """The alt text's words on the drawn results: both tables' regression medians fall from the embedding to layer 2;
    the classifier names their positions nearly every time (median at least 0.9 at each layer, both masks); the
    no-encoding and ALiBi causal models name the exact position about a fifth of the time after layer 1 (1 over their
    median, to the nearest whole number)."""
    falls = sum(all(ev.median(ev.layer(t, c, 2)) < ev.median(ev.layer(t, c, 0)) for c in MASKS) for t in TABLES)
    nearly = sum(all(ev.median(ev.layer(t, c, i, "accuracy")) >= 0.9 for c in MASKS for i in (0, 1, 2))
                 for t in TABLES)
    coarse = ev.median(ev.layer("none_causal", None, 1, "accuracy") + ev.layer("alibi", True, 1, "accuracy"))
    return all_pass(ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_the_controls_are_near_chance)() and [
        Count(falls, len(TABLES), at=0), Count(nearly, len(TABLES), at=1), Number(1 / coarse, at=4)]


def both_tables_sentence():
    """Both keep the exact position; the learned table fades more under the regression (its fall from the embedding
    told apart above the sinusoids'); the classifier's seeds cannot tell them apart; the regression reads the learned
    table lower; with the mask the same holds (the same three verdicts)."""
    def verdicts(c: bool) -> tuple:
        fade = [1 - v for v in ev.layer("learned", c, 2)], [1 - v for v in ev.layer("sin_add", c, 2)]
        return (seedstats.order(*fade), tables_told_apart_by_classifier(c),
                seedstats.order(ev.layer("learned", c, 2), ev.layer("sin_add", c, 2)))
    free, masked = verdicts(False), verdicts(True)
    import json

    from conftest import GENERATED
    last = json.loads((GENERATED / "position_probe.json").read_text(encoding="utf-8"))["config"]["n_layers"]
    return [Count(keeping(), len(TABLES)), Truth(keeping() == len(TABLES), at=0), Compare(free[0], 0, at=0),
            Number(last, at=0), Number(last, at=1), Compare(last, 0, at=1),  # "layer 2", the last; after the embedding
            Truth(free[1], at=1), Compare(free[2], 0, at=2),
            Compare(repr(free), repr(masked), at=3)]  # one value each: a list or tuple is read as 'against each'


def slow_pairs_sentence():
    """The slow pairs are nearly linear; the classifier does not read the sinusoids better (its seeds do not tell them
    above the learned table's, either mask); neither table loses the position by it (fewer than 90% named in a seed
    after layer 2)."""
    better = any(seedstats.order(ev.layer("sin_add", c, 2, "accuracy"), ev.layer("learned", c, 2, "accuracy")) == 1
                 for c in MASKS)
    return [Truth(slow_pairs_nearly_linear(), at=0), Truth(better, at=1), Count(len(TABLES) - keeping(), len(TABLES))]


def rope_sentence():
    """Each seed gets every token right; after layer 1 the classifier's seeds are told apart above the control's and
    below the causal model's with no encoding, with and without the mask."""
    above = min(seedstats.order(ev.layer("rope", c, 1, "accuracy"), ev.control("accuracy")) for c in MASKS)
    below = max(seedstats.order(ev.layer("rope", c, 1, "accuracy"), ev.layer("none_causal", None, 1, "accuracy"))
                for c in MASKS)
    every = sum(min(ev.probe_right("rope", c)) == 1.0 for c in MASKS)
    return passes(ev.test_rope_solves_it_with_little_absolute_position)() and [
        Count(every, len(MASKS), at=0), Compare(above, 0, at=1), Compare(below, 0, at=2)]


LEDGER = Ledger('evidence/probes.md', [
    prose('h-probe', "a heading"),
    measured('these-two-layer-models-token',
        token_sentence,
        scope="In these two-layer models on token {{ gen.position_probe.k }} back",
        backs=['2', 'both', 'exact', 'gen.position_probe.k', 'less', 'lower']),
    prose('probes', "a heading"),
    prose('findings', "a heading"),
    prose('at-scale-literature', "a heading"),
    prose('reproduce', "a heading"),
    prose('experiment-s-setup', "an admonition title: names the code folded in it"),
    computed('model-training-loop-probes-all', experiments_share_the_library, backs=['all']),
    cited('haviv-question',
        "Haviv et al. 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information (arXiv:2203.16634), sections 4-5: probes find absolute position in NoPos models; the causal mask conjectured as its source", backs=['no']),
    computed('probe-setup',
        lambda: probe_setup() and slow_pairs_nearly_linear(), backs=['1', r'\(R^2\)', 'each', 'exact', 'gen.position_probe.chance', 'gen.position_probe.fitted', 'gen.position_probe.held_out', 'gen.position_probe.max_len', 'linear', 'linear', 'linear', 'not'], setting=True),
    cited('classifier-linear-discriminant-analysis-one',
        "Hastie, Tibshirani and Friedman, The Elements of Statistical Learning (2nd ed.), section 4.2: masking of "
        "classes by linear regression of an indicator matrix; section 4.3: linear discriminant analysis",
        lambda: passes(tp.test_the_classifier_names_every_position_of_a_code_along_one_direction)()
        and "linear discriminant" in " ".join(inspect.getsource(probes.position_accuracy).lower().split()),
        backs=['16', '4.2', 'both', 'every', 'largest', 'linear', 'linear', 'only']),
    computed('probe-control',
        lambda: passes(ev.test_the_controls_are_near_chance)(), backs=[r'\(R^2\)', 'gen.position_probe.control_accuracy', 'gen.position_probe.control_r2', 'no', 'same', 'same']),
    computed('probe-models',
        lambda: configs()['position_probe']['task'] == 'k_back' and values('position_probe')['seeds'] == '5', backs=['gen.position_probe.d_model', 'gen.position_probe.k', 'gen.position_probe.n_layers', 'gen.position_probe.seeds', 'gen.position_probe.steps'], setting=True),
    computed('four-panels-regression-r-top',
        probe_figure,
        backs=['0.7', '1', 'after', 'both', 'every', 'exact', 'exactly', 'fall', 'no', 'no', 'rise']),
    prose('probe-lead', "introduces the list; each item names its scope", unbacked=['each', 'gen.position_probe.k']),
    measured('probe-nothing',
        all_pass(ev.test_no_mask_no_vectors_nothing_to_read, ev.test_the_controls_are_near_chance), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'gen.position_probe.none_1', 'gen.position_probe.none_acc_1']),
    measured('probe-causal-mask',
        passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'exact', 'gen.position_probe.alibi_causal_1', 'gen.position_probe.alibi_causal_acc_1', 'gen.position_probe.control_accuracy', 'gen.position_probe.none_causal_1', 'gen.position_probe.none_causal_acc_1', 'no', 'not']),
    measured('these-models-both-absolute-tables',
        lambda: passes(ev.test_both_tables_keep_the_position_only_the_regression_sees_one_fade)()
        and both_tables_sentence(),
        scope="In these models", general={
            'only': "of the two probes this page runs, the regression is the one whose seeds tell the tables apart",
            'cannot': "'cannot tell apart' is decided on the seeds by tests/seedstats.py (exact Mann-Whitney p above 0.05)"},
        backs=[
            '2', '2', r'\(R^2\)', 'after', 'both', 'cannot', 'exact', 'gen.position_probe.learned_bidirectional_2',
            'gen.position_probe.learned_bidirectional_acc_2', 'gen.position_probe.sin_add_bidirectional_2',
            'gen.position_probe.sin_add_bidirectional_acc_2', 'lower', 'more', 'only', 'same']),
    computed('sinusoids-slow-pairs-are-nearly', slow_pairs_sentence,
        backs=['gen.position_probe.max_len', 'linear', 'neither', 'not']),
    measured('these-models-rope-solves-task', rope_sentence,
        scope="In these models", backs=[
            '1', r'\(R^2\)', 'above', 'after', 'below', 'each',
            'gen.position_probe.rope_bidirectional_acc_1', 'gen.position_probe.rope_causal_1',
            'gen.position_probe.rope_causal_acc_1', 'gen.position_probe.rope_causal_right', 'no', 'right']),
    cited('haviv-at-scale',
        "Haviv et al. 2022 (arXiv:2203.16634), abstract and section 5 (probing): NoPos causal LMs competitive, absolute position predicted from their states; here: test_a_causal_mask_alone_puts_a_coarse_position_in", passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), backs=['2022', 'exact', 'no', 'same']),
    prose('regression-probe-s-r-table', "an admonition title: names the table folded under it (the regression probe's R², which the findings below quote)"),
], typed={
})

test_claims_hold = LEDGER.test
