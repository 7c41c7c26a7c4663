"""The claims of docs/evidence.md, each with what makes it true (see tests/claimcheck.py).

Most checks are the tests of tests/test_evidence.py, which assert each result from the experiments' generated JSON
(a sentence names them); the rest re-derive a statement from the training library, the probe, the experiments'
configurations or what regen plans. Quotes of papers are cited.
"""

import importlib.util
import math
import re

import seedstats
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, audit, cited, computed, ledger_path, measured, passes, prose
from support import data, values

from pages.evidence_checks import (
    DOCS,
    EXPERIMENTS,
    KERNELS_DIFFER,
    LITERATURE_PARAMETERS,
    LITERATURE_SIZES,
    PAPER,
    PORTABLE_PATH,
    Config,  # noqa: F401
    alibi_slopes_as_documented,
    all_pass,
    causal_answers_ignore_later_tokens,
    configs,
    deterministic,
    embedding_init,
    ev,
    every_experiment_is_a_regen_job,
    experiments_are_pinned,
    extrapolation_setup,
    far_larger,
    figures_drawn_from_saved_results,
    fixed_keeps_learned_buys,
    kernel_test_covers_every_experiment,
    learned_ties_at_l,
    one_length_per_step,
    parameters,
    post_norm,
    r2_meaning,
    reduced_is_ten_steps,
    regen_never_forces_experiments,
    rotate_pairs_as_documented,
    seed_rule_as_stated,
    settings_per_experiment,
    seven_settings,
    tables_from_reference,
    torch,
    tp,
    training,
    tt,
    tunings,
)

EVIDENCE_PAGES = ("evidence/extrapolation.md", "evidence/shift-matrix.md", "evidence/probes.md",
                  "evidence/add-or-concatenate.md")  # one page per experiment, after this summary


def ledgers() -> list:
    """This page's ledger and those of the experiments' pages (loaded as tests/test_claims.py loads a ledger)."""
    found = [LEDGER]
    for page in EVIDENCE_PAGES:
        path = ledger_path(page)
        spec = importlib.util.spec_from_file_location(f"evidence_ledger_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(module.LEDGER)
    return found


def u_as_documented() -> bool:
    """The snippet's u(first): the pairs (x in the first group, y in the second) with x above y, as seedstats counts
    them (no ties among ranks)."""
    import ast
    import itertools

    from support import SNIPPETS

    tree = ast.parse((SNIPPETS / "evidence" / "seed_comparison.py").read_text(encoding="utf-8"))
    code = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "u")
    scope = {"ranks": range(10)}
    exec(compile(ast.Module([code], []), "seed_comparison.py", "exec"), scope)
    return all(scope["u"](first) == seedstats.mann_whitney_u(list(first), [r for r in range(10) if r not in first])
               for first in itertools.combinations(range(10), 5))


def lowest_seeds_quoted() -> list:
    """The lowest seed of each table with the causal mask, to two decimals of a percent, as the summary quotes it;
    read by "lowest": each quoted seed against the other seeds of its table."""
    shown, found = values("evidence/seed_comparison"), []
    for p in ("learned", "sin_add"):
        seeds = sorted(ev.probe_right(p, True))
        assert shown[f"{p}_lowest"] == f"{100 * seeds[0]:.2f}%"
        found.append(Compare(seeds[0], seeds[1:], at=0))
    return found


def every_comparison_is_checked() -> bool:
    """No sentence of the evidence pages is left pending, and no number a job saved is typed (test_claims checks
    that)."""
    return not any(audit(ledger.page, ledger, history=False) for ledger in ledgers())


def each_result_scoped() -> bool:
    """Across the evidence pages, each finding led in bold is a measured claim, which states its scope (claimcheck
    holds its sentence to it), and at least 15 claims carry a scope."""
    claims = [c for ledger in ledgers() for c in ledger.claims]
    return (all(c.kind == "measured" for c in claims if c.text.startswith("**") and c.kind in ("computed", "measured"))
            and sum(bool(c.scope) for c in claims) >= 15)


# --- the docstrings the page shows with the library's code ---------------------------------------------------------


def model_as_documented() -> bool:
    """TinyTransformer: a token embedding, the position handling of Config.position, n_layers post-norm layers and a
    linear read-out giving each position its own row of logits."""
    cfg = Config(position="sin_add", max_positions=16, n_layers=3)
    model = training.build(cfg)
    x = torch.randint(0, cfg.vocab, (2, 9), generator=torch.Generator().manual_seed(0))
    return (len(model.layers) == 3 and all(isinstance(layer, training.Block) for layer in model.layers)
            and isinstance(model.out, torch.nn.Linear) and model(x).shape == (2, 9, cfg.vocab)
            and post_norm() and seven_settings())


def layer_input_as_documented() -> bool:
    """embed_positions returns [batch, T, d_model]: the scaled token embeddings plus the table (sin_add, learned),
    beside it (sin_concat), or alone (none, rope, alibi)."""
    x = torch.randint(0, 16, (2, 9), generator=torch.Generator().manual_seed(1))
    for position in ("none", "learned", "sin_add", "sin_concat", "rope"):
        model = training.build(Config(position=position, max_positions=16))
        e = model.embed(x) * model.scale
        out = model.embed_positions(x)
        if position in ("none", "rope"):
            expected = e
        elif position == "sin_concat":
            expected = torch.cat((e, model.table[:9].expand(2, 9, -1)), dim=-1)
        else:
            expected = e + model.table[:9]
        if out.shape != (2, 9, 32) or not torch.equal(out, expected):
            return False
    return True


def scores_as_documented() -> bool:
    """Attention.scores is [batch, heads, query, key], -inf exactly where the key comes after the query (causal), and
    finite everywhere without the mask."""
    x = torch.randn(2, 7, 32, dtype=torch.float64, generator=torch.Generator().manual_seed(2))
    for causal in (True, False):
        attn = training.build(Config(position="sin_add", causal=causal, n_heads=4, max_positions=16)).layers[0].attn
        s = attn.scores(x)
        later = torch.ones(7, 7, dtype=torch.bool).triu(1)
        if s.shape != (2, 4, 7, 7) or bool(torch.isinf(s[..., ~later]).any()):
            return False
        if bool(torch.isinf(s[..., later]).all()) != causal or (not causal and bool(torch.isinf(s).any())):
            return False
    return True


def experiment_setups_on_their_pages() -> bool:
    """Each experiment's setup section is included on its own page, and on none of the others."""
    pages = dict(zip(EXPERIMENTS, EVIDENCE_PAGES))
    return all((f'"experiments/{stem}.py:setup"' in (DOCS / page).read_text(encoding="utf-8"))
               == (page == pages[stem]) for stem in EXPERIMENTS for page in EVIDENCE_PAGES)


def room_to_differ() -> bool:
    """Whether the learned and sinusoidal tables leave room to differ at the training length: a median below 100% of
    the tokens right with the causal mask (at the ceiling, a tie tests nothing)."""
    return any(ev.median(ev.probe_right(p, True)) < 1.0 for p in ("learned", "sin_add"))


def position_summary():
    """The probes' summary: both tables keep the exact position by the classifier (its counts and truth, as on the
    probes page), the classifier is linear (linear discriminant analysis), and the regression reads the learned table
    lower than the sinusoids (seedstats' order, largest over both masks)."""
    import inspect

    from pelib import probes

    from pages import test_evidence_probes as pp

    linear = "linear discriminant" in " ".join(inspect.getsource(probes.position_accuracy).lower().split())
    return all_pass(ev.test_a_causal_mask_alone_puts_a_coarse_position_in,
                    ev.test_rope_solves_it_with_little_absolute_position)() and [
        Count(pp.keeping(), len(pp.TABLES)), Truth(pp.keeping() == len(pp.TABLES), at=0), Truth(linear, at=1),
        Compare(pp.learned_than_sinusoids_r2(), 0)]


def results_below_and_larger():
    """The scope sentence's words: how many of the bold-led findings across the evidence pages are measured claims
    (each states its scope); where the first finding of this page stands against the sentence (its height on the page,
    minus its offset: below is lower); and the literature's smallest model against our extrapolation model."""
    claims = [c for ledger in ledgers() for c in ledger.claims if c.kind in ("computed", "measured")]
    led = [c for c in claims if c.text.startswith("**")]
    page = (DOCS / "evidence.md").read_text(encoding="utf-8")
    first_result = page.index("- **[")
    here = page.index("Each result below says")
    ours = parameters("extrapolation", position="sin_add")
    theirs = min(n for sizes in LITERATURE_PARAMETERS.values() for n in sizes)
    return (bool(LITERATURE_SIZES) and each_result_scoped() and far_larger(LEDGER.text('each-result-below-says-own'))
            and [Count(sum(c.kind == "measured" for c in led), len(led)), Compare(-first_result, -here, at=0),
                 Compare(theirs, ours, at=1)])


def kernels_verified():
    """The kernels this CPU offers whose every experiment the full-run kernel test covers (no expected failure), and
    whether a saved result shows any other CPU agreeing (the results record their numerical path, no CPU model, so
    none does)."""
    import test_experiments as te

    cases = te.test_committed_results_are_the_same_under_every_cpu_kernel.pytestmark
    params = [m for m in cases if m.name == "parametrize"][0].args[1]
    covered = {(case.values[0], case.values[1]) for case in params if not case.marks}
    each = sum(all((k, stem) in covered for stem in EXPERIMENTS) for k in te.KERNELS)
    cpus = {data(stem)["numerics"].get("cpu") for stem in EXPERIMENTS} - {None}
    return kernel_test_covers_every_experiment() and [Count(each, len(te.KERNELS)), Truth(len(cpus) > 1)]


def seed_rule_words():
    """The rule's words, read from tests/seedstats.py in sentence order: the two groups a comparison takes; the
    direction seedstats gives each listed word (more, less, above, below); whether disjoint ranges overlap; their U;
    the two-sided p over the one-sided; how many splits reach it; the results split (ten) into two groups of five;
    one exact test for both cases (its calls in `order`); whether it counts every split; ALPHA; the centre of the
    bootstrap interval of a group against itself (the difference it must exclude); the five seeds resampled."""
    import inspect
    import itertools

    seeds = int(values("evidence/seed_comparison")["seeds"])
    low, high = list(range(seeds)), list(range(seeds, 2 * seeds))
    splits = math.comb(2 * seeds, seeds)
    p = seedstats.mann_whitney_p(low, high)
    source = inspect.getsource(seedstats.order)
    exact = "itertools.combinations" in inspect.getsource(seedstats.mann_whitney_p) and p == 2 / splits
    lo, hi = seedstats.bootstrap_interval(low, low)
    pooled, u = low + high, seedstats.mann_whitney_u(low, high)
    one_sided = sum(seedstats.mann_whitney_u([pooled[i] for i in chosen],
                                             [pooled[i] for i in range(2 * seeds) if i not in chosen]) <= u
                    for chosen in itertools.combinations(range(2 * seeds), seeds)) / splits
    groups = len(inspect.signature(seedstats.order).parameters)
    return seed_rule_as_stated() and [
        Number(groups, at=0), *(Compare(seedstats.WORDS[w], 0, at=i) for i, w in enumerate(("more", "less", "above",
                                                                                              "below"))),
        Truth(max(low) >= min(high), at=0), Number(seedstats.mann_whitney_u(low, high), at=1),
        Number(p / one_sided, at=2), Number(round(p * splits), at=3), Number(2 * seeds, at=4),
        Number(groups, at=5), Number(seeds, at=6), Compare(source.count("mann_whitney_p("), 1, at=4),
        Truth(exact, at=1), Number(seedstats.ALPHA, at=7), Number((lo + hi) / 2, at=8), Number(seeds, at=9)]


def overlap_rule():
    """Two groups of five seeds whose ranges overlap: seedstats' order of them is 0, so the pages say the runs cannot
    tell the two apart (a Truth of 'told apart', and the number of groups the rule compares)."""
    overlapping = ([0, 2, 4, 6, 8], [1, 3, 5, 7, 9])
    return seed_rule_as_stated() and [Truth(seedstats.order(*overlapping) != 0), Number(len(overlapping))]


def u_pairs():
    """The one pair U counts when the first group is [1, 3] and the second [2]: x = 3 against y = 2 (x above y)."""
    counted = [(x, y) for x in (1.0, 3.0) for y in (2.0,) if seedstats.mann_whitney_u([x], [y]) == 1]
    return seed_rule_as_stated() and u_as_documented() and len(counted) == 1 and Compare(*counted[0])


def tie_at_ceiling():
    """Whether the tie leaves room to differ (a median below 100% with the mask: it does not, so it cannot confirm),
    the paper's table the sentence names (from the cited entry 'table-3-e'), and whether these runs are on
    translation (none is: they do not reproduce the paper's result)."""
    room = room_to_differ()
    table = int(re.search(r"Table (\d+) row \(E\)", LEDGER["table-3-e"].note).group(1))
    translation = any(cfg.get("task") == "translation" for cfg in configs().values())
    return learned_ties_at_l() and [Truth(room, at=0), Number(table), Truth(translation, at=1)]


def scope_box():
    """The scope box's two 'each': the tunings whose chosen rate is the lowest loss of their grid, and the experiments
    whose layers, steps and lengths the box shows as their own configuration saved them; and its 'best': each chosen
    rate's loss against the other rates of its grid."""
    shown = values("evidence/scale")
    best = [min(r["losses"], key=lambda k: (math.inf if r["losses"][k] is None else r["losses"][k], float(k)))
            == f"{r['lr']:g}" for stem in EXPERIMENTS for r in tunings(stem)]
    own = [(shown[f"{stem}_layers"], shown[f"{stem}_steps"], shown[f"{stem}_lengths"])
           == (str(cfg["n_layers"]), str(cfg["steps"]), f"{cfg['min_len']} to {cfg['max_len']}")
           for stem, cfg in configs().items()]
    # "did best with": in each tuning, the chosen rate's loss against every other rate's (a diverged run, no loss,
    # did worst), on a scale where higher is better (the loss negated)
    did_best = []
    for stem in EXPERIMENTS:
        for r in tunings(stem):
            score = {k: -math.inf if v is None else -v for k, v in r["losses"].items()}
            chosen = f"{r['lr']:g}"
            did_best.append(Compare(score[chosen], [v for k, v in score.items() if k != chosen], at=0))
    return settings_per_experiment() and [Count(sum(best), len(best)), Count(sum(own), len(own)), *did_best]


LEDGER = Ledger('evidence.md', [
    prose('title', "the title"),
    cited('paper-hypotheses', PAPER + ", section 3.5 (both quotes)", backs=['longer']),
    cited('tests-neither',
        PAPER + ", section 3.5 states both as hypotheses; its experiments (section 6, Table 3 row (E)) compare learned and sinusoidal on the training lengths only", backs=['neither']),
    measured('tiny-models-trained-here-one',
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_the_rotation_shares_beat_random_blocks), scope="In the tiny models trained here", backs=['most', 'fastest', 'rotation']),
    measured('yet-these-two-layer-models',
        all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), scope="in these two-layer models", backs=['after', 'exact', 'longer']),
    computed('these-pages-measure-both-two',
        lambda: every_experiment_is_a_regen_job() and every_comparison_is_checked(), backs=['both', 'every', 'every']),
    computed('tiny-models-trained-synthetic-tasks', scope_box, setting=True, backs=[
        'best', 'each', 'each', 'gen.evidence.scale.add_vs_concat_layers', 'gen.evidence.scale.add_vs_concat_lengths',
        'gen.evidence.scale.add_vs_concat_steps', 'gen.evidence.scale.add_vs_concat_vocab',
        'gen.evidence.scale.add_vs_concat_widths', 'gen.evidence.scale.extrapolation_layers',
        'gen.evidence.scale.extrapolation_lengths', 'gen.evidence.scale.extrapolation_steps',
        'gen.evidence.scale.extrapolation_vocab', 'gen.evidence.scale.learned_shift_matrix_layers',
        'gen.evidence.scale.learned_shift_matrix_lengths', 'gen.evidence.scale.learned_shift_matrix_steps',
        'gen.evidence.scale.position_probe_layers', 'gen.evidence.scale.position_probe_lengths',
        'gen.evidence.scale.position_probe_steps', 'gen.evidence.scale.width', 'gen.evidence.scale.width',
        'gen.evidence.scale.width', 'gen.extrapolation.seeds']),
    computed('each-result-below-says-own',  # the papers' sizes: LITERATURE_SIZES (tests/pages/evidence_checks.py)
        results_below_and_larger,
        setting=True, backs=[
            'as many', 'as many', 'below', 'each', 'gen.evidence.scale.kazemnejad_ratio', 'gen.evidence.scale.ours',
            'gen.evidence.scale.press_ratio_high', 'gen.evidence.scale.press_ratio_low', 'larger', 'times', 'times']),
    prose('where-two-disagree-page-says', "the plan of the experiments' pages: each one's literature section says where its results and the literature disagree"),
    prose('where-these-results-hold', "an admonition title: it names what the box says, whose sentences are checked ('setting', 'each-scoped')"),
    measured('extrapolation-these-two-layer-models',
        lambda: extrapolation_setup() and all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half)(), scope="In these two-layer models trained to \\(L\\) =", backs=['\\(L\\)', '\\(L\\)', '\\(L\\)', '\\(L\\)', 'after', 'gen.extrapolation.k', 'gen.extrapolation.local_max_alibi_beyond', 'gen.extrapolation.max_len', 'gen.extrapolation.window', 'half', 'largest', 'last', 'less', 'twice']),
    cited('at-scale-press-et-al',
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 2.2 and Figure 1 (sinusoidal: 20 to 50 extra tokens; rotary: about 200 and 100; ALiBi: abstract, 1024 to 2048); the same order here: test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half", all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), backs=['1024', '2022', '512', '\\(L\\)', '\\(L\\)', 'later', 'order', 'same']),
    cited('kazemnejad-et-al-2023-found',
        "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in Transformers (arXiv:2305.19466), abstract and section 4: NoPE, in decoder-only models, outperforms the explicit encodings they compare (absolute, T5's relative bias, ALiBi, rotary) in length generalisation on their reasoning and mathematical tasks", backs=['2023', 'longer', 'no']),
    measured('these-two-layer-models-disagree',
        lambda: passes(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l)()
        and "had not learned" in LEDGER.text('these-two-layer-models-disagree')
        and "from those tried" in LEDGER.text('these-two-layer-models-disagree'),
        scope="These two-layer models", backs=['\\(L\\)', 'even', 'gen.extrapolation.k', 'not']),
    measured('paper-s-hypothesis-these-one',
        lambda: all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_the_blocks_between_pairs_are_small_only_at_pair_0, ev.test_the_relative_share_orders_the_heads, ev.test_learned_absolute_solves_it_without_pairs)()
        and Compare(seedstats.order(ev.runs("learned", "relative_share"), ev.runs("trained", "relative_share")), 0),
        scope="In these one-layer heads on token {{ gen.learned_shift_matrix.k }} back", backs=['0', '\\(W\\)', '\\(\\omega_i k\\)', 'gen.learned_shift_matrix.k', 'less', 'most', 'rotation']),
    cited('at-scale-we-know-no',
        "Su et al. 2021, RoFormer (arXiv:2104.09864), section 3.2: the rotation is applied to queries and keys; the sources of shared/research/content_anchors.md measure no trained head for the shift matrix", backs=['2021', 'no', 'rotation']),
    measured('does-position-survive-layers-these', position_summary, scope="In these two-layer models",
        backs=['2', 'both', 'exact', 'less', 'linear']),
    cited('at-scale-haviv-et-al',
        "Haviv et al. 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information (arXiv:2203.16634), abstract and section 5 (probing): absolute position predicted from the states of NoPos causal language models", backs=['2022', 'no']),
    measured('add-or-concatenate-these-narrow',
        lambda: passes(ev.test_every_add_or_concatenate_variant_reaches_the_top)()
        and min(width for _, width, _, _ in data("add_vs_concat")["config"]["variants"].values()) == 8,
        scope="In these narrow models", backs=['100', '8', 'each', 'gen.add_vs_concat.max_len', 'gen.add_vs_concat.vocab']),
    prose('at-scale-we-know-no-2',
        "a statement of what we found in the literature we read (shared/research/content_anchors.md): none trains both on one large model", unbacked=['no']),
    measured('learned-or-fixed-these-two',
        lambda: learned_ties_at_l() and [Truth(room_to_differ())],
        scope="In these two-layer models on token {{ gen.position_probe.k }} back",
        general={'does not': "a tie at 100%, the ceiling, leaves no room to differ, whatever the seeds: no test of a "
                             "comparison (its check: both medians at 100%)"},
        backs=['100', '3', 'both', 'gen.position_probe.k', 'identical', 'not', 'row']),
    prose('h-summary', "a heading"),
    computed('comparison-between-two-settings-more', seed_rule_words, backs=[
        '0', '0', '0.05', '2', r'\(U\)', r'\(p\)', 'above', 'below', 'exact', 'gen.evidence.seed_comparison.p_disjoint',
        'gen.evidence.seed_comparison.seeds', 'gen.evidence.seed_comparison.seeds', 'gen.evidence.seed_comparison.splits',
        'less', 'more', 'not', 'only', 'same']),
    computed('where-seeds-overlap-pages-say', overlap_rule, backs=['cannot']),
    prose('how-p-disjoint-ranges-counted', "an admonition title: names the code folded under it"),
    computed('mann-whitney-s-u-pairs', u_pairs, backs=['above', 'first']),
    computed('headline-figure',
        extrapolation_setup, backs=['16', '3', '4', 'largest', 'last', 'maximum', 'minimum', 'right'], setting=True),
    prose('h-learned', "a heading"),
    cited('table-3-e',
        PAPER + ", section 3.5 and Table 3 row (E): 'nearly identical results'", backs=['3', 'identical', 'row']),
    measured('these-two-layer-models-token', learned_ties_at_l,
        scope="In these two-layer models on token {{ gen.position_probe.k }} back", backs=[
            'both', 'gen.position_probe.k', 'gen.position_probe.learned_causal_right',
            'gen.position_probe.sin_add_causal_right', 'right']),
    computed('their-lowest-seeds-get', lowest_seeds_quoted, backs=[
        'gen.evidence.seed_comparison.learned_lowest', 'gen.evidence.seed_comparison.sin_add_lowest', 'lowest']),
    measured('tie-at-ceiling-cannot-confirm', tie_at_ceiling, scope="these runs",
        general={'cannot': PAPER + ", Table 3 row (E): learned and sinusoidal nearly identical on translation; a tie "
                 "at 100%, the ceiling, leaves no room to differ, so it is no test of the paper's comparison"},
        backs=['3', 'cannot', 'not']),
    cited('bert-no-reason',
        "Devlin et al. 2019, BERT (arXiv:1810.04805), section 3 and appendix A.2: learned position embeddings, sequences of at most 512 tokens; no reason is given for learned over sinusoidal", backs=['2019', '512', 'no', 'rows']),
    computed('fixed-keeps', fixed_keeps_learned_buys, backs=['513', 'every', 'no', 'no', 'row']),
    prose('h-reproduce', "a heading"),
    prose('model-training-loop-probes', "an admonition title: names the library code folded in it"),
    computed('token-embedding-position-handling-post', model_as_documented, backs=['linear']),
    computed('layers-input-batch-t-d', layer_input_as_documented, backs=['any']),
    computed('multi-head-self-attention-with',
        lambda: passes(tt.test_rope_scores_depend_only_on_the_offset)() and alibi_slopes_as_documented() and causal_answers_ignore_later_tokens()),
    computed('attention-logits-batch-heads-query', scores_as_documented, backs=['not']),
    computed('train-fresh-model-adam-steps', one_length_per_step, backs=['each']),
    computed('r-ridge-regression-from-hidden', r2_meaning, backs=['0']),
    computed('t-1-fitted-all-but', passes(tp.test_the_score_is_on_held_out_sequences), backs=['1', 'all', 'last']),
    computed('each-experiment-s-own-setup', experiment_setups_on_their_pages, backs=['each']),
    computed('library', lambda: seven_settings() and post_norm(), backs=['none']),
    computed('from-reference',
        lambda: tables_from_reference() and embedding_init(), backs=[r'\(N(0, 1/d)\)', r'\(\sqrt{d}\)']),
    computed('training-step', one_length_per_step, backs=['each']),
    computed('own-kind', regen_never_forces_experiments, backs=['every']),
    computed('figures-from-results', figures_drawn_from_saved_results, backs=['saved']),
    computed('deterministic', deterministic, backs=['float64']),
    prose('reproducible-across-cpu-kernels', "an admonition title: names what the box explains"),
    computed('kernels-differ', KERNELS_DIFFER, slow=True, backs=['last', 'left', 'not']),
    cited('so-regen-runs-experiments-one',
        PORTABLE_PATH + "; the settings themselves are checked in scripts/regenkit/config.py and the committed JSONs", experiments_are_pinned, backs=['64', 'sin']),
    measured('they-do-verified-only-machines', kernels_verified, scope="only on the machines that run the tests",
        general={'only': "the committed results record their numerical path and no CPU model: no other machine's run "
                         "is saved to compare (its check: the results' numerics)"},
        backs=['64', 'each', 'not', 'only']),
    computed('kernel-test',
        lambda: experiments_are_pinned() and kernel_test_covers_every_experiment(), backs=['each', 'each', 'every']),
    computed('reduced', reduced_is_ten_steps, backs=['both', 'each', 'not', 'same', 'twice']),
    cited('alibi-s-head-slopes-2', "Press et al. 2022, Train Short, Test Long (ALiBi), ICLR, section 3: head slopes 2^(-8/n), 2^(-16/n), ..., 2^(-8)", alibi_slopes_as_documented, backs=['16', '2', '2', '2', '2022', '3', '8', '8']),
    computed('rope-rotate-each-pair-x', rotate_pairs_as_documented, backs=['1', 'each', 'rotate']),
    computed('x-t-d-head-table', rotate_pairs_as_documented, backs=['1', 'column', 'cos', 'sin']),
], typed={
    '100%': 'the ceiling the verdicts name (each checked against the medians by its test), not a copy of one saved value',
})

test_claims_hold = LEDGER.test
