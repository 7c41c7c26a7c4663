"""The claims of docs/evidence/probes.md, each with what makes it true (see tests/claimcheck.py).

Its entries moved here from the evidence page's ledger with their sentences (same ids); the checks they share with
the other evidence pages live in tests/pages/evidence_checks.py.
"""

import inspect

import seedstats
import test_probes as tp
from claimcheck import Ledger, cited, computed, measured, passes, prose
from pelib import probes

from pages.evidence_checks import (
    all_pass,
    configs,
    ev,
    experiments_share_the_library,  # noqa: F401
    probe_fades,
    probe_setup,
    slow_pairs_nearly_linear,
    values,
)


def said(id: str, anchor: str, first: list[float], second: list[float]) -> bool:
    """The comparison word after `anchor` in the sentence of `id`, decided on the seeds of `first` against `second`
    (tests/seedstats.py)."""
    return seedstats.holds(LEDGER.text(id), anchor, first, second)


LEDGER = Ledger('evidence/probes.md', [
    prose('h-probe', "a heading"),
    measured('these-two-layer-models-token',
        lambda: all_pass(ev.test_both_tables_keep_the_position_only_the_regression_sees_one_fade, ev.test_a_causal_mask_alone_puts_a_coarse_position_in)() and probe_fades(),
        scope="In these two-layer models on token {{ gen.position_probe.k }} back",
        backs=['2', 'both', 'exact', 'gen.position_probe.k', 'least', 'less']),
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
        all_pass(ev.test_both_tables_keep_the_position_only_the_regression_sees_one_fade, ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_the_controls_are_near_chance),
        backs=['0.7', '1', 'after', 'both', 'every', 'exact', 'exactly', 'fall', 'no', 'no', 'rise']),
    prose('probe-lead', "introduces the list; each item names its scope", unbacked=['each', 'gen.position_probe.k']),
    measured('probe-nothing',
        all_pass(ev.test_no_mask_no_vectors_nothing_to_read, ev.test_the_controls_are_near_chance), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'gen.position_probe.none_1', 'gen.position_probe.none_acc_1']),
    measured('probe-causal-mask',
        passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'exact', 'gen.position_probe.alibi_causal_1', 'gen.position_probe.alibi_causal_acc_1', 'gen.position_probe.control_accuracy', 'gen.position_probe.none_causal_1', 'gen.position_probe.none_causal_acc_1', 'no', 'not']),
    measured('these-models-both-absolute-tables',
        lambda: passes(ev.test_both_tables_keep_the_position_only_the_regression_sees_one_fade)()
        and all(said('these-models-both-absolute-tables', "with the learned table,", ev.layer("sin_add", c, 2, "accuracy"),
                     ev.layer("learned", c, 2, "accuracy"))
                and said('these-models-both-absolute-tables', "regression reads the learned table",
                         ev.layer("learned", c, 2), ev.layer("sin_add", c, 2)) for c in (False, True)),
        scope="In these models", general={
            'only': "of the two probes this page runs, the regression is the one whose seeds tell the tables apart",
            'cannot': "'cannot tell apart' is decided on the seeds by tests/seedstats.py (exact Mann-Whitney p above 0.05)"},
        backs=[
            '2', '2', r'\(R^2\)', 'after', 'both', 'cannot', 'exact', 'gen.position_probe.learned_bidirectional_2',
            'gen.position_probe.learned_bidirectional_acc_2', 'gen.position_probe.sin_add_bidirectional_2',
            'gen.position_probe.sin_add_bidirectional_acc_2', 'lower', 'more', 'only', 'same']),
    computed('sinusoids-slow-pairs-are-nearly',
        lambda: slow_pairs_nearly_linear() and passes(ev.test_both_tables_keep_the_position_only_the_regression_sees_one_fade)(),
        backs=['gen.position_probe.max_len', 'linear', 'neither', 'only']),
    measured('these-models-rope-solves-task',
        lambda: passes(ev.test_rope_solves_it_with_little_absolute_position)()
        and said('these-models-rope-solves-task', "with it,", ev.layer("rope", True, 1, "accuracy"), ev.control("accuracy"))
        and said('these-models-rope-solves-task', "control's", ev.layer("rope", True, 1, "accuracy"),
                 ev.layer("none_causal", None, 1, "accuracy")),
        scope="In these models", backs=[
            '1', r'\(R^2\)', 'above', 'after', 'below', 'each', 'gen.position_probe.control_accuracy',
            'gen.position_probe.rope_bidirectional_acc_1', 'gen.position_probe.rope_causal_1',
            'gen.position_probe.rope_causal_acc_1', 'gen.position_probe.rope_causal_right', 'no', 'right']),
    cited('haviv-at-scale',
        "Haviv et al. 2022 (arXiv:2203.16634), abstract and section 5 (probing): NoPos causal LMs competitive, absolute position predicted from their states; here: test_a_causal_mask_alone_puts_a_coarse_position_in", passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), backs=['2022', 'exact', 'no', 'same']),
    prose('regression-probe-s-r-table', "an admonition title: names the table folded under it (the regression probe's R², which the findings below quote)"),
], typed={
})

test_claims_hold = LEDGER.test
