"""The claims of docs/evidence/shift-matrix.md, each with what makes it true (see tests/claimcheck.py).

Its entries moved here from the evidence page's ledger with their sentences (same ids); the checks they share with
the other evidence pages live in tests/pages/evidence_checks.py.
"""

import seedstats
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, measured, passes, prose
from support import data, values

from pages.evidence_checks import (
    all_pass,
    configs,
    ev,
    experiments_share_the_library,  # noqa: F401
    random_block_baseline,
    relative_share_is_basis_free,
    rotation_part_of_m_k,
    score_is_bilinear,
    shift_identity,
    shifted_dot_peaks_k_back,
)


def drawn_shift_figures() -> bool:
    """On what the figures state (learned_shift_matrix-figure.json; tests/test_figures.py recomputes it from the
    experiment's results): the shown W's blocks outlined are fast pairs, the titles' counts are the saved ones, and the
    cosine figure draws the sinusoidal heads only (trained and at random init), not a head on a learned table."""
    drawn = data("evidence/learned_shift_matrix", "figure")
    return (set(drawn["outlined_pairs"]) <= {0, 1, 2, 3} and drawn["random_largest_cos"] < 0.1
            and drawn["angle_title"].startswith(f"{drawn['trained_all_fast']} of 5 trained seeds")
            and drawn["cosine_title"].startswith(f"{drawn['peak_at_k']} of 5 trained sinusoidal heads")
            and drawn["cosine_series"] == ["trained", "random_init"])



def cosine_figure_as_drawn():
    """The cosine figure as drawn (learned_shift_matrix-figure.json): whether a head on a learned table is among the
    series drawn (the sentence says it is not), with the peak at k and the figure's other statements as preconditions."""
    drawn = data("evidence/learned_shift_matrix", "figure")
    ok = passes(ev.test_similarity_peaks_at_k)() and drawn_shift_figures()
    return ok and Truth(any("learned" in series for series in drawn["cosine_series"]))


def slow_pairs_as_said():
    """Pairs from fast_pairs on (4 and up) and their largest w_i k (at most 0.3 rad); in each seed, the number of
    slow pairs off w_i k by more than the quoted stray is at least the quoted lower count (the count-th largest
    error of every seed is more than the stray)."""
    from reference import frequencies

    shift, shown = ev.SHIFT, values("evidence/shift_pairs")
    fast, k, stray = shift["config"]["fast_pairs"], shift["config"]["k"], float(shown["stray"])
    slow_w = [float(w) * k for w in frequencies(shift["config"]["d_model"])[fast:]]
    errors = [sorted(ev.slow_pairs_off(seed, stray=0.0), reverse=True) for seed in ev.SHIFT_SEEDS]
    nth = int(shown["slow_off_min"])
    return passes(ev.test_slow_pairs_do_not_follow)() and [
        Number(fast, at=0), Number(max(slow_w), at=1),
        Count(sum(any(e > stray for e in seed) for seed in errors), len(errors)),
        Compare(min(seed[nth - 1] for seed in errors), stray)]


def block_diagonal_as_said():
    """From W's fast corner as saved: the pair whose rows keep most of their norm in their own block in every seed
    (pair 0), whether any pair beyond it does (the sentence says not), the pairs after it (1 to 3), and the largest
    share a later pair keeps (at most the quoted one, to two decimals); independent entries give 1/pairs."""
    fast = ev.SHIFT["config"]["fast_pairs"]
    own = [ev.corner_shares(seed)[1] for seed in ev.SHIFT_SEEDS]
    diagonal = [i for i in range(fast) if all(o[i] > 0.5 for o in own)]
    first = diagonal[0] if len(diagonal) == 1 else -1
    later = [o[i] for o in own for i in range(fast) if i != first]
    iid = ev.SHIFT["random_block"]["diagonal_share_iid"]
    independent_says = abs(iid - 1 / fast) < 1e-12  # the independent baseline's expected share
    return passes(ev.test_the_blocks_between_pairs_are_small_only_at_pair_0)() and [
        Number(first, at=0), Truth(len(diagonal) > 1, at=0), Truth(not independent_says, at=1),
        Number(first, at=1), Number(first + 1, at=2), Number(fast - 1, at=3),
        Compare(round(max(later), 2), float(values("evidence/shift_pairs")["own_max"])),
        Truth(not independent_says, at=2)]

LEDGER = Ledger('evidence/shift-matrix.md', [
    prose('h-shift', "a heading"),
    measured('these-one-layer-heads-trained',
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_the_rotation_shares_beat_random_blocks, ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer heads trained on token {{ gen.learned_shift_matrix.k }} back", backs=['most', 'cos', 'cos', 'fastest', 'gen.learned_shift_matrix.k', 'more', 'same', 'sin', 'sin']),
    prose('test', "a heading"),
    prose('findings', "a heading"),
    prose('at-scale-literature', "a heading"),
    prose('reproduce', "a heading"),
    prose('experiment-s-setup', "an admonition title: names the code folded in it"),
    computed('model-training-loop-all-four', experiments_share_the_library, backs=['all']),
    computed('shift-identity',
        shift_identity, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p + k) = M_k\,\mathrm{PE}(p)\)', r'\(\omega_i k\)', r'\(i\)', 'cos', 'each', 'rotation', 'sin']),
    computed('score-bilinear',
        lambda: score_is_bilinear() and shifted_dot_peaks_k_back(), backs=[r'\(M_k\)', r'\(W = W_Q^{\top} W_K / \sqrt{d_{\text{head}}}\)', r'\(W\)', r'\(\mathrm{PE}(m)^{\top} M_k\, \mathrm{PE}(n)\)', r'\(k\)', r'\(m\)', r'\(n = m - k\)', r'\(n\)', r'\(x_m^{\top} W x_n\)', 'largest']),
    computed('shift-setup',
        lambda: configs()['learned_shift_matrix']['n_heads'] == 1 and configs()['learned_shift_matrix']['n_layers'] == 1 and rotation_part_of_m_k(), backs=['2', '2', r'\(W\)', r'\(\begin{pmatrix} a & b \\ -b & a \end{pmatrix}\)', 'each', 'gen.learned_shift_matrix.d_model', 'gen.learned_shift_matrix.k', 'gen.learned_shift_matrix.seeds', 'gen.learned_shift_matrix.steps', 'rotation', 'rotation', '×'], setting=True),
    computed('shift-chance',
        random_block_baseline, backs=['0', '1', '2', '2', 'each', 'gen.learned_shift_matrix.fast_pairs', 'gen.learned_shift_matrix.random_median_share', 'gen.learned_shift_matrix.random_median_smallest', 'independent', 'same', 'smallest', '×'], setting=True),
    computed('basis-free',
        relative_share_is_basis_free, backs=[r'\(\mathrm{PE}(m)^{\top} W\, \mathrm{PE}(n)\)', r'\(k\)', r'\(m - n\)', 'depend', 'each', 'not']),
    computed('shift-figure',
        lambda: all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_slow_pairs_do_not_follow)()
        and drawn_shift_figures(), backs=['0', '0', '0', '1', '3', '3', '3', 'after', 'each', 'each', 'each', 'first', 'next', 'rotation', 'rotation', 'same', 'same', 'times']),
    computed('cosine-similarity-w-with-m', cosine_figure_as_drawn,
        backs=['0', '0.1', '0.28', '3', '8', 'cosine', 'every', 'not', 'within', 'zero']),
    prose('shift-lead',
        "introduces the list; each item names its scope", unbacked=['each', 'gen.learned_shift_matrix.k']),
    measured('shift-fast-pairs',
        passes(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds), scope="in these one-layer heads", backs=[r'\(\omega_i k\)', 'fastest', 'gen.learned_shift_matrix.fast_pairs', 'gen.learned_shift_matrix.random_init_fast_error', 'gen.learned_shift_matrix.trained_fast_error', 'largest', 'rotate', 'same', 'within']),
    measured('shift-more-than-chance',
        passes(ev.test_the_rotation_shares_beat_random_blocks), scope="in these one-layer heads", backs=['gen.learned_shift_matrix.random_init_fast_share', 'gen.learned_shift_matrix.random_median_smallest', 'gen.learned_shift_matrix.trained_fast_share', 'more', 'rotation', 'rotation', 'smallest', 'smallest']),
    measured('these-heads-block-diagonal-at', block_diagonal_as_said, scope="In these heads", backs=[
            '0', '0', '1', '3', r'\(W\)', r'\(W\)', r'\(W\)', 'at most', 'gen.evidence.shift_pairs.own_iid',
            'gen.evidence.shift_pairs.own_max', 'gen.evidence.shift_pairs.pair0_max', 'gen.evidence.shift_pairs.pair0_min',
            'gen.learned_shift_matrix.diagonal_share_iid', 'gen.learned_shift_matrix.trained_diagonal', 'independent',
            'independent', 'not', 'rows', 'saved']),
    measured('shift-part-of-w',
        passes(ev.test_similarity_peaks_at_k), scope="In these heads", backs=['0', '0.1', '8', r'\(M_j\)', r'\(M_k\)', r'\(W\)', r'\(W\)', r'\(j = k\)', r'\(j\)', 'cosine', 'each', 'each', 'gen.learned_shift_matrix.trained_cos_k', 'within', 'zero']),
    measured('these-heads-slow-pairs-4', slow_pairs_as_said, scope="In these heads", backs=[
            '0.3', '4', r'\(\omega_i k\)', 'at most', 'each',
            'gen.evidence.shift_pairs.slow_off_max', 'gen.evidence.shift_pairs.slow_off_min',
            'gen.evidence.shift_pairs.slow_pairs', 'gen.evidence.shift_pairs.stray', 'more', 'up']),
    measured('shift-learned',
        passes(ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer models", backs=['13', r'\(k\)', 'each', 'gen.learned_shift_matrix.learned_hits']),
    computed('shift-relative',
        passes(ev.test_the_relative_share_orders_the_heads), backs=['gen.learned_shift_matrix.learned_relative', 'gen.learned_shift_matrix.random_init_relative', 'gen.learned_shift_matrix.trained_relative', 'maximum', 'minimum', 'order']),
    measured('shift-one-solution',
        lambda: passes(ev.test_the_relative_share_orders_the_heads)() and seedstats.holds(
            LEDGER.text('shift-one-solution'), "by their offset,", ev.runs("learned", "relative_share"),
            ev.runs("trained", "relative_share")), scope="In these heads", backs=['faster', 'left', 'less']),
    cited('rope-builds-it',
        "Su et al. 2021, RoFormer (arXiv:2104.09864), section 3.2: the rotation is applied to queries and keys; the sources of shared/research/content_anchors.md measure no trained head for M_k", backs=['2021', r'\(M_k\)', 'no', 'rotation'])
], typed={
})

test_claims_hold = LEDGER.test
