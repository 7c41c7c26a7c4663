"""The claims of docs/evidence/extrapolation.md, each with what makes it true (see tests/claimcheck.py).

Its entries moved here from the evidence page's ledger with their sentences (same ids); the checks they share with
the other evidence pages live in tests/pages/evidence_checks.py.
"""

import seedstats
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import Ledger, cited, computed, measured, passes, prose

from pages.evidence_checks import (
    all_pass,
    causal_answers_ignore_later_tokens,
    configs,
    ev,
    experiments_share_the_library,  # noqa: F401
    extrapolation_setup,
    share_falls_with_length,
    tuned_on_training_length,
)


def said(id: str, anchor: str, task: str, first: str, second: str) -> bool:
    """The comparison word after `anchor` in the sentence of `id`, decided on the seeds (share right beyond L) of
    encoding `first` against `second` on `task` (tests/seedstats.py)."""
    return seedstats.holds(LEDGER.text(id), anchor, ev.beyond(task, first), ev.beyond(task, second))


def tried_at_best(id: str) -> bool:
    """'had not learned ... at the rate chosen for each from those tried': the sentence says "had not learned", not
    "did not learn", and the rates it ran at are the lowest-loss ones of the grid, inside it."""
    text = LEDGER.text(id)
    rates = {k: v for k, v in ev.EXTRAPOLATION["rates"].items() if k.endswith(("/alibi", "/none_causal"))}
    inside = all(ev.interior(r) for k, r in rates.items() if k.startswith("k_back/"))
    return "had not learned" in text and "did not learn" not in text and "from those tried" in text and inside


PROBED_LAYER = 1  # the layer after which the regression probe reads ALiBi's coarse position


def alibi_reason_is_a_hypothesis():
    """ALiBi's bias cannot prefer a farther key by position alone (the test), but after layer 1 its states carry a
    coarse position (the regression probe's R^2 above 0.5 in every seed), so the bias is not shown to be why it falls
    short. Returns: ALiBi's median share at L against the lowest median of the four that learn the task (it falls
    short of them), whether an experiment removes ALiBi's bias to test the reason (none does: not tested here), the
    probed layer after the embedding, and that layer."""
    r2 = ev.layer("alibi", True, PROBED_LAYER)
    others = min(ev.med("k_back", p, ev.L) for p in ("learned", "sin_add", "sin_concat", "rope"))
    positions = {p for cfg in configs().values() for p in cfg.get("positions", ())}
    ablated = any(p.startswith("alibi") and p != "alibi" for p in positions)
    return (passes(ev.test_alibi_cannot_prefer_a_farther_key_by_position)() and min(r2) > 0.5
            and "hypothesis" in LEDGER.text("why-alibi-falls-short-hypothesis")
            and [Trend((others, ev.med("k_back", "alibi", ev.L))), Truth(ablated, at=0),
                 Compare(PROBED_LAYER, 0, at=1), Number(PROBED_LAYER)])


def mask_alone_on_local():
    """On the local task beyond L: the causal mask alone keeps more than the added sinusoids and the learned table
    (the smaller of its two seedstats orders, +1 when both are told apart above), and whether its seeds tell it apart
    from RoPE's (the sentence's "cannot" says they do not)."""
    more = min(seedstats.order(ev.beyond("local_max", "none_causal"), ev.beyond("local_max", other))
               for other in ("sin_add", "learned"))
    apart = seedstats.order(ev.beyond("local_max", "rope"), ev.beyond("local_max", "none_causal")) != 0
    return [Compare(more, 0), Truth(apart)]


def choices_inside_the_grid():
    """The extrapolation tunings (one per task and encoding): how many chose a rate with a tried one on each side of it
    (Every), on how many of the tasks all did (both), and how many have a tried rate below and one above (each side)."""
    rates = ev.EXTRAPOLATION["rates"]
    inside = {key: ev.interior(tuned) for key, tuned in rates.items()}
    tasks = sorted({key.split("/")[0] for key in rates})
    sides = sum(min(float(r) for r in t["losses"]) < t["lr"] and max(float(r) for r in t["losses"]) > t["lr"]
                for t in rates.values())
    return [Count(sum(inside.values()), len(inside)),
            Count(sum(all(v for k, v in inside.items() if k.startswith(task + "/")) for task in tasks), len(tasks)),
            Count(sides, len(rates))]


LEDGER = Ledger('evidence/extrapolation.md', [
    prose('h-extrapolation', "a heading", unbacked=['up to', 'up to']),
    measured('these-two-layer-models-added',
        all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), scope="In these two-layer models", backs=['after', 'both', 'exact', 'longer']),
    computed('share-tokens-right-against-test',
        extrapolation_setup, backs=['each', 'gen.extrapolation.k', 'gen.extrapolation.window', 'highest', 'largest', 'last', 'lowest', 'right'], setting=True),
    prose('setup', "a heading"),
    prose('findings', "a heading"),
    prose('at-scale-literature', "a heading"),
    prose('reproduce', "a heading"),
    prose('experiment-s-setup', "an admonition title: names the code folded in it"),
    computed('model-training-loop-all-four', experiments_share_the_library, backs=['all']),
    computed('x-setup',
        extrapolation_setup, backs=[r'\(L\)', 'each', 'exact', 'gen.extrapolation.d_model', 'gen.extrapolation.k', 'gen.extrapolation.max_len', 'gen.extrapolation.min_len', 'gen.extrapolation.n_heads', 'gen.extrapolation.n_layers', 'gen.extrapolation.window', 'largest', 'last', 'only'], setting=True),
    cited('alibi-slopes',
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 3: head h of H has slope 2^(-8h/H), the geometric sequence starting at 2^(-8/H)", passes(ev.test_alibi_has_the_papers_slopes_for_four_heads), backs=['1', '1', '256', '4', r'\(2^{-8h/H}\)', 'gen.extrapolation.n_heads']),
    computed('x-grid',
        tuned_on_training_length, backs=['best', 'each', 'each', 'gen.extrapolation.rates', 'gen.extrapolation.steps', 'gen.extrapolation.tune_steps', 'only'], setting=True),
    computed('every-encoding-s-choice-both', choices_inside_the_grid, backs=['both', 'each', 'every']),
    computed('x-test',
        passes(ev.test_the_setup_the_page_quotes), backs=['each', 'gen.extrapolation.eval_sequences', 'gen.extrapolation.longest', 'up to']),
    prose('table-k-back', "names the table below", unbacked=['gen.extrapolation.k', 'right']),
    prose('table-local-max',
        "names the table below", unbacked=['gen.extrapolation.window', 'largest', 'last', 'right']),
    prose('what-they-find-these-two', "introduces the list; each item names its scope", unbacked=['\\(L\\)', 'each', 'gen.extrapolation.max_len']),
    measured('token-back-these-two-layer',
        passes(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall), scope="in these two-layer models", backs=['\\(2L\\)', 'after', 'fall', 'gen.extrapolation.k', 'gen.extrapolation.k_back_learned_32', 'gen.extrapolation.k_back_rope_32', 'gen.extrapolation.k_back_sin_add_32', 'right', 'twice']),
    measured('these-models-beyond-added-sinusoids',
        lambda: passes(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall)()
        and said('these-models-beyond-added-sinusoids', "right, a little", "k_back", "sin_add", "learned")
        and said('these-models-beyond-added-sinusoids', "table's", "k_back", "sin_add", "rope"),
        scope="In these models", backs=['\\(L\\)', '\\(L\\)', 'gen.extrapolation.k_back_learned_beyond', 'gen.extrapolation.k_back_rope_beyond', 'gen.extrapolation.k_back_sin_add_beyond', 'less', 'more', 'not', 'right']),
    measured('these-two-layer-models-alibi',
        lambda: passes(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l)() and tried_at_best('these-two-layer-models-alibi'),
        scope="In these two-layer models",
        backs=['100', '\\(L\\)', 'even', 'gen.extrapolation.k', 'gen.extrapolation.k_back_alibi_16',
               'gen.extrapolation.k_back_none_causal_16', 'not', 'right']),
    measured('why-alibi-falls-short-hypothesis', alibi_reason_is_a_hypothesis, scope="not tested here",
        backs=['1', 'after', 'at least', 'exact', 'falls', 'not']),
    measured('largest-last-tokens-these-two',
        passes(ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), scope="in these two-layer models", backs=['\\(L\\)', '\\(L\\)', 'below', 'fall', 'gen.extrapolation.local_max_alibi_16', 'gen.extrapolation.local_max_alibi_beyond', 'gen.extrapolation.local_max_learned_beyond', 'gen.extrapolation.local_max_rope_beyond', 'gen.extrapolation.local_max_sin_add_beyond', 'gen.extrapolation.local_max_sin_concat_beyond', 'gen.extrapolation.window', 'half', 'largest', 'last', 'right']),
    measured('these-models-causal-mask-alone',
        lambda: passes(ev.test_the_mask_alone_keeps_more_of_the_local_task_than_sinusoids_and_learned)()
        and said('these-models-causal-mask-alone', "there,", "local_max", "none_causal", "sin_add")
        and said('these-models-causal-mask-alone', "there,", "local_max", "none_causal", "learned")
        and mask_alone_on_local(),
        scope="In these models",
        general={'cannot': "'cannot be told apart' is decided on the seeds by tests/seedstats.py (order 0: exact "
                                     "Mann-Whitney p above 0.05, or ranges and bootstrap interval not apart)"},
        backs=['cannot', 'gen.extrapolation.local_max_none_causal_beyond', 'more']),
    computed('share-falls',
        share_falls_with_length, backs=[r'\(L\)', r'\(L\)', r'\(L\)', r'\(L\)', 'column', 'each', 'even', 'falls', 'last', 'longer', 'only', 'right']),
    computed('by-position-figure',
        lambda: extrapolation_setup() and causal_answers_ignore_later_tokens(), backs=['128', 'each', 'maximum', 'minimum', 'right'], setting=True),
    measured('setting-may-explain-two-layers',
        lambda: all(configs()['position_probe'][key] == configs()['extrapolation'][key] for key in ('n_layers', 'd_model')) and configs()['extrapolation']['n_layers'] == 2 and passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in)() and passes(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l)(), scope="a model of this size", backs=['exact', 'exactly', 'gen.extrapolation.d_model', 'gen.extrapolation.k', 'gen.extrapolation.steps', 'gen.position_probe.none_causal_acc_1']),
    cited('press-at-scale',
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 2.2 and Figure 1 (sinusoidal: 20 to 50 extra tokens; rotary: about 200 and 100; ALiBi: abstract, 1024 to 2048)", backs=['1024', '103', '2022', '512', r'\(L\)', r'\(L\)', 'later']),
    cited('kazemnejad-at-scale',
        "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in Transformers (arXiv:2305.19466), abstract: NoPE outperforms the explicit encodings (APE, T5 bias, ALiBi, rotary) on their reasoning and mathematical tasks", backs=['2023', 'longer', 'no']),
    measured('these-two-layer-models-order',
        all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half, ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l), scope="In these two-layer models", backs=['\\(L\\)', 'after', 'fall', 'gen.extrapolation.k', 'later', 'not', 'order']),
    measured('these-models-result-agrees-with',
        lambda: passes(ev.test_the_mask_alone_keeps_more_of_the_local_task_than_sinusoids_and_learned)()
        and said('these-models-result-agrees-with', "alone kept", "local_max", "none_causal", "sin_add")
        and said('these-models-result-agrees-with', "alone kept", "local_max", "none_causal", "learned")
        and mask_alone_on_local(),
        scope="In these models",
        general={'cannot': "'cannot tell apart' is decided on the seeds by tests/seedstats.py (order 0: exact "
                                     "Mann-Whitney p above 0.05, or ranges and bootstrap interval not apart)"},
        backs=['\\(L\\)', 'cannot', 'more']),
    measured('disagrees-with-them-two-ways',
        lambda: all_pass(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half)()
        and said('disagrees-with-them-two-ways', "it kept", "local_max", "none_causal", "alibi"),
        scope="in these models", backs=['\\(L\\)', '\\(L\\)', 'gen.extrapolation.k', 'less', 'no', 'not']),
], typed={
    '100%': 'the ceiling the four encodings reach at L (each checked against the medians by its test), not a copy of one saved value',
    '128': 'the test length of the by-position figure, a parameter of experiments/extrapolation.py',
})

test_claims_hold = LEDGER.test
