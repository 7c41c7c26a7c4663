"""The claims of docs/tour.md, each with what makes it true (see tests/claimcheck.py).

The tour restates results that other pages prove: its checks reuse those pages' checks and tests (imported as
modules, so that they are not collected twice) and add what is the tour's own (its shuffle snippet, its layout)."""

import re

import torch
import tour.shuffle as shuffle
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


def mixes_weighted_by_similarity() -> bool:
    """Every weight is positive (every word mixes with every other), and in each row a more similar word (larger dot
    product) gets a larger weight."""
    x = shuffle.x
    scores = x @ x.T
    weights = (scores / 8**0.5).softmax(dim=-1)
    ranked = all(torch.equal(torch.argsort(scores[r], stable=True), torch.argsort(weights[r], stable=True))
                 for r in range(len(x)))
    return bool((weights > 0).all()) and ranked and torch.allclose(shuffle.attend(x), weights @ x)


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


def rows_distinct(n: int = 3000, d: int = 128) -> bool:
    pe = positional_encoding(n, d, dtype=torch.float64)
    gaps = torch.cdist(pe, pe) + torch.eye(n, dtype=torch.float64) * 10
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


LEDGER = Ledger(PAGE, [
    prose('title',
             'A guided tour',
             'the title'),
    computed('five-steps',
             'Five steps, one picture each, from the problem to the formula to the property that makes it work.',
             five_steps_one_picture_each),
    computed('each-step-links',
             'Each step ends with a link to the page that explains it fully.',
             each_step_ends_with_a_link),
    computed('heading-order',
             '1. Attention cannot see order',
             attention_ignores_order),
    computed('mixes-by-similarity',
             'Self-attention mixes every word with every other word, weighted by scores from learned products of their queries and keys.',
             mixes_weighted_by_similarity),
    computed('no-position',
             'Nothing in that computation says where a word stands.',
             attention_ignores_order),
    computed('shuffle-same-output',
             'Shuffle the sentence and every word gets the same output as before, just in the new order:',
             attention_ignores_order),
    computed('shuffle-alt-1',
             '![Two heatmaps of attention outputs, one row per word: for "the dog bit the man" and for "man dog bit the the".',
             lambda: attention_ignores_order() and shuffle_figure_sentences()),
    computed('shuffle-alt-2',
             "Each word's row is the same in both; only the order of the rows changes](generated/tour/shuffle.svg)",
             attention_ignores_order),
    computed('look-the-same',
             '"The dog bit the man" and "man dog bit the the" look the same to the model, word for word.',
             lambda: attention_ignores_order() and shuffle_figure_sentences()),
    computed('why-positions-link',
             '[Why positions are needed](why-positions.md) shows this in general and what a position code must do.',
             why_positions_shows_it),
    computed('heading-formula',
             '2. The formula: a sine and a cosine per frequency',
             pairs_share_a_frequency),
    computed('depends-only-on-p',
             "The fix is to add to each word's embedding a vector that depends only on its position \\(p\\).",
             depends_only_on_position),
    computed('same-angle-frequencies',
             'For each pair of columns \\(i\\), the paper takes a sine and a cosine of the same angle \\(p\\,\\omega_i\\), with frequencies \\(\\omega_i = 10000^{-2i/d}\\) that fall from 1 to nearly \\(1/10000\\):',
             lambda: pairs_share_a_frequency() and frequencies_fall_from_one_to_nearly_a_ten_thousandth()),
    computed('curves-alt',
             '![Three pairs of columns of the table for d_model = 128 against position: each pair a sine and a cosine of the same frequency, the wavelength growing from the first pair to the last](generated/formula/per_dimension_curves.svg)',
             lambda: tf.three_pairs_growing() and tf.a_quarter_wave_apart()),
    computed('formula-link',
             '[The formula, indexed right](formula.md) states it precisely, with the indexing slips people make.',
             formula_page_states_it),
    computed('heading-table',
             '3. The table: every position a different pattern',
             rows_distinct),
    computed('fast-then-slow',
             'Stack the vectors of all positions and you get a table whose first columns change fast and whose last columns change slowly, like the hands of a clock:',
             tf.heatmap_stripes_then_bands),
    computed('heatmap-alt',
             '![Two heatmaps of PE for 128 positions and d_model = 128, one row per pair: the sine columns above, the cosine columns below; in both, the first pairs change fast with the position and the last ones slowly](generated/reference_page/heatmap.svg)',
             tf.heatmap_split_by_pair),
    computed('no-two-rows',
             'No two rows are equal ([the proof](beyond.md#no-two-positions-share-an-encoding)), and [the reference implementation](reference.md) builds the table in a few lines.',
             lambda: rows_distinct() and reference_is_short()),
    computed('heading-shift',
             '4. The shift: moving by k is a rotation',
             shift_is_a_matrix),
    computed('point-on-circle',
             'Each pair \\((\\sin p\\omega_i, \\cos p\\omega_i)\\) is a point on a circle.',
             on_the_unit_circle),
    computed('turns-by-k-omega',
             'Moving from position \\(p\\) to \\(p + k\\) turns every point by the angle \\(k\\omega_i\\), whatever \\(p\\) is, so one fixed matrix \\(M_k\\) maps every encoding to the one \\(k\\) positions later:',
             shift_is_a_matrix),
    computed('rotation-alt-circle',
             "![Pair 0's (sin, cos) point for positions 0 to 6 on the unit circle, turning clockwise as p grows, with the radii to p = 1 and to p + k = 3 and the arc between them, the angle ω₀k = 2 radians; the block R₀(k) is written beside the circle, and an open dot marks p − k = −1, where the textbook rotation lands instead](generated/linearity/rotation.svg)",
             rotation_figure),
    computed('linearity-link',
             '[The shift is linear](linearity.md) proves it step by step.',
             linearity_proves_it),
    computed('heading-buys',
             '5. What it buys: similarity depends on distance',
             dot_depends_on_offset),
    computed('dot-by-distance',
             'Because of the rotation, the dot product of two encodings depends only on how far apart the positions are: largest at offset 0, falling over the first offsets, the same on both sides:',
             lambda: dot_depends_on_offset() and tp.symmetric_in_k() and tp.first_minimum_and_rise() and tp.falls_from_zero_to_one()),
    computed('dot-alt-left',
             '![Panel "symmetric in k": PE(p)·PE(p+k) for d_model = 512 against offsets on both sides of 0: symmetric, peaked at 0, its first local minima marked.',
             tp.left_panel),
    computed('dot-alt-right',
             'Panel "the decrease is only local": the same over many more offsets, falling with growing ripples](generated/properties/dot_product_vs_offset.svg)',
             lambda: tp.falling_trend_with_ripples(growing=True)),
    computed('properties-beyond-links',
             '[Properties](properties.md) measures this and its limits; [Beyond the paper](beyond.md) follows the idea to relative encodings and RoPE.',
             properties_and_beyond),
    prose('try-it',
             'To try it yourself, open the [interactive explorer](explorer.md) or the [exercises](exercises.md).',
             'an invitation with two links; the links are checked by the site build'),
])

test_claims_hold = LEDGER.test
