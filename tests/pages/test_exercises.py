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


LEDGER = Ledger('exercises.md', [
    prose('title', "Exercises", "the page's title"),
    computed('summary', r"Practice for what the explanation pages teach: questions on the wavelengths, the shift matrix, the dot product, odd widths, layouts and float16, each with a worked solution you can run.",
             lambda: eight_exercises() and every_solution_generated_and_tested() and page().count('??? success "Solution"') == 8),
    prose('read-first', r"Take [the guided tour](tour.md) first; the exercises lean on [the formula](formula.md) and [linearity](linearity.md).", "reading advice: the pages the exercises build on (the strict build checks the links)"),
    computed('eight', "Eight exercises, from a pencil-and-paper warm-up to the traps of real code.", eight_exercises),
    prose('try-first', "Try each before opening its solution.", "advice to the reader"),
    computed('every-solution', "Every solution is a snippet of this repository, its output is generated by running it, and a test checks the answer.", every_solution_generated_and_tested),
    prose('run-one', "To run one yourself: `python -m exercises.NAME` from the `snippets/` folder.", "an instruction; every solution's snippet lies in snippets/exercises/ (checked by 'every-solution')"),
    prose('ex1', "1. The longest wavelength", "a heading"),
    computed('ex1-question', "For `d_model = 64` and base 10000, how many positions does the slowest pair take to complete one turn?", lambda: solves_the_question("exercises/longest_wavelength", "frequencies(64)") and quoted_equals("exercises/longest_wavelength", "longest", 2 * math.pi * 10000 ** (62 / 64), ",.0f")),
    cited('ex1-paper', r'The paper says the wavelengths run "from \(2\pi\) to \(10000 \cdot 2\pi\)": is the upper end reached?', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5: \"The wavelengths form a geometric progression "
                              "from 2π to 10000 · 2π\""),
    computed('ex1-hint', r"Pair \(i\) has \(\omega_i = 10000^{-2i/d}\) and wavelength \(2\pi / \omega_i\).", pair_and_wavelength),
    prose('ex1-hint-question', r"What is the largest \(i\)?", "the hint's question"),
    computed('ex1-answer', r"The pairs are \(i = 0, \dots, d/2 - 1\), so the last exponent is \(2i/d = 62/64\), not 1. The longest wavelength is \(2\pi \cdot 10000^{62/64} \approx\) {{ gen.exercises.longest_wavelength.longest }} positions; \(10000 \cdot 2\pi\) would need a pair \(i = d/2\), which does not exist.", longest_wavelength),
    computed('ex1-limit', r"The larger \(d\), the closer the exponent \((d-2)/d\) gets to 1, but it never reaches it.", exponent_approaches_one),
    prose('ex1-see', "See [the wavelengths](formula.md#wavelengths) for `d_model = 512` and [what the base sets](base.md#what-the-base-sets).", "links to pages that say more"),
    prose('ex2', "2. Build a shift matrix by hand", "a heading"),
    computed('ex2-task', r"For `d_model = 4`, write \(M_3\), the matrix with \(\mathrm{PE}(p + 3) = M_3\,\mathrm{PE}(p)\).", lambda: solves_the_question("exercises/shift_d4", "shift_matrix(4, 3)")),
    computed('ex2-apply', r"Apply it to \(\mathrm{PE}(10)\) and compare with \(\mathrm{PE}(13)\).", lambda: solves_the_question("exercises/shift_d4", "m3 @ pe[10]", "pe[13]")),
    computed('ex2-pairs', r"Two pairs, \(\omega_0 = 1\) and \(\omega_1 = 10000^{-2/4} = 0.01\).", shift_d4),
    computed('ex2-block', r"Each pair needs the block \(\begin{pmatrix} \cos \omega k & \sin \omega k \\ -\sin \omega k & \cos \omega k \end{pmatrix}\); mind the sign.", shift_d4),
    computed('ex2-turns', r"The top-left block turns pair 0 by 3 radians (\(\cos 3 < 0\)); the bottom-right block turns pair 1 by only \(3\omega_1\) radians.", turns),
    prose('ex2-see', "The full derivation is on [the linearity page](linearity.md#the-proof-one-pair-at-a-time).", "a link to the derivation"),
    prose('ex3', "3. Rotate the wrong way", "a heading"),
    prose('ex3-task', r"You apply the textbook rotation \(\begin{pmatrix} \cos \omega k & -\sin \omega k \\ \sin \omega k & \cos \omega k \end{pmatrix}\) to the pair \((\sin \omega p, \cos \omega p)\).", "the exercise's set-up: the matrix it names is the usual anticlockwise rotation"),
    prose('ex3-question', "Which position's pair do you get?", "the exercise's question"),
    computed('ex3-answer', r"\(\sin\omega p \cos\omega k - \cos\omega p \sin\omega k = \sin(\omega(p - k))\) and \(\sin\omega p \sin\omega k + \cos\omega p\cos\omega k = \cos(\omega(p - k))\): you get position \(p - k\).", textbook_backwards),
    computed('ex3-backwards', r"The textbook matrix shifts the paper's \((\sin, \cos)\) pairs **backwards**. sympy agrees (third line):", lambda: textbook_backwards() and sympy_third_line()),
    prose('ex3-see', "See [which way it turns](linearity.md#which-way-it-turns).", "a link"),
    prose('ex4', "4. Left or right?", "a heading"),
    computed('ex4-take', r"Take \(p = 100\), `d_model = 64`.", lambda: solves_the_question("exercises/left_right", "p = 100", "positional_encoding(200, 64")),
    prose('ex4-compare', r"Compare \(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k)\) with \(\mathrm{PE}(p) \cdot \mathrm{PE}(p - k)\).", "the exercise's task"),
    prose('ex4-question', r"Can the dot product tell a token \(k\) to the left from one \(k\) to the right?", "the exercise's question"),
    prose('ex4-question-2', "Can the vectors themselves?", "the exercise's question"),
    computed('ex4-equal', r"The two dot products are equal for every \(k\): pair \(i\) contributes \(\sin a \sin b + \cos a \cos b = \cos(a - b)\), an even function of the offset.", left_right_equal),
    computed('ex4-vectors', r"The vectors \(\mathrm{PE}(p+k)\) and \(\mathrm{PE}(p-k)\) are different (last column), so the direction is in the table; a plain dot product just cannot see it.", vectors_differ),
    computed('ex4-projections', "Attention sees it only through its learned projections.", projections_see_direction),
    prose('ex4-see', "See [the dot product depends only on the offset](properties.md#the-dot-product-depends-only-on-the-offset).", "a link"),
    prose('ex5', "5. The dot product depends only on the offset", "a heading"),
    computed('ex5-task', r"Use \(M_k\) to show that \(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k) = \sum_i \cos(\omega_i k)\) for every \(p\).", dot_product_is_sum),
    computed('ex5-check', r"Check it for `d_model = 64` and \(k = 10\).", lambda: solves_the_question("exercises/dot_product", "d, k = 64, 10")),
    computed('ex5-hint', r"\(\mathrm{PE}(p)^{\top} M_k\, \mathrm{PE}(p)\), one block at a time.", via_m_k),
    prose('ex5-hint-question', r"What is \(x^{\top} R\, x\) for a 2×2 block \(R\) with \(\cos\) on the diagonal and \(\pm\sin\) off it?", "the hint's question"),
    computed('ex5-blocks', r"\(\mathrm{PE}(p)\cdot\mathrm{PE}(p+k) = \mathrm{PE}(p)^{\top} M_k\,\mathrm{PE}(p) = \sum_i x_i^{\top} R_i(k)\, x_i\) with \(x_i = (\sin\omega_i p, \cos\omega_i p)\).", via_m_k),
    computed('ex5-cancel', r"The off-diagonal terms cancel (\(\sin\omega_i k\, s c - \sin\omega_i k\, c s = 0\)), and the diagonal gives \(\cos\omega_i k\,(s^2 + c^2) = \cos\omega_i k\).", block_quadratic_form),
    computed('ex5-no-p', r"No \(p\) survives.", block_quadratic_form),
    computed('ex5-value', r"For \(k = 10\) the value is {{ gen.exercises.dot_product.value }} at every one of the thousand positions.", value_at_k10),
    prose('ex5-see', r"[Properties](properties.md#it-decreases-only-locally) shows how this sum behaves as \(k\) grows.", "a link to the page that plots the sum"),
    prose('ex6', "6. From interleaved to split halves", "a heading"),
    computed('ex6-libraries', "Some libraries store all the sines first and all the cosines after them.", libraries_split),
    computed('ex6-task', "Write the column permutation `perm` with `split = pe[:, perm]` for `d_model = 8`, and its inverse.", lambda: solves_the_question("exercises/interleaved_to_split", "perm = interleaved_to_split(8)", "inverse = ")),
    computed('ex6-layer', "The same numbers in another order: a layer that follows can absorb the permutation, but a checkpoint trained with one layout is wrong with the other.", layer_absorbs_checkpoint_does_not),
    prose('ex6-see', "The library layouts are compared in [library layouts](variants/libraries.md), and [layouts are column permutations](variants/converting.md#layouts-are-column-permutations) gives the permutation for each.", "links to the pages that compare the layouts"),
    prose('ex7', "7. Odd `d_model`", "a heading"),
    computed('ex7-patterns', "Three common ways of filling the table, run with `d_model = 5`: a vectorised slice assignment, a loop over `d_model // 2` pairs, and stacking sin and cos then flattening.", odd_patterns),
    prose('ex7-question', "What does each one do?", "the exercise's question"),
    computed('ex7-slice', r"The slice assignment **crashes**: there are \(\lceil 5/2 \rceil = 3\) frequencies but only \(\lfloor 5/2 \rfloor = 2\) odd columns for the cosines.", slice_crashes),
    computed('ex7-loop', "The pair loop **silently leaves the last column at zero**: it never reaches the lone sine.", loop_zero_column),
    computed('ex7-stack', "Stacking and flattening **silently returns one column more than asked**; the first five are right.", stack_extra_column),
    computed('ex7-seeds', 'The seed texts show all three: the "OG positional encoding" post\'s nested loops leave the zero column, the step-by-step notebook of YouTube video ZMxVe-HK174 returns one column too many, and the blog post "Deep Learning - Positional Encoding" (2022) and bala1802\'s Transformers notebook crash ([the seed implementations](variants/seeds.md)).', seeds_show_all_three),
    computed('ex7-reference', r"The [reference](reference.md#the-function) gives the cosines only the first \(\lfloor d/2 \rfloor\) frequencies, and [the linearity page](linearity.md#odd-d_model-the-lone-sine-has-no-matrix) shows what the lone sine costs.", reference_odd),
    prose('ex8', "8. Positions in float16", "a heading"),
    computed('ex8-arange', "Positions are often created with `torch.arange(seq_len)` and then cast along with the model.", arange_positions),
    prose('ex8-question', "What is the first position that a float16 tensor cannot hold exactly?", "the exercise's question"),
    prose('ex8-question-2', "And in bfloat16?", "the exercise's question"),
    computed('ex8-hint', r"float16 has 11 significant bits, bfloat16 has 8. Above \(2^{11}\), what is the spacing of float16 numbers?", significant_bits),
    computed('ex8-answer', "float16 first fails at position {{ gen.exercises.float16_integers.float16 }} and bfloat16 at {{ gen.exercises.float16_integers.bfloat16 }}: past those, two neighbouring positions get the same number, hence the same encoding.", first_inexact),
    computed('ex8-advice', "Compute positions and angles in float32 or float64 and cast only the finished table, as the [reference](reference.md#the-function) does; [half precision: where positions stop existing](precision.md#half-precision-where-positions-stop-existing) measures the rest.", lambda: trig_profile(REFERENCE)[0] == "float64"),
])

test_claims_hold = LEDGER.test
