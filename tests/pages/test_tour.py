"""The claims of docs/tour.md, each with what makes it true (see tests/claimcheck.py).

The tour restates results that other pages prove: its checks reuse those pages' checks and tests (imported as
modules, so that they are not collected twice) and add what is the tour's own (its shuffle snippet, its layout)."""

import re

import test_questions as tq
import torch
import tour.shuffle as shuffle
from claim_words import Compare, Count, Number
from claimcheck import DOCS, Ledger, computed, passes, prose
from pelib.shift import shift_matrix
from reference import frequencies, positional_encoding
from support import ROOT

from pages import test_formula as tf
from pages import test_linearity_code as tl
from pages import test_properties as tp
from pages import test_properties_code as tpc
from pages import test_tour_code as tc

PAGE = "tour.md"


def page() -> str:
    return (DOCS / PAGE).read_text(encoding="utf-8")


def steps() -> list[str]:
    """The page's sections, one per step, headings included."""
    return re.split(r"\n(?=## )", page())[1:]


def five_steps_one_picture_each() -> bool:
    return (len(steps()) == 5 and all(s.startswith(f"## {n}. ") and s.count("![") == 1 for n, s in enumerate(steps(), 1))
            and passes(tc.test_home_links_the_tour_first)())


def each_step_ends_with_a_link() -> bool:
    links = [re.findall(r"\]\(([\w/-]+\.md)", s.strip().split("\n\n")[-1]) for s in steps()]
    return all(links) and all((DOCS / link).exists() for found in links for link in found)


def attention_ignores_order() -> bool:
    return passes(tc.test_shuffled_sentence_gets_shuffled_outputs)()


def five_steps_read():
    """"Five steps, one picture each": the numbered steps, and those with exactly one picture."""
    if not five_steps_one_picture_each():
        return False
    return [Number(len(steps())), Count(sum(s.count("![") == 1 for s in steps()), len(steps()))]


def shuffle_read():
    """"every word gets the same output as before": the words of the shuffled sentence whose output row is, to 6
    decimals, the row their word had in the original order; those rows against the original ones ("same")."""
    if not attention_ignores_order():
        return False
    moved, before = shuffle.attend(shuffle.x[shuffle.order]), shuffle.attend(shuffle.x)[shuffle.order]
    rows = lambda t: [tuple(round(v, 6) for v in row) for row in t.tolist()]  # noqa: E731
    same = sum(torch.allclose(a, b, atol=1e-6) for a, b in zip(moved, before))
    return [Count(same, len(shuffle.words)), Compare(rows(moved), [rows(before)], at=0)]


def no_two_rows_read(n: int = 3000, d: int = 128):
    """"No two rows are equal": the pairs of the first 3,000 rows (d = 128) closer than 1e-3, of all pairs."""
    gaps = _gaps(n, d)
    if not (rows_distinct(n, d, gaps) and reference_is_short()):
        return False
    close = int((gaps < 1e-3).sum().item() // 2)  # the diagonal lifted out, each pair counted once
    return [Count(close, n * (n - 1) // 2)]


def mixes_weighted_by_similarity() -> bool:
    """With learned projections (random ones here) every weight is positive (every word mixes with every other), the
    weights are the softmax of the query-key products, which rank the words differently from their plain similarity,
    and a shuffle still only permutes the outputs; the snippet's head is the case W_Q = W_K = W_V = I."""
    x = shuffle.x
    g = torch.Generator().manual_seed(1)
    w_q, w_k, w_v = (torch.randn(8, 8, generator=g) for _ in range(3))

    def head(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        weights = ((x @ w_q) @ (x @ w_k).T / 8**0.5).softmax(dim=-1)
        return weights, weights @ (x @ w_v)

    weights, out = head(x)
    order = shuffle.order
    similarity = x @ x.T
    not_similarity = any(not torch.equal(torch.argsort(similarity[r], stable=True), torch.argsort(weights[r], stable=True))
                         for r in range(len(x)))
    identity = torch.allclose(shuffle.attend(x), (x @ x.T / 8**0.5).softmax(dim=-1) @ x)
    return (bool((weights > 0).all()) and not_similarity and identity
            and torch.allclose(head(x[order])[1], out[order], atol=1e-5))


def shuffle_figure_sentences() -> bool:
    """The figure's two sentences are the snippet's: the words and the shuffled order."""
    return (" ".join(shuffle.words) == "the dog bit the man"
            and " ".join(shuffle.words[i] for i in shuffle.order) == "man dog bit the the")


def why_positions_shows_it() -> bool:
    text = (DOCS / "why-positions.md").read_text(encoding="utf-8")
    return text.startswith("# Why positions are needed") and "## What we want from a position code" in text


def depends_only_on_position() -> bool:
    """The table is a function of the position alone: the same rows whatever the length asked for."""
    return torch.equal(positional_encoding(50, 64)[:20], positional_encoding(20, 64))


def pairs_share_a_frequency() -> bool:
    return tf.columns_of_a_pair_share_a_frequency()


def frequencies_fall_from_one_to_nearly_a_ten_thousandth() -> bool:
    for d in (64, 128, 512):
        w = frequencies(d)
        closed = 10000.0 ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)
        if not (torch.allclose(w.double(), closed, rtol=1e-12, atol=0) and w[0] == 1
                and bool((w[1:] < w[:-1]).all()) and 1e-4 < w[-1] < 1.2e-4 * (1 + 64 / d)):
            return False
    return True


def formula_page_states_it() -> bool:
    text = (DOCS / "formula.md").read_text(encoding="utf-8")
    return text.startswith("# The formula, indexed right") and "### What the misreadings do" in text


def _gaps(n: int, d: int) -> torch.Tensor:
    """The distances between the first n rows of the table (d wide), the diagonal lifted out of the way."""
    pe = positional_encoding(n, d, dtype=torch.float64)
    return torch.cdist(pe, pe) + torch.eye(n, dtype=torch.float64) * 10


def rows_distinct(n: int = 3000, d: int = 128, gaps: torch.Tensor | None = None) -> bool:
    gaps = _gaps(n, d) if gaps is None else gaps
    beyond = (DOCS / "beyond.md").read_text(encoding="utf-8")
    return gaps.min().item() > 1e-3 and "## No two positions share an encoding" in beyond


def reference_is_short() -> bool:
    source = (ROOT / "snippets" / "reference.py").read_text(encoding="utf-8")
    body = re.search(r"\ndef positional_encoding\(.*?(?=\n\S)", source, re.S).group(0)
    code = [ln for ln in body.splitlines() if ln.strip() and not ln.strip().startswith(("#", '"""'))]
    return len(code) <= 40


def on_the_unit_circle() -> bool:
    pe = positional_encoding(500, 64, dtype=torch.float64)
    return torch.allclose(pe[:, 0::2] ** 2 + pe[:, 1::2] ** 2, torch.ones(500, 32, dtype=torch.float64), atol=1e-14)


def shift_is_a_matrix() -> bool:
    return all(passes(tl.test_shift_identity_many_positions_and_offsets, d)() for d in (8, 64))


def rotation_figure() -> bool:
    import linearity.rotation as fig

    return (passes(tl.test_rotation_figure_claims)() and fig.K == 2 and len(fig.point) == 7
            and torch.allclose(fig.wrong, fig.behind)
            and fig.terms.shape[1] == 4 and tuple(shift_matrix(8, 3).shape) == (8, 8))


def linearity_proves_it() -> bool:
    return (DOCS / "linearity.md").read_text(encoding="utf-8").startswith("# The shift is linear")


def dot_depends_on_offset() -> bool:
    return passes(tpc.test_dot_product_depends_only_on_the_offset)()


def properties_and_beyond() -> bool:
    beyond = (DOCS / "beyond.md").read_text(encoding="utf-8")
    return "## From the rotation to relative encodings" in beyond and "RoPE" in beyond and tp.described_and_tested()


def tour_attend_as_documented() -> bool:
    """attend(): softmax(x x^T / sqrt(8)) x, one head, no projection and nothing added for positions."""
    x = torch.randn(5, 8, generator=torch.Generator().manual_seed(0))
    return torch.allclose(shuffle.attend(x), torch.softmax(x @ x.T / 8**0.5, dim=-1) @ x)


def questions_linked_or_open() -> Count:
    """How many of the listed questions are linked to a section that exists (an answer anchor the pages hold) or,
    without an answer, give a reason to stay open: each of them (test_questions.py's two guards hold first)."""
    fine = [bool(q.answer) != bool(q.open) and not tq.missing_answers([q]) for q in tq.QUESTIONS]
    return (passes(tq.test_every_question_has_an_answer_or_a_reason_to_stay_open)()
            and passes(tq.test_every_answer_anchor_exists)() and Count(sum(fine), len(fine)))


LEDGER = Ledger(PAGE, [
    prose('title', 'the title'),
    computed('five-steps', five_steps_read, backs=['each']),
    computed('each-step-links', each_step_ends_with_a_link, backs=['each']),
    computed('heading-order', attention_ignores_order, backs=['1', 'cannot', 'order']),
    computed('mixes-by-similarity', mixes_weighted_by_similarity, backs=['every', 'every']),
    computed('no-position', attention_ignores_order),
    computed('shuffle-same-output', shuffle_read, backs=['before', 'every', 'order', 'same']),
    computed('shuffle-alt-1', lambda: attention_ignores_order() and shuffle_figure_sentences(), backs=['row']),
    computed('shuffle-alt-2', attention_ignores_order, backs=['both', 'each', 'only', 'order', 'row', 'rows', 'same']),
    computed('look-the-same', lambda: attention_ignores_order() and shuffle_figure_sentences(), backs=['same']),
    computed('why-positions-link', why_positions_shows_it),
    computed('heading-formula', pairs_share_a_frequency, backs=['2', 'cosine', 'sine']),
    computed('depends-only-on-p', depends_only_on_position, backs=[r'\(p\)', 'depends', 'each', 'only']),
    computed('same-angle-frequencies',
             lambda: pairs_share_a_frequency() and frequencies_fall_from_one_to_nearly_a_ten_thousandth(), backs=['1', r'\(1/10000\)', r'\(\omega_i = 10000^{-2i/d}\)', r'\(i\)', r'\(p\,\omega_i\)', 'columns', 'cosine', 'each', 'fall', 'same', 'sine']),
    computed('curves-alt',
             lambda: tf.three_pairs_growing() and tf.a_quarter_wave_apart(), backs=['128', 'columns', 'cosine', 'each', 'first', 'growing', 'last', 'same', 'sine']),
    computed('formula-link', formula_page_states_it, backs=['right']),
    computed('heading-table', rows_distinct, backs=['3', 'different', 'every']),
    computed('fast-then-slow', tf.heatmap_stripes_then_bands, backs=['all', 'columns', 'columns', 'first', 'last']),
    computed('heatmap-alt',
             tf.heatmap_split_by_pair, backs=['128', '128', 'above', 'below', 'both', 'columns', 'columns', 'cosine', 'first', 'last', 'row', 'sine']),
    computed('no-two-rows', no_two_rows_read, backs=['equal', 'no', 'rows']),
    computed('heading-shift', shift_is_a_matrix, backs=['4', 'rotation']),
    computed('point-on-circle', on_the_unit_circle, backs=[r'\((\sin p\omega_i, \cos p\omega_i)\)', 'each']),
    computed('turns-by-k-omega',
             shift_is_a_matrix, backs=[r'\(M_k\)', r'\(k\)', r'\(k\omega_i\)', r'\(p + k\)', r'\(p\)', r'\(p\)', 'every', 'every', 'later']),
    computed('rotation-alt-circle',
             rotation_figure, backs=['0', '0', '1', '1', '2', '3', '6', 'clockwise', 'cos', 'grows', 'rotation', 'sin']),
    computed('linearity-link', linearity_proves_it, backs=['linear']),
    computed('heading-buys', dot_depends_on_offset, backs=['5', 'depends']),
    computed('dot-by-distance',
             lambda: dot_depends_on_offset() and tp.symmetric_in_k() and tp.first_minimum_and_rise() and tp.LEDGER.holds('falls-from-zero-to-one'), backs=['0', 'both', 'depends', 'falling', 'first', 'largest', 'only', 'rotation', 'same']),
    computed('panel-one-curve-pe-p', tp.one_curve_and_zoom_readings,
             backs=['0', '0', '512', 'before', 'both', 'fall', 'first', 'rises', 'symmetric']),
    computed('panel-k-2-000-same', tp.far_panel_readings, backs=['2,000', 'falling', 'growing', 'more', 'rising', 'same']),
    computed('properties-beyond-links', properties_and_beyond),
    prose('try-it', 'an invitation with two links; the links are checked by the site build'),
    computed('one-attention-head-with-identity', tour_attend_as_documented, backs=['no']),
    prose('arrived-with-question-your-own', 'a question put to the reader, leading to the link that follows'),
    computed('questions-people-ask-lists-questions',
             questions_linked_or_open, backs=['each']),
])

test_claims_hold = LEDGER.test
