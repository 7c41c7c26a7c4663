"""The claims of docs/properties.md, each with what makes it true (see tests/claimcheck.py)."""

import inspect
import math
import re

import properties.dot_product_vs_offset as dots
import texmath
import torch
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import DOCS, Ledger, cited, computed, equation, passes, prose
from linearity import shift_matrix as linearity_shift_matrix
from properties import norm_and_distance
from reference import positional_encoding
from support import data, number, quoted_jobs, text, values
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
    named = set(re.findall(r"`(test_\w+)`", text))
    tests = {name for name in vars(te) if name.startswith("test_")}
    assert named <= tests, f"{PAGE} names tests that test_properties_code.py lacks: {sorted(named - tests)}"
    assert jobs == set(te.JOBS), f"{PAGE} quotes the jobs {sorted(jobs)}, test_properties_code.py runs {sorted(te.JOBS)}"
    missing = [job for job in jobs if f'"{job}.py:' not in text]
    assert not missing, f"{PAGE} does not show the code of {missing}"
    return True


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
    ok = (number(q["at_zero"]) == c[0].item() == 256 and abs(number(q["at_one"]) - c[1].item()) <= 0.005)
    # in the sentence's order: the terms that fall from k = 0 to 1 ("every"); where they start ("1"); the term that
    # falls least, the slowest ("falls"); the similarity at k = 0, 1, 2 ("falls"); the offsets ("grows")
    slowest = (torch.cos(omega[-1] * 0).item(), torch.cos(omega[-1] * 1).item())
    return ok and [Count(int((torch.cos(omega * 1) < torch.cos(omega * 0)).sum()), omega.numel()),
                   Number(torch.cos(omega * 0).max().item()), Trend(slowest), Trend(tuple(c[:3].tolist())),
                   Trend((0, 1, 2))]


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


def monotone_up_to_the_first_minimum():
    """"It falls monotonically only up to offset first_min": the curve up to the quoted offset ("falls"); the last
    offset of its monotone fall against the quoted one ("up to")."""
    if not first_minimum_and_rise():
        return False
    c, k_min = curve(), int(values("properties/dot_product_vs_offset")["first_min"])
    last_falling = next(k for k in range(1, c.numel()) if c[k] > c[k - 1]) - 1
    return [Trend(tuple(c[: k_min + 1].tolist())), Compare(last_falling, k_min)]


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


def drawn_dot_products() -> dict:
    """What the dot-product figure draws (dot_product_vs_offset-figure.json)."""
    return data("properties/dot_product_vs_offset", "figure")


def one_curve_panel() -> bool:
    """On the drawn data: three or more starting positions p, each PE(p)·PE(p+k) computed from the table, draw one
    curve (they coincide to rounding, and equal the closed form), symmetric in k and peaked at k = 0, on both sides of
    0, for d_model = 512."""
    drawn = drawn_dot_products()
    ks = torch.tensor(drawn["offsets"])
    curves = [torch.tensor(drawn["by_start"][str(p)], dtype=torch.float64) for p in drawn["starts"]]
    closed = dots.dot_by_offset(ks, 512)
    return (drawn["d_model"] == 512 and len(set(drawn["starts"])) == len(curves) == 3 and ks.min() < 0 < ks.max()
            and all(torch.allclose(c, closed, rtol=0, atol=1e-6) for c in curves)
            and all(torch.allclose(c, c.flip(0), rtol=0, atol=1e-6) for c in curves)
            and all(ks[int(c.argmax())] == 0 for c in curves))


def zoomed_panel() -> bool:
    """On the drawn data: the zoom holds the first local minimum (the first offset after which the curve rises), and
    the dip there (the rise to the next offset) is far shallower than the fall before it (under a hundredth of the
    fall from k = 0 to k = 1)."""
    drawn = drawn_dot_products()
    zoom = dict(zip(drawn["zoom_offsets"], drawn["zoom"]))
    far = drawn["far"]
    k = drawn["first_min"]
    first = next(i for i in range(1, len(far)) if far[i] > far[i - 1]) - 1
    dip = zoom[k + 1] - zoom[k]
    return k == first == int(values("properties/dot_product_vs_offset")["first_min"]) and 0 < dip < 0.01 * (far[0] - far[1])


def far_panel() -> bool:
    """On the drawn data (k = 0 .. 2,000): a falling trend with growing ripples (the page's check, on what is drawn),
    rising again at nearly half the steps (the title's count is the data's), so the decrease is only local."""
    drawn = drawn_dot_products()
    far = torch.tensor(drawn["far"], dtype=torch.float64)
    rises = int((far[1:] > far[:-1]).sum())
    return (far.numel() == 2001 and rises == drawn["rises"] and 0.4 < rises / 2000 < 0.5
            and torch.allclose(far, curve(), rtol=0, atol=1e-5) and falling_trend_with_ripples(growing=True))


def one_curve_and_zoom_readings() -> list:
    """The first two panels' readings, on the drawn data (one_curve_panel and zoomed_panel holding first): d_model,
    how many of both sides of 0 the offsets reach, the number of starting positions, whether every curve is
    symmetric in k, the offset of its peak, the zoom's first rise again (from the first local minimum to the next
    offset) and the fall before it (k = 0 to k = 1, ending before the minimum at k)."""
    drawn = drawn_dot_products()
    ks = torch.tensor(drawn["offsets"])
    curves = [torch.tensor(drawn["by_start"][str(p)], dtype=torch.float64) for p in drawn["starts"]]
    zoom = dict(zip(drawn["zoom_offsets"], drawn["zoom"]))
    k, far = drawn["first_min"], drawn["far"]
    return one_curve_panel() and zoomed_panel() and [
        Number(drawn["d_model"], at=0), Count(int(ks.min() < 0) + int(ks.max() > 0), 2),
        Number(int(ks[int(ks.abs().argmin())]), at=1), Number(len(set(drawn["starts"])), at=2),
        Truth(all(torch.allclose(c, c.flip(0), rtol=0, atol=1e-6) for c in curves)),
        Number(max(abs(int(ks[int(c.argmax())])) for c in curves), at=3),
        Trend((zoom[k], zoom[k + 1]), at=0), Trend((far[0], far[1]), at=1), Compare(1, k)]


def far_panel_readings() -> list:
    """The far panel's readings, on the drawn data (far_panel holding first): its last offset (2,000), the trend
    from k = 0 to its end, its first rise again (after the first local minimum), and the steps per rise again (about one step in two: 2,000 steps, 975 rises)."""
    drawn = drawn_dot_products()
    far = torch.tensor(drawn["far"], dtype=torch.float64)
    steps, rises = far.numel() - 1, int((far[1:] > far[:-1]).sum())
    k = drawn["first_min"]
    return far_panel() and [Number(steps), Trend((far[0].item(), far[-1].item()), at=0),
                            Trend((far[k].item(), far[k + 1].item()), at=2), Number(steps / rises)]


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
    # "the same length at every position": the norms to 12 digits against the first, and the positions where they
    # agree; "only its direction changes": no two positions point the same way
    lengths = [round(x, 12) for x in n.tolist()]
    return off.max().item() < 1 - 1e-6 and [Compare(lengths[0], lengths[1:]),
                                            Count(sum(x == lengths[0] for x in lengths), len(lengths))]


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


def toeplitz_and_both_directions(dist: torch.Tensor | None = None) -> bool:
    dist = norm_and_distance.distance_matrix(1000, 512) if dist is None else dist
    forward, backward, from_zero = dist[500, 500:1000], dist[500, :501].flip(0)[:500], dist[0, :500]
    return (norm_and_distance.distance_spread(dist) < 1e-9 and torch.allclose(dist, dist.T)
            and torch.allclose(forward, from_zero, atol=1e-9) and torch.allclose(backward, from_zero, atol=1e-9))


def toeplitz_read():
    """The distance matrix of 1000 positions, d = 512, once toeplitz_and_both_directions holds."""
    dist = norm_and_distance.distance_matrix(1000, 512)
    if not toeplitz_and_both_directions(dist):
        return False
    forward, backward, from_zero = dist[500, 500:1000], dist[500, :501].flip(0)[:500], dist[0, :500]
    # in the sentence's order: the diagonals whose values spread by less than 1e-9 ("every"); the curves from a
    # middle position, forward and backward, to 9 digits, against the one from position 0 ("same"); the starting
    # points whose curve is position 0's ("every"); the directions that agree ("both")
    # the diagonals off the main one (a position's distance to itself is rounding around 0), above and below it
    diagonals = [torch.diagonal(dist, k) for k in range(1 - dist.shape[0], dist.shape[0]) if k]
    flat = [(d.max() - d.min()).item() < 1e-9 for d in diagonals]
    curve = lambda row: tuple(round(x, 9) for x in row[:200].tolist())  # noqa: E731
    starts = [(p, dist[p, p : p + 200]) for p in (0, 100, 250, 500, 799)]
    agree = [torch.allclose(row, from_zero[:200], atol=1e-9) for _, row in starts]
    return [Count(sum(flat), len(flat)), Compare(curve(from_zero), [curve(forward), curve(backward)]),
            Count(sum(agree), len(agree)),
            Count(sum(torch.allclose(r, from_zero, atol=1e-9) for r in (forward, backward)), 2)]


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

def in_short() -> bool:
    """The page's summary: the dot product and the distance depend only on the offset, are even in it, and the norm
    is constant for even widths (and only for them: an odd width's norm varies)."""
    return (all_pass(te.test_dot_product_depends_only_on_the_offset) and symmetric_in_k()
            and all_pass(te.test_distance_depends_only_on_the_offset) and toeplitz_and_both_directions()
            and all_pass(te.test_norm_is_constant_for_even_width, (2, 6, 128, 512))
            and all_pass(te.test_norm_varies_for_odd_width, (5, 9, 513)))

# --- the docstrings the page shows with the code (reviewed after the migration) -----------------------------------


def closed_form_dot_product() -> bool:
    """dot_by_offset(k) = sum_i cos(omega_i k), equal to PE(p) . PE(p + k) at any p; an odd width is refused."""
    from pelib.similarity import dot_by_offset

    d = 16
    pe = positional_encoding(600, d, dtype=torch.float64)
    omega = 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    ks = torch.tensor([0, 1, 5, 44, 300])
    closed = dot_by_offset(ks, d)
    ok = torch.allclose(closed, torch.cos(ks.double()[:, None] * omega).sum(1), rtol=0, atol=1e-12)
    ok &= all(torch.allclose((pe[p] * pe[p + k]).sum(), closed[n], rtol=0, atol=1e-9)
              for n, k in enumerate(ks.tolist()) for p in (0, 7, 250))
    try:
        dot_by_offset(ks, 7)
        return False
    except ValueError:
        pass
    return bool(ok) and passes(te.test_dot_product_depends_only_on_the_offset)()


def first_rise_is_where_the_fall_stops() -> bool:
    from pelib.similarity import first_rise

    curve = torch.tensor([5.0, 4.0, 3.0, 3.5, 2.0])
    return first_rise(curve) == 3 and passes(te.test_dot_product_first_stops_decreasing_at_the_quoted_offset)()


def spread_over_positions_as_documented() -> bool:
    pe = positional_encoding(400, 8, dtype=torch.float64)
    products = (pe[:-5] * pe[5:]).sum(1)
    odd = positional_encoding(4000, 5, dtype=torch.float64)
    return (dots.spread_over_positions(pe, 5) == (products.max() - products.min()).item() < 1e-12
            and dots.spread_over_positions(odd, 5) > 1e-3)  # an odd width's dot product depends on p: it shows


def norms_as_documented() -> bool:
    n = norm_and_distance.norms(50, 6)
    pe = positional_encoding(50, 6, dtype=torch.float64)
    return (n.dtype == torch.float64 and n.shape == (50,) and torch.equal(n, pe.norm(dim=1))
            and passes(te.test_norm_is_constant_for_even_width, 6)())


def distances_as_documented() -> bool:
    dist = norm_and_distance.distance_matrix(40, 6)
    pe = positional_encoding(40, 6, dtype=torch.float64)
    return (dist.shape == (40, 40) and abs(dist[3, 17].item() - (pe[3] - pe[17]).norm().item()) < 1e-12
            and abs(dist[0, 39].item() - (pe[0] - pe[39]).norm().item()) < 1e-12)


def distance_spread_as_documented() -> bool:
    dist = norm_and_distance.distance_matrix(60, 8)
    expected = max((dist.diagonal(k).max() - dist.diagonal(k).min()).item() for k in range(1, 60))
    odd = norm_and_distance.distance_matrix(600, 5)
    return (norm_and_distance.distance_spread(dist) == expected < 1e-9
            and norm_and_distance.distance_spread(odd) > 1e-3 and passes(te.test_distance_depends_only_on_the_offset)())


LEDGER = Ledger('properties.md', [
    equation('dot-product-closed-form'),
    equation('norm-even'),
    equation('norm-odd', ODD),
    equation('distance'),
    prose('title', "the page's title"),
    prose('what-this-page-is', 'the plan of the page: the properties are stated and checked below'),
    computed('in-short',
             in_short, backs=[r'\(d\)', 'depend', 'even', 'every', 'left', 'only', 'right', 'same', 'same']),
    computed('falls-only-over-the-first-offsets',
             lambda: first_minimum_and_rise() and falling_trend_with_ripples() and one_curve_panel() and zoomed_panel(), backs=[r'\(d = 512\)', 'falls', 'first', 'grows', 'only']),
    computed('derived-measured-asserted', described_and_tested, backs=['each']),
    computed('notation',
             notation_is_the_libraries, backs=[r'\(\omega_i = 10000^{-2i/d}\)', r'\(d\)', 'even', 'first', 'right']),
    computed('heading-dot-product',
             lambda: all_pass(te.test_dot_product_depends_only_on_the_offset), backs=['depends', 'only']),
    prose('multiply-and-add', 'the definition of the dot product, an instruction', unbacked=['column', 'column', 'up']),
    computed('pair-contributes-a-cosine',
             pair_term_is_a_cosine_of_the_difference, backs=[r'\(\sin(\omega_i p)\sin(\omega_i q) + \cos(\omega_i p)\cos(\omega_i q) = \cos(\omega_i (p - q))\)', 'cosine', 'each']),
    prose('so', 'a connective: the display that follows is checked (dot-product-closed-form)'),
    computed('position-drops-out',
             lambda: all_pass(te.test_dot_product_depends_only_on_the_offset), backs=[r'\(k\)', r'\(p\)', 'depends', 'each']),
    prose('two-consequences', 'announces the two items below, which are checked'),
    computed('symmetric-in-k',
             symmetric_in_k, backs=[r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p+k) = \mathrm{PE}(p) \cdot \mathrm{PE}(p-k)\)', r'\(k\)', r'\(k\)', r'\(k\)', 'cannot', 'cosine', 'even', 'left', 'right', 'symmetric']),
    computed('table-knows-direction', the_table_knows_the_direction, backs=[r'\(+k\)', r'\(-k\)', 'differs']),
    cited('tener',
           'Yan et al. 2019, TENER: Adapting Transformer Encoder for Named Entity Recognition, arXiv:1911.04474, section 3.2 (the sinusoidal dot product is symmetric in the offset, so direction-unaware; with the projections W_q, W_k the distance-awareness weakens, their Figure 3; a direction-aware relative attention)',
           symmetric_in_k, backs=['1911.04474', '2019']),
    computed('projections-do-not-keep-symmetry',
             lambda: projections_break_the_symmetry(), backs=['4', r'\(W = W_Q^\top W_K\)', r'\(W\)', r'\(\mathrm{PE}(p)^\top W \, \mathrm{PE}(p+k)\)', r'\(\mathrm{PE}(p)^\top W \, \mathrm{PE}(p-k)\)', 'differ', 'differ', 'not']),
    computed('at-zero-half-d', at_zero_it_is_half_d, backs=[r'\(d/2\)', r'\(k = 0\)', 'next']),
    computed('one-value-per-offset', one_value_per_offset_tried, backs=['every']),
    computed('via-the-shift-matrix',
             shift_matrix_gives_the_dot_product, backs=['4', '5', r'\(\mathrm{PE}(p)^{\top} M_k\, \mathrm{PE}(p)\)', 'same']),
    computed('left-right-rounding',
             left_right_is_rounding, backs=['differ', 'float64', 'gen.properties.dot_product_vs_offset.left_right', 'left', 'right']),
    computed('heading-decreases-locally',
             lambda: first_minimum_and_rise() and falling_trend_with_ripples(), backs=['decreases', 'only']),
    computed('falls-from-zero-to-one',
             falls_from_zero_to_one, backs=['1', r'\(\cos(\omega_i k)\)', r'\(k = 0\)', r'\(k = 0\)', r'\(k = 1\)', 'down', 'every', 'falls', 'falls', 'gen.properties.dot_product_vs_offset.at_one', 'gen.properties.dot_product_vs_offset.at_zero', 'grows']),
    computed('fast-pairs-come-back', fast_pairs_come_back_up, backs=['up']),
    computed('first-minimum',
             first_minimum_and_rise, backs=[r'\(d = 512\)', r'\(k =\)', r'\(k =\)', 'falls', 'first', 'gen.properties.dot_product_vs_offset.at_first_min', 'gen.properties.dot_product_vs_offset.at_first_rise', 'gen.properties.dot_product_vs_offset.first_min', 'gen.properties.dot_product_vs_offset.first_rise', 'minimum', 'rises']),
    computed('falling-trend-ripples', falling_trend_with_ripples, backs=['falling']),
    computed('panel-one-curve-pe-p', one_curve_and_zoom_readings,
             backs=['0', '0', '512', 'before', 'both', 'fall', 'first', 'rises', 'symmetric']),
    computed('panel-k-2-000-same', far_panel_readings, backs=['2,000', 'falling', 'growing', 'more', 'rising', 'same']),
    cited('kazemnejad-decays-nicely',
           "Kazemnejad 2019, Transformer Architecture: The Positional Encoding, text by Figure 3 ('symmetrical and decays nicely with time'); shared/research/content_anchors.md §2", backs=['next']),
    computed('monotone-only-to-first-min',
             monotone_up_to_the_first_minimum, backs=[r'\(d = 512\)', 'falls', 'gen.properties.dot_product_vs_offset.first_min', 'only', 'up to']),
    cited('wang-2021-three-properties',
           'Wang et al., On Position Embeddings in BERT, ICLR 2021, https://openreview.net/forum?id=onxoVA9FxMw; shared/research/content_anchors.md §2',
           lambda: all_pass(te.test_dot_product_depends_only_on_the_offset) and symmetric_in_k() and first_minimum_and_rise(), backs=['2021', 'exactly', 'first', 'last', 'only']),
    computed('base-sets-the-fall', base_sets_the_fall, backs=['depends', 'falls']),
    computed('heading-norm-constant',
             lambda: all_pass(te.test_norm_is_constant_for_even_width, (2, 6, 128, 512)), backs=['constant', 'even']),
    computed('k-zero-every-term-one', at_zero_it_is_half_d, backs=[r'\(\cos 0 = 1\)', r'\(k = 0\)', 'every']),
    computed('norm-512',
             norm_is_the_quoted_constant, backs=[r'\(d = 512\)', 'every', 'gen.properties.norm_and_distance.norm_512']),
    computed('same-length-other-direction', same_length_other_direction, backs=['every', 'only', 'same']),
    computed('odd-lone-sine',
             lambda: all_pass(te.test_norm_varies_for_odd_width, (5, 9, 513)), backs=[r'\(\sin^2 + \cos^2 = 1\)', r'\(d\)', 'column', 'cosine', 'last', 'no', 'odd', 'sine']),
    computed('odd-norm-wanders',
             odd_norm_between, backs=[r'\((d+1)/2\)', r'\((d-1)/2\)', r'\(d = 5\)', 'gen.properties.norm_and_distance.odd_sq_max', 'gen.properties.norm_and_distance.odd_sq_min']),
    computed('heading-distance',
             lambda: all_pass(te.test_distance_depends_only_on_the_offset), backs=['depends', 'only']),
    prose('expand-the-square', 'an instruction: the display that follows is checked (distance)', unbacked=['above']),
    computed('neighbours-apart',
             neighbours_apart, backs=[r'\(|p - q|\)', 'gen.properties.norm_and_distance.distance_one', 'only']),
    computed('toeplitz', toeplitz_read, backs=['both', 'constant', 'every', 'every', 'same']),
    computed('figure-distance-left', toeplitz_and_both_directions, backs=['512', 'constant', 'each', 'each', 'first']),
    computed('figure-distance-right', toeplitz_and_both_directions, backs=['0', 'backward', 'forward']),
    prose('raw-table', 'says which object the page is about; the next sentence states and checks the contrast'),
    computed('projections-bend',
             projections_bend_the_offset, backs=[r'\(W_K(x + \mathrm{PE})\)', r'\(W_Q(x + \mathrm{PE})\)', r'\(\mathrm{PE}(p)^\top W_Q^\top W_K \mathrm{PE}(q)\)', r'\(q - p\)', 'depends', 'not', 'only']),
    prose('where-next',
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists', unbacked=['all']),
    computed('the-tests-note',
             the_tests_note, backs=['60', r'\((d-1)/2 + \sin^2\)', 'after', 'below', 'each', 'equal', 'every', 'falling', 'larger', 'right', 'rising', 'up to']),
    prose('closed-form-spread-over-positions', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    computed('rest-run-left-against-right', lambda: left_right_is_rounding() and first_minimum_and_rise(), backs=['first', 'left', 'right', 'rises']),
    computed('similarity-decays-with-distance-true', passes(te.test_dot_product_first_stops_decreasing_at_the_quoted_offset), backs=['only']),
    prose('norm-measured', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('distance-matrix-run-prints-output', 'an admonition title: it names the code folded inside, which states nothing itself; "below" points to the output under it', unbacked=['below']),
    prose('what-survives-inside-model', 'an admonition title: a question the box answers with its own checked sentences'),
    prose('how-page-checked', 'an admonition title: it names the list of checks folded inside'),
    computed('sum-i-cos-omega-i', closed_form_dot_product, backs=['cos', 'each', 'even']),
    computed('pe-p-k-any-p', closed_form_dot_product, backs=['any']),
    computed('first-offset-k-0-with', first_rise_is_where_the_fall_stops, backs=['0', '1', '>', '>', 'decreasing', 'first']),
    computed('max-min-over-p-pe', spread_over_positions_as_documented),
    computed('pe-p-k-0-when', spread_over_positions_as_documented, backs=['0', 'depend', 'not']),
    computed('pe-p-p-0-seq', norms_as_documented, backs=['0', '1', 'float64']),
    computed('d-p-q-pe-p', distances_as_documented, backs=['0', '1']),
    computed('largest-spread-d-along-each', distance_spread_as_documented, backs=['0', 'depends', 'each', 'largest', 'only']),
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
    plain_equal = all(abs(float(table[p] @ table[p + k] - table[p] @ table[p - k])) < 1e-9 for k in range(1, 9))
    # exercise 4 prints |PE(p+k) - PE(p-k)| for each offset it tries: the two vectors differ, by that much
    rows = [line.split("|") for line in text("exercises/left_right").splitlines()[1:]]
    vectors_differ = (rows and "|PE(p+k) - PE(p-k)|" in text("exercises/left_right").splitlines()[0]
                      and all(float(row[-1]) > 1 for row in rows))
    return min(gaps) > 1e-3 and plain_equal and vectors_differ
