"""The claims of docs/formula.md, each with what makes it true (see tests/claimcheck.py)."""

import math
import random
import re

import sympy
import texmath
import torch
from claimcheck import DOCS, Ledger, cited, computed, equation, passes, prose, read_page
from formula import forms as formula_forms
from formula import wavelengths
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


def lone_sine_has_no_constant_norm_nor_matrix() -> bool:
    d, n, k = 5, 20000, 500  # the lone sine turns slowly: compare over several of its turns
    last = pe(n, d)[:, -1:]
    m = torch.linalg.lstsq(last[:-k], last[k:]).solution  # the best 1x1 "shift matrix" of the lone sine
    no_matrix = (last[:-k] @ m - last[k:]).abs().max().item() > 1e-3
    return no_matrix and all_pass(properties_tests.test_norm_varies_for_odd_width, (5, 9, 513))


def sign_changes(column: torch.Tensor) -> int:
    s = torch.sign(column[column != 0])
    return int((s[1:] != s[:-1]).sum())


def heatmap_stripes_then_bands() -> bool:
    source = (ROOT / "snippets" / "reference_page/heatmap.py").read_text(encoding="utf-8")
    drawn = "positional_encoding(128, 128)" in source and "generated/reference_page/heatmap.svg" in (DOCS / "reference.md").read_text()
    changes = [sign_changes(c) for c in pe(128, 128)[:, 0::2].T]
    return drawn and changes[0] > 30 and changes[-1] == 0 and all(a >= b for a, b in zip(changes, changes[1:]))


def heatmap_split_by_pair() -> bool:
    """The heatmap draws the sine columns (2i) above and the cosine columns (2i + 1) below, one row per pair, and in
    both the first pairs change sign often along the positions and the last ones not at all, never more often for a
    later pair."""
    source = (ROOT / "snippets" / "reference_page/heatmap.py").read_text(encoding="utf-8")
    split = ("sines, cosines = pe[:, 0::2], pe[:, 1::2]" in source and "(axes[0], sines," in source
             and "(axes[1], cosines," in source)
    table = pe(128, 128)
    for part in (table[:, 0::2], table[:, 1::2]):
        changes = [sign_changes(c) for c in part.T]
        if not (changes[0] > 30 and changes[-1] == 0 and all(a >= b for a, b in zip(changes, changes[1:]))):
            return False
    return split and heatmap_stripes_then_bands()


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
    log = wavelengths.wavelengths(512).log()
    second = log[2:] - 2 * log[1:-1] + log[:-2]
    return bool(second.abs().max() < 1e-12) and from_2pi_to_just_under()


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


def every_number_is_computed_and_checked() -> bool:
    text = (DOCS / PAGE).read_text(encoding="utf-8")
    jobs = quoted_jobs(text)
    return jobs == set(formula_tests.JOBS) and all(f'"{job}.py:' in text for job in jobs)

LEDGER = Ledger('formula.md', [
    equation('the-paper-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin\!\left(\frac{p}{10000^{2i/d}}\right), \qquad \mathrm{PE}(p, 2i+1) = \cos\!\left(\frac{p}{10000^{2i/d}}\right), \]"),
    equation('frequency-form',
             r"\[ \omega_i = 10000^{-2i/d}, \qquad \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \]"),
    equation('longest-wavelength',
             r"\[ \lambda_{\mathrm{max}} = 2\pi \cdot 10000^{(d-2)/d}, \]"),
    prose('title',
           r"The formula, indexed right",
           "the page's title; each claim about the index is checked below"),
    cited('what-this-page-is',
           r"An **explanation** of the formula of §3.5 of *Attention Is All You Need* (Vaswani et al., 2017, [arXiv:1706.03762](https://arxiv.org/abs/1706.03762)): what each index means, the forms it is written in, what happens for an odd width, and what the wavelengths really are.",
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding; the rest is the plan of the page'),
    computed('every-number-computed-and-checked',
             r"Every number is computed by the code shown and checked in `tests/pages/test_formula_code.py`.",
             every_number_is_computed_and_checked),
    prose('heading-the-formula',
           r"The formula",
           'a heading: the claims are in the sentences below it'),
    computed('i-runs-to-ceil-half',
             r"where \(p = 0, 1, 2, \dots\) is the position, \(d = d_{\text{model}}\) the width of the model, and \(i = 0, 1, \dots, \lceil d/2 \rceil - 1\).",
             pairs_cover_ceil_half),
    cited('paper-says-i-is-the-dimension',
           'The paper says "pos is the position and i is the dimension".',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: 'where pos is the position and i is the dimension'"),
    computed('i-counts-pairs',
             r"It is not: the dimension (column) is \(2i\) or \(2i+1\), and \(i\) counts (sine, cosine) **pairs**.",
             lambda: all(torch.allclose(pe(40, d), oracle(40, d), rtol=0, atol=1e-12) for d in WIDTHS)),
    computed('pair-shares-a-frequency',
             r"Column \(j\) belongs to pair \(i = \lfloor j/2 \rfloor\), and both columns of a pair use the **same** frequency.",
             columns_of_a_pair_share_a_frequency),
    cited('root-of-bugs',
           'This sentence of the paper is the root of a family of bugs and confused posts (the [HF blog post](https://huggingface.co/blog/designing-positional-encoding) calls \\(i\\) "the component index"; a [Packt book excerpt](https://fliphtml5.com/zroi/xrui/Transformers_for_Natural_Language_Processing_and_Computer/67) loops `i` over `0, 2, 4, …` and then writes `2*i` again).',
           "HF blog huggingface/blog designing-positional-encoding.md ('the component index'); Packt, Transformers for NLP and Computer Vision p.32 via fliphtml5 (loops range(0, 512, 2), then 10000 ** ((2*i)/d_model)); collected in shared/research/content_anchors.md §7.1"),
    prose('lead-in-frequency',
           r"With the angular frequency of pair \(i\),",
           'introduces the display below, which is checked (frequency-form)'),
    computed('point-on-unit-circle',
             r"each pair is a point turning on the unit circle, \((\sin \omega_i p, \cos \omega_i p)\), one step of \(\omega_i\) radians per position.",
             turning_on_the_unit_circle),
    computed('wavelength-formula',
             r"Its wavelength (the number of positions per full turn) is \(\lambda_i = 2\pi / \omega_i = 2\pi \cdot 10000^{2i/d}\).",
             lambda: texmath.holds(r"\lambda_i = 2\pi / \omega_i = 2\pi \cdot 10000^{2i/d}", WAVE)),
    computed('column-table-header',
             r"| column \(j\) | pair \(i = \lfloor j/2 \rfloor\) | function | exponent of 10000 |",
             lambda: len(table_rows()) == 6 and all(row_holds(r) for r in table_rows())),
    computed('row-0',
             r"| \(0\) | \(0\) | sin | \(0\) |",
             lambda: row_holds(r"| \(0\) | \(0\) | sin | \(0\) |")),
    computed('row-1',
             r"| \(1\) | \(0\) | cos | \(0\) |",
             lambda: row_holds(r"| \(1\) | \(0\) | cos | \(0\) |")),
    computed('row-2',
             r"| \(2\) | \(1\) | sin | \(-2/d\) |",
             lambda: row_holds(r"| \(2\) | \(1\) | sin | \(-2/d\) |")),
    computed('row-3',
             r"| \(3\) | \(1\) | cos | \(-2/d\) |",
             lambda: row_holds(r"| \(3\) | \(1\) | cos | \(-2/d\) |")),
    computed('row-2i',
             r"| \(2i\) | \(i\) | sin | \(-2i/d\) |",
             lambda: row_holds(r"| \(2i\) | \(i\) | sin | \(-2i/d\) |")),
    computed('row-2i-plus-1',
             r"| \(2i+1\) | \(i\) | cos | \(-2i/d\) |",
             lambda: row_holds(r"| \(2i+1\) | \(i\) | cos | \(-2i/d\) |")),
    computed('interleaved-is-the-papers',
             r"This interleaved order is the paper's; many libraries store the same columns as all sines, then all cosines (or the reverse).",
             interleaved_is_the_papers_and_libraries_split),
    prose('see-layouts',
           r"See [Library layouts](variants/libraries.md) and [layouts are column permutations](variants/converting.md#layouts-are-column-permutations).",
           'an instruction: where to read on'),
    prose('heading-forms',
           r"The forms people write, and why they agree",
           'a heading: the claims are in the sentences below it'),
    computed('forms-are-one-number',
             r"The same frequency appears in code and papers in several disguises: dividing by \(10000^{2i/d}\), multiplying by \(10000^{-2i/d}\), or the `div_term` of many PyTorch tutorials, \(\exp(-2i \ln(10000)/d)\), which is the same number because \(a^x = e^{x \ln a}\).",
             forms_are_one_number),
    cited('uva-column-form',
           r"A fourth form indexes by column \(j\): exponent \(j/d\) for even \(j\) and \((j-1)/d\) for odd \(j\) (the form of the UvA deep-learning tutorial, [Tutorial 6](https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html)).",
           'phlippe/uvadlc_notebooks docs/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.ipynb (shared/research/content_anchors.md §2)',
           column_form_is_the_pair_form),
    computed('column-exponent-is-2i-over-d',
             r"Both are \(2i/d\) for pair \(i = \lfloor j/2 \rfloor\).",
             column_exponent_is_2i_over_d),
    computed('forms-differ-in-last-bits',
             r"The three frequency forms give the reference table (2,048 positions, \(d = 512\), float64) with differences {{ gen.formula.forms.largest_form_diff }}: they are the last bits of \(\exp\) and of the power function, multiplied by the position.",
             form_differences_are_last_bits_times_position),
    computed('denominators-bit-for-bit',
             r"The even and odd denominators of the column form are bit-for-bit equal, because an odd column \(j = 2i+1\) subtracts the 1 again: \((j - 1)/d = 2i/d\).",
             lambda: all_pass(formula_tests.test_even_and_odd_denominators_are_equal, (4, 6, 10, 512)) and column_exponent_is_2i_over_d()),
    cited('youtube-notebook',
           r"This is the observation that the step-by-step notebook of the YouTube video [ZMxVe-HK174](https://www.youtube.com/watch?v=ZMxVe-HK174) makes (it prints both denominator vectors for \(d = 6\), finds them equal and keeps one).",
           'YouTube ZMxVe-HK174, its step-by-step notebook (shared/seeds/001_e6eb5b58e366de2c.txt)'),
    prose('heading-misreadings',
           r"What the misreadings do",
           'a heading: the claims are in the sentences below it'),
    computed('misread-cosine-between-pairs',
             'Reading "i is the dimension" literally (exponent \\(j/d\\) for every column) leaves the sine columns right and gives the cosine in column \\(2i+1\\) the frequency \\(10000^{-(2i+1)/d}\\): half a step of the progression below its sine\'s \\(\\omega_i\\), strictly between \\(\\omega_i\\) and \\(\\omega_{i+1}\\) (their geometric mean), so it is the frequency of no pair at all (the last cosine falls below every pair\'s frequency).',
             lambda: all_pass(formula_tests.test_the_misread_cosine_frequency_lies_between_two_pairs, (8, 64, 512)) and passes(formula_tests.test_reading_i_as_the_column_gives_another_table)()),
    computed('misreading-has-no-rotation',
             r"Sin and cos of a pair no longer share \(\omega_i\), and the 2×2 rotation that makes the [shift linear](linearity.md#the-proof-one-pair-at-a-time) no longer exists.",
             no_rotation_for_misread_pairs),
    computed('misreading-gap-is-two',
             r"The table differs from the reference by up to {{ gen.formula.forms.misreading_diff }}, the largest possible gap between two numbers in \([-1, 1]\).",
             misreading_gap_is_two),
    computed('doubled-exponent-slower',
             r"Doubling the exponent squeezes the frequencies toward zero twice as fast: {{ gen.formula.forms.doubled_slower }} of the {{ gen.formula.forms.pairs }} pairs end up slower than the paper's slowest pair.",
             doubled_exponent_slower),
    computed('heading-lone-sine',
             r"Odd `d_model`: a lone sine",
             odd_widths_end_in_a_lone_sine),
    cited('paper-assumes-even',
           r"The paper assumes an even width.",
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: PE(pos, 2i) and PE(pos, 2i+1) fill the d_model columns two by two'),
    computed('odd-width-columns',
             r"With \(d\) odd there are \(\lceil d/2 \rceil\) sine columns and \(\lfloor d/2 \rfloor\) cosine columns: the last column \(d-1 = 2i\) is a sine whose cosine partner would be column \(d\), which does not exist.",
             odd_widths_end_in_a_lone_sine),
    computed('tutorials-crash-on-odd',
             r"The [reference implementation](reference.md#the-function) fills it; many tutorials crash on it (`pe[:, 1::2] = torch.cos(...)` assigns \(\lceil d/2 \rceil\) columns into \(\lfloor d/2 \rfloor\)) or silently return a wrong width.",
             tutorials_crash_or_return_a_wrong_width),
    computed('lone-sine-consequences',
             r"A lone sine has no partner, so the norm of an odd-width encoding is not constant (see [Properties](properties.md#the-norm-is-constant-for-even-d_model)); nor does it have a shift matrix (see [the lone sine has no matrix](linearity.md#odd-d_model-the-lone-sine-has-no-matrix)).",
             lone_sine_has_no_constant_norm_nor_matrix),
    prose('heading-pictures',
           r"The table as pictures",
           'a heading: the claims are in the sentences below it'),
    computed('heatmap-stripes-and-bands',
             r"The whole table for 128 positions and \(d = 128\) (drawn by `snippets/reference_page/heatmap.py` on the [reference page](reference.md#as-a-picture)): fast stripes in the first pairs, slow bands above.",
             heatmap_stripes_then_bands),
    computed('heatmap-alt',
             r"![Two heatmaps of PE for 128 positions and d_model = 128, one row per pair: the sine columns above, the cosine columns below; in both, the first pairs change fast with the position and the last ones slowly](generated/reference_page/heatmap.svg)",
             heatmap_split_by_pair),
    computed('three-pairs',
             r"Three pairs, column by column.",
             lambda: len(curve_pairs()) == 3),
    computed('integer-positions',
             r"The table only holds the values at integer positions (the dots); the faint curves are the waves they sample.",
             integer_positions_sample_the_waves),
    computed('quarter-wave-apart',
             r"Each pair is a sine and a cosine of one frequency, a quarter wave apart:",
             a_quarter_wave_apart),
    computed('curves-alt',
             r"![Three pairs of columns of the table for d_model = 128 against position: each pair a sine and a cosine of the same frequency, the wavelength growing from the first pair to the last](generated/formula/per_dimension_curves.svg)",
             lambda: three_pairs_growing() and a_quarter_wave_apart()),
    computed('heading-wavelengths',
             r"The wavelengths: from 2π to just under 2π · 10000",
             from_2pi_to_just_under),
    cited('paper-geometric-progression',
           'The paper says "the wavelengths form a geometric progression from 2π to 10000 · 2π" (§3.5).',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding: 'The wavelengths form a geometric progression from 2π to 10000 · 2π'"),
    computed('progression-is-exact',
             r"The progression part is exact: \(\lambda_{i+1} / \lambda_i = 10000^{2/d}\) for every \(i\).",
             lambda: texmath.holds(r"\lambda_{i+1} / \lambda_i = 10000^{2/d}", WAVE) and passes(formula_tests.test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512)()),
    computed('upper-end-not-reached',
             r"The upper end is not reached: the last pair of an even \(d\) is \(i = d/2 - 1\), so the longest wavelength is",
             last_pair_is_half_d_minus_one),
    computed('tends-only-in-the-limit',
             r"which tends to \(2\pi \cdot 10000\) only as \(d \to \infty\).",
             tends_to_2pi_10000_only_in_the_limit),
    computed('wavelengths-d512',
             'For \\(d = 512\\) the {{ gen.formula.wavelengths.pairs }} wavelengths run from {{ gen.formula.wavelengths.shortest }} to **{{ gen.formula.wavelengths.longest }} positions** (\\(2\\pi \\cdot\\) {{ gen.formula.wavelengths.longest_factor }}), not the {{ gen.formula.wavelengths.paper_upper }} of \\(2\\pi \\cdot 10000\\), which is often repeated from the paper (and sometimes turned into an "upper bound on the context length").',
             quoted_wavelengths),
    computed('shortfall-and-ratio',
             r"The shortfall is {{ gen.formula.wavelengths.shortfall_percent }} %; each wavelength is {{ gen.formula.wavelengths.ratio }} times the one before.",
             quoted_shortfall_and_ratio),
    computed('exercise-1-is-d64',
             r"[Exercise 1](exercises.md#1-the-longest-wavelength) works the same question for `d_model = 64`.",
             exercise_one_is_d64),
    computed('wavelengths-alt',
             r"![Wavelength of each pair for d_model = 512 on a log scale: a straight line from 2π that ends below the paper's 2π·10000 line; an inset zooms on the last pairs, all below that line](generated/formula/wavelengths.svg)",
             straight_line_below_the_paper),
    computed('the-tests-note',
             r"`test_the_written_forms_give_the_same_table` compares every form with the reference for even and odd widths; `test_even_and_odd_denominators_are_equal` checks the column form; `test_reading_i_as_the_column_gives_another_table` checks that the misreading breaks exactly the cosine columns, and `test_the_misread_cosine_frequency_lies_between_two_pairs` that each misread cosine turns at the geometric mean of two pairs' frequencies; `test_odd_width_ends_with_a_lone_sine` checks \(d = 1, 5, 7, 129\); `test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512` checks the longest wavelength \(2\pi \cdot 10000^{510/512}\), the constant ratio \(10000^{2/512}\) and the quoted values.",
             the_tests_are_what_the_note_says),
    computed('base-is-next',
             r"Why 10000 and not another base is the subject of the next page: [Why base 10000](base.md).",
             base_is_the_next_page),
], typed={'128': "the heatmap's size and width, parameters of snippets/reference_page/heatmap.py"})

test_claims_hold = LEDGER.test
