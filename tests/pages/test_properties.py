"""The claims of docs/properties.md, each with what makes it true (see tests/claimcheck.py)."""

import inspect
import math
import re

import properties.dot_product_vs_offset as dots
import texmath
import torch
from claimcheck import DOCS, Ledger, cited, computed, equation, passes, prose
from linearity import shift_matrix as linearity_shift_matrix
from properties import norm_and_distance
from reference import positional_encoding
from support import ROOT, number, quoted_jobs, values
from texmath import integers

from pages import (
    test_properties_code as te,  # its tests are reused as checks (imported as a module: not collected twice)
)

PAGE = "properties.md"


def ODD(rng):
    """Odd widths: the display is about the lone sine."""
    return integers(rng, odd=True)


def pe(seq_len: int, d: int) -> torch.Tensor:
    return positional_encoding(seq_len, d, dtype=torch.float64)


def all_pass(test, params=None) -> bool:
    if params is None:
        return passes(test)()
    return all(passes(test, p)() for p in params)


def curve(d: int = 512, n: int = 2001) -> torch.Tensor:
    return dots.dot_by_offset(torch.arange(0, n), d)


def described_and_tested() -> bool:
    """Each property has a snippet shown on the page and a test of tests/pages/test_properties_code.py that asserts it."""
    text = (DOCS / PAGE).read_text(encoding="utf-8")
    jobs = quoted_jobs(text)
    named = re.findall(r"`(test_\w+)`", text)
    return (jobs == set(te.JOBS) and all(f'"{job}.py:' in text for job in jobs) and len(named) == 6
            and all(callable(getattr(te, name, None)) for name in named))


def notation_is_the_libraries() -> bool:
    for d in (8, 64, 512):
        omega = 10000.0 ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)
        if not (torch.allclose(pe(2, d)[1, 0::2], torch.sin(omega), rtol=0, atol=1e-15)
                and torch.allclose(dots.dot_by_offset(torch.tensor([3]), d), torch.cos(3 * omega).sum()[None])):
            return False
    return True


def pair_term_is_a_cosine_of_the_difference() -> bool:
    inline = r"\sin(\omega_i p)\sin(\omega_i q) + \cos(\omega_i p)\cos(\omega_i q) = \cos(\omega_i (p - q))"
    t = pe(400, 64)
    products = (t[:, None, :] * t[None, :, :])  # [p, q, column]
    per_pair = products[..., 0::2] + products[..., 1::2]
    offset = torch.arange(400, dtype=torch.float64)[:, None] - torch.arange(400, dtype=torch.float64)[None, :]
    omega = 10000.0 ** (-torch.arange(0, 64, 2, dtype=torch.float64) / 64)
    return texmath.holds(inline, integers) and torch.allclose(per_pair, torch.cos(offset[..., None] * omega), atol=1e-9)


def symmetric_in_k() -> bool:
    inline = r"\mathrm{PE}(p) \cdot \mathrm{PE}(p+k) = \mathrm{PE}(p) \cdot \mathrm{PE}(p-k)"
    return texmath.holds(inline, integers) and all_pass(te.test_dot_product_is_symmetric_in_the_offset)


def the_table_knows_the_direction() -> bool:
    t = pe(300, 16)
    for k in (1, 5, 37):
        plus, minus = linearity_shift_matrix.shift_matrix(16, k), linearity_shift_matrix.shift_matrix(16, -k)
        if (plus - minus).abs().max() < 0.1:
            return False
        if not torch.allclose(t[100:200] @ plus.T, t[100 + k : 200 + k], atol=1e-9):  # M_k PE(p) = PE(p + k)
            return False
    return True


def at_zero_it_is_half_d() -> bool:
    return all(dots.dot_by_offset(torch.tensor([0]), d).item() == d / 2 and
               torch.allclose((pe(500, d) ** 2).sum(1), torch.full((500,), d / 2, dtype=torch.float64))
               for d in (2, 6, 64, 512))


def one_value_per_offset_tried() -> bool:
    t = pe(3000, 512)
    for k in (1, 5, 20, 500):  # the offsets of snippets/properties/dot_product_vs_offset.py
        d = (t[: 3000 - k] * t[k:]).sum(1)
        if d.numel() < 2000 or dots.spread_over_positions(t, k) > 1e-9:
            return False
        if not torch.allclose(d, dots.dot_by_offset(torch.tensor([k]), 512).expand_as(d), atol=1e-9, rtol=0):
            return False
    return all_pass(te.test_dot_product_depends_only_on_the_offset)


def shift_matrix_gives_the_dot_product() -> bool:
    t = pe(200, 64)
    for k in (1, 7, 40):
        m = linearity_shift_matrix.shift_matrix(64, k)
        via_matrix = torch.einsum("pi,ij,pj->p", t, m, t)  # PE(p)^T M_k PE(p)
        if not torch.allclose(via_matrix, dots.dot_by_offset(torch.tensor([k]), 64).expand(200), atol=1e-9):
            return False
    exercises = (DOCS / "exercises.md").read_text(encoding="utf-8")
    return ("## 5. The dot product depends only on the offset" in exercises and "## 4. Left or right?" in exercises)


def left_right_is_rounding() -> bool:
    bound = number(values("properties/dot_product_vs_offset")["left_right"])
    t = pe(1100, 512)
    p = torch.arange(500, 1000)
    gap = ((t[p] * t[p + 37]).sum(1) - (t[p] * t[p - 37]).sum(1)).abs().max().item()
    return gap < bound <= 1e3 * torch.finfo(torch.float64).eps * 512  # a few ulps of each of 512 products


def falls_from_zero_to_one() -> bool:
    q, c = values("properties/dot_product_vs_offset"), curve()
    omega = 10000.0 ** (-torch.arange(0, 512, 2, dtype=torch.float64) / 512)
    every_term_falls = bool((torch.cos(omega * 1) < torch.cos(omega * 0)).all())  # from 1, each term falls
    return (every_term_falls and number(q["at_zero"]) == c[0].item() == 256 and abs(number(q["at_one"]) - c[1].item()) <= 0.005
            and bool(c[2] < c[1] < c[0]))


def fast_pairs_come_back_up() -> bool:
    k = torch.arange(0, 2001, dtype=torch.float64)
    fastest = torch.cos(k)  # pair 0: omega = 1
    return bool(fastest[5:].max() > 0.99 and fastest[:4].min() < -0.98) and dots.first_rise(curve()) < 2000


def first_minimum_and_rise() -> bool:
    q, c = values("properties/dot_product_vs_offset"), curve()
    k_min, k_up = int(q["first_min"]), int(q["first_rise"])
    return (all_pass(te.test_dot_product_first_stops_decreasing_at_the_quoted_offset) and k_up == k_min + 1
            and bool((c[1 : k_min + 1] < c[:k_min]).all()) and c[k_up] > c[k_min]
            and abs(number(q["at_first_min"]) - c[k_min].item()) <= 0.005
            and abs(number(q["at_first_rise"]) - c[k_up].item()) <= 0.005)


def falling_trend_with_ripples(growing: bool = False) -> bool:
    c = curve()
    start, width = int(values("properties/dot_product_vs_offset")["first_rise"]), 200
    windows = [c[a : a + width] for a in range(start, c.numel() - width + 1, width)]
    means = [w.mean().item() for w in windows]
    ripples = int(((c[1:-1] > c[:-2]) & (c[1:-1] > c[2:])).sum())  # local maxima after the first minimum
    trend = all(a > b for a, b in zip(means, means[1:])) and ripples > 50
    if not growing:
        return trend
    t = torch.arange(width, dtype=torch.float64)
    basis = torch.stack([t, torch.ones_like(t)], 1)

    def ripple(w):  # spread around the window's straight-line trend
        return (w - basis @ torch.linalg.lstsq(basis, w[:, None]).solution[:, 0]).std().item()

    return trend and ripple(windows[-1]) > 1.5 * ripple(windows[0])


def left_panel() -> bool:
    ks = torch.arange(-120, 121)
    near = dots.dot_by_offset(ks, 512)
    source = (ROOT / "snippets" / "properties/dot_product_vs_offset.py").read_text(encoding="utf-8")
    return (torch.allclose(near, near.flip(0), atol=1e-9) and int(near.argmax()) == 120
            and 'near.plot([-(k_up - 1), k_up - 1], [low, low], "o"' in source and "low = curve[k_up - 1]" in source)


def base_sets_the_fall() -> bool:
    at = [dots.dot_by_offset(torch.tensor([10]), 512, base).item() for base in (100.0, 10000.0, 1e6)]
    return at[0] < at[1] < at[2]  # a larger base: slower frequencies, a slower fall


def norm_is_the_quoted_constant() -> bool:
    n = norm_and_distance.norms(10000, 512)
    return number(values("properties/norm_and_distance")["norm_512"]) == math.sqrt(512 / 2) and torch.allclose(
        n, torch.full_like(n, 16.0), atol=1e-12, rtol=0)


def same_length_other_direction() -> bool:
    t = pe(1000, 512)
    n = t.norm(dim=1)
    cos = (t @ t.T) / (n[:, None] * n[None, :])
    off = cos - torch.eye(1000, dtype=torch.float64) * 2  # the diagonal out of the way
    return torch.allclose(n, n[0].expand_as(n), atol=1e-12) and off.max().item() < 1 - 1e-6


def odd_norm_between() -> bool:
    q = values("properties/norm_and_distance")
    for d in (5, 9, 513):
        sq = norm_and_distance.norms(10000, d) ** 2
        if sq.min() < (d - 1) / 2 - 1e-12 or sq.max() > (d + 1) / 2 + 1e-12:
            return False
    sq5 = norm_and_distance.norms(10000, 5) ** 2
    return (number(q["odd_sq_min"]) == (5 - 1) / 2 and number(q["odd_sq_max"]) == (5 + 1) / 2
            and f"{sq5.min().item():.4f}" == q["odd_sq_min"] and f"{sq5.max().item():.4f}" == q["odd_sq_max"])


def neighbours_apart() -> bool:
    dist = norm_and_distance.distance_matrix(600, 512)
    step = torch.diagonal(dist, 1)
    closed = math.sqrt(512 - 2 * dots.dot_by_offset(torch.tensor([1]), 512).item())
    return (abs(number(values("properties/norm_and_distance")["distance_one"]) - closed) <= 5e-4
            and torch.allclose(step, torch.full_like(step, closed), atol=1e-9))


def toeplitz_and_both_directions() -> bool:
    dist = norm_and_distance.distance_matrix(1000, 512)
    forward, backward, from_zero = dist[500, 500:1000], dist[500, :501].flip(0)[:500], dist[0, :500]
    return (norm_and_distance.distance_spread(dist) < 1e-9 and torch.allclose(dist, dist.T)
            and torch.allclose(forward, from_zero, atol=1e-9) and torch.allclose(backward, from_zero, atol=1e-9))


def projections_bend_the_offset() -> bool:
    """PE(p)^T A PE(q), A = W_Q^T W_K: depends on q - p alone for A = I, on p as well for random projections."""
    d, n, k = 64, 300, 5
    t = pe(n + k, d)

    def spread(a: torch.Tensor) -> float:
        term = torch.einsum("pi,ij,pj->p", t[:n], a, t[k : n + k])
        return (term.max() - term.min()).item()

    g = torch.Generator().manual_seed(0)
    w_q, w_k = torch.randn(d, d, generator=g, dtype=torch.float64), torch.randn(d, d, generator=g, dtype=torch.float64)
    return spread(torch.eye(d, dtype=torch.float64)) < 1e-9 and spread(w_q.T @ w_k) > 1.0


def the_tests_note() -> bool:
    first = inspect.getsource(te.test_dot_product_depends_only_on_the_offset)
    odd = inspect.getsource(te.test_norm_varies_for_odd_width)
    return ("range(0, 60)" in first and "pe64(3000" in first and "(d_model - 1) / 2 + torch.sin" in odd
            and all_pass(te.test_dot_product_depends_only_on_the_offset)
            and all_pass(te.test_dot_product_is_symmetric_in_the_offset)
            and all_pass(te.test_dot_product_first_stops_decreasing_at_the_quoted_offset)
            and all_pass(te.test_norm_is_constant_for_even_width, (2, 6, 128, 512))
            and all_pass(te.test_norm_varies_for_odd_width, (5, 9, 513))
            and all_pass(te.test_distance_depends_only_on_the_offset))

LEDGER = Ledger('properties.md', [
    equation('dot-product-closed-form',
             r"\[ \mathrm{PE}(p) \cdot \mathrm{PE}(p + k) = \sum_{i=0}^{d/2 - 1} \cos(\omega_i k) . \]"),
    equation('norm-even',
             r"\[ \lVert \mathrm{PE}(p) \rVert^2 = \sum_i \left(\sin^2(\omega_i p) + \cos^2(\omega_i p)\right) = \frac{d}{2}, \qquad \lVert \mathrm{PE}(p) \rVert = \sqrt{d/2} \]"),
    equation('norm-odd',
             r"\[ \lVert \mathrm{PE}(p) \rVert^2 = \frac{d-1}{2} + \sin^2(\omega_{(d-1)/2}\, p), \]", ODD),
    equation('distance',
             r"\[ \lVert \mathrm{PE}(p) - \mathrm{PE}(q) \rVert^2 = \lVert \mathrm{PE}(p) \rVert^2 + \lVert \mathrm{PE}(q) \rVert^2 - 2\, \mathrm{PE}(p) \cdot \mathrm{PE}(q) = d - 2 \sum_i \cos(\omega_i (p - q)) . \]"),
    prose('title',
           r"Properties",
           "the page's title"),
    prose('what-this-page-is',
           r"An **explanation** of what the geometry of the table gives a model: how similar two encodings are, how long they are, how far apart.",
           'the plan of the page: the properties are stated and checked below'),
    computed('derived-measured-asserted',
             r"Each property is derived in two lines, then measured by the code shown, and asserted in `tests/pages/test_properties_code.py`.",
             described_and_tested),
    computed('notation',
             r"Notation as on [The formula, indexed right](formula.md): \(\omega_i = 10000^{-2i/d}\), \(d\) even unless said otherwise.",
             notation_is_the_libraries),
    computed('heading-dot-product',
             r"The dot product depends only on the offset",
             lambda: all_pass(te.test_dot_product_depends_only_on_the_offset)),
    prose('multiply-and-add',
           r"Multiply two encodings column by column and add up.",
           'the definition of the dot product, an instruction'),
    computed('pair-contributes-a-cosine',
             r"Each pair contributes \(\sin(\omega_i p)\sin(\omega_i q) + \cos(\omega_i p)\cos(\omega_i q) = \cos(\omega_i (p - q))\), the cosine of a difference.",
             pair_term_is_a_cosine_of_the_difference),
    prose('so',
           r"So",
           'a connective: the display that follows is checked (dot-product-closed-form)'),
    computed('position-drops-out',
             r"The position \(p\) has dropped out: how much two encodings resemble each other depends on their offset \(k\) alone.",
             lambda: all_pass(te.test_dot_product_depends_only_on_the_offset)),
    prose('two-consequences',
           r"Two consequences follow at once:",
           'announces the two items below, which are checked'),
    computed('symmetric-in-k',
             r"**It is symmetric in \(k\).** Cosine is even, so \(\mathrm{PE}(p) \cdot \mathrm{PE}(p+k) = \mathrm{PE}(p) \cdot \mathrm{PE}(p-k)\): by dot products alone, the raw encodings cannot tell a token \(k\) places to the left from one \(k\) places to the right.",
             symmetric_in_k),
    computed('table-knows-direction',
             r"(The table itself does know the direction: the shift matrix for \(+k\) differs from the one for \(-k\), see [which way it turns](linearity.md#which-way-it-turns).",
             the_table_knows_the_direction),
    cited('tener',
           r"TENER, Yan et al. 2019, [arXiv:1911.04474](https://arxiv.org/abs/1911.04474), starts from this symmetry of the raw encodings, argues that the query and key projections weaken their sense of distance, and builds a direction-aware variant.",
           'Yan et al. 2019, TENER: Adapting Transformer Encoder for Named Entity Recognition, arXiv:1911.04474, section 3.2 (the sinusoidal dot product is symmetric in the offset, so direction-unaware; with the projections W_q, W_k the distance-awareness weakens, their Figure 3; a direction-aware relative attention)',
           symmetric_in_k),
    computed('projections-break-symmetry',
             r"The projections do not keep the symmetry, though: for a general \(W = W_Q^\top W_K\), \(\mathrm{PE}(p)^\top W \, \mathrm{PE}(p+k)\) and \(\mathrm{PE}(p)^\top W \, \mathrm{PE}(p-k)\) differ, as [exercise 4](exercises.md#4-left-or-right) shows.)",
             lambda: projections_break_the_symmetry()),
    computed('at-zero-half-d',
             r"**At \(k = 0\) it is \(d/2\)**, the squared norm (next section).",
             at_zero_it_is_half_d),
    computed('one-value-per-offset',
             r"For every offset tried, the dot product over thousands of positions has one value, and it is the closed form.",
             one_value_per_offset_tried),
    computed('via-the-shift-matrix',
             r"The same result also follows from the shift matrix, \(\mathrm{PE}(p)^{\top} M_k\, \mathrm{PE}(p)\), one block at a time: [exercise 5](exercises.md#5-the-dot-product-depends-only-on-the-offset) works it through, using the matrix of [the linearity proof](linearity.md#the-statement); [exercise 4](exercises.md#4-left-or-right) checks the symmetry.",
             shift_matrix_gives_the_dot_product),
    computed('left-right-rounding',
             r"Left and right offsets give dot products that differ by {{ gen.properties.dot_product_vs_offset.left_right }}: rounding in float64.",
             left_right_is_rounding),
    computed('heading-decreases-locally',
             r"It decreases only locally",
             lambda: first_minimum_and_rise() and falling_trend_with_ripples()),
    computed('falls-from-zero-to-one',
             r"Near \(k = 0\) every term \(\cos(\omega_i k)\) starts at 1 and falls, so the similarity falls as the offset grows: from {{ gen.properties.dot_product_vs_offset.at_zero }} at \(k = 0\) to {{ gen.properties.dot_product_vs_offset.at_one }} at \(k = 1\) and on down.",
             falls_from_zero_to_one),
    computed('fast-pairs-come-back',
             r"But the fast pairs turn through full circles and come back up.",
             fast_pairs_come_back_up),
    computed('first-minimum',
             r"For \(d = 512\) the sum falls for the first time to a local minimum at \(k =\) **{{ gen.properties.dot_product_vs_offset.first_min }}** ({{ gen.properties.dot_product_vs_offset.at_first_min }}) and rises at \(k = \) {{ gen.properties.dot_product_vs_offset.first_rise }} ({{ gen.properties.dot_product_vs_offset.at_first_rise }}).",
             first_minimum_and_rise),
    computed('falling-trend-ripples',
             r"Beyond that, the curve keeps a falling trend with ripples on top.",
             falling_trend_with_ripples),
    computed('figure-left',
             '![Panel "symmetric in k": PE(p)·PE(p+k) for d_model = 512 against offsets on both sides of 0: symmetric, peaked at 0, its first local minima marked.',
             left_panel),
    computed('figure-right',
             'Panel "the decrease is only local": the same over many more offsets, falling with growing ripples](generated/properties/dot_product_vs_offset.svg)',
             lambda: falling_trend_with_ripples(growing=True)),
    cited('kazemnejad-decays-nicely',
           'Posts often say the dot product "decays nicely" with distance (Kazemnejad, [*Transformer Architecture: The Positional Encoding*](https://kazemnejad.com/blog/transformer_architecture_positional_encoding/), next to his dot-product figure).',
           "Kazemnejad 2019, Transformer Architecture: The Positional Encoding, text by Figure 3 ('symmetrical and decays nicely with time'); shared/research/content_anchors.md §2"),
    computed('monotone-only-to-first-min',
             r"It falls monotonically only up to offset {{ gen.properties.dot_product_vs_offset.first_min }} for \(d = 512\).",
             first_minimum_and_rise),
    cited('wang-2021-three-properties',
           r"Wang et al. (ICLR 2021), [*On Position Embeddings in BERT*](https://openreview.net/forum?id=onxoVA9FxMw), name three properties of position similarity (translation invariance, monotonicity, symmetry) and find that sinusoidal PE has the first and the last exactly and monotonicity only locally, which is what the figure shows.",
           'Wang et al., On Position Embeddings in BERT, ICLR 2021, https://openreview.net/forum?id=onxoVA9FxMw; shared/research/content_anchors.md §2',
           lambda: all_pass(te.test_dot_product_depends_only_on_the_offset) and symmetric_in_k() and first_minimum_and_rise()),
    computed('base-sets-the-fall',
             r"How quickly the curve falls depends on the base: see [what the base sets](base.md#what-the-base-sets).",
             base_sets_the_fall),
    computed('heading-norm-constant',
             r"The norm is constant for even `d_model`",
             lambda: all_pass(te.test_norm_is_constant_for_even_width, (2, 6, 128, 512))),
    computed('k-zero-every-term-one',
             r"Put \(k = 0\): every term is \(\cos 0 = 1\), so",
             at_zero_it_is_half_d),
    computed('norm-512',
             r"for every position: {{ gen.properties.norm_and_distance.norm_512 }} for \(d = 512\).",
             norm_is_the_quoted_constant),
    computed('same-length-other-direction',
             r"Adding the table to an embedding adds a vector of the same length at every position; only its direction changes.",
             same_length_other_direction),
    computed('odd-lone-sine',
             r"For an **odd** \(d\) the lone sine of the last column has no cosine to complete \(\sin^2 + \cos^2 = 1\):",
             lambda: all_pass(te.test_norm_varies_for_odd_width, (5, 9, 513))),
    computed('odd-norm-wanders',
             r"which wanders between \((d-1)/2\) and \((d+1)/2\): for \(d = 5\), between {{ gen.properties.norm_and_distance.odd_sq_min }} and {{ gen.properties.norm_and_distance.odd_sq_max }}.",
             odd_norm_between),
    computed('heading-distance',
             r"Distance depends only on the offset |p − q|",
             lambda: all_pass(te.test_distance_depends_only_on_the_offset)),
    prose('expand-the-square',
           r"Expand the square and use the two results above:",
           'an instruction: the display that follows is checked (distance)'),
    computed('neighbours-apart',
             r"The distance between two positions is a function of \(|p - q|\) only: neighbours are {{ gen.properties.norm_and_distance.distance_one }} apart wherever they sit.",
             neighbours_apart),
    computed('toeplitz',
             r"The distance matrix is constant along every diagonal (a Toeplitz matrix), and the curve of distance against offset is the same from every starting point, in both directions.",
             toeplitz_and_both_directions),
    computed('figure-distance-left',
             '![Panel "constant along each diagonal": the distance matrix of the first positions for d_model = 512, one value along each diagonal.',
             toeplitz_and_both_directions),
    computed('figure-distance-right',
             'Panel "three curves, one line": distance against offset from position 0, and forward and backward from a middle position: the three curves lie on one line](generated/properties/norm_and_distance.svg)',
             toeplitz_and_both_directions),
    prose('raw-table',
           r"These are properties of the raw table.",
           'says which object the page is about; the next sentence states and checks the contrast'),
    computed('projections-bend',
             r"Attention compares \(W_Q(x + \mathrm{PE})\) with \(W_K(x + \mathrm{PE})\), and the learned projections can bend them: the position–position term \(\mathrm{PE}(p)^\top W_Q^\top W_K \mathrm{PE}(q)\) depends only on \(q - p\) for special matrices, not in general.",
             projections_bend_the_offset),
    prose('where-next',
           r"Why the table is added to the embedding at all is on [Add or concatenate?](add-or-concatenate.md#why-a-sum-and-not-a-concatenation); how relative encodings and RoPE build the offset in by construction is on [Beyond the paper](beyond.md#from-the-rotation-to-relative-encodings).",
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists'),
    computed('the-tests-note',
             r"`test_dot_product_depends_only_on_the_offset` (every offset below 60 and a few larger ones, thousands of positions each, against the closed form), `test_dot_product_is_symmetric_in_the_offset`, `test_dot_product_first_stops_decreasing_at_the_quoted_offset` (strictly falling up to the quoted offset, rising right after, and equal to the value on this page), `test_norm_is_constant_for_even_width`, `test_norm_varies_for_odd_width` (against \((d-1)/2 + \sin^2\)), and `test_distance_depends_only_on_the_offset`.",
             the_tests_note),
])

test_claims_hold = LEDGER.test


def projections_break_the_symmetry() -> bool:
    """A random W = W_Q^T W_K scores PE(p) against PE(p + k) and PE(p - k) differently (a symmetric W built from the
    same draw, W + W^T, does not break it for the plain dot product, but a general W does)."""
    generator = torch.Generator().manual_seed(0)
    d, p = 64, 40
    wq, wk = (torch.randn(d, d, generator=generator, dtype=torch.float64) for _ in range(2))
    w = wq.T @ wk
    table = positional_encoding(2 * p + 1, d, dtype=torch.float64)
    gaps = [abs(float(table[p] @ w @ table[p + k] - table[p] @ w @ table[p - k])) for k in range(1, 9)]
    return min(gaps) > 1e-3 and all(abs(float(table[p] @ table[p + k] - table[p] @ table[p - k])) < 1e-9
                                    for k in range(1, 9))
