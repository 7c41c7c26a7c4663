"""The claims of docs/linearity.md, each with what makes it true (see tests/claimcheck.py)."""

import math
import re

import torch
from claimcheck import Ledger, cited, computed, equation, formula, inline, passes, prose
from linearity.odd import best_linear_fit_error, block_map_error
from linearity.slips import literal_step3_error, missing_minus
from pelib.shift import shift_block, shift_matrix
from reference import frequencies, positional_encoding
from support import ROOT, number, values
from texmath import equations, holds, integers, shift_family, table

from pages import test_linearity_code as t

# R_i(k) as this page displays it: the theorem is checked with the block the reader sees, so a sign changed in the
# block fails the theorem's check too
BLOCK = r"\[ R_i(k) = \begin{pmatrix} \cos \omega_i k & \sin \omega_i k \\ -\sin \omega_i k & \cos \omega_i k \end{pmatrix}. \]"

THEOREM = r"\[ \mathrm{PE}(p + k) = M_k\, \mathrm{PE}(p) \quad \text{for every position } p, \qquad M_k = \operatorname{diag}\big(R_0(k), R_1(k), \dots, R_{d/2-1}(k)\big), \]"


def SHIFT(rng):
    """An environment in which R_i(k) and M_k are the page's block and its block-diagonal."""
    return shift_family(integers(rng), equations(BLOCK)[0][1])


PAPER = "Vaswani et al. 2017, Attention Is All You Need, section 3.5"


def reference_is_the_paper_table(d: int = 16) -> bool:
    """The reference fills sin in column 2i and cos in 2i+1 with one frequency per pair (independent oracle)."""
    pe = positional_encoding(300, d, dtype=torch.float64)
    return all(torch.allclose(pe[p], torch.from_numpy(table(p, d, 10000.0)), atol=1e-12) for p in (0, 1, 7, 299))


def lower_left_is_minus_sine(d: int = 12, k: int = 5) -> bool:
    m, w = shift_matrix(d, k), frequencies(d)
    return all(math.isclose(m[2 * i + 1, 2 * i].item(), -math.sin(w[i].item() * k), abs_tol=1e-15)
               and math.isclose(m[2 * i, 2 * i + 1].item(), math.sin(w[i].item() * k), abs_tol=1e-15)
               for i in range(d // 2))


def sin_cos_point_turns_clockwise() -> bool:
    """(sin a, cos a) starts at (0, 1), reaches (1, 0) at pi/2, and its velocity turns it clockwise (negative
    cross product of position and velocity)."""
    start, quarter = (math.sin(0), math.cos(0)), (math.sin(math.pi / 2), math.cos(math.pi / 2))
    spins = [math.sin(a) * -math.sin(a) - math.cos(a) * math.cos(a) for a in (0.1, 1.0, 2.5, 4.0)]
    return start == (0.0, 1.0) and math.isclose(quarter[0], 1) and abs(quarter[1]) < 1e-15 and max(spins) < 0


def cos_sin_order_gives_the_textbook_matrix(w: float = 0.7, k: int = 3) -> bool:
    swap = torch.tensor([[0.0, 1.0], [1.0, 0.0]], dtype=torch.float64)
    textbook = torch.tensor([[math.cos(w * k), -math.sin(w * k)], [math.sin(w * k), math.cos(w * k)]],
                            dtype=torch.float64)
    return torch.allclose(swap @ shift_block(w, k) @ swap, textbook, atol=1e-15)


def six_wide_example() -> bool:
    m = shift_matrix(6, 2)
    pe = positional_encoding(8, 6, dtype=torch.float64)
    off_blocks = m.clone()
    for i in range(3):
        off_blocks[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = 0
    return torch.allclose(m @ pe[5], pe[7], atol=1e-14) and bool((off_blocks == 0).all())


def last_block_barely_turns() -> bool:
    w2 = frequencies(6)[2].item()
    return math.isclose(w2, 10000 ** (-4 / 6)) and 1e-3 <= 2 * w2 < 1e-2


def slow_pairs_move_less(d: int = 64, k: int = 2) -> bool:
    angles = [w * k for w in frequencies(d).tolist()]
    return all(a > b for a, b in zip(angles, angles[1:])) and angles[0] > 1 and angles[-1] < 1e-3


def max_error_is_rounding() -> bool:
    shown = values("linearity/shift_matrix")["max_error"]
    return shown.startswith("< ") and number(shown) <= 1e-10


def frequencies_distinct_in_unit_interval(d: int = 513) -> bool:
    w = frequencies(d).tolist()
    return all(0 < x <= 1 for x in w) and all(a > b for a, b in zip(w, w[1:])) and w[0] == 1.0


def equal_lengths(d: int = 64) -> bool:
    pe = positional_encoding(5000, d, dtype=torch.float64)
    return torch.allclose(pe.norm(dim=1), torch.full((5000,), math.sqrt(d / 2), dtype=torch.float64), atol=1e-12)


def odd_width_layout(d: int = 7) -> bool:
    pe = positional_encoding(100, d, dtype=torch.float64)
    m = (d - 1) // 2
    w = 10000 ** (-2 * m / d)
    lone = torch.sin(w * torch.arange(100, dtype=torch.float64))
    return pe.shape[1] == d and torch.allclose(pe[:, -1], lone, atol=1e-12)


def lone_sine_misses_by_the_cosine_term(d: int = 5, k: int = 37) -> bool:
    pe = positional_encoding(400 + k, d, dtype=torch.float64)
    w = frequencies(d)[-1].item()
    p = torch.arange(400, dtype=torch.float64)
    miss = pe[k:, -1] - math.cos(w * k) * pe[: 400, -1]
    return torch.allclose(miss, math.sin(w * k) * torch.cos(w * p), atol=1e-12)


def small_offsets_small_error(d: int = 5) -> bool:
    w = frequencies(d)
    positions = 2 * math.ceil(2 * math.pi / w[-1].item())
    return block_map_error(d, 1, positions) < block_map_error(d, 1000, positions) and bool(w[-1] == w.min())


def k1000_values() -> bool:
    v = values("linearity/odd")
    w = frequencies(5)[-1].item()
    return v["block_error_k1000"] == v["sin_k1000"] and math.isclose(number(v["sin_k1000"]),
                                                                      abs(math.sin(w * 1000)), abs_tol=5e-4)


def least_squares_largest_error_is_larger() -> bool:
    v = values("linearity/odd")
    w = frequencies(5)[-1].item()
    positions = 2 * math.ceil(2 * math.pi / w)
    offsets = (1, 10, 100, 1000)
    return number(v["lstsq_error_k1000"]) > number(v["block_error_k1000"]) and all(
        best_linear_fit_error(5, k, positions) > block_map_error(5, k, positions) for k in offsets)


def step3_error_quoted() -> bool:
    return math.isclose(number(values("linearity/slips")["step3_error"]), literal_step3_error(8, 20000, 1),
                        abs_tol=0.005) and number(values("linearity/slips")["step3_error"]) > 1


def missing_minus_numbers() -> bool:
    v = values("linearity/slips")
    table = missing_minus(2, 512)  # row 1 holds sin(w) and cos(w) of every pair at p = 1
    omegas = [10000 ** (2 * i / 512) for i in range(256)]
    aliased = sum(w > math.pi for w in omegas)
    return (abs(number(v["missing_minus_top_512"]) - max(omegas)) < 1 and number(v["missing_minus_aliased_512"])
            == aliased and table.shape == (2, 512))


def column_index_reading_mismatch(d: int = 8, i: int = 2) -> bool:
    """Column i + 1 (odd) read with exponent 2(i+1)/d: not the frequency 2i/d of the sine in column i."""
    return 10000 ** (-2 * (i + 1) / d) != 10000 ** (-2 * i / d)


def column_exponents_right(d: int = 8) -> bool:
    """With a column index j, the paper's exponent 2i/d is j/d for even j and (j-1)/d for odd j."""
    pe = positional_encoding(50, d, dtype=torch.float64)
    p = torch.arange(50, dtype=torch.float64)
    return all(torch.allclose(pe[:, j], (torch.sin if j % 2 == 0 else torch.cos)(
        p * 10000 ** (-((j if j % 2 == 0 else j - 1) / d))), atol=1e-12) for j in range(d))


OG = "the seed text 'OG positional encoding' (blog post, 2023-08-20), kept in ../shared/seeds; see variants/seeds.md"
KAZEMNEJAD = "https://kazemnejad.com/blog/transformer_architecture_positional_encoding/ (2019)"
DENK = "https://timodenk.com/blog/linear-relationships-in-the-transformers-positional-encoding/ (2019-01-22)"
FLEETWOOD = "https://huggingface.co/blog/designing-positional-encoding (2024), sections on RoPE"
WENG = "https://lilianweng.github.io/posts/2020-04-07-the-transformer-family/ (2020)"
LABML = ("https://github.com/labmlai/annotated_deep_learning_paper_implementations, "
         "labml_nn/transformers/rope/__init__.py (docstring and code)")


def lone_frequency_is_a_power_of_ten() -> bool:
    """omega_m = 10000^(-2m/d) with m = (d-1)/2 is 10^(-4(d-1)/d), so omega_m k = n pi would make pi algebraic."""
    return all(math.isclose(frequencies(d)[-1].item(), 10 ** (-4 * (d - 1) / d), rel_tol=1e-12) for d in (3, 5, 65))


def single_sine_cannot_shift() -> bool:
    """d = 1: sin(p + k) from sin(p) alone misses by a lot; with cos(p) supplied the fit is exact."""
    return all(best_linear_fit_error(1, k, 200) > 0.1 > 1e6 * best_linear_fit_error(1, k, 200, add_missing_cosine=True)
               for k in (1, 2, 3, 50))


def two_full_turns() -> bool:
    w = frequencies(5)[-1].item()
    return number(values("linearity/odd")["positions"]) == 2 * math.ceil(2 * math.pi / w)


def rotation_figure_as_described() -> bool:
    import inspect

    import linearity.rotation as fig

    source = inspect.getsource(fig)
    return (passes(t.test_rotation_figure_claims)() and fig.K == 2 and fig.P == 1 and len(fig.point) == 7
            and fig.d == 8 and fig.terms.shape[1] == 4 and "Arc((0, 0)" in source and 'f"p + k = {P + K}"' in source
            and torch.allclose(fig.wrong, fig.behind) and abs(fig.K * frequencies(8)[0].item() - 2) < 1e-12
            and torch.equal(fig.m3, shift_matrix(8, 3)) and "Rectangle((2 * i - 0.5" in source
            and "label_ends(" in source)


def rotation_widget() -> tuple[str, str]:
    page = (ROOT / "docs" / "linearity.md").read_text(encoding="utf-8")
    script = (ROOT / "docs" / "javascripts" / "pe-widgets.js").read_text(encoding="utf-8")
    return page, script


def widget_is_pair_0_with_omega_1() -> bool:
    page, script = rotation_widget()
    return (frequencies(8)[0].item() == 1.0 and 'data-pe-widget="rotation"' in page
            and 'd = 8, omega = PE.frequencies(d, 10000)' in script and "sinP: rowP[0], cosP: rowP[1]" in script)


def widget_arc_keeps_its_angle() -> bool:
    """For every p on the widget's slider (0 to 30) the clockwise angle from PE(p) to PE(p + k) in pair 0 is k, and
    R_0(k) is built from row k alone; for k from 0 to 6 (the slider) the angle k stays below 2 pi, so a larger k is
    a wider arc."""
    page, script = rotation_widget()
    pe = positional_encoding(40, 8, dtype=torch.float64)
    angles_ok = all(
        abs(math.remainder(math.atan2(pe[p + k, 0], pe[p + k, 1]) - math.atan2(pe[p, 0], pe[p, 1]) - k, 2 * math.pi))
        < 1e-9 for p in range(31) for k in range(7))
    block_ok = all(torch.allclose(shift_block(1.0, k), shift_matrix(8, k)[:2, :2]) for k in range(7))
    return (angles_ok and block_ok and 6 < 2 * math.pi and 'id="pe-w-p" type="range" min="0" max="30"' in page
            and 'id="pe-w-k" type="range" min="0" max="6"' in page
            and "[[rowK[1], rowK[0]], [-rowK[0], rowK[1]]]" in script and "angle: omega[0] * K" in script)


def checked_window() -> bool:
    from support import text

    shown, out = values("linearity/shift_matrix"), text("linearity/shift_matrix", "check")
    offsets = [int(k) for k in re.search(r"k = \[([^\]]+)\]", out).group(1).split(",")]
    widths = [int(w) for w in re.findall(r"d_model = +(\d+):", out)]
    return (out.startswith(f"{number(shown['positions']):.0f} positions x {shown['offsets']} offsets")
            and len(offsets) == int(shown["offsets"]) and min(offsets) < 0 and len(widths) == 6
            and sum(w % 2 for w in widths) == 2 and all(("paired columns" in ln) == (w % 2 == 1)
                for ln, w in zip(out.splitlines()[1:], widths))
            and passes(t.test_odd_widths_shift_their_complete_pairs, 65)())


LEDGER = Ledger('linearity.md', [
    equation('notation',
             r"\[ \mathrm{PE}(p)_{2i} = \sin(\omega_i p), \qquad \mathrm{PE}(p)_{2i+1} = \cos(\omega_i p), \qquad \omega_i = 10000^{-2i/d}. \]"),
    equation('theorem', THEOREM, SHIFT),
    # the block is a definition: what makes it right is that the theorem holds with it
    formula('the-block', BLOCK, lambda: holds(THEOREM, SHIFT)),
    equation('sine-row',
             r"\[ \mathrm{PE}(p+k)_{2i} = \sin(\omega_i p)\cos(\omega_i k) + \cos(\omega_i p)\sin(\omega_i k) = \cos(\omega_i k)\,\mathrm{PE}(p)_{2i} + \sin(\omega_i k)\,\mathrm{PE}(p)_{2i+1}. \]"),
    equation('cosine-row',
             r"\[ \mathrm{PE}(p+k)_{2i+1} = \cos(\omega_i p)\cos(\omega_i k) - \sin(\omega_i p)\sin(\omega_i k) = -\sin(\omega_i k)\,\mathrm{PE}(p)_{2i} + \cos(\omega_i k)\,\mathrm{PE}(p)_{2i+1}. \]"),
    equation('stacked-rows',
             r"\[ \begin{pmatrix} \mathrm{PE}(p+k)_{2i} \\ \mathrm{PE}(p+k)_{2i+1} \end{pmatrix} = \underbrace{\begin{pmatrix} \cos \omega_i k & \sin \omega_i k \\ -\sin \omega_i k & \cos \omega_i k \end{pmatrix}}_{R_i(k)} \begin{pmatrix} \mathrm{PE}(p)_{2i} \\ \mathrm{PE}(p)_{2i+1} \end{pmatrix}. \]"),
    cited("paper-hypothesis",
        'Section 3.5 of [Attention Is All You Need](https://arxiv.org/abs/1706.03762) gives one reason for choosing sinusoids: the authors "hypothesized it would allow the model to easily learn to attend by relative positions, since for any fixed offset \\(k\\), \\(PE_{pos+k}\\) can be represented as a linear function of \\(PE_{pos}\\)".', PAPER),
    cited("paper-proves-nothing",
        'The paper states this and proves nothing.', PAPER + ": the hypothesis is stated in one sentence, with no derivation"),
    prose("let-d-be-even",
        'Let \\(d\\) be even.', "the hypothesis of the theorem"),
    computed("one-matrix-per-offset",
        'For every integer offset \\(k\\) there is one \\(d \\times d\\) matrix \\(M_k\\), built from \\(k\\), \\(d\\) and the base only, such that', lambda: passes(t.test_shift_identity_many_positions_and_offsets, 64)() and passes(t.test_d_consecutive_rows_have_full_rank, 8, 1000)()),
    computed("group-properties",
        '\\(M_k\\) is orthogonal, \\(M_0 = I\\), \\(M_k M_j = M_{k+j}\\) and \\(M_{-k} = M_k^{\\top}\\).', passes(t.test_group_laws)),
    computed("pair-shares-a-frequency",
        'Its two columns, \\(2i\\) and \\(2i+1\\), share **one** frequency \\(\\omega_i\\); that is the whole trick.', reference_is_the_paper_table),
    prose("a-and-b",
        'Write \\(a = \\omega_i p\\) (it depends on the position) and \\(b = \\omega_i k\\) (it depends only on the offset), so that \\(\\omega_i (p + k) = a + b\\).', "notation: names two angles"),
    computed("two-angle-additions",
        'The two angle-addition formulas give the two rows.', passes(t.test_sympy_block_identity_simplifies_to_zero)),
    computed("cosine-row-partner-minus",
        'The cosine row takes its partner from the column **before** it (\\(2i\\)), with a **minus** sign.', lower_left_is_minus_sine),
    computed("coefficients-free-of-p",
        'The coefficients contain \\(\\omega_i k\\) and nothing else: \\(p\\) appears only in the vector being multiplied.', passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, 40000)),
    computed("blocks-on-the-diagonal",
        'Pair \\(i\\) of \\(\\mathrm{PE}(p+k)\\) needs pair \\(i\\) of \\(\\mathrm{PE}(p)\\) and no other pair, so the \\(d/2\\) blocks sit on the diagonal of \\(M_k\\) and every other entry is zero.', passes(t.test_block_structure_and_entries)),
    computed("textbook-counter-clockwise",
        'The textbook rotation by an angle \\(\\theta\\) is \\(\\begin{pmatrix} \\cos\\theta & -\\sin\\theta \\\\ \\sin\\theta & \\cos\\theta\\end{pmatrix}\\), counter-clockwise.', lambda: sin_cos_point_turns_clockwise() and cos_sin_order_gives_the_textbook_matrix()),
    computed("transpose-clockwise",
        '\\(R_i(k)\\) is its **transpose**, a rotation by \\(-\\omega_i k\\): a clockwise turn in the plane whose horizontal axis is the sine column and whose vertical axis is the cosine column.', passes(t.test_block_is_the_transpose_of_the_textbook_rotation)),
    computed("point-runs-clockwise",
        'The point \\((\\sin a, \\cos a)\\) starts at the top, \\((0, 1)\\), and reaches the right, \\((1, 0)\\), at \\(a = \\pi/2\\): it runs clockwise as the position grows, so the shift must turn clockwise too.', sin_cos_point_turns_clockwise),
    computed("cos-sin-order-textbook",
        'Store the pair as \\((\\cos, \\sin)\\) instead, as some libraries do, and the same shift is the textbook matrix.', cos_sin_order_gives_the_textbook_matrix),
    computed("textbook-maps-back",
        "Using the textbook matrix on the paper's \\((\\sin, \\cos)\\) ordering is a real error, not a convention: it maps \\(\\mathrm{PE}(p)\\) to \\(\\mathrm{PE}(p - k)\\) (measured [below](#slips-in-well-known-posts)).", passes(t.test_block_is_the_transpose_of_the_textbook_rotation)),
    computed("six-wide-example",
        'For `d_model = 6` and \\(k = 2\\): three blocks on the diagonal, and \\(M_2\\) moves \\(\\mathrm{PE}(5)\\) to \\(\\mathrm{PE}(7)\\):', six_wide_example),
    computed("last-block-almost-identity",
        'The last block is almost the identity: pair 2 has \\(\\omega_2 = 10000^{-4/6}\\), so two positions turn it by a few thousandths of a radian.', last_block_barely_turns),
    computed("slow-pairs-barely-move",
        'The slow pairs barely move under small shifts; the fast ones turn a lot.', slow_pairs_move_less),
    computed("errors-are-rounding",
        "Every error, {{ gen.linearity.shift_matrix.max_error }}, is float64 rounding: the table's angles \\(\\omega_i p\\) reach thousands of radians, and each carries a relative error of about \\(10^{-16}\\).", max_error_is_rounding),
    computed("fit-from-data",
        'A stronger check that \\(M_k\\) does not depend on \\(p\\): forget the formula, take 200 consecutive rows of the table, and let least squares find the matrix that best maps each \\(\\mathrm{PE}(p)\\) to \\(\\mathrm{PE}(p + k)\\).', passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, 0)),
    computed("fits-land-on-closed-form",
        'Each fit lands on the same closed-form \\(M_k\\):', lambda: all(passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, f)() for f in (0, 777, 40000))),
    computed("span-unique",
        'For an even \\(d\\) the vectors \\(\\mathrm{PE}(p)\\) of any \\(d\\) or more consecutive positions span all of \\(\\mathbb{R}^d\\), so the matrix is not only one solution: it is the only one.', lambda: all(passes(t.test_d_consecutive_rows_have_full_rank, d, f)() for d in (2, 4, 6, 8) for f in (0, 1000))),
    computed("pair-two-exponentials",
        'The two columns of pair \\(j\\) share one frequency; they are two independent combinations of the sequences \\(e^{i\\omega_j p}\\) and \\(e^{-i\\omega_j p}\\).', reference_is_the_paper_table),
    computed("exponentials-distinct",
        'The \\(d\\) numbers \\(e^{\\pm i\\omega_j}\\) are distinct (every \\(\\omega_j\\) lies in \\((0, 1]\\) and no two are equal), so the \\(d\\) sequences \\(e^{\\pm i\\omega_j p}\\) are linearly independent on any \\(d\\) consecutive positions (a Vandermonde determinant), and so are the \\(d\\) columns built from them: \\(d\\) consecutive rows form a matrix of full rank.', lambda: frequencies_distinct_in_unit_interval(512) and frequencies_distinct_in_unit_interval(513)),
    computed("sympy-every-omega",
        'The numeric check samples positions; sympy checks the block identity for every \\(\\omega\\), \\(p\\) and \\(k\\) at once.', passes(t.test_sympy_block_identity_simplifies_to_zero)),
    computed("sympy-residuals",
        'The residual of our block simplifies to zero; the textbook rotation leaves a residual, and instead maps to \\(p - k\\):', passes(t.test_sympy_block_identity_simplifies_to_zero)),
    computed("shifts-compose",
        'Shifting by \\(j\\) and then by \\(k\\) is shifting by \\(k + j\\), and the matrices follow suit.', passes(t.test_group_laws)),
    computed("angles-add",
        '\\(R_i(k) R_i(j) = R_i(k + j)\\), because rotation angles add; hence \\(M_k M_j = M_{k+j} = M_j M_k\\);', passes(t.test_group_laws)),
    computed("orthogonal-equal-lengths",
        '\\(R_i(k)^{\\top} R_i(k) = I\\), so \\(M_k\\) is **orthogonal** (a block-diagonal of rotations, determinant 1): it keeps lengths, as it must, since every \\(\\mathrm{PE}(p)\\) has the same length \\(\\sqrt{d/2}\\);', lambda: passes(t.test_group_laws)() and equal_lengths()),
    computed("shift-back-transpose",
        '\\(M_0 = I\\) and \\(M_{-k} = M_k^{\\top} = M_k^{-1}\\): the shift back is the transpose.', passes(t.test_group_laws)),
    computed("representation",
        'In the language of algebra, \\(k \\mapsto M_k\\) is a group homomorphism from the integers under addition into the rotations of \\(\\mathbb{R}^d\\): a **representation of the shift group**.', passes(t.test_group_laws)),
    computed("odd-width-lone-sine",
        'With an odd \\(d\\) the [reference implementation](reference.md#the-function) fills \\(\\lfloor d/2 \\rfloor\\) complete pairs and one last column, a lone sine \\(\\sin(\\omega_m p)\\) with \\(m = (d-1)/2\\), whose cosine partner does not exist.', lambda: odd_width_layout(5) and odd_width_layout(65)),
    computed("odd-complete-pairs-shift",
        'The first \\(d - 1\\) columns still shift by the block matrix (the `d_model = 5` and `65` rows above).', lambda: all(passes(t.test_odd_widths_shift_their_complete_pairs, d)() for d in (5, 65))),
    computed("odd-no-matrix",
        'For odd \\(d\\), base 10000 and **every** offset \\(k \\neq 0\\), no \\(d \\times d\\) matrix \\(M\\) (and no affine map \\(M x + c\\)) satisfies \\(\\mathrm{PE}(p + k) = M\\, \\mathrm{PE}(p)\\) for all positions \\(p\\), not even on a window of \\(d + 2\\) consecutive positions.', lambda: all(passes(t.test_odd_width_last_column_is_not_linear, d)() for d in (3, 5, 7))),
    computed("misses-by-cosine-term",
        'The last coordinate misses by exactly \\(\\sin(\\omega_m k)\\cos(\\omega_m p)\\).', lambda: lone_sine_misses_by_the_cosine_term(5, 37) and lone_sine_misses_by_the_cosine_term(7, 1000)),
    computed("proof-sine-row",
        '**Proof.** By the sine row above, \\(\\mathrm{PE}(p+k)_{d-1} = \\cos(\\omega_m k)\\,\\sin(\\omega_m p) + \\sin(\\omega_m k)\\,\\cos(\\omega_m p)\\).', lambda: lone_sine_misses_by_the_cosine_term(5, 3)),
    computed("d-plus-2-distinct",
        'All \\(\\omega_j\\) lie in \\((0, 1]\\), so these \\(d + 2\\) numbers \\(z\\) are distinct, and sequences \\(z^p\\) with distinct \\(z\\) are linearly independent on any \\(d + 2\\) consecutive positions (a Vandermonde determinant).', lambda: frequencies_distinct_in_unit_interval(5) and frequencies_distinct_in_unit_interval(513)),
    cited("pi-transcendental",
        '\\(\\pi\\) is transcendental (Lindemann, 1882).', "F. Lindemann, Über die Zahl π, Mathematische Annalen 20 (1882), 213-225"),
    computed("errors-track-sine",
        'Both errors track \\(|\\sin(\\omega_m k)|\\), as the proof predicts, and the least-squares error vanishes once the missing \\(\\cos(\\omega_m p)\\) column is supplied:', passes(t.test_odd_width_last_column_is_not_linear, 5)),
    computed("small-offsets-small-error",
        'For small offsets the error is small, because the lone sine is the slowest column and a short shift barely moves it.', small_offsets_small_error),
    computed("k1000-block-error",
        'At \\(k = 1000\\), in a coordinate whose values lie in \\([-1, 1]\\), the block map misses by at most {{ gen.linearity.odd.block_error_k1000 }}, which is exactly \\(|\\sin(\\omega_m k)|\\) = {{ gen.linearity.odd.sin_k1000 }}, reached at \\(p = 0\\) where \\(\\cos(\\omega_m p) = 1\\).', k1000_values),
    computed("least-squares-larger-max",
        "The least-squares map makes the *sum of squared* errors smaller, not the largest one: its largest error is {{ gen.linearity.odd.lstsq_error_k1000 }}, a little more than the block map's, at every offset in the table.", least_squares_largest_error_is_larger),
    computed("each-slip-changes-something",
        'Read literally, each slip changes the table or breaks the proof.', passes(t.test_slip_readings)),
    computed("textbook-lands-on-p-minus-k",
        'And the sign slip in the matrix, on pair 0: the textbook rotation lands on \\(p - k\\), not \\(p + k\\):', passes(t.test_block_is_the_transpose_of_the_textbook_rotation)),
    computed("og-cosine-frequency",
        'As written, the cosine in column \\(i + 1\\) has frequency \\(10000^{-2(i+1)/d}\\), not the frequency of the sine beside it.', column_index_reading_mismatch),
    computed("og-column-exponents",
        'With a column index the exponents must be \\(i/d\\) for even \\(i\\) and \\((i-1)/d\\) for odd \\(i\\).', column_exponents_right),
    computed("og-step3-false",
        'Under its own definitions that column holds a different frequency, so the equation is false as written: off by up to {{ gen.linearity.slips.step3_error }} for \\(d = 8\\), \\(k = 1\\) (output above).', step3_error_quoted),
    computed("og-holds-with-pairs",
        "It holds only with the paper's pair indexing, where columns \\(2i\\) and \\(2i+1\\) share \\(\\omega_i\\).", passes(t.test_slip_readings)),
    computed("og-cosine-row",
        '"The proof for odd \\(i\\) is similar" skips the one row that differs: the cosine row takes its partner from the column **before** it, \\(i - 1\\), with a **minus** sign.', lower_left_is_minus_sine),
    computed("kazemnejad-literal",
        'But it defines \\(\\omega_k = 1/10000^{2k/d}\\) with \\(k\\) from 0 and then writes the vector with \\(\\omega_1, \\dots, \\omega_{d/2}\\): read literally, the pair \\(\\omega = 1\\) is gone and \\(\\omega = 1/10000\\) appears.', passes(t.test_slip_readings)),
    computed("denk-one-based",
        'It counts pairs from 1 (\\(m = 1, \\dots, d/2\\)), which shifts the frequencies the same way, and it calls the angular frequency \\(\\lambda_m\\) a "wave length".', passes(t.test_slip_readings)),
    computed("rope-direction",
        "RoPE works with either if used consistently; for the paper's \\((\\sin, \\cos)\\) table only ours shifts forward.", lambda: cos_sin_order_gives_the_textbook_matrix() and passes(t.test_block_is_the_transpose_of_the_textbook_rotation)()),
    computed("weng-no-matrix",
        "It runs \\(\\delta = 1, \\dots, d\\) but picks sine for \\(\\delta = 2\\delta'\\) and cosine for \\(\\delta = 2\\delta' + 1\\): a range counted from 1 with a parity counted from 0. Read literally, the first column is a lone \\(\\cos(p)\\) and the last a lone \\(\\sin(p / 10000)\\), and no shift matrix exists (table above).", passes(t.test_slip_readings)),
    computed("labml-missing-minus",
        'Read literally, for \\(d = 512\\) the frequencies climb to {{ gen.linearity.slips.missing_minus_top_512 }} radians per position, and {{ gen.linearity.slips.missing_minus_aliased_512 }} of the 256 pairs turn by more than \\(\\pi\\) per step, so at integer positions they alias to slower ones.', missing_minus_numbers),
    computed("labml-still-linear",
        'The shift stays linear (pairs still share a frequency); what breaks is the range of wavelengths.', passes(t.test_slip_readings)),
    prose("heading-1",
        'The shift is linear: a complete proof', "a heading"),
    prose("plan-2",
        '(Whether a trained head actually learns the shift is measured on [evidence from trained models](evidence.md#the-papers-hypothesis).)', "says what comes next on the page; what it shows is checked where it stands"),
    prose('plan-proves-every-index',
        'This page proves it with every index written out, builds the matrix, says exactly where it fails (an odd `d_model`), and checks each step with code, numerically and symbolically.', "says what comes next on the page; what it shows is checked where it stands"),
    prose("notation-sentence",
        'Notation, as on [the formula page](formula.md#the-formula) and in [the reference implementation](reference.md#the-function): positions \\(p = 0, 1, 2, \\dots\\), pairs \\(i = 0, \\dots, d/2 - 1\\), and', "notation; the display that follows is checked as `notation`"),
    prose("heading-4",
        'The statement', "a heading"),
    prose("heading-5",
        'The proof, one pair at a time', "a heading"),
    prose("fix-a-pair",
        'Fix a pair \\(i\\).', "notation"),
    inline("sine-addition",
        '**Row \\(2i\\), the sine.** From \\(\\sin(a + b) = \\sin a \\cos b + \\cos a \\sin b\\):'),
    inline("cosine-addition",
        '**Row \\(2i+1\\), the cosine.** From \\(\\cos(a + b) = \\cos a \\cos b - \\sin a \\sin b\\):'),
    prose("plan-9",
        'Stacked:', "says what comes next on the page; what it shows is checked where it stands"),
    prose("proof-step-10",
        "That proves the theorem's first line.", "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-11",
        '\\(\\square\\)', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("heading-12",
        'Which way it turns', "a heading"),
    computed("ordering-decides",
        'The ordering decides it.', cos_sin_order_gives_the_textbook_matrix),
    prose("heading-14",
        'The matrix in code', "a heading"),
    prose("heading-15",
        'Checked on many positions and offsets', "a heading"),
    prose("heading-17",
        'The position plays no part: fit the matrix from data', "a heading"),
    prose("plan-18",
        'Do it for three windows far apart.', "says what comes next on the page; what it shows is checked where it stands"),
    prose("proof-step-19",
        'Why: write each coordinate with complex exponentials.', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("heading-20",
        'Checked symbolically', "a heading"),
    prose("heading-21",
        'Shifts compose: a representation of the shift group', "a heading"),
    computed("blocks-are-rotations",
        'Each block is a rotation, so:', passes(t.test_group_laws)),
    prose("plan-23",
        'Checked for `d_model = 64`:', "says what comes next on the page; what it shows is checked where it stands"),
    prose("heading-24",
        'Odd `d_model`: the lone sine has no matrix', "a heading"),
    computed("last-column-has-no-matrix",
        'The last does not:', lambda: all(passes(t.test_odd_width_last_column_is_not_linear, d)() for d in (3, 5))),
    prose("proof-step-26",
        'The first term is a multiple of the last coordinate of \\(\\mathrm{PE}(p)\\).', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-27",
        'So the last coordinate of \\(\\mathrm{PE}(p+k)\\) is a linear (or affine) function of \\(\\mathrm{PE}(p)\\) exactly when \\(\\sin(\\omega_m k)\\cos(\\omega_m p)\\) is.', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-28",
        '*\\(\\cos(\\omega_m p)\\) is not a combination of the coordinates.*', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose('proof-step-28-exponentials',
        'Write every coordinate, and the constant 1, with \\(\\sin x = (e^{ix} - e^{-ix})/2i\\) and \\(\\cos x = (e^{ix} + e^{-ix})/2\\) as a combination of the sequences \\(z^p\\), with \\(z\\) among \\(1, e^{\\pm i\\omega_0}, \\dots, e^{\\pm i\\omega_m}\\).', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-29",
        'So coefficients can be compared.', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-30",
        'In any combination \\(c^{\\top}\\mathrm{PE}(p) + c_0\\), the frequency \\(\\omega_m\\) enters only through the lone sine, so \\(e^{i\\omega_m p}\\) and \\(e^{-i\\omega_m p}\\) get opposite coefficients \\(\\pm c_{d-1}/2i\\).', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-31",
        'In \\(\\cos(\\omega_m p)\\) they both get \\(1/2\\).', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-32",
        'No \\(c\\) matches.', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    computed("sine-not-zero",
        '*\\(\\sin(\\omega_m k) \\neq 0\\).*', lone_frequency_is_a_power_of_ten),
    computed('pi-would-be-algebraic',
        'It would need \\(\\omega_m k = n\\pi\\) for an integer \\(n \\neq 0\\), that is \\(\\pi = 10^{-4(d-1)/d}\\,k/n\\), an algebraic number.', lone_frequency_is_a_power_of_ten),
    computed("single-sine-column",
        'The same argument with \\(d = 1\\) answers a classic question: a single sine column, \\(\\sin(p)\\), cannot be shifted by any linear map.', single_sine_cannot_shift),
    prose("proof-step-35",
        'The cosine is not decoration; it is the partner the sine row needs.', "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    computed("two-full-turns",
        'Numerically, over two full turns of the lone sine ({{ gen.linearity.odd.positions }} positions, `d_model = 5`), compare two linear maps from \\(\\mathrm{PE}(p)\\) to the last column of \\(\\mathrm{PE}(p + k)\\): the **block map** (\\(M_k\\) on the complete pairs and \\(\\cos(\\omega_m k)\\) times the lone sine, the sine row above without its missing term) and the **least-squares map** fitted to the data.', two_full_turns),
    prose("heading-37",
        'Slips in well-known posts', "a heading"),
    computed("slips-change-something",
        'Many explanations get the idea right and an index or a sign wrong.', passes(t.test_slip_readings)),
    computed("slips-setting",
        "The snippet below builds each literal reading for `d_model = {{ gen.linearity.slips.d }}` and asks two questions: is it the paper's table, and does a linear shift still exist (the largest error of the least-squares matrix over {{ gen.linearity.slips.positions }} positions)?", lambda: values("linearity/slips")["d"] == "8" and number(values("linearity/slips")["positions"]) == 20000 and passes(t.test_slip_readings)()),
    prose("plan-40",
        'What each source writes, in brief:', "says what comes next on the page; what it shows is checked where it stands"),
    cited("og-41",
        '**"OG positional encoding"** (blog post, 2023-08-20; one of [the seed texts](variants/seeds.md)).', OG),
    cited("og-42",
        'Its code is right (it steps through pairs with a separate column counter); its proof is not indexed like its code.', OG),
    cited("og-43",
        'Its definitions use one index \\(i\\) for two jobs: the parity (sine for even \\(i\\), cosine for odd \\(i\\)) makes \\(i\\) a *column*, but the exponent \\(2i/d\\) treats it as a *pair*.', OG),
    cited("og-44",
        'Step 3 then replaces \\(\\cos(p / 10000^{2i/d})\\) by \\(PE(p, i+1)\\).', OG),
    cited("og-45",
        'It never assembles a matrix or says that the coefficients are free of \\(p\\).', OG),
    cited("og-46",
        'It ends by calling the property crucial for generalising to longer sequences, which linearity does not show (see [why linearity did not buy extrapolation](beyond.md#why-linearity-did-not-buy-extrapolation)).', OG),
    cited("kazemnejad",
        '**Amirhossein Kazemnejad**, [Transformer Architecture: The Positional Encoding](https://kazemnejad.com/blog/transformer_architecture_positional_encoding/) (2019).', KAZEMNEJAD),
    cited("kazemnejad-rows",
        'The per-pair derivation is correct, with both rows and the transposed rotation.', KAZEMNEJAD),
    cited("kazemnejad-similarly",
        'The other pairs are left to "similarly"; no full matrix.', KAZEMNEJAD),
    cited("denk",
        "**Timo Denk**, [Linear Relationships in the Transformer's Positional Encoding](https://timodenk.com/blog/linear-relationships-in-the-transformers-positional-encoding/) (2019-01-22).", DENK),
    cited("denk-full-matrix",
        'The only post with the full block-diagonal matrix of transposed rotations, and the proof that the position drops out.', DENK),
    cited("denk-sound",
        'The proof is sound for the encoding it defines.', DENK, passes(t.test_slip_readings)),
    cited("fleetwood",
        '**Christopher Fleetwood**, [You could have designed state of the art positional encoding](https://huggingface.co/blog/designing-positional-encoding) (Hugging Face blog, 2024).', FLEETWOOD),
    cited("fleetwood-directions",
        'The per-pair derivation is right, but its RoPE section writes the block as \\(\\begin{pmatrix} \\cos & \\sin \\\\ -\\sin & \\cos \\end{pmatrix}\\) while its element-wise implementation computes \\(\\begin{pmatrix} \\cos & -\\sin \\\\ \\sin & \\cos \\end{pmatrix}\\): opposite directions.', FLEETWOOD, cos_sin_order_gives_the_textbook_matrix),
    cited("weng",
        '**Lilian Weng**, [The Transformer Family](https://lilianweng.github.io/posts/2020-04-07-the-transformer-family/) (2020).', WENG),
    cited("labml",
        '**labml.ai**, [annotated RoPE](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/labml_nn/transformers/rope/__init__.py).', LABML),
    cited("labml-no-minus",
        'The documentation writes \\(\\theta_i = 10000^{2(i-1)/d}\\) without the minus sign (the code is right).', LABML),
    computed('widget-pair-0',
        'Turn it yourself: pair 0 of a small table (\\(\\omega_0 = 1\\)).',
        widget_is_pair_0_with_omega_1),
    computed('widget-arc',
        'Move \\(p\\) and the arc from \\(p\\) to \\(p + k\\) keeps its angle and \\(R_0(k)\\) stays the same; move \\(k\\) and the arc opens.',
        widget_arc_keeps_its_angle),
    computed('rotation-alt-circle',
        "![Pair 0's (sin, cos) point for positions 0 to 6 on the unit circle, turning clockwise as p grows, with the radii to p = 1 and to p + k = 3 and the arc between them, the angle ω₀k = 2 radians; the block R₀(k) is written beside the circle, and an open dot marks p − k = −1, where the textbook rotation lands instead](generated/linearity/rotation.svg)",
        rotation_figure_as_described),
    computed('rotation-alt-matrix',
        '![The 8 by 8 matrix M_3 for d_model = 8 with its values written in: one 2 by 2 rotation block per pair on the diagonal, outlined, and zeros everywhere else](generated/linearity/rotation-matrix.svg)',
        rotation_figure_as_described),
    computed('rotation-alt-dots',
        '![cos(ω_i k) for the four pairs of d_model = 8 against the offset k, each named at its end, and their sum in black, the dot product PE(p)·PE(p+k)](generated/linearity/rotation-dots.svg)',
        rotation_figure_as_described),
    computed('checked-window',
        'Every position \\(p\\) in a window of {{ gen.linearity.shift_matrix.positions }}, for {{ gen.linearity.shift_matrix.offsets }} offsets (negative ones too) and six widths, two of them odd (there only the complete pairs are compared, see [below](#odd-d_model-the-lone-sine-has-no-matrix)):',
        checked_window),
])

test_claims_hold = LEDGER.test
