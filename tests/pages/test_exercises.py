"""The claims of docs/exercises.md, each with what makes it true (see tests/claimcheck.py).

The answers are re-derived here: identities with sympy, numbers with the reference, the odd-width patterns and the
seeds' behaviour from the snippets and the variants comparison; tests/pages/test_exercises_code.py checks each printed answer.
"""

import inspect
import math
import re

import sympy as sp
import test_reference as reference_tests
import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, passes, prose
from exercises.odd_width import pair_loop, slice_assign, stack_and_flatten
from pelib.shift import shift_matrix
from pelib.variants.registry import BY_KEY, REFERENCE, interleaved_to_split, trig_profile
from precision.recipes import rows_computed_in
from reference import frequencies, positional_encoding
from support import DOCS, SNIPPETS, data, quoted_equals, text

from pages import test_exercises_code as exercise_tests

w, p, k, a, b = sp.symbols("omega p k a b", real=True)
PAIR = lambda q: sp.Matrix([sp.sin(w * q), sp.cos(w * q)])  # noqa: E731  the paper's (sin, cos) pair at position q


def zero(expr):
    return sp.simplify(sp.expand_trig(expr)) == 0


def page():
    return (DOCS / "exercises.md").read_text(encoding="utf-8")


def eight_exercises():
    numbered = re.findall(r"^## (\d+)\. ", page(), flags=re.M)
    return numbered == [str(n) for n in range(1, 9)]


def every_solution_generated_and_tested():
    sections = re.split(r"^## \d+\. ", page(), flags=re.M)[1:]
    tests = [name for name in dir(exercise_tests) if re.match(r"test_exercise_\d+_", name)]
    solved = all(re.search(r'--8<-- "exercises/(\w+)\.py:solution"', s) and re.search(r'--8<-- "[\w/]+\.txt"', s) for s in sections
                 if '"linearity/symbolic.txt"' not in s)
    return (solved and sorted(int(re.match(r"test_exercise_(\d+)_", t).group(1)) for t in tests) == list(range(1, 9))
            and all((SNIPPETS / f"{name}.py").is_file() for s in sections for name in re.findall(r'--8<-- "(exercises/\w+)\.py:solution"', s)))


def longest_wavelength():
    d = 64
    last = d // 2 - 1
    return (positional_encoding(2, d).shape[1] // 2 == 32 and 2 * last / d == 62 / 64 and 2 * last / d != 1
            and passes(exercise_tests.test_exercise_1_longest_wavelength)())


def exponent_approaches_one():
    ratios = [(d - 2) / d for d in range(2, 4097, 2)]
    return all(x < y for x, y in zip(ratios, ratios[1:], strict=False)) and max(ratios) < 1


def pair_and_wavelength():
    d = 16
    table = positional_encoding(64, d, dtype=torch.float64)
    positions = torch.arange(64, dtype=torch.float64)
    omega = frequencies(d)
    return bool(torch.allclose(omega, 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d), rtol=0, atol=1e-15)
                and all(torch.allclose(table[:, 2 * i], torch.sin(positions * omega[i]), rtol=0, atol=1e-12) for i in range(d // 2))
                and math.isclose(math.sin(omega[3].item() * (5 + 2 * math.pi / omega[3].item())), math.sin(omega[3].item() * 5), abs_tol=1e-9))


def shift_d4():
    m3 = shift_matrix(4, 3)
    c, s = math.cos(3), math.sin(3)
    return (10000 ** (-2 / 4) == 0.01 and frequencies(4).tolist() == [1.0, 0.01]
            and torch.allclose(m3[:2, :2], torch.tensor([[c, s], [-s, c]], dtype=torch.float64), rtol=0, atol=1e-15)
            and passes(exercise_tests.test_exercise_2_shift_matrix_for_d4)())


def turns():
    m3 = shift_matrix(4, 3)
    return (math.cos(3) < 0 and math.isclose(math.atan2(m3[0, 1].item(), m3[0, 0].item()), 3, abs_tol=1e-12)
            and math.isclose(math.atan2(m3[2, 3].item(), m3[2, 2].item()), 3 * 0.01, abs_tol=1e-12))


def textbook_backwards():
    textbook = sp.Matrix([[sp.cos(w * k), -sp.sin(w * k)], [sp.sin(w * k), sp.cos(w * k)]])
    got = textbook * PAIR(p)
    first = sp.sin(w * p) * sp.cos(w * k) - sp.cos(w * p) * sp.sin(w * k)
    second = sp.sin(w * p) * sp.sin(w * k) + sp.cos(w * p) * sp.cos(w * k)
    return (zero(got[0] - first) and zero(got[1] - second) and zero(first - sp.sin(w * (p - k)))
            and zero(second - sp.cos(w * (p - k))) and not zero(first - sp.sin(w * (p + k))))


def sympy_third_line():
    third = text("linearity/symbolic").splitlines()[3]
    return third.startswith("pair(p-k) - R(k)^T pair(p)") and passes(exercise_tests.test_exercise_3_textbook_rotation_goes_backwards)()


def left_right_equal():
    pe = positional_encoding(200, 64, dtype=torch.float64)
    right = torch.stack([pe[100] @ pe[100 + q] for q in range(1, 100)])
    left = torch.stack([pe[100] @ pe[100 - q] for q in range(1, 100)])
    identity = zero(sp.sin(a) * sp.sin(b) + sp.cos(a) * sp.cos(b) - sp.cos(a - b))
    return bool(torch.allclose(right, left, rtol=0, atol=1e-12)) and identity and sp.cos(-k) == sp.cos(k)


def vectors_differ():
    pe = positional_encoding(200, 64, dtype=torch.float64)
    header = text("exercises/left_right").splitlines()[0]
    return (header.rstrip().endswith("|PE(p+k) - PE(p-k)|") and all((pe[100 + q] - pe[100 - q]).norm() > 1 for q in range(1, 100))
            and passes(exercise_tests.test_exercise_4_dot_product_is_blind_to_direction)())


def projections_see_direction():
    pe = positional_encoding(200, 64, dtype=torch.float64)
    g = torch.Generator().manual_seed(0)
    wq, wk = torch.randn(64, 64, generator=g, dtype=torch.float64), torch.randn(64, 64, generator=g, dtype=torch.float64)
    q = wq @ pe[100]
    projected = [abs(float(q @ (wk @ pe[100 + s]) - q @ (wk @ pe[100 - s]))) for s in (1, 5, 20)]
    return min(projected) > 1e-3 and left_right_equal()


def dot_product_is_sum():
    pe = positional_encoding(1200, 64, dtype=torch.float64)
    omega = frequencies(64)
    return all(torch.allclose(pe[q] @ pe[q + s], torch.cos(omega * s).sum(), rtol=0, atol=1e-9)
               for q in (0, 7, 500, 1000) for s in (1, 10, 150))


def via_m_k():
    pe = positional_encoding(200, 64, dtype=torch.float64)
    m10 = shift_matrix(64, 10)
    omega = frequencies(64)
    blocks = sum(pe[37, 2 * i: 2 * i + 2] @ m10[2 * i: 2 * i + 2, 2 * i: 2 * i + 2] @ pe[37, 2 * i: 2 * i + 2] for i in range(32))
    return bool(torch.allclose(pe[37] @ pe[47], pe[37] @ m10 @ pe[37], rtol=0, atol=1e-9)
                and torch.allclose(blocks, pe[37] @ m10 @ pe[37], rtol=0, atol=1e-9)
                and torch.allclose(m10 @ pe[37], pe[47], rtol=0, atol=1e-9) and omega.numel() == 32)


def block_quadratic_form():
    s, c = sp.sin(w * p), sp.cos(w * p)
    block = sp.Matrix([[sp.cos(w * k), sp.sin(w * k)], [-sp.sin(w * k), sp.cos(w * k)]])
    x = sp.Matrix([s, c])
    off_diagonal = block[0, 1] * s * c + block[1, 0] * c * s
    diagonal = sp.cos(w * k) * (s**2 + c**2)
    form = sp.simplify((x.T * block * x)[0])
    return zero(off_diagonal) and zero(diagonal - sp.cos(w * k)) and zero(form - sp.cos(w * k)) and p not in form.free_symbols


def value_at_k10():
    expected = float(torch.cos(frequencies(64) * 10).sum())
    low, high = re.findall(r"min (\S+), max (\S+)", text("exercises/dot_product"))[0]
    return (quoted_equals("exercises/dot_product", "value", expected, ".4f") and low == high
            and "p = 0..999" in text("exercises/dot_product") and passes(exercise_tests.test_exercise_5_dot_product_formula)())


def libraries_split():
    from pelib.variants.registry import VARIANTS

    observed = data("variants/comparison")
    return any(v.kind == "library" and observed[v.key]["layout"] == "[sin | cos]" for v in VARIANTS)


def layer_absorbs_checkpoint_does_not():
    pe = positional_encoding(30, 8, dtype=torch.float64)
    perm = interleaved_to_split(8)
    split = pe[:, perm]
    g = torch.Generator().manual_seed(1)
    weight = torch.randn(5, 8, generator=g, dtype=torch.float64)
    absorbed = torch.allclose(split @ weight[:, perm].T, pe @ weight.T, rtol=0, atol=1e-12)  # the layer's columns, permuted
    wrong = not torch.allclose(split @ weight.T, pe @ weight.T, rtol=0, atol=1e-3)
    return bool(absorbed and wrong and passes(exercise_tests.test_exercise_6_permutation)())


def odd_patterns():
    source = (SNIPPETS / "exercises/odd_width.py").read_text()
    return ("range(d_model // 2)" in source and ".flatten(1)" in source and "pe[:, 1::2] = torch.cos(angle)" in source
            and passes(exercise_tests.test_exercise_7_odd_width_patterns, 5)())


def slice_crashes():
    try:
        slice_assign(6, 5)
    except RuntimeError:
        crashed = True
    else:
        crashed = False
    return crashed and frequencies(5).numel() == math.ceil(5 / 2) == 3 and positional_encoding(1, 5)[:, 1::2].shape[1] == 5 // 2 == 2


def loop_zero_column():
    loop = pair_loop(6, 5)
    return bool(torch.count_nonzero(loop[:, -1]) == 0 and torch.allclose(loop[:, :-1], positional_encoding(6, 5, dtype=torch.float64)[:, :-1]))


def stack_extra_column():
    stacked = stack_and_flatten(6, 5)
    return stacked.shape == (6, 6) and bool(torch.allclose(stacked[:, :5], positional_encoding(6, 5, dtype=torch.float64), rtol=0, atol=1e-15))


def seeds_show_all_three():
    observed = data("variants/comparison")
    expect = {"seed_nested_loops": ("OG positional encoding", "zero column"),
              "seed_stack_flatten": ("ZMxVe-HK174", "wrong width (8 columns)"),
              "seed_plain_attribute": ("Deep Learning - Positional Encoding", "crash"),
              "seed_div_term": ("bala1802", "crash")}
    return (all(what in BY_KEY[key].source and observed[key]["odd_d7"].startswith(how) for key, (what, how) in expect.items())
            and "2022" in BY_KEY["seed_plain_attribute"].source)


def reference_odd():
    table = positional_encoding(40, 7, dtype=torch.float64)
    return table.shape == (40, 7) and passes(reference_tests.test_odd_width_ends_with_a_lone_sine)()


def arange_positions():
    from pelib.variants.registry import VARIANTS

    seeds = [v for v in VARIANTS if v.kind == "seed"]
    return all("torch.arange(" in inspect.getsource(v.code) for v in seeds)


def significant_bits():
    return (round(-math.log2(torch.finfo(torch.float16).eps)) + 1, round(-math.log2(torch.finfo(torch.bfloat16).eps)) + 1) == (11, 8) \
        and float(torch.nextafter(torch.tensor(2048.0, dtype=torch.float16), torch.tensor(math.inf, dtype=torch.float16))) == 2050


def first_inexact():
    return (passes(exercise_tests.test_exercise_8_first_inexact_positions)()
            and torch.equal(*rows_computed_in([2048, 2049], 8, dtype=torch.float16))
            and torch.equal(*rows_computed_in([256, 257], 8, dtype=torch.bfloat16)))


def solution(name):
    """The solution snippet's source: the exercise's parameters must be the ones the question names."""
    return (SNIPPETS / f"{name}.py").read_text(encoding="utf-8")


def solves_the_question(name, *fragments):
    return all(fragment in solution(name) for fragment in fragments)


# --- the docstrings the page shows with the exercises' code (reviewed after the migration) ------------------------


def quietly(name: str):
    import contextlib
    import importlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        return importlib.import_module(name)


def split_order_as_documented() -> bool:
    ex = quietly("exercises.interleaved_to_split")
    ref = positional_encoding(40, 8, dtype=torch.float64)
    perm = ex.interleaved_to_split(8)
    split = ex.split_layout(40, 8)
    return (perm == [0, 2, 4, 6, 1, 3, 5, 7] and torch.allclose(ref[:, perm], split.double(), atol=1e-6)
            and torch.allclose(split[:, :4].double(), ref[:, 0::2], atol=1e-6) and torch.allclose(split[:, 4:].double(), ref[:, 1::2], atol=1e-6))


def patterns_as_documented() -> bool:
    ref = positional_encoding(6, 8, dtype=torch.float64)
    p = torch.arange(6, dtype=torch.float64)[:, None]
    w = frequencies(8)
    loop5 = pair_loop(6, 5)
    return (torch.allclose(slice_assign(6, 8), ref) and torch.allclose(slice_assign(6, 8)[:, 0::2], (p * w).sin())
            and torch.allclose(slice_assign(6, 8)[:, 1::2], (p * w).cos())
            and torch.allclose(pair_loop(6, 8), ref) and bool((loop5[:, 4] == 0).all())
            and torch.allclose(stack_and_flatten(6, 8), ref) and stack_and_flatten(6, 5).shape == (6, 6))


def first_inexact_as_documented() -> bool:
    ex = quietly("exercises.float16_integers")
    n16 = ex.first_inexact_integer(torch.float16)
    exact = torch.arange(n16, dtype=torch.float64)
    try:
        ex.first_inexact_integer(torch.float32, limit=1000)
        refused = False
    except ValueError:
        refused = True
    return (n16 == 2049 and ex.first_inexact_integer(torch.bfloat16) == 257 and refused
            and torch.equal(exact.half().double(), exact) and float(torch.tensor(2049.0, dtype=torch.float64).half()) != 2049.0)


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def eight_measured():
    """"Eight exercises": the numbered sections of the page."""
    return eight_exercises() and Number(len(re.findall(r"^## (\d+)\. ", page(), flags=re.M)), at=0)


def limit_measured():
    """"the exponent (d-2)/d ... never reaches [1]": the even widths up to 4096 whose exponent reaches 1."""
    if not exponent_approaches_one():
        return False
    from fractions import Fraction

    ratios = [Fraction(d - 2, d) for d in range(2, 4097, 2)]
    return Count(sum(r >= 1 for r in ratios), len(ratios))


def pairs_measured():
    """"Two pairs": the frequencies of d_model = 4."""
    return shift_d4() and Number(len(frequencies(4)))


def turns_measured():
    """"The top-left block turns pair 0 by 3 radians; the bottom-right block turns pair 1": the pair of each block
    (its first row over 2) and the top-left block's angle."""
    if not turns():
        return False
    m3 = shift_matrix(4, 3)
    return [Number(0 // 2), Number(math.atan2(m3[0, 1].item(), m3[0, 0].item())), Number(2 // 2)]


def left_right_measured():
    """"The two dot products are equal for every k": the sequences compared, the largest difference between them
    (to 12 decimals), and the offsets where they agree."""
    if not left_right_equal():
        return False
    pe = positional_encoding(200, 64, dtype=torch.float64)
    right = torch.stack([pe[100] @ pe[100 + q] for q in range(1, 100)])
    left = torch.stack([pe[100] @ pe[100 - q] for q in range(1, 100)])
    agree = torch.isclose(right, left, rtol=0, atol=1e-12)
    return [Number(len((right, left))), Compare(round((right - left).abs().max().item(), 12), 0.0),
            Count(int(agree.sum()), agree.numel())]


def vectors_measured():
    """"The vectors PE(p+k) and PE(p-k) are different ...; a plain dot product just cannot see it": the smallest
    distance between them, and whether the dot products tell them apart."""
    if not vectors_differ():
        return False
    pe = positional_encoding(200, 64, dtype=torch.float64)
    distance = min((pe[100 + q] - pe[100 - q]).norm().item() for q in range(1, 100))
    sees = any(abs((pe[100] @ pe[100 + q] - pe[100] @ pe[100 - q]).item()) > 1e-9 for q in range(1, 100))
    return [Compare(distance, 0.0), Truth(sees)]


def no_p_measured():
    """"No p survives": whether p is left in the simplified quadratic form."""
    if not block_quadratic_form():
        return False
    s, c = sp.sin(w * p), sp.cos(w * p)
    block = sp.Matrix([[sp.cos(w * k), sp.sin(w * k)], [-sp.sin(w * k), sp.cos(w * k)]])
    form = sp.simplify((sp.Matrix([s, c]).T * block * sp.Matrix([s, c]))[0])
    return Count(int(p in form.free_symbols), 1)


def value_measured():
    """"the value is ... at every one of the thousand positions": the positions whose dot product at k = 10 is the
    sum of cos(w_i k), and how many positions."""
    if not value_at_k10():
        return False
    pe = positional_encoding(1010, 64, dtype=torch.float64)
    expected = float(torch.cos(frequencies(64) * 10).sum())
    dots = (pe[:1000] * pe[10:1010]).sum(dim=1)
    close = torch.isclose(dots, torch.full_like(dots, expected), rtol=0, atol=1e-9)
    return [Count(int(close.sum()), close.numel()), Number(close.numel())]


def loop_measured():
    """"leaves the last column at zero: it never reaches the lone sine": the largest value of the last column, and
    its entries written."""
    if not loop_zero_column():
        return False
    last = pair_loop(6, 5)[:, -1]
    return [Number(last.abs().max().item()), Count(int(torch.count_nonzero(last)), last.numel())]


def stack_measured():
    """"one column more than asked; the first five are right": the columns returned against those asked for, and
    the leading columns that equal the reference's."""
    if not stack_extra_column():
        return False
    stacked, ref = stack_and_flatten(6, 5), positional_encoding(6, 5, dtype=torch.float64)
    right = 0
    while right < 5 and torch.allclose(stacked[:, right], ref[:, right], rtol=0, atol=1e-15):
        right += 1
    return [Compare(stacked.shape[1], 5), Number(right)]


def significant_bits_measured():
    """"float16 has 11 significant bits, bfloat16 has 8": each dtype's mantissa bits plus the implicit one."""
    if not significant_bits():
        return False
    return [Number(round(-math.log2(torch.finfo(dtype).eps)) + 1) for dtype in (torch.float16, torch.bfloat16)]


def element_loop_measured():
    """"for d_model // 2 pairs": d_model over the pairs the loop writes, at d_model = 8."""
    if not patterns_as_documented():
        return False
    written = int((pair_loop(6, 8).abs().sum(dim=0) > 0).sum()) // 2
    return Number(8 / written)


LEDGER = Ledger('exercises.md', [
    prose('title', "the page's title"),
    computed('eight', eight_measured),
    prose('try-first', "advice to the reader", unbacked=['before', 'each']),
    computed('every-solution', every_solution_generated_and_tested, backs=['every']),
    prose('run-one', "an instruction; every solution's snippet lies in snippets/exercises/ (checked by 'every-solution')"),
    prose('ex1', "a heading", unbacked=['1']),
    computed('ex1-question', lambda: solves_the_question("exercises/longest_wavelength", "frequencies(64)") and quoted_equals("exercises/longest_wavelength", "longest", 2 * math.pi * 10000 ** (62 / 64), ",.0f"), backs=['10000', '64', 'slowest']),
    cited('ex1-paper', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5: \"The wavelengths form a geometric progression "
                              "from 2π to 10000 · 2π\"", backs=[r'\(10000 \cdot 2\pi\)', r'\(2\pi\)']),
    computed('ex1-hint', pair_and_wavelength, backs=[r'\(2\pi / \omega_i\)', r'\(\omega_i = 10000^{-2i/d}\)', r'\(i\)']),
    prose('ex1-hint-question', "the hint's question", unbacked=[r'\(i\)', 'largest']),
    computed('ex1-answer', longest_wavelength, backs=['1', r'\(10000 \cdot 2\pi\)', r'\(2\pi \cdot 10000^{62/64} \approx\)', r'\(2i/d = 62/64\)', r'\(i = 0, \dots, d/2 - 1\)', r'\(i = d/2\)', 'gen.exercises.longest_wavelength.longest', 'last', 'not', 'not']),
    computed('ex1-limit', limit_measured, backs=['1', r'\((d-2)/d\)', r'\(d\)', 'larger', 'never']),
    prose('ex1-see', "links to pages that say more", unbacked=['512']),
    prose('ex2', "a heading", unbacked=['2']),
    computed('ex2-task', lambda: solves_the_question("exercises/shift_d4", "shift_matrix(4, 3)"), backs=['4', r'\(M_3\)', r'\(\mathrm{PE}(p + 3) = M_3\,\mathrm{PE}(p)\)']),
    computed('ex2-apply', lambda: solves_the_question("exercises/shift_d4", "m3 @ pe[10]", "pe[13]"), backs=[r'\(\mathrm{PE}(10)\)', r'\(\mathrm{PE}(13)\)']),
    computed('ex2-pairs', pairs_measured, backs=[r'\(\omega_0 = 1\)', r'\(\omega_1 = 10000^{-2/4} = 0.01\)']),
    computed('ex2-block', shift_d4, backs=[r'\(\begin{pmatrix} \cos \omega k & \sin \omega k \\ -\sin \omega k & \cos \omega k \end{pmatrix}\)', 'each']),
    computed('ex2-turns', turns_measured, backs=['0', '1', '3', r'\(3\omega_1\)', r'\(\cos 3 < 0\)', 'only']),
    prose('ex2-see', "a link to the derivation"),
    prose('ex3', "a heading", unbacked=['3', 'rotate']),
    prose('ex3-task', "the exercise's set-up: the matrix it names is the usual anticlockwise rotation", unbacked=[r'\((\sin \omega p, \cos \omega p)\)', r'\(\begin{pmatrix} \cos \omega k & -\sin \omega k \\ \sin \omega k & \cos \omega k \end{pmatrix}\)', 'rotation']),
    prose('ex3-question', "the exercise's question"),
    computed('ex3-answer', textbook_backwards, backs=[r'\(\sin\omega p \cos\omega k - \cos\omega p \sin\omega k = \sin(\omega(p - k))\)', r'\(\sin\omega p \sin\omega k + \cos\omega p\cos\omega k = \cos(\omega(p - k))\)', r'\(p - k\)']),
    computed('ex3-backwards', lambda: textbook_backwards() and sympy_third_line(), backs=[r'\((\sin, \cos)\)']),
    prose('ex3-see', "a link"),
    prose('ex4', "a heading", unbacked=['4', 'left', 'right']),
    computed('ex4-take', lambda: solves_the_question("exercises/left_right", "p = 100", "positional_encoding(200, 64"), backs=['64', r'\(p = 100\)']),
    prose('ex4-compare', "the exercise's task", unbacked=[r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k)\)', r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p - k)\)']),
    prose('ex4-question', "the exercise's question", unbacked=[r'\(k\)', r'\(k\)', 'left', 'right']),
    prose('ex4-question-2', "the exercise's question"),
    computed('ex4-equal', left_right_measured, backs=[r'\(\sin a \sin b + \cos a \cos b = \cos(a - b)\)', r'\(i\)', r'\(k\)', 'equal', 'even', 'every']),
    computed('ex4-vectors', vectors_measured, backs=[r'\(\mathrm{PE}(p+k)\)', r'\(\mathrm{PE}(p-k)\)', 'cannot', 'column', 'different', 'last']),
    computed('ex4-projections', projections_see_direction, backs=['only']),
    prose('ex4-see', "a link", unbacked=['depends', 'only']),
    prose('ex5', "a heading", unbacked=['5', 'depends', 'only']),
    computed('ex5-task', dot_product_is_sum, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k) = \sum_i \cos(\omega_i k)\)', r'\(p\)', 'every']),
    computed('ex5-check', lambda: solves_the_question("exercises/dot_product", "d, k = 64, 10"), backs=['64', r'\(k = 10\)']),
    computed('ex5-hint', via_m_k, backs=[r'\(\mathrm{PE}(p)^{\top} M_k\, \mathrm{PE}(p)\)']),
    prose('ex5-hint-question', "the hint's question", unbacked=['2', '2', r'\(R\)', r'\(\cos\)', r'\(\pm\sin\)', r'\(x^{\top} R\, x\)', '×']),
    computed('ex5-blocks', via_m_k, backs=[r'\(\mathrm{PE}(p)\cdot\mathrm{PE}(p+k) = \mathrm{PE}(p)^{\top} M_k\,\mathrm{PE}(p) = \sum_i x_i^{\top} R_i(k)\, x_i\)', r'\(x_i = (\sin\omega_i p, \cos\omega_i p)\)']),
    computed('ex5-cancel', block_quadratic_form, backs=[r'\(\cos\omega_i k\,(s^2 + c^2) = \cos\omega_i k\)', r'\(\sin\omega_i k\, s c - \sin\omega_i k\, c s = 0\)']),
    computed('ex5-no-p', no_p_measured, backs=[r'\(p\)', 'no']),
    computed('ex5-value', value_measured, backs=[r'\(k = 10\)', 'every', 'gen.exercises.dot_product.value']),
    prose('ex5-see', "a link to the page that plots the sum", unbacked=[r'\(k\)', 'grows']),
    prose('ex6', "a heading", unbacked=['6', 'interleaved']),
    computed('ex6-libraries', libraries_split, backs=['after', 'all', 'all', 'cosines', 'first', 'sines', 'some', 'store']),
    computed('ex6-task', lambda: solves_the_question("exercises/interleaved_to_split", "perm = interleaved_to_split(8)", "inverse = "), backs=['8', 'column']),
    computed('ex6-layer', layer_absorbs_checkpoint_does_not, backs=['order', 'same']),
    prose('ex6-see', "links to the pages that compare the layouts", unbacked=['column', 'each']),
    prose('ex7', "a heading", unbacked=['7', 'odd']),
    computed('ex7-patterns', odd_patterns, backs=['2', '5', 'cos', 'sin']),
    prose('ex7-question', "the exercise's question", unbacked=['each']),
    computed('ex7-slice', slice_crashes, backs=[r'\(\lceil 5/2 \rceil = 3\)', r'\(\lfloor 5/2 \rfloor = 2\)', 'columns', 'cosines', 'odd', 'only']),
    computed('ex7-loop', loop_measured, backs=['column', 'last', 'never', 'sine', 'zero']),
    computed('ex7-stack', stack_measured, backs=['column', 'first', 'more', 'right']),
    computed('ex7-seeds', seeds_show_all_three, backs=['2022', 'all', 'column', 'column', 'zero']),
    computed('ex7-reference', reference_odd, backs=[r'\(\lfloor d/2 \rfloor\)', 'cosines', 'first', 'only', 'sine']),
    prose('ex8', "a heading", unbacked=['8', 'float16']),
    computed('ex8-arange', arange_positions),
    prose('ex8-question', "the exercise's question", unbacked=['cannot', 'exactly', 'first', 'float16']),
    prose('ex8-question-2', "the exercise's question", unbacked=['bfloat16']),
    computed('ex8-hint', significant_bits_measured, backs=['11', '8', r'\(2^{11}\)', 'above', 'bfloat16', 'float16', 'float16']),
    computed('ex8-answer', first_inexact, backs=['bfloat16', 'first', 'float16', 'gen.exercises.float16_integers.bfloat16', 'gen.exercises.float16_integers.float16', 'same', 'same']),
    computed('ex8-advice', lambda: trig_profile(REFERENCE)[0] == "float64", backs=['float32', 'float64', 'half', 'only']),
    prose('hint', 'an admonition title: it labels the folded hint'),
    prose('solution', 'an admonition title: it labels the folded solution'),
    computed('column-order-puts-sines-even', split_order_as_documented, backs=['column', 'columns', 'columns', 'cosines', 'even', 'first', 'odd', 'order', 'sines']),
    computed('built-independently-all-sines-then', split_order_as_documented, backs=['all', 'all', 'cosines', 'same', 'sines']),
    computed('vectorised-sin-every-frequency-into', patterns_as_documented, backs=['columns', 'cos', 'even', 'every', 'every', 'odd', 'sin']),
    computed('element-by-element-one-sin', element_loop_measured, backs=['2', 'cos', 'sin']),
    computed('stack-sin-cos-every-frequency', patterns_as_documented, backs=['cos', 'every', 'last', 'sin']),
    computed('smallest-non-negative-integer-changes', first_inexact_as_documented, backs=['smallest', 'stored', 'up to']),
    computed('practice-what-explanation-pages-teach', lambda: eight_exercises() and every_solution_generated_and_tested() and page().count('??? success "Solution"') == 8, backs=['each', 'float16', 'odd']),
    prose('take-guided-tour-first-exercises', 'reading advice: the pages the exercises build on (the strict build checks the links)', unbacked=['first']),
])

test_claims_hold = LEDGER.test
