"""The claims of docs/formula.md, each with what makes it true (see tests/claimcheck.py)."""

import math
import random
import re

import sympy
import texmath
import torch
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import DOCS, Ledger, cited, computed, equation, passes, prose, read_page
from formula import forms as formula_forms
from formula import wavelengths
from pelib.variants import tensor2tensor as variant_tensor2tensor
from reference import positional_encoding
from support import ROOT, data, number, quoted_equals, quoted_jobs, values

from pages import test_formula_code as formula_tests
from pages import test_properties_code as properties_tests

PAGE = "formula.md"
WIDTHS = (2, 6, 64, 512, 1, 5, 7, 129)  # even and odd
PAPER = "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding"


def pe(seq_len: int, d: int) -> torch.Tensor:
    return positional_encoding(seq_len, d, dtype=torch.float64)


def oracle(seq_len: int, d: int) -> torch.Tensor:
    """The paper's definition, computed independently of the library (tests/texmath.py): sin in 2i, cos in 2i+1."""
    return torch.tensor([texmath.table(p, d, 10000.0).tolist() for p in range(seq_len)], dtype=torch.float64)


def omega(d: int) -> torch.Tensor:
    return 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)


def all_pass(test, params) -> bool:
    return all(passes(test, p)() for p in params)


def pairs_cover_ceil_half() -> bool:
    """i runs over 0 .. ceil(d/2) - 1: that many sine columns, and the table is the paper's for every width."""
    return all(pe(50, d)[:, 0::2].shape[1] == math.ceil(d / 2) and torch.allclose(pe(50, d), oracle(50, d),
               rtol=0, atol=1e-12) for d in WIDTHS)


def column_frequencies(table: torch.Tensor) -> torch.Tensor:
    """The frequency each column turns at, read from row 1 (sin w or cos w, every w <= 1 < pi/2)."""
    out = torch.empty(table.shape[1], dtype=torch.float64)
    out[0::2] = torch.asin(table[1, 0::2])
    out[1::2] = torch.acos(table[1, 1::2])
    return out


def columns_of_a_pair_share_a_frequency() -> bool:
    for d in (8, 64, 512, 7):
        f = column_frequencies(pe(2, d))
        j = torch.arange(d)
        if not torch.allclose(f, omega(d)[j // 2], rtol=1e-6, atol=0):  # acos loses digits near 1
            return False
        if not bool((f[0::2][1:] < f[0::2][:-1]).all()):  # and different pairs have different frequencies
            return False
    return True


def turning_on_the_unit_circle(d: int = 64, n: int = 300) -> bool:
    t = pe(n, d)
    s, c = t[:, 0::2], t[:, 1::2]
    on_circle = torch.allclose(s**2 + c**2, torch.ones_like(s), rtol=0, atol=1e-12)
    angle = torch.atan2(s, c)  # the point (sin a, cos a) has angle a
    step = torch.remainder(angle[1:] - angle[:-1], 2 * math.pi)
    return bool(on_circle and torch.allclose(step, omega(d).expand_as(step), rtol=0, atol=1e-9))


def WAVE(rng: random.Random) -> dict:
    """Environments where lambda_i is the library's wavelength of pair i (snippets/formula/wavelengths.py)."""
    env = texmath.integers(rng)
    env["d"] = max(env["d"], 4)
    env["i"] = rng.randint(0, env["d"] // 2 - 2)  # so that lambda_{i+1} exists
    lam = wavelengths.wavelengths(env["d"])
    env["lambda"] = lambda i: lam[int(round(i))].item()
    return env


def row_holds(row: str) -> bool:
    """A row of the column table, read: column j, pair i, function and exponent of 10000, at random widths."""
    cells = [c.strip().removeprefix(r"\(").removesuffix(r"\)") for c in row.strip().strip("|").split("|")]
    j_tex, i_tex, name, exponent_tex = cells
    function = {"sin": torch.sin, "cos": torch.cos}[name]
    rng = random.Random(0)
    checked = 0
    for _ in range(60):
        env = texmath.integers(rng)
        j, i, exponent = (texmath.equations(tex)[0][0](env) for tex in (j_tex, i_tex, exponent_tex))
        j, i, d = int(round(j)), int(round(i)), env["d"]
        if j >= d:
            continue
        p = torch.arange(40, dtype=torch.float64)
        if i != j // 2 or not torch.allclose(pe(40, d)[:, j], function(p * 10000.0**exponent), rtol=0, atol=1e-12):
            return False
        checked += 1
    return checked > 10


def table_rows() -> list[str]:
    return [s for s in read_page(PAGE).sentences if s.startswith(r"| \(")]


def interleaved_is_the_papers_and_libraries_split() -> bool:
    seen = data("variants/comparison")
    layouts = [v["layout"] for v in seen.values()]
    return (seen["reference"]["layout"] == "interleaved" and torch.allclose(pe(30, 16), oracle(30, 16), atol=1e-12)
            and layouts.count("[sin | cos]") >= 3 and "[cos | sin]" in layouts)


def forms_are_one_number() -> bool:
    rng = random.Random(0)
    identity = all(math.isclose(a**x, math.exp(x * math.log(a)), rel_tol=1e-12)
                   for a, x in ((rng.uniform(1, 1e4), rng.uniform(-2, 2)) for _ in range(200)))
    return identity and all_pass(formula_tests.test_the_written_forms_give_the_same_table, (2, 6, 64, 512, 5, 129))


def column_form_is_the_pair_form() -> bool:
    for d in (4, 6, 10, 512, 7):
        even, odd = formula_forms.per_column_exponent(d)
        if not torch.allclose(1 / even, formula_forms.omega_paper(d), rtol=1e-14, atol=0):
            return False
    return True


def column_exponent_is_2i_over_d() -> bool:
    from fractions import Fraction
    return all(Fraction(j if j % 2 == 0 else j - 1, d) == Fraction(2 * (j // 2), d)
               for d in range(1, 130) for j in range(d))


def form_differences_are_last_bits_times_position() -> bool:
    seq_len, d = 2048, 512
    reference = pe(seq_len, d)
    bound = number(values("formula/forms")["largest_form_diff"])
    p = torch.arange(seq_len, dtype=torch.float64)[:, None]
    eps = torch.finfo(torch.float64).eps
    for form in (formula_forms.omega_paper, formula_forms.omega_negative_power, formula_forms.omega_exp_log):
        w = form(d)
        dw = (w - omega(d)).abs()
        if (dw / omega(d)).max() > 16 * eps:  # the last bits of exp and pow
            return False
        diff = (formula_forms.table_from_frequencies(seq_len, w) - reference).abs()
        if diff.max() >= bound or not bool((diff <= p * dw.max() + 8 * eps * (1 + p * omega(d)[0])).all()):
            return False
    return True


def no_rotation_for_misread_pairs(d: int = 64, n: int = 2048) -> bool:
    def residual(t: torch.Tensor, i: int, k: int = 1) -> float:
        x, y = t[:-k, 2 * i : 2 * i + 2], t[k:, 2 * i : 2 * i + 2]
        m = torch.linalg.lstsq(x, y).solution  # the best 2x2 matrix taking each pair from p to p + k
        return (x @ m - y).abs().max().item()

    wrong, right = formula_forms.table_i_as_column(n, d), pe(n, d)
    f = column_frequencies(formula_forms.table_i_as_column(2, d))
    apart = bool((f[0::2] != f[1::2]).all())
    return apart and min(residual(wrong, i) for i in range(d // 2)) > 1e3 * max(residual(right, i) for i in range(d // 2))


def misreading_gap_is_two() -> bool:
    quoted = values("formula/forms")["misreading_diff"]
    measured = formula_forms.max_diff(formula_forms.table_i_as_column(2048, 512), pe(2048, 512))
    return quoted == f"{measured:.3f}" and number(quoted) == 1 - (-1)


def doubled_exponent_slower() -> bool:
    quoted = values("formula/forms")
    d = 512
    doubled = torch.asin(formula_forms.table_doubled_exponent(2, d)[1, 0::2])
    twice = torch.allclose(doubled.log(), 2 * omega(d).log(), rtol=1e-9, atol=1e-12)
    slower = int((doubled < omega(d).min()).sum())
    return twice and slower == int(quoted["doubled_slower"]) and int(quoted["pairs"]) == d // 2 == doubled.numel()


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def doubled_exponent_measured():
    """"squeezes the frequencies toward zero twice as fast: N of the pairs end up slower than the paper's slowest":
    the ratio of the exponents (twice), and the fastest of the N slowest doubled pairs against the paper's slowest."""
    if not doubled_exponent_slower():
        return False
    d = 512
    doubled = torch.asin(formula_forms.table_doubled_exponent(2, d)[1, 0::2]).sort().values
    ratio = (doubled[1:].log() / omega(d)[1:].sort().values.log()).mean().item()
    n = int(values("formula/forms")["doubled_slower"])
    return [Number(ratio, at=1), Compare(doubled[n - 1].item(), omega(d).min().item())]


def misreading_gap_measured():
    """"differs from the reference by up to 2.000": the largest difference measured, against 0 and the quoted bound."""
    if not misreading_gap_is_two():
        return False
    measured = formula_forms.max_diff(formula_forms.table_i_as_column(2048, 512), pe(2048, 512))
    return [Compare(measured, 0.0), Compare(measured, number(values("formula/forms")["misreading_diff"]))]


def wavelengths_measured():
    """"The wavelengths grow geometrically": the wavelengths of d = 512 in pair order."""
    return straight_line_below_the_paper() and Trend(tuple(wavelengths.wavelengths(512).tolist()))


def three_pairs_measured():
    return Number(len(curve_pairs()))


def curves_measured():
    """"Three pairs of columns of the table for d_model = 128 ... the wavelength growing from the first pair to the
    last": how many pairs the figure draws, at which width, and their wavelengths in the order drawn."""
    if not (three_pairs_growing() and a_quarter_wave_apart()):
        return False
    source = (ROOT / "snippets" / "formula/per_dimension_curves.py").read_text(encoding="utf-8")
    width = int(re.search(r"d_model, seq_len = (\d+), \d+", source).group(1))
    lam = wavelengths.wavelengths(width)
    return [Number(len(curve_pairs()), at=0), Number(width, at=1), Trend(tuple(lam[i].item() for i in curve_pairs()))]


def heatmap_measured():
    """"The whole table for 128 positions": the positions the heatmap's snippet draws."""
    if not heatmap_stripes_then_bands():
        return False
    source = (ROOT / "snippets" / "reference_page/heatmap.py").read_text(encoding="utf-8")
    positions = int(re.search(r"positional_encoding\((\d+), \d+", source).group(1))
    return Number(positions, at=0)


def heatmap_alt_measured():
    """"Two heatmaps of PE for 128 positions and d_model = 128, one row per pair: the sine columns above, the cosine
    columns below; in both, the first pairs change fast ... and the last ones slowly": the panels the snippet draws,
    the table's size, each part's height on the figure (panel 0 on top), and the parts whose first pair changes sign
    more often than their last."""
    if not heatmap_split_by_pair():
        return False
    source = (ROOT / "snippets" / "reference_page/heatmap.py").read_text(encoding="utf-8")
    panels = int(re.search(r"plt\.subplots\((\d+), 1", source).group(1))
    positions, width = (int(n) for n in re.search(r"positional_encoding\((\d+), (\d+)\)", source).groups())
    height = {name: panels - 1 - int(re.search(rf"\(axes\[(\d)\], {name},", source).group(1))
              for name in ("sines", "cosines")}
    table = pe(positions, width)
    faster = sum(sign_changes(part[:, 0]) > sign_changes(part[:, -1]) for part in (table[:, 0::2], table[:, 1::2]))
    return [Number(panels, at=0), Number(positions, at=1), Number(width, at=2),
            Compare(height["sines"], height["cosines"], at=0), Compare(height["cosines"], height["sines"], at=1),
            Count(faster, 2)]


def upper_end_measured():
    """"The upper end is not reached": whether any even width's longest wavelength reaches 2π · 10000."""
    if not last_pair_is_half_d_minus_one():
        return False
    reached = any(wavelengths.wavelengths(d)[-1].item() >= 2 * math.pi * 10000 for d in range(2, 1025, 2))
    return Truth(reached)


def progression_measured():
    """"exact ... for every i": the largest relative deviation of the ratios from 10000^(2/d), and how many of the
    ratios hold it to the last bits, over widths 4 to 1024."""
    ok = texmath.holds(r"\lambda_{i+1} / \lambda_i = 10000^{2/d}", WAVE) and passes(
        formula_tests.test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512)()
    if not ok:
        return False
    holding = total = 0
    for d in range(4, 1025, 2):
        lam = wavelengths.wavelengths(d)
        ratios = lam[1:] / lam[:-1]
        exact = ((ratios - 10000 ** (2 / d)).abs() <= 1e-12 * 10000 ** (2 / d))
        holding, total = holding + int(exact.sum()), total + exact.numel()
    return [Truth(holding == total), Count(holding, total)]


def paper_upper_measured():
    """"the 60,611 ... not the 62,832 of 2π · 10000": whether the longest wavelength of d = 512 is the paper's bound."""
    if not quoted_wavelengths():
        return False
    return Truth(math.isclose(wavelengths.wavelengths(512)[-1].item(), 2 * math.pi * 10000, rel_tol=1e-9))


def forms_measured():
    """"The three frequency forms give the reference table (2,048 positions ...)": how many forms, over how many
    positions, the check compares."""
    if not form_differences_are_last_bits_times_position():
        return False
    forms = (formula_forms.omega_paper, formula_forms.omega_negative_power, formula_forms.omega_exp_log)
    return [Number(len(forms), at=0), Number(2048, at=1)]


def pairs_share_measured():
    """"both columns of a pair use the same frequency": the pairs whose two columns turn at one frequency."""
    if not columns_of_a_pair_share_a_frequency():
        return False
    holding = total = 0
    for d in (8, 64, 512):
        f = column_frequencies(pe(2, d))
        same = torch.isclose(f[0::2], f[1::2], rtol=1e-6, atol=0)
        holding, total = holding + int(same.sum()), total + same.numel()
    return Count(holding, total)


def lone_sine_measured():
    """"the norm of an odd-width encoding is not constant": whether the norm stays constant over the positions; "nor
    does it have a shift matrix": whether the best 1 x 1 matrix carries the lone sine 500 positions on."""
    if not lone_sine_has_no_constant_norm_nor_matrix():
        return False
    norms = pe(2000, 5).norm(dim=1)
    return [Truth(bool(torch.allclose(norms, norms[0].expand_as(norms), rtol=0, atol=1e-9)), at=0),
            Truth(not lone_sine_has_no_matrix(), at=1)]


def i_is_not_the_column_measured():
    """"It is not [the dimension]": whether the table is the one that reads i as the column (exponent j/d)."""
    if not all(torch.allclose(pe(40, d), oracle(40, d), rtol=0, atol=1e-12) for d in WIDTHS):
        return False
    return Truth(formula_forms.max_diff(formula_forms.table_i_as_column(40, 64), pe(40, 64)) == 0)


def partner_column_measured():
    """"the last column d-1 = 2i is a sine whose cosine partner would be column d, which does not exist": whether an
    odd-width table has a column d."""
    return odd_widths_end_in_a_lone_sine() and Truth(any(pe(3, d).shape[1] > d for d in (1, 5, 7, 129)))


def quarter_wave_measured():
    """"Each pair is a sine and a cosine of one frequency, a quarter wave apart": the pairs of d = 128 whose cosine is
    their sine a quarter wavelength later."""
    if not a_quarter_wave_apart():
        return False
    d = 128
    t, lam = pe(200, d), wavelengths.wavelengths(d)
    p = torch.arange(200, dtype=torch.float64)
    apart = [torch.allclose(t[:, 2 * i + 1], torch.sin(omega(d)[i] * (p + lam[i] / 4)), rtol=0, atol=1e-9)
             for i in range(d // 2)]
    return Count(sum(apart), len(apart))


def unit_circle_measured():
    """"each pair is a point turning on the unit circle": the pairs of d = 64 whose (sin, cos) stays at norm 1."""
    if not turning_on_the_unit_circle():
        return False
    t = pe(300, 64)
    on = [torch.allclose(t[:, 2 * i] ** 2 + t[:, 2 * i + 1] ** 2, torch.ones(300, dtype=torch.float64), atol=1e-12)
          for i in range(32)]
    return Count(sum(on), len(on))


def both_exponents_measured():
    """"Both are 2i/d for pair i = floor(j/2)": the columns (even and odd) whose exponent is 2i/d, widths 1 to 129."""
    from fractions import Fraction

    if not column_exponent_is_2i_over_d():
        return False
    cases = [(j, d) for d in range(1, 130) for j in range(d)]
    holding = sum(Fraction(j if j % 2 == 0 else j - 1, d) == Fraction(2 * (j // 2), d) for j, d in cases)
    return Count(holding, len(cases))


def odd_widths_end_in_a_lone_sine() -> bool:
    for d in (1, 5, 7, 129):
        t = pe(50, d)
        if t.shape[1] != d or t[:, 0::2].shape[1] != math.ceil(d / 2) or t[:, 1::2].shape[1] != d // 2:
            return False
        if not torch.allclose(t[:, -1], torch.sin(torch.arange(50, dtype=torch.float64) * omega(d)[-1]), atol=1e-12):
            return False  # the last column is the sine of pair (d - 1) / 2
    return all_pass(formula_tests.test_odd_width_ends_with_a_lone_sine, (1, 5, 7, 129))


def tutorials_crash_or_return_a_wrong_width() -> bool:
    pe_odd = torch.zeros(4, 5)
    try:
        pe_odd[:, 1::2] = torch.cos(torch.zeros(4, 3))  # ceil(5/2) = 3 columns into floor(5/2) = 2
        return False
    except RuntimeError:
        pass
    odd = [v["odd_d7"] for v in data("variants/comparison").values()]
    return (odd_widths_end_in_a_lone_sine() and data("variants/comparison")["reference"]["odd_d7"] == "correct"
            and any(o.startswith("crash") for o in odd) and any(o.startswith("wrong width") for o in odd))


def lone_sine_has_no_matrix() -> bool:
    d, n, k = 5, 20000, 500  # the lone sine turns slowly: compare over several of its turns
    last = pe(n, d)[:, -1:]
    m = torch.linalg.lstsq(last[:-k], last[k:]).solution  # the best 1x1 "shift matrix" of the lone sine
    return (last[:-k] @ m - last[k:]).abs().max().item() > 1e-3


def lone_sine_has_no_constant_norm_nor_matrix() -> bool:
    return lone_sine_has_no_matrix() and all_pass(properties_tests.test_norm_varies_for_odd_width, (5, 9, 513))


def sign_changes(column: torch.Tensor) -> int:
    s = torch.sign(column[column != 0])
    return int((s[1:] != s[:-1]).sum())


def drawn_heatmap() -> dict:
    """What the heatmap draws, read back from its panels (reference_page/heatmap-figure.json)."""
    return data("reference_page/heatmap", "figure")


def heatmap_stripes_then_bands() -> bool:
    """On the drawn data: 128 positions of the d_model = 128 table; in the sine panel the first pair changes sign often
    along the positions, the last not at all, never more often for a later pair."""
    drawn = drawn_heatmap()
    changes = drawn["panels_top_to_bottom"][0]["sign_changes"]
    return (drawn["positions"] == drawn["d_model"] == 128 and changes[0] > 30 and changes[-1] == 0
            and all(a >= b for a, b in zip(changes, changes[1:]))
            and "generated/reference_page/heatmap.svg" in (DOCS / "reference.md").read_text(encoding="utf-8"))


def heatmap_split_by_pair() -> bool:
    """On the drawn data: the sine columns (2i) in the panel above, the cosine columns (2i + 1) in the panel below
    (their first rows are sin p and cos p), one row per pair (64 rows, pair 0 at the bottom), and in both the first
    pairs change sign often along the positions and the last ones not at all, never more often for a later pair."""
    drawn = drawn_heatmap()
    above, below = drawn["panels_top_to_bottom"]
    p = torch.arange(128, dtype=torch.float64)
    rows = (torch.allclose(torch.tensor(above["first_pair"], dtype=torch.float64), p.sin(), atol=1e-4)
            and torch.allclose(torch.tensor(below["first_pair"], dtype=torch.float64), p.cos(), atol=1e-4))
    split = ("sine columns" in above["title"] and "cosine columns" in below["title"]
             and above["shape"] == below["shape"] == [64, 128] and above["origin"] == below["origin"] == "lower")
    for part in (above, below):
        changes = part["sign_changes"]
        if not (changes[0] > 30 and changes[-1] == 0 and all(a >= b for a, b in zip(changes, changes[1:]))):
            return False
    return rows and split and heatmap_stripes_then_bands()


def curve_pairs() -> tuple[int, ...]:
    source = (ROOT / "snippets" / "formula/per_dimension_curves.py").read_text(encoding="utf-8")
    return tuple(int(x) for x in re.search(r"zip\(axes, \(([\d, ]+)\)\)", source).group(1).split(","))


def three_pairs_growing() -> bool:
    pairs = curve_pairs()
    lam = wavelengths.wavelengths(128)
    return len(pairs) == 3 and all(lam[a] < lam[b] for a, b in zip(pairs, pairs[1:]))


def integer_positions_sample_the_waves() -> bool:
    t = pe(64, 128)
    p = torch.arange(64, dtype=torch.float64)
    return all(torch.allclose(t[:, 2 * i], torch.sin(omega(128)[i] * p), atol=1e-12)
               and torch.allclose(t[:, 2 * i + 1], torch.cos(omega(128)[i] * p), atol=1e-12) for i in curve_pairs())


def a_quarter_wave_apart() -> bool:
    d = 128
    t, lam = pe(200, d), wavelengths.wavelengths(d)
    p = torch.arange(200, dtype=torch.float64)[:, None]
    return torch.allclose(t[:, 1::2], torch.sin(omega(d) * (p + lam / 4)), rtol=0, atol=1e-9)


def from_2pi_to_just_under() -> bool:
    for d in range(2, 1025, 2):
        lam = wavelengths.wavelengths(d)
        if lam[0].item() != 2 * math.pi or not bool((lam < 2 * math.pi * 10000).all()):
            return False
    return wavelengths.wavelengths(512)[-1].item() > 0.95 * 2 * math.pi * 10000  # just under, at d = 512


def wavelengths_heading():
    """"from 2π to just under 2π · 10000": the wavelengths of every even width up to 1,024 lie there
    (from_2pi_to_just_under); read by "10000": the reference's default base, which bounds them."""
    import inspect

    if not from_2pi_to_just_under():
        return False
    return [Number(inspect.signature(positional_encoding).parameters["base"].default)]


def columns_takeaway():
    """Column 2i is a sine and 2i+1 the cosine of one angle (column_2i_sine_2i_plus_1_cosine); read by "the same
    angle": the frequency of each cosine column against its sine's (d = 64, six digits), and by "not columns": whether
    reading i as the column index gives the table."""
    if not (column_2i_sine_2i_plus_1_cosine() and columns_of_a_pair_share_a_frequency()):
        return False
    f = [round(x, 6) for x in column_frequencies(pe(2, 64)).tolist()]
    cosines, sines = f[1::2], f[0::2]
    return [Compare(tuple(cosines), [tuple(sines)]),
            Truth(torch.allclose(formula_forms.table_i_as_column(40, 64), pe(40, 64), rtol=0, atol=1e-12))]


def interleaved_read():
    """"This interleaved order is the paper's; many libraries store the same columns as all sines, then all cosines":
    the columns of the reference (d = 16) rearranged as the split libraries do, as a set against the reference's
    ("the same columns"); the sine columns among the first half ("all sines") and the cosines among the second."""
    if not interleaved_is_the_papers_and_libraries_split():
        return False
    t = pe(30, 16)
    split = torch.cat([t[:, 0::2], t[:, 1::2]], dim=1)
    columns = lambda m: frozenset(tuple(round(v, 12) for v in col) for col in m.T.tolist())  # noqa: E731
    angle = torch.arange(30, dtype=torch.float64)[:, None] * omega(16)[None, :]
    first = sum(torch.allclose(split[:, j], torch.sin(angle[:, j]), atol=1e-12) for j in range(8))
    second = sum(torch.allclose(split[:, 8 + j], torch.cos(angle[:, j]), atol=1e-12) for j in range(8))
    return [Compare(columns(split), [columns(t)]), Count(first, 8), Count(second, 8)]


def last_pair_is_half_d_minus_one() -> bool:
    for d in range(2, 1025, 2):
        lam = wavelengths.wavelengths(d)
        if (pe(2, d).shape[1] != d or lam.numel() - 1 != d // 2 - 1
                or not math.isclose(lam[-1].item(), 2 * math.pi * 10000 ** ((d - 2) / d), rel_tol=1e-12)):
            return False
    return True


def tends_to_2pi_10000_only_in_the_limit() -> bool:
    d = sympy.symbols("d", positive=True)
    longest = 2 * sympy.pi * sympy.Integer(10000) ** ((d - 2) / d)
    limit = sympy.limit(longest, d, sympy.oo) == 2 * sympy.pi * 10000
    finite = [2 * math.pi * 10000 ** ((n - 2) / n) for n in range(2, 100002, 2)]
    return limit and all(a < b < 2 * math.pi * 10000 for a, b in zip(finite, finite[1:]))


def quoted_wavelengths() -> bool:
    q, lam = values("formula/wavelengths"), wavelengths.wavelengths(512)
    upper = 2 * math.pi * 10000
    return (int(q["pairs"]) == lam.numel() == 256 and abs(number(q["shortest"]) - lam[0].item()) <= 5e-4
            and abs(number(q["longest"]) - lam[-1].item()) <= 0.5
            and abs(number(q["longest_factor"]) - lam[-1].item() / (2 * math.pi)) <= 0.05
            and abs(number(q["paper_upper"]) - upper) <= 0.5 and number(q["longest"]) < number(q["paper_upper"]))


def quoted_shortfall_and_ratio() -> bool:
    q, lam = values("formula/wavelengths"), wavelengths.wavelengths(512)
    ratios = lam[1:] / lam[:-1]
    return (abs(number(q["shortfall_percent"]) - 100 * (1 - lam[-1].item() / (2 * math.pi * 10000))) <= 0.05
            and torch.allclose(ratios, torch.full_like(ratios, number(q["ratio"])), rtol=1e-5, atol=0))


def exercise_one_is_d64() -> bool:
    page = (DOCS / "exercises.md").read_text(encoding="utf-8")
    longest_64 = 2 * math.pi * 10000 ** (62 / 64)  # the answer the exercise quotes is the one for d_model = 64
    return "## 1. The longest wavelength" in page and quoted_equals("exercises/longest_wavelength", "longest", longest_64, ",.0f")


def straight_line_below_the_paper() -> bool:
    """On the data the figure draws (wavelengths-figure.json): a straight line on the log scale (equal steps of log
    wavelength) from 2π at d_model = 512, the second panel's last 8 pairs, each below the paper's 2π · 10000 line; and
    the drawn points are the library's."""
    drawn = data("formula/wavelengths", "figure")
    lam = torch.tensor(drawn["wavelength"], dtype=torch.float64)
    log = lam.log()
    second = log[2:] - 2 * log[1:-1] + log[:-2]
    zoom = drawn["zoom_pairs"]
    return (bool(second.abs().max() < 1e-6) and len(lam) == 256 and abs(lam[0].item() - 2 * math.pi) < 1e-6
            and zoom == list(range(248, 256)) and all(lam[i].item() < drawn["paper_upper"] for i in zoom)
            and abs(drawn["paper_upper"] - 2 * math.pi * 10000) < 1e-9
            and torch.allclose(lam, wavelengths.wavelengths(512), rtol=0, atol=1e-5) and from_2pi_to_just_under())


def the_tests_are_what_the_note_says() -> bool:
    def params(test):
        return [m.args[1] for m in getattr(test, "pytestmark", []) if m.name == "parametrize"][0]

    forms = params(formula_tests.test_the_written_forms_give_the_same_table)
    return (any(d % 2 == 0 for d in forms) and any(d % 2 == 1 for d in forms)
            and params(formula_tests.test_odd_width_ends_with_a_lone_sine) == [1, 5, 7, 129]
            and all_pass(formula_tests.test_the_written_forms_give_the_same_table, forms)
            and all_pass(formula_tests.test_even_and_odd_denominators_are_equal, params(formula_tests.test_even_and_odd_denominators_are_equal))
            and passes(formula_tests.test_reading_i_as_the_column_gives_another_table)()
            and all_pass(formula_tests.test_the_misread_cosine_frequency_lies_between_two_pairs,
                         params(formula_tests.test_the_misread_cosine_frequency_lies_between_two_pairs))
            and all_pass(formula_tests.test_odd_width_ends_with_a_lone_sine, [1, 5, 7, 129])
            and passes(formula_tests.test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512)())


def base_is_the_next_page() -> bool:
    nav = re.findall(r":\s*([\w/-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    return nav.index("base.md") == nav.index("formula.md") + 1


def column_2i_sine_2i_plus_1_cosine() -> bool:
    """Column 2i is sin(p / 10000^(2i/d)), column 2i+1 the cosine of the same angle, for even and odd widths."""
    for d in WIDTHS:
        t, angle = pe(50, d), torch.arange(50, dtype=torch.float64)[:, None] / 10000.0 ** (
            torch.arange(0, d, 2, dtype=torch.float64) / d)
        if not (torch.allclose(t[:, 0::2], torch.sin(angle), rtol=0, atol=1e-12)
                and torch.allclose(t[:, 1::2], torch.cos(angle)[:, : d // 2], rtol=0, atol=1e-12)):
            return False
    return all(torch.allclose(pe(40, d), oracle(40, d), rtol=0, atol=1e-12) for d in WIDTHS)


def curves_are_reference_columns() -> bool:
    source = (ROOT / "snippets" / "formula/per_dimension_curves.py").read_text(encoding="utf-8")
    shown = source.split("[start:curves]")[1].split("[end:curves]")[0]
    plot = source.split("[start:plot]")[1].split("[end:plot]")[0]
    return "positional_encoding(seq_len, d_model" in shown and "pe[:, 2 * i]" in plot and "pe[:, 2 * i + 1]" in plot


def every_number_is_computed_and_checked() -> bool:
    text = (DOCS / PAGE).read_text(encoding="utf-8")
    jobs = quoted_jobs(text)
    return jobs == set(formula_tests.JOBS) and all(f'"{job}.py:' in text for job in jobs)


# --- the docstrings the page shows with the forms and the misreadings (reviewed after the migration) ---------------


def interleaves_sin_then_cos() -> bool:
    w = torch.tensor([1.0, 0.1, 0.003], dtype=torch.float64)
    table = formula_forms.table_from_frequencies(20, w)
    p = torch.arange(20, dtype=torch.float64)
    return (table.shape == (20, 2 * len(w))
            and all(torch.equal(table[:, 2 * i], torch.sin(p * w[i])) and torch.equal(table[:, 2 * i + 1], torch.cos(p * w[i]))
                    for i in range(len(w))))


def written_forms_agree() -> bool:
    """omega_paper divides by base ** (2i/d), omega_negative_power multiplies by base ** (-2i/d), omega_exp_log is
    exp(2i * -ln(base) / d): each the paper's frequency, and each builds the paper's table."""
    d, base = 10, 500.0
    two_i = torch.arange(0, d, 2, dtype=torch.float64)
    return (torch.allclose(formula_forms.omega_paper(d, base), 1 / base ** (two_i / d), rtol=1e-15, atol=0)
            and torch.allclose(formula_forms.omega_negative_power(d, base), base ** (-two_i / d), rtol=1e-15, atol=0)
            and torch.allclose(formula_forms.omega_exp_log(d, base), torch.exp(two_i * -math.log(base) / d), rtol=1e-15, atol=0)
            and all_pass(formula_tests.test_the_written_forms_give_the_same_table, [6, 5, 512]))


def per_column_exponents() -> bool:
    """Even column j: j/d; odd column j: (j-1)/d; both 2i/d with i = j // 2."""
    d, base = 8, 10000.0
    even, odd = formula_forms.per_column_exponent(d, base)
    return (torch.allclose(even, base ** (torch.arange(0, d, 2, dtype=torch.float64) / d), rtol=1e-15, atol=0)
            and torch.allclose(odd, base ** ((torch.arange(1, d, 2, dtype=torch.float64) - 1) / d), rtol=1e-15, atol=0)
            and torch.allclose(1 / even, omega(d), rtol=1e-15, atol=0)
            and all_pass(formula_tests.test_even_and_odd_denominators_are_equal, [4, 6, 10, 512]))


def i_as_column_splits_the_pair() -> bool:
    d = 8
    f = column_frequencies(formula_forms.table_i_as_column(2, d))
    j = torch.arange(d, dtype=torch.float64)
    return (torch.allclose(f, 10000.0 ** (-j / d), rtol=1e-9, atol=0) and bool((f[0::2] != f[1::2]).all())
            and passes(formula_tests.test_reading_i_as_the_column_gives_another_table)())


def doubled_exponent_twice_as_fast() -> bool:
    """'i over 0, 2, 4, ...' still written 2i: exponent 2j/d, log-frequencies fall twice as fast per pair."""
    d = 16
    doubled = torch.asin(formula_forms.table_doubled_exponent(2, d)[1, 0::2])
    j = torch.arange(0, d, 2, dtype=torch.float64)
    steps = doubled.log().diff()
    return (torch.allclose(doubled, 10000.0 ** (-2 * j / d), rtol=1e-9, atol=0)
            and torch.allclose(steps, 2 * omega(d).log().diff(), rtol=1e-9, atol=0) and doubled_exponent_slower())


def wavelengths_of_pairs() -> bool:
    from pelib.spectrum import wavelengths as wl

    ok = True
    for d, base in ((512, 10000.0), (7, 10000.0), (6, 100.0)):
        lam = wl(d, base)
        i = torch.arange(math.ceil(d / 2), dtype=torch.float64)
        ok &= lam.shape == (math.ceil(d / 2),) and torch.allclose(lam, 2 * math.pi * base ** (2 * i / d), rtol=1e-13, atol=0)
    return bool(ok) and passes(formula_tests.test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512)()



# --- Why tutorials take the exp of a log (snippets/formula/exp_log.py) -----------------------------------------------

T2T_SOURCE = ("tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py at bafdc1b, lines 445-449 of "
              "get_timing_signal_1d: log_timescale_increment = log(max_timescale / min_timescale) / "
              "max(num_timescales - 1, 1); inv_timescales = min_timescale * tf.exp(range(num_timescales) * "
              "-log_timescale_increment)")
ANNOTATED_SOURCE = ("harvardnlp/annotated-transformer the_annotated_transformer.py at debc9fd, line 755: "
                    "'# Compute the positional encodings once in log space.', then div_term = torch.exp(...)")


def tutorial_div_term_is_the_frequency() -> bool:
    """The line as the page quotes it (d_model = 512, float64 to compare) gives the paper's 10000^(-2i/d)."""
    d_model = 512
    div_term = torch.exp(torch.arange(0, d_model, 2).double() * -(math.log(10000.0) / d_model))
    return bool(torch.allclose(div_term, omega(d_model), rtol=1e-13, atol=0))


def log_space_gives_any_geometric_range() -> bool:
    """tensor2tensor's form: one step in log space and one exp give a geometric progression between any two ends."""
    ok = True
    for low, high, n in ((1.0, 1.0e4, 256), (2.0, 500.0, 7), (0.5, 3.0, 3)):
        step = math.log(high / low) / (n - 1)
        inv = low * torch.exp(torch.arange(n).double() * -step)  # the source's expression, min_timescale = low
        ratios = inv[1:] / inv[:-1]
        ok &= math.isclose(inv[0].item(), low) and math.isclose(inv[-1].item(), low * low / high, rel_tol=1e-12)
        ok &= bool(torch.allclose(ratios, ratios[0].expand_as(ratios), rtol=1e-12, atol=0))
    d = 64  # the steps: tensor2tensor's ln(10000) / (d/2 - 1), read from its signal's row 1; the tutorials' ln(10000) / (d/2)
    t2t = torch.asin(variant_tensor2tensor.timing_signal_1d(2, d)[0, 1, : d // 2].double())
    ok &= bool(torch.allclose(t2t.log().diff(), torch.full((d // 2 - 1,), -math.log(10000.0) / (d / 2 - 1),
                                                             dtype=torch.float64), atol=1e-5, rtol=0))
    ok &= bool(torch.allclose(omega(d).log().diff(), torch.full((d // 2 - 1,), -math.log(10000.0) / (d / 2),
                                                                dtype=torch.float64), atol=1e-12, rtol=0))
    return ok


def float32_frequency_errors() -> tuple[float, float]:
    """(power form, exp of a log): the largest relative error of the float32 frequencies, d = 512."""
    d = 512
    two_i = torch.arange(0, d, 2)
    exact = 10000.0 ** (-two_i.double() / d)
    power = 1.0 / 10000.0 ** (two_i.float() / d)
    div_term = torch.exp(two_i * -(math.log(10000.0) / d))
    rel = [((w.double() - exact).abs() / exact).max().item() for w in (power, div_term)]
    return rel[0], rel[1]


def no_overflow_possible() -> bool:
    v = values("formula/exp_log")
    largest = 10000.0 ** (510 / 512)
    return (v["largest_512"] == f"{largest:,.1f}" and v["float32_max"] == f"{torch.finfo(torch.float32).max:.1e}"
            and largest < 1e4 < torch.finfo(torch.float32).max)


def exp_of_a_log_is_the_less_accurate() -> bool:
    power, exp_log = float32_frequency_errors()
    return exp_log > 2 * power


def argument_rounding_passes_into_the_frequency() -> bool:
    """The exp form's error is its rounded argument's: exp(float32 argument) in float64 is already as far off."""
    d = 512
    two_i = torch.arange(0, d, 2)
    argument = two_i * -(math.log(10000.0) / d)  # float32, up to ln(10000) in size
    exact = 10000.0 ** (-two_i.double() / d)
    from_rounded_argument = ((torch.exp(argument.double()) - exact).abs() / exact).max().item()
    power, exp_log = float32_frequency_errors()
    v = values("formula/exp_log")
    return (argument.abs().max().item() < math.log(10000.0) and f"{math.log(10000.0):.1f}" == "9.2"
            and abs(from_rounded_argument - exp_log) < 2e-7 and float(v["exp_floor"]) < exp_log < 1e-6
            and power < 2e-7 and v["exp_error"] == "< 1e-06" and v["power_error"] == "< 2e-07")


def reference_rounds_float64_angles_once() -> bool:
    table = positional_encoding(300, 64, dtype=torch.float32)
    return torch.equal(table, positional_encoding(300, 64, dtype=torch.float64).to(torch.float32))

# --- more checks that return what they measured (tests/claim_words.py) ----------------------------------------------


def curves_pairs_measured():
    """"The three pairs at the top of the page": the pairs the curves' snippet draws."""
    return curves_are_reference_columns() and Number(len(curve_pairs()), at=0)


def denominators_measured():
    """"The even and odd denominators of the column form are bit-for-bit equal": their bytes, at widths 4 to 512."""
    ok = (all_pass(formula_tests.test_even_and_odd_denominators_are_equal, (4, 6, 10, 512))
          and column_exponent_is_2i_over_d())
    if not ok:
        return False
    pairs = [formula_forms.per_column_exponent(d) for d in (4, 6, 10, 512)]
    even = b"".join(e.numpy().tobytes() for e, _ in pairs)
    odd = b"".join(o.numpy().tobytes() for _, o in pairs)
    return Compare(even, odd, at=0)


def misread_two_frequencies_measured():
    """"sin and cos of a pair get two frequencies": the distinct frequencies of pair 1's columns when i is read as
    the column (d = 8)."""
    if not i_as_column_splits_the_pair():
        return False
    f = column_frequencies(formula_forms.table_i_as_column(2, 8))
    return Number(len({f[2].item(), f[3].item()}))


def doubled_fall_measured():
    """"exponent 2j/d, frequencies fall twice as fast": the doubled frequencies in pair order, and the ratio of their
    log-steps to the paper's (d = 16)."""
    if not doubled_exponent_twice_as_fast():
        return False
    d = 16
    doubled = torch.asin(formula_forms.table_doubled_exponent(2, d)[1, 0::2])
    ratio = (doubled.log().diff() / omega(d).log().diff()).mean().item()
    return [Trend(tuple(doubled.tolist())), Number(ratio, at=3)]


def per_column_measured():
    """"both are 2i/d for the pair i = j // 2": the columns, even and odd, whose exponent is 2i/d."""
    return per_column_exponents() and both_exponents_measured()


def exercise_number_measured():
    """"Exercise 1 works the same question": the number of the exercise on the longest wavelength."""
    if not exercise_one_is_d64():
        return False
    page = (DOCS / "exercises.md").read_text(encoding="utf-8")
    return Number(int(re.search(r"^## (\d+)\. The longest wavelength", page, flags=re.M).group(1)), at=0)


def ratio_each_measured():
    """"each wavelength is R times the one before": the wavelengths of d = 512 that are R times the one before."""
    if not quoted_shortfall_and_ratio():
        return False
    lam = wavelengths.wavelengths(512)
    ratio = number(values("formula/wavelengths")["ratio"])
    each = torch.isclose(lam[1:] / lam[:-1], torch.full_like(lam[1:], ratio), rtol=1e-5, atol=0)
    return Count(int(each.sum()), each.numel(), at=0)


def wavelengths_alt_measured():
    """"a straight line from 2π that ends below the paper's 2π·10000 line; ... the last pairs, all below that line":
    the longest wavelength of d = 512 against 2π · 10000, and the last ten pairs below it."""
    if not straight_line_below_the_paper():
        return False
    lam, upper = wavelengths.wavelengths(512), 2 * math.pi * 10000
    return [Compare(lam[-1].item(), upper, at=0), Count(int((lam[-10:] < upper).sum()), 10, at=1)]


def wavelengths_figure_alt_measured():
    """The figure's alt text: each pair drawn is the library's wavelength (d_model = 512), the line ends below the
    paper's 2π · 10000 (its factor of 2π), and the second panel zooms on the last 8 pairs, all below that line."""
    if not straight_line_below_the_paper():
        return False
    drawn = data("formula/wavelengths", "figure")
    lam, upper, zoom = torch.tensor(drawn["wavelength"], dtype=torch.float64), drawn["paper_upper"], drawn["zoom_pairs"]
    library = wavelengths.wavelengths(512)
    each = torch.isclose(lam, library, rtol=0, atol=1e-5)
    return [Count(int(each.sum()), len(library), at=0), Number(2 * len(lam), at=0),
            Compare(lam[-1].item(), upper, at=0), Number(upper / (2 * math.pi), at=1), Number(len(zoom), at=2),
            Count(sum(lam[i].item() < upper for i in zoom), len(zoom), at=1),
            Compare(max(lam[i].item() for i in zoom), upper, at=1)]


def no_overflow_measured():
    """"It does not prevent an overflow ... float32 holds numbers up to": whether the power form overflows in float32
    (what the exp of a log would prevent); the denominator the sentence names, 10000^((d-2)/d), against every other
    ("the largest"), and the largest against float32's largest number ("up to")."""
    if not no_overflow_possible():
        return False
    denominators = 10000.0 ** (torch.arange(0, 512, 2).float() / 512)
    return [Truth(bool(torch.isinf(denominators).any())),
            Compare(denominators[-1].item(), denominators.tolist(), at=0),  # "the largest": the last, 10000^((d-2)/d)
            Compare(denominators.max().item(), torch.finfo(torch.float32).max, at=1)]


def exp_of_a_log_accuracy_measured():
    """"It is not the more accurate form": the accuracy (one over the largest relative error of the float32
    frequencies, d = 512) of the exp of a log against the power's."""
    if not exp_of_a_log_is_the_less_accurate():
        return False
    power, exp_log = float32_frequency_errors()
    return Compare(1 / exp_log, 1 / power, at=0)


def argument_rounding_measured():
    """"up to ln 10000 in size ... more than 3e-07 of its value away from the exact one": the float32 argument's
    largest size against ln 10000, the exp form's largest relative error against the quoted floor, and whether the
    float64 yardstick is exact at that scale (within 1e-15 of the frequencies computed to 40 digits)."""
    if not argument_rounding_passes_into_the_frequency():
        return False
    import mpmath

    d = 512
    two_i = torch.arange(0, d, 2)
    argument = two_i * -(math.log(10000.0) / d)
    exact = 10000.0 ** (-two_i.double() / d)
    with mpmath.workdps(40):
        yardstick = max(abs(mpmath.mpf(w) / mpmath.power(10000, mpmath.mpf(-int(k)) / d) - 1)
                        for w, k in zip(exact.tolist(), two_i.tolist(), strict=True))
    _power, exp_log = float32_frequency_errors()
    return [Compare(argument.abs().max().item(), math.log(10000.0), at=0),
            Compare(exp_log, float(values("formula/exp_log")["exp_floor"]), at=1),
            Truth(float(yardstick) < 1e-15)]


def table_errors_measured(second: bool = False):
    """"In the table the difference disappears: ... both float32 tables stay within 2e-04 ..., and the exp of a log's
    error is not the larger": the forms whose table error stays within the quoted bound, and the exp of a log's table
    error against the power's. With `second`, the next sentence's: the angle's rounding alone over 64, 256 and 1,024
    positions, and each rounding alone (the float32 frequency in float64 arithmetic; the exact angle rounded once to
    float32) against its quoted bound. All recomputed here."""
    v = values("formula/exp_log")
    d = 512
    two_i = torch.arange(0, d, 2)
    exact = 10000.0 ** (-two_i.double() / d)
    power, exp_log = 1.0 / 10000.0 ** (two_i.float() / d), torch.exp(two_i * -(math.log(10000.0) / d))

    def exact_table(n: int) -> torch.Tensor:
        return torch.sin(torch.arange(n).double()[:, None] * exact[None, :])

    def table_error(n: int, w: torch.Tensor) -> float:  # built in float32, as the tutorials build it
        return (torch.sin(torch.arange(n).float()[:, None] * w[None, :]).double() - exact_table(n)).abs().max().item()

    def frequency_alone(n: int, w: torch.Tensor) -> float:  # the float32 frequency, float64 arithmetic
        return (torch.sin(torch.arange(n).double()[:, None] * w.double()[None, :]) - exact_table(n)).abs().max().item()

    def angle_alone(n: int) -> float:  # the exact angle, rounded once to float32
        angles = torch.arange(n).double()[:, None] * exact[None, :]
        return (torch.sin(angles.float().double()) - exact_table(n)).abs().max().item()

    n = int(v["positions"].replace(",", ""))
    if second:
        return [Trend(tuple(angle_alone(m) for m in (64, 256, 1024))),
                Compare(max(frequency_alone(n, w) for w in (power, exp_log)), float(v["frequency_part"]), at=0),
                Compare(angle_alone(n), float(v["angle_part"]), at=1)]
    bound = number(v["table_error"])
    tables = {"power": table_error(n, power), "exp": table_error(n, exp_log)}
    return [Count(sum(e < bound for e in tables.values()), len(tables)), Compare(tables["exp"], tables["power"])]


def roundings_apart_measured():
    """"rounding the angle ... adds an error that grows with the position too: alone, the frequency's moves a value
    by less than 5e-05, the angle's by less than 4e-05": table_errors_measured's second half."""
    return table_errors_measured(second=True)


def two_forms_measured():
    """"The two forms and the measurement": the float32 forms the folded code measures (the power, the exp of a
    log), read from its measurement loop."""
    source = (ROOT / "snippets" / "formula" / "exp_log.py").read_text(encoding="utf-8")
    loop = re.search(r"for name, omega in \((.*)\)\n", source).group(1)
    return Number(len(re.findall(r"\(\"[^\"]+\", \w+\)", loop)), at=0)


LEDGER = Ledger('formula.md', [
    computed('takeaway-columns',
             columns_takeaway, backs=[r'\(2i+1\)', r'\(2i\)', r'\(\sin(p / 10000^{2i/d})\)', r'\(i\)', 'column', 'column', 'columns', 'cosine', 'cosine', 'not', 'same', 'sine']),
    computed('takeaway-wavelengths',
             wavelengths_measured, backs=[r'\(2\pi \cdot 10000\)', r'\(2\pi\)', 'grow']),
    prose('read-before',
           'navigation: the page to read before this one; mkdocs build --strict checks that the target exists', unbacked=['first']),
    computed('curves-from-the-reference', curves_pairs_measured, backs=['columns']),
    equation('the-paper-formula'),
    equation('frequency-form'),
    equation('longest-wavelength'),
    prose('title', "the page's title; each claim about the index is checked below", unbacked=['right']),
    cited('what-this-page-is',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding; the rest is the plan of the page', backs=['1706.03762', '2017', '3.5', 'all', 'each', 'odd']),
    computed('every-number-computed-and-checked', every_number_is_computed_and_checked, backs=['every']),
    prose('heading-the-formula', 'a heading: the claims are in the sentences below it'),
    computed('i-runs-to-ceil-half',
             pairs_cover_ceil_half, backs=[r'\(d = d_{\text{model}}\)', r'\(i = 0, 1, \dots, \lceil d/2 \rceil - 1\)', r'\(p = 0, 1, 2, \dots\)']),
    cited('paper-says-i-is-the-dimension',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: 'where pos is the position and i is the dimension'"),
    computed('i-counts-pairs',
             i_is_not_the_column_measured, backs=[r'\(2i+1\)', r'\(2i\)', r'\(i\)', 'column', 'cosine', 'not', 'sine']),
    computed('pair-shares-a-frequency',
             pairs_share_measured, backs=[r'\(i = \lfloor j/2 \rfloor\)', r'\(j\)', 'both', 'column', 'columns', 'same']),
    cited('root-of-bugs',
           "HF blog huggingface/blog designing-positional-encoding.md ('the component index'); Packt, Transformers for NLP and Computer Vision p.32 via fliphtml5 (loops range(0, 512, 2), then 10000 ** ((2*i)/d_model)); collected in shared/research/content_anchors.md §7.1", backs=['0', '2', '2', '4', r'\(i\)']),
    prose('lead-in-frequency', 'introduces the display below, which is checked (frequency-form)', unbacked=[r'\(i\)']),
    computed('point-on-unit-circle',
             unit_circle_measured, backs=[r'\((\sin \omega_i p, \cos \omega_i p)\)', r'\(\omega_i\)', 'each']),
    computed('wavelength-formula',
             lambda: texmath.holds(r"\lambda_i = 2\pi / \omega_i = 2\pi \cdot 10000^{2i/d}", WAVE), backs=[r'\(\lambda_i = 2\pi / \omega_i = 2\pi \cdot 10000^{2i/d}\)']),
    computed('column-table-header',
             lambda: len(table_rows()) == 6 and all(row_holds(r) for r in table_rows()), backs=['10000', r'\(i = \lfloor j/2 \rfloor\)', r'\(j\)', 'column']),
    computed('row-0',
             lambda: row_holds(r"| \(0\) | \(0\) | sin | \(0\) |"), backs=[r'\(0\)', r'\(0\)', r'\(0\)', 'sin']),
    computed('row-1',
             lambda: row_holds(r"| \(1\) | \(0\) | cos | \(0\) |"), backs=[r'\(0\)', r'\(0\)', r'\(1\)', 'cos']),
    computed('row-2',
             lambda: row_holds(r"| \(2\) | \(1\) | sin | \(-2/d\) |"), backs=[r'\(-2/d\)', r'\(1\)', r'\(2\)', 'sin']),
    computed('row-3',
             lambda: row_holds(r"| \(3\) | \(1\) | cos | \(-2/d\) |"), backs=[r'\(-2/d\)', r'\(1\)', r'\(3\)', 'cos']),
    computed('row-2i',
             lambda: row_holds(r"| \(2i\) | \(i\) | sin | \(-2i/d\) |"), backs=[r'\(-2i/d\)', r'\(2i\)', r'\(i\)', 'sin']),
    computed('row-2i-plus-1',
             lambda: row_holds(r"| \(2i+1\) | \(i\) | cos | \(-2i/d\) |"), backs=[r'\(-2i/d\)', r'\(2i+1\)', r'\(i\)', 'cos']),
    computed('interleaved-is-the-papers',
             interleaved_read, backs=['all', 'all', 'columns', 'cosines', 'interleaved', 'order', 'same', 'sines', 'store']),
    prose('see-layouts', 'an instruction: where to read on', unbacked=['column']),
    prose('heading-forms', 'a heading: the claims are in the sentences below it'),
    computed('forms-are-one-number',
             forms_are_one_number, backs=[r'\(10000^{-2i/d}\)', r'\(10000^{2i/d}\)', r'\(\exp(-2i \ln(10000)/d)\)', r'\(a^x = e^{x \ln a}\)', 'same', 'same']),
    cited('uva-column-form',
           'phlippe/uvadlc_notebooks docs/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.ipynb (shared/research/content_anchors.md §2)',
           column_form_is_the_pair_form, backs=['6', r'\((j-1)/d\)', r'\(j/d\)', r'\(j\)', r'\(j\)', r'\(j\)', 'column', 'even', 'odd']),
    computed('column-exponent-is-2i-over-d',
             both_exponents_measured, backs=[r'\(2i/d\)', r'\(i = \lfloor j/2 \rfloor\)', 'both']),
    computed('forms-differ-in-last-bits',
             forms_measured, backs=['2,048', r'\(\exp\)', r'\(d = 512\)', 'float64', 'gen.formula.forms.largest_form_diff', 'last']),
    computed('denominators-bit-for-bit',
             denominators_measured,
             backs=['1', r'\((j - 1)/d = 2i/d\)', r'\(j = 2i+1\)', 'column', 'column', 'equal', 'even', 'odd', 'odd']),
    cited('youtube-notebook',
           'YouTube ZMxVe-HK174, its step-by-step notebook (shared/seeds/001_e6eb5b58e366de2c.txt)', backs=[r'\(d = 6\)', 'both', 'equal']),
    prose('heading-misreadings', 'a heading: the claims are in the sentences below it'),
    computed('misread-cosine-between-pairs',
             lambda: all_pass(formula_tests.test_the_misread_cosine_frequency_lies_between_two_pairs, (8, 64, 512)) and passes(formula_tests.test_reading_i_as_the_column_gives_another_table)(), backs=[r'\(10000^{-(2i+1)/d}\)', r'\(2i+1\)', r'\(\omega_i\)', r'\(\omega_i\)', r'\(\omega_{i+1}\)', r'\(j/d\)', 'all', 'below', 'below', 'column', 'column', 'columns', 'cosine', 'cosine', 'every', 'every', 'falls', 'half', 'last', 'no', 'right', 'sine', 'sine']),
    computed('misreading-has-no-rotation',
             no_rotation_for_misread_pairs, backs=['2', '2', r'\(\omega_i\)', 'cos', 'linear', 'longer', 'longer', 'no', 'no', 'rotation', 'sin', '×']),
    computed('misreading-gap-is-two',
             misreading_gap_measured, backs=[r'\([-1, 1]\)', 'differs', 'gen.formula.forms.misreading_diff', 'largest', 'up to']),
    computed('doubled-exponent-slower',
             doubled_exponent_measured, backs=['gen.formula.forms.doubled_slower', 'gen.formula.forms.pairs', 'slower', 'slowest', 'twice', 'up', 'zero']),
    computed('heading-lone-sine', odd_widths_end_in_a_lone_sine, backs=['odd', 'sine']),
    cited('paper-assumes-even',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: PE(pos, 2i) and PE(pos, 2i+1) fill the d_model columns two by two', backs=['even']),
    computed('odd-width-columns',
             partner_column_measured, backs=[r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', r'\(d-1 = 2i\)', r'\(d\)', r'\(d\)', 'column', 'column', 'columns', 'columns', 'cosine', 'cosine', 'last', 'not', 'odd', 'sine', 'sine']),
    computed('tutorials-crash-on-odd',
             tutorials_crash_or_return_a_wrong_width, backs=['1', '2', r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'columns', 'cos']),
    computed('lone-sine-consequences',
             lone_sine_measured, backs=['constant', 'no', 'no', 'nor', 'not', 'sine', 'sine']),
    prose('heading-pictures', 'a heading: the claims are in the sentences below it'),
    computed('heatmap-stripes-and-bands', heatmap_measured, backs=['128', r'\(d = 128\)', 'above', 'first']),
    computed('heatmap-alt',
             heatmap_alt_measured, backs=['128', '128', 'above', 'below', 'both', 'columns', 'columns', 'cosine', 'first', 'last', 'row', 'sine']),
    computed('three-pairs', three_pairs_measured, backs=['column', 'column']),
    computed('integer-positions', integer_positions_sample_the_waves, backs=['only']),
    computed('quarter-wave-apart', quarter_wave_measured, backs=['cosine', 'each', 'sine']),
    computed('curves-alt',
             curves_measured, backs=['128', 'columns', 'cosine', 'each', 'first', 'growing', 'last', 'same', 'sine']),
    computed('heading-wavelengths', wavelengths_heading, backs=['10000']),
    cited('paper-geometric-progression',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: 'The wavelengths form a geometric progression from 2π to 10000 · 2π'", backs=['10000', '3.5']),
    computed('progression-is-exact',
             progression_measured, backs=[r'\(\lambda_{i+1} / \lambda_i = 10000^{2/d}\)', r'\(i\)', 'every', 'exact']),
    computed('upper-end-not-reached',
             upper_end_measured, backs=[r'\(d\)', r'\(i = d/2 - 1\)', 'even', 'last', 'not']),
    computed('tends-only-in-the-limit',
             tends_to_2pi_10000_only_in_the_limit, backs=[r'\(2\pi \cdot 10000\)', r'\(d \to \infty\)', 'only']),
    computed('wavelengths-d512',
             paper_upper_measured, backs=[r'\(2\pi \cdot 10000\)', r'\(2\pi \cdot\)', r'\(d = 512\)', 'gen.formula.wavelengths.longest', 'gen.formula.wavelengths.longest_factor', 'gen.formula.wavelengths.pairs', 'gen.formula.wavelengths.paper_upper', 'gen.formula.wavelengths.shortest', 'not']),
    computed('shortfall-and-ratio',
             ratio_each_measured,
             backs=['before', 'each', 'gen.formula.wavelengths.ratio', 'gen.formula.wavelengths.shortfall_percent', 'times']),
    computed('exercise-1-is-d64', exercise_number_measured, backs=['1', '64', 'same']),
    computed('wavelength-each-pair-d-model',
             wavelengths_figure_alt_measured, backs=['10000', '512', '8', 'all', 'below', 'below', 'each', 'last']),
    computed('the-tests-note',
             the_tests_are_what_the_note_says, backs=[r'\(10000^{2/512}\)', r'\(2\pi \cdot 10000^{510/512}\)', r'\(d = 1, 5, 7, 129\)', 'column', 'columns', 'constant', 'cosine', 'cosine', 'each', 'even', 'every', 'exactly', 'odd', 'ratio']),
    computed('base-is-next', base_is_the_next_page, backs=['10000', '10000', 'next', 'not']),
    computed('pair-index-not-dimension', lambda: per_column_exponents() and i_as_column_splits_the_pair(), backs=['not']),
    prose('four-forms-as-code', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('column-form-s-denominators-printed', 'an admonition title: it names the code and output folded inside, which state nothing themselves; "column form" is the name of a form', unbacked=['column']),
    prose('two-misreadings-their-comparison-as', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('what-prints-as-code', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('plotting-code', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('library-s-wavelengths-function-prints', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('how-page-checked', 'an admonition title: it names the list of checks folded inside'),
    computed('interleave-sin-cos-p-omega', interleaves_sin_then_cos, backs=['1', '2', 'columns', 'columns', 'cos', 'sin']),
    computed('paper-s-sin-pos-10000', written_forms_agree, backs=['10000', 'sin']),
    computed('same-written-as-multiplication-base', written_forms_agree, backs=['same']),
    computed('div-term-many-pytorch-tutorials', written_forms_agree),
    computed('per-column-j-exponent-j', per_column_measured, backs=['1', '2', 'both', 'column', 'even', 'odd']),
    computed('misreading-i-dimension-column-j', misread_two_frequencies_measured, backs=['column', 'cos', 'sin']),
    computed('misreading-loop-i-over-0', doubled_fall_measured, backs=['0', '2', '4', 'fall', 'twice']),
    computed('wavelength-positions-pair-i-0', wavelengths_of_pairs, backs=['0', '1', '2', '2', '2']),
    prose('why-tutorials-take-exp-log', 'a heading: it names the question the section answers'),
    cited('form-line-many-pytorch-tutorials', T2T_SOURCE, tutorial_div_term_is_the_frequency,
          backs=['0', '10000.0', '2']),
    cited('spaces-timescales-geometrically-between-lines', T2T_SOURCE, log_space_gives_any_geometric_range,
          backs=['445', '449', '\\(\\ln 10000 / (d/2 - 1)\\)', '\\(\\ln 10000 / (d/2)\\)', 'any']),
    cited('annotated-transformer-kept-form-with', ANNOTATED_SOURCE, backs=['755']),
    computed('does-not-prevent-overflow-largest', no_overflow_measured,
             backs=['\\(10000^{(d-2)/d}\\)', '\\(d = 512\\)', 'float32', 'gen.formula.exp_log.float32_max',
                    'gen.formula.exp_log.largest_512', 'largest', 'not', 'up to']),
    computed('nor-more-accurate-form', exp_of_a_log_accuracy_measured, backs=['more', 'not']),
    computed('float32-rounding-argument-up-size', argument_rounding_measured,
             backs=['\\(\\ln 10000 \\approx 9.2\\)', 'exact', 'float32', 'gen.formula.exp_log.exp_error',
                    'gen.formula.exp_log.exp_floor', 'gen.formula.exp_log.power_error', 'more', 'up', 'up to',
                    'within']),
    computed('neither-error-shows-table-over', table_errors_measured,
             backs=['both', 'float32', 'float64', 'gen.formula.exp_log.positions', 'gen.formula.exp_log.table_error',
                    'larger', 'not', 'within']),
    computed('frequency-s-rounding-multiplied-by', roundings_apart_measured,
             backs=['\\(p\\,\\omega_i\\)', 'float32', 'gen.formula.exp_log.angle_part',
                    'gen.formula.exp_log.frequency_part', 'grows', 'less', 'less']),
    computed('reference-computes-angles-float64-rounds', reference_rounds_float64_angles_once, backs=['float64']),
    computed('two-forms-measurement-as-code', two_forms_measured),
], typed={'128': "the heatmap's size and width, parameters of snippets/reference_page/heatmap.py"})

test_claims_hold = LEDGER.test
