"""The claims of docs/linearity.md, each with what makes it true (see tests/claimcheck.py)."""

import math
import re

import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, equation, formula, inline, passes, prose
from linearity.odd import best_linear_fit_error, block_map_error
from linearity.slips import literal_step3_error, missing_minus
from pelib.shift import shift_block, shift_matrix
from reference import frequencies, positional_encoding
from support import ROOT, data, number, values
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


def example_k() -> int:
    """The offset of the page's d_model = 6 example, as its snippet prints it ("M_2 for d_model = 6")."""
    from support import text

    return int(re.match(r"M_(\d+) for d_model = 6", text("linearity/shift_matrix", "show")).group(1))


def six_wide_example():
    """M_2 for d = 6 moves PE(5) to PE(7) and is zero off its diagonal 2 x 2 blocks; read by "three": how many of
    those blocks are not zero."""
    m = shift_matrix(6, example_k())
    pe = positional_encoding(8, 6, dtype=torch.float64)
    off_blocks = m.clone()
    blocks = 0
    for i in range(3):
        blocks += bool(m[2 * i : 2 * i + 2, 2 * i : 2 * i + 2].abs().sum() > 0)
        off_blocks[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = 0
    ok = torch.allclose(m @ pe[5], pe[7], atol=1e-14) and bool((off_blocks == 0).all())
    return ok and [Number(blocks)]


def last_block_barely_turns():
    """Read by "pair 2": the last pair's index for d = 6; by "two positions": the offset of the example above (its
    snippet's output), which turns it by a few thousandths of a radian (between 0.001 and 0.01)."""
    w = frequencies(6)
    w2 = w[-1].item()
    k = example_k()
    ok = math.isclose(w2, 10000 ** (-4 / 6)) and 1e-3 <= k * w2 < 1e-2
    return ok and [Number(len(w) - 1), Number(k)]


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


def small_offsets_small_error(d: int = 5):
    """The block map's error at k = 1 against k = 1000; read by "slowest": the lone sine's frequency against the
    other columns' (d = 5)."""
    w = frequencies(d)
    positions = 2 * math.ceil(2 * math.pi / w[-1].item())
    ok = block_map_error(d, 1, positions) < block_map_error(d, 1000, positions)
    return ok and [Compare(w[-1].item(), w[:-1].tolist())]


def k1000_values():
    """The quoted block error is |sin(w k)| at k = 1000 as quoted; read by "at most": the block map's largest miss over
    two turns of the lone sine, to the quoted digits, against the quoted value."""
    v = values("linearity/odd")
    w = frequencies(5)[-1].item()
    ok = v["block_error_k1000"] == v["sin_k1000"] and math.isclose(number(v["sin_k1000"]), abs(math.sin(w * 1000)),
                                                                 abs_tol=5e-4)
    positions = 2 * math.ceil(2 * math.pi / w)
    return ok and [Compare(round(block_map_error(5, 1000, positions), 3), number(v["block_error_k1000"]))]


def _lone_sine_errors(k: int, positions: int, d: int = 5) -> tuple[torch.Tensor, torch.Tensor]:
    """Per position, the errors of the least-squares map and of the block map on the lone sine of PE(p + k)."""
    pe = positional_encoding(positions + k, d, dtype=torch.float64)
    x, y = pe[:positions], pe[k : positions + k, -1]
    fitted = x @ torch.linalg.lstsq(x, y[:, None]).solution[:, 0]
    block = math.cos(frequencies(d)[-1].item() * k) * pe[:positions, -1]
    return (fitted - y).abs(), (block - y).abs()


def least_squares_largest_error_is_larger():
    """At k = 1000 over two turns of the lone sine (d = 5), in the sentence's order: the least-squares map's sum of
    squared errors against the block map's ("smaller"); the block map's largest error against the least-squares
    one's ("not the largest"); the least-squares largest error, to the quoted digits, against the quoted value
    ("its largest"); the two largest errors ("more"); and the offsets of the table where that holds ("every")."""
    v = values("linearity/odd")
    w = frequencies(5)[-1].item()
    positions = 2 * math.ceil(2 * math.pi / w)
    fit, block = _lone_sine_errors(1000, positions)
    assert math.isclose(fit.max().item(), best_linear_fit_error(5, 1000, positions), rel_tol=1e-9)
    offsets = (1, 10, 100, 1000, 2500)
    larger = sum(best_linear_fit_error(5, k, positions) > block_map_error(5, k, positions) for k in offsets)
    return [Compare((fit ** 2).sum().item(), (block ** 2).sum().item()),
            Compare(block.max().item(), [fit.max().item()]),
            Compare(round(fit.max().item(), 3), [number(v["lstsq_error_k1000"])]),
            Compare(number(v["lstsq_error_k1000"]), number(v["block_error_k1000"])),
            Count(larger, len(offsets))]


def step3_error_quoted() -> bool:
    return math.isclose(number(values("linearity/slips")["step3_error"]), literal_step3_error(8, 20000, 1),
                        abs_tol=0.005) and number(values("linearity/slips")["step3_error"]) > 1


def missing_minus_numbers() -> bool:
    v = values("linearity/slips")
    table = missing_minus(2, 512)  # row 1 holds sin(w) and cos(w) of every pair at p = 1
    omegas = [10000 ** (2 * i / 512) for i in range(256)]
    aliased = [w for w in omegas if w > math.pi]
    folded = [abs((w + math.pi) % (2 * math.pi) - math.pi) for w in aliased]  # what integer positions see
    ok = (abs(number(v["missing_minus_top_512"]) - max(omegas)) < 1 and number(v["missing_minus_aliased_512"])
          == len(aliased) and table.shape == (2, 512))
    # "256": the pairs of d = 512; "more than pi": the aliased pairs' slowest step; "slower": each aliased frequency
    # as integer positions see it against the aliased frequencies
    return ok and [Number(len(omegas)), Compare(min(aliased), math.pi), Compare(max(folded), aliased)]


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


def matrix_picture_as_described() -> bool:
    """On what the M_3 picture draws (rotation-matrix.json, read back from its image): the drawn 8 x 8 matrix is
    shift_matrix(8, 3); each of its 4 diagonal 2 x 2 blocks is outlined, is a rotation by ω_i · 3 and has its values
    written in (to the shown digits); every entry outside the blocks is 0; the colour scale runs from −1 to 1."""
    drawn = data("linearity/rotation", "matrix")
    m = torch.tensor(drawn["matrix"], dtype=torch.float64)
    expected = shift_matrix(8, 3).to(torch.float64)
    inside = torch.zeros(8, 8, dtype=torch.bool)
    for r, c, h, w in drawn["outlined"]:
        inside[r : r + h, c : c + w] = True
    omega = frequencies(8).to(torch.float64)
    blocks = all(torch.allclose(m[2 * i : 2 * i + 2, 2 * i : 2 * i + 2], shift_block(float(omega[i]), 3),
                                atol=1e-6) for i in range(4))
    written = {(int(r), int(c)): text for r, c, text in drawn["written"]}
    values_ok = set(written) == {tuple(x) for x in inside.nonzero().tolist()} and all(
        abs(float(text.replace("−", "-")) - m[r, c].item()) <= 0.5 * 10.0 ** -len(text.split(".")[1]) + 1e-12
        for (r, c), text in written.items())
    return (drawn["k"] == 3 and drawn["d_model"] == 8 and m.shape == (8, 8) and torch.allclose(m, expected, atol=1e-6)
            and drawn["outlined"] == [[2 * i, 2 * i, 2, 2] for i in range(4)] and blocks and values_ok
            and bool((m[~inside] == 0).all()) and bool(m.abs().max() <= 1 + 1e-9))


def matrix_picture_readings() -> list:
    """The M_3 picture's readings, on what it draws (rotation-matrix.json): the drawn matrix's width (8, with
    matrix_picture_as_described holding first), each outlined block's height and width (2 by 2), how many of the 4
    diagonal blocks are outlined, a rotation by ω_i · 3 and have their values written in, how many entries outside the
    blocks are 0 and the largest of them, and the colour scale's ends (the sentence writes the lower one as −1)."""
    drawn = data("linearity/rotation", "matrix")
    m = torch.tensor(drawn["matrix"], dtype=torch.float64)
    omega = frequencies(8).to(torch.float64)
    outlined = {(r, c, h, w) for r, c, h, w in drawn["outlined"]}
    written = {(int(r), int(c)) for r, c, _ in drawn["written"]}
    inside = torch.zeros(8, 8, dtype=torch.bool)
    for r, c, h, w in outlined:
        inside[r : r + h, c : c + w] = True
    blocks = [(2 * i, 2 * i, 2, 2) in outlined and {(2 * i + a, 2 * i + b) for a in (0, 1) for b in (0, 1)} <= written
              and torch.allclose(m[2 * i : 2 * i + 2, 2 * i : 2 * i + 2], shift_block(float(omega[i]), 3), atol=1e-6)
              for i in range(drawn["d_model"] // 2)]
    heights, widths = {h for _, _, h, _ in outlined}, {w for _, _, _, w in outlined}
    low, high = drawn["scale"]
    return matrix_picture_as_described() and [
        Number(m.shape[1]), Number(max(heights)), Number(max(widths)),
        Count(sum(blocks), len(blocks)), Count(int((m[~inside] == 0).sum()), int((~inside).sum())),
        Number(m[~inside].abs().max().item()), Number(-low), Number(high)]


def rotation_figure_as_described() -> bool:
    """On what the circle figure draws (rotation-circle.json, read back from its artists): pair 0's (sin, cos) points
    for positions 0 to 6 on the unit circle, turning clockwise as p grows; the arc from p = 1 spans ω₀k = 2 radians
    and ends at p + k = 3; the open dot is p − k = −1, where the textbook rotation lands; equal aspect; the labels."""
    import linearity.rotation as fig

    drawn = data("linearity/rotation", "circle")
    points = torch.tensor(drawn["points"], dtype=torch.float64)
    positions = torch.arange(7, dtype=torch.float64)
    on_circle = torch.allclose(points, torch.stack([positions.sin(), positions.cos()], 1), atol=1e-8)
    clockwise = bool((points[:-1, 0] * points[1:, 1] - points[:-1, 1] * points[1:, 0] < 0).all())
    p, k = drawn["p"], drawn["k"]
    start, end = drawn["arc_degrees"]  # matplotlib's angles: counter-clockwise from the x axis
    arc = (abs(math.radians(end - start) - k * frequencies(8)[0].item()) < 1e-9
           and abs(math.radians(end) - math.atan2(points[p, 1].item(), points[p, 0].item())) < 1e-9
           and abs(math.radians(start) - math.atan2(points[p + k, 1].item(), points[p + k, 0].item())) < 1e-9)
    textbook = fig.textbook @ points[p]
    behind = torch.tensor(drawn["open_dot"], dtype=torch.float64)
    return (passes(t.test_rotation_figure_claims)() and p == 1 and k == 2 and on_circle and clockwise and arc
            and torch.allclose(behind, torch.tensor([math.sin(p - k), math.cos(p - k)], dtype=torch.float64),
                               atol=1e-8) and torch.allclose(textbook, behind, atol=1e-8)
            and drawn["aspect"] == 1.0 and {"p = 1", "p + k = 3", "ω₀k = 2 rad", "−1"} <= set(drawn["labels"]))


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


def checked_window():
    """The check's output, read in the sentence's order: the widths whose largest error over every position and
    offset is below the printed bound ("Every"); how many widths ("six") and how many odd ("two"); whether the odd
    ones compare their complete pairs only ("complete"); where the section the link points to stands against the
    sentence, as heights (the page's offsets negated: "below")."""
    from support import text

    shown, out = values("linearity/shift_matrix"), text("linearity/shift_matrix", "check")
    offsets = [int(k) for k in re.search(r"k = \[([^\]]+)\]", out).group(1).split(",")]
    lines = [ln for ln in out.splitlines() if ln.startswith("d_model =")]
    widths = [int(re.match(r"d_model = +(\d+):", ln).group(1)) for ln in lines]
    ok = (out.startswith(f"{number(shown['positions']):.0f} positions x {shown['offsets']} offsets")
          and len(offsets) == int(shown["offsets"]) and min(offsets) < 0
          and passes(t.test_odd_widths_shift_their_complete_pairs, 65)())
    page = (ROOT / "docs" / "linearity.md").read_text(encoding="utf-8")
    sentence_at = page.index(LEDGER.text("checked-window")[:35])  # the sentence's opening, as the page has it
    section_at = page.index("## Odd `d_model`: the lone sine has no matrix")
    return ok and [Count(sum("< 1e-11" in ln for ln in lines), len(lines)), Number(len(widths)),
                   Number(sum(w % 2 for w in widths)),
                   Truth(all(("paired columns" in ln) == (w % 2 == 1) for ln, w in zip(lines, widths))),
                   Compare(-section_at, -sentence_at)]


def blocks_on_the_diagonal(d: int = 10, k: int = 7):
    """M_k (d = 10, k = 7) against the page's claim, once its blocks are the rotations (test_block_structure_and_entries):
    the pairs of PE(p) other than pair i that pair i of PE(p + k) draws on, over every i ("no other pair"); the
    entries outside the diagonal blocks that are zero ("every other entry"); the largest of them ("zero")."""
    if not passes(t.test_block_structure_and_entries)():
        return False
    m = shift_matrix(d, k)
    pairs = d // 2
    needs = [(i, j) for i in range(pairs) for j in range(pairs) if i != j
             and m[2 * i : 2 * i + 2, 2 * j : 2 * j + 2].abs().sum() > 0]
    outside = m[~torch.block_diag(*[torch.ones(2, 2)] * pairs).bool()]
    return [Count(len(needs), pairs * (pairs - 1)), Count(int((outside == 0).sum()), outside.numel()),
            Number(outside.abs().max().item())]


def takeaway_holds() -> bool:
    """The page's first sentence: for even widths one matrix per offset, free of p (a fit from any window lands on it),
    made of clockwise turns by omega_i k (M_k's lower-left entries are -sin omega_i k); an odd width has none."""
    return (all(passes(t.test_shift_identity_many_positions_and_offsets, d)() for d in (8, 64))
            and all(passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, first)() for first in (0, 40000))
            and lower_left_is_minus_sine() and sin_cos_point_turns_clockwise()
            and passes(t.test_odd_width_last_column_is_not_linear, 5)())


# --- the docstrings the page shows with the code (reviewed after the migration) -----------------------------------


def block_takes_k_never_p() -> bool:
    """shift_block(w, k) maps (sin w p, cos w p) to (sin w(p+k), cos w(p+k)) for every p tried: it has no p."""
    import inspect

    from pelib.shift import shift_block as block

    w, k = 0.37, 5
    pair = lambda p: torch.tensor([math.sin(w * p), math.cos(w * p)], dtype=torch.float64)  # noqa: E731
    return (list(inspect.signature(block).parameters) == ["omega", "k"]
            and all(torch.allclose(block(w, k) @ pair(p), pair(p + k), atol=1e-12) for p in (0, 1, 13, 999, -40)))


def block_diagonal_for_every_p() -> bool:
    return (passes(t.test_block_structure_and_entries)()
            and all(passes(t.test_shift_identity_many_positions_and_offsets, d)() for d in (2, 8)))


def odd_width_covers_complete_pairs() -> bool:
    """An odd width's matrix is (d-1) x (d-1), the first d - 1 columns follow it, the lone last sine does not."""
    return (all(passes(t.test_odd_widths_shift_their_complete_pairs, d)() for d in (3, 7))
            and odd_width_layout() and lone_sine_misses_by_the_cosine_term())


def raises(call, error) -> str:
    try:
        call()
    except error as caught:
        return str(caught)
    return ""


def max_shift_error_as_documented() -> bool:
    """max_shift_error: the largest error over p = max|k| .. (so p + k >= 0) and all offsets; a wrong matrix shows."""
    from pelib import shift

    pe = positional_encoding(300, 6, dtype=torch.float64)
    p = torch.arange(7, 107)
    expected = max((pe[p + k] - pe[p] @ shift_matrix(6, k).T).abs().max().item() for k in (-7, 2))
    original = shift.shift_matrix
    try:
        shift.shift_matrix = lambda d, k, base=10000.0: original(d, k, base).T  # the textbook rotation: must show
        wrong = shift.max_shift_error(6, 100, [-7, 2])
    finally:
        shift.shift_matrix = original
    return shift.max_shift_error(6, 100, [-7, 2]) == expected and expected < 1e-12 and wrong > 0.1


def odd_widths_compare_first_columns() -> bool:
    from pelib.shift import max_shift_error

    return max_shift_error(7, 200, [1, 5, -3]) < 1e-11 and passes(t.test_odd_widths_shift_their_complete_pairs, 5)()


def fitted_matrix_is_least_squares() -> bool:
    from pelib.shift import fitted_shift_matrix

    first, count, k = 40, 60, 3
    m = fitted_shift_matrix(4, k, first, count)
    pe = positional_encoding(first + count + k, 4, dtype=torch.float64)
    x, y = pe[first:first + count], pe[first + k:first + k + count]
    lstsq = torch.linalg.lstsq(x, y).solution.T
    return (m.dtype == torch.float64 and torch.allclose(m, lstsq, rtol=0, atol=1e-12)
            and (x @ m.T - y).abs().max().item() < 1e-9
            and ">= 0" in raises(lambda: fitted_shift_matrix(4, -5, 2, 10), ValueError))


def every_window_gives_m_k() -> bool:
    return all(passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, first)() for first in (0, 777, 40000))


def symbolic_block_and_pair() -> bool:
    """block(a) is the transpose of [[cos, -sin], [sin, cos]]; pair(p) is (sin w p, cos w p), a column of PE."""
    import sympy as sp
    from linearity.symbolic import block, omega, pair, residual
    from linearity.symbolic import k as sym_k
    from linearity.symbolic import p as sym_p

    a = sp.Symbol("a", real=True)
    textbook = sp.Matrix([[sp.cos(a), -sp.sin(a)], [sp.sin(a), sp.cos(a)]])
    at = pair(sp.Integer(3)).subs(omega, sp.Rational(1, 2))
    pe = positional_encoding(4, 2, base=4.0, dtype=torch.float64)  # pair 0 of a width-2 table has omega = 1
    row = pair(sp.Integer(3)).subs(omega, 1)
    return (block(a) == textbook.T and at[0] == sp.sin(sp.Rational(3, 2)) and at[1] == sp.cos(sp.Rational(3, 2))
            and abs(float(row[0]) - pe[3, 0].item()) < 1e-15 and abs(float(row[1]) - pe[3, 1].item()) < 1e-15
            and residual(block(omega * sym_k)) == sp.zeros(2, 1)
            and residual(sp.zeros(2, 2)) == sp.Matrix([sp.sin(omega * (sym_p + sym_k)), sp.cos(omega * (sym_p + sym_k))]))


def least_squares_fit_as_documented() -> bool:
    """best_linear_fit_error: least squares of the last column of PE(p + k) on PE(p), p = 0 .. positions-1, with
    cos(w_last p) appended first when asked (then exact); its largest error exceeds the block map's."""
    d, k, positions = 5, 37, 400
    pe = positional_encoding(positions + k, d, dtype=torch.float64)
    x, y = pe[:positions], pe[k:, -1][:, None]
    fit = x @ torch.linalg.lstsq(x, y).solution
    return (math.isclose(best_linear_fit_error(d, k, positions), (fit - y).abs().max().item(), rel_tol=1e-9)
            and best_linear_fit_error(d, k, positions, add_missing_cosine=True) < 1e-9
            and passes(t.test_odd_width_last_column_is_not_linear, 5)())


def least_squares_not_minimax() -> bool:
    return LEDGER.holds('least-squares-larger-max') and passes(t.test_odd_width_last_column_is_not_linear, 3)()


def block_map_error_as_documented() -> bool:
    """block_map_error: the lone sine predicted as cos(w_last k) sin(w_last p) misses by exactly
    sin(w_last k) cos(w_last p); the largest miss over p = 0 .. is |sin(w_last k)| (at p = 0)."""
    d, k, positions = 5, 37, 400
    w = frequencies(d)[-1].item()
    return (math.isclose(block_map_error(d, k, positions), abs(math.sin(w * k)), rel_tol=1e-12)
            and lone_sine_misses_by_the_cosine_term(d, k)
            and block_map_error(d, k, 1) == abs(positional_encoding(k + 1, d, dtype=torch.float64)[k, -1].item()))


def slips_readings_as_documented() -> bool:
    """The readings of linearity/slips.py build the tables their docstrings describe, column by column."""
    from linearity.slips import column_index_in_exponent, one_based_columns, one_based_pairs, paired, paper

    d, n = 8, 40
    p = torch.arange(n, dtype=torch.float64)
    w = torch.tensor([0.5, 0.01], dtype=torch.float64)
    two = paired(w, n)
    ok = all(torch.allclose(two[:, 2 * i], torch.sin(w[i] * p)) and torch.allclose(two[:, 2 * i + 1], torch.cos(w[i] * p))
             for i in range(2))
    ok &= torch.equal(paper(n, d), positional_encoding(n, d, dtype=torch.float64)) and column_exponents_right(d)
    pairs = one_based_pairs(n, d)
    ok &= all(torch.allclose(pairs[:, 2 * (m - 1)], torch.sin(p * 10000 ** (-2 * m / d))) for m in range(1, d // 2 + 1))
    ok &= not torch.allclose(pairs[:, 0], p.sin()) and torch.allclose(pairs[:, -1], torch.cos(p / 10000))  # drops 1, adds 1/10000
    col = column_index_in_exponent(n, d)
    ok &= all(torch.allclose(col[:, j], (torch.sin if j % 2 == 0 else torch.cos)(p / 10000 ** (2 * j / d))) for j in range(d))
    ok &= not torch.allclose(col[:, 1], positional_encoding(n, d, dtype=torch.float64)[:, 1])  # not the pair's frequency
    ones = one_based_columns(n, d)
    for delta in range(1, d + 1):
        q = delta // 2
        ok &= torch.allclose(ones[:, delta - 1], (torch.sin if delta % 2 == 0 else torch.cos)(p / 10000 ** (2 * q / d)))
    return bool(ok)


def missing_minus_grows() -> bool:
    table = missing_minus(3, 8)
    theta = [10000 ** (2 * (i - 1) / 8) for i in range(1, 5)]
    return (all(math.isclose(math.atan2(table[1, 2 * n].item(), table[1, 2 * n + 1].item()) % (2 * math.pi),
                             theta[n] % (2 * math.pi), abs_tol=1e-9) for n in range(4))
            and theta == sorted(theta) and theta[0] < theta[-1])


def best_shift_error_as_documented() -> bool:
    from linearity.slips import best_shift_error, column_index_in_exponent, paper

    table = paper(300, 8)
    x, y = table[:-1], table[1:]
    m = torch.linalg.lstsq(x, y).solution
    return (best_shift_error(table, 1) == (x @ m - y).abs().max().item() and best_shift_error(table, 1) < 1e-9
            and best_shift_error(column_index_in_exponent(20000, 8), 1) > 1e-3 and passes(t.test_slip_readings)())


LEDGER = Ledger('linearity.md', [
    equation('notation'),
    equation('theorem', SHIFT),
    # the block is a definition: what makes it right is that the theorem holds with it
    formula('the-block', lambda: holds(THEOREM, SHIFT)),
    equation('sine-row'),
    equation('cosine-row'),
    equation('stacked-rows'),
    cited("paper-hypothesis",
        PAPER, backs=['3.5', r'\(PE_{pos+k}\)', r'\(PE_{pos}\)', r'\(k\)', 'all', 'any', 'linear']),
    cited("paper-proves-nothing", PAPER + ": the hypothesis is stated in one sentence, with no derivation"),
    prose("let-d-be-even", "the hypothesis of the theorem", unbacked=[r'\(d\)', 'even']),
    computed("one-matrix-per-offset",
        lambda: passes(t.test_shift_identity_many_positions_and_offsets, 64)() and passes(t.test_d_consecutive_rows_have_full_rank, 8, 1000)(), backs=[r'\(M_k\)', r'\(d \times d\)', r'\(d\)', r'\(k\)', r'\(k\)', 'every', 'only']),
    computed("group-properties",
        passes(t.test_group_laws), backs=[r'\(M_0 = I\)', r'\(M_k M_j = M_{k+j}\)', r'\(M_k\)', r'\(M_{-k} = M_k^{\top}\)', 'orthogonal']),
    computed("pair-shares-a-frequency",
        reference_is_the_paper_table, backs=[r'\(2i+1\)', r'\(2i\)', r'\(\omega_i\)', 'columns']),
    prose("a-and-b",
        "notation: names two angles", unbacked=[r'\(\omega_i (p + k) = a + b\)', r'\(a = \omega_i p\)', r'\(b = \omega_i k\)', 'depends', 'depends', 'only']),
    computed("two-angle-additions", passes(t.test_sympy_block_identity_simplifies_to_zero), backs=['rows']),
    computed("cosine-row-partner-minus",
        lower_left_is_minus_sine, backs=[r'\(2i\)', 'before', 'column', 'cosine', 'row']),
    computed("coefficients-free-of-p",
        passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, 40000), backs=[r'\(\omega_i k\)', r'\(p\)', 'only']),
    computed("blocks-on-the-diagonal",
        blocks_on_the_diagonal, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p)\)', r'\(\mathrm{PE}(p+k)\)', r'\(d/2\)', r'\(i\)', r'\(i\)', 'every', 'no', 'zero']),
    computed("textbook-counter-clockwise",
        lambda: sin_cos_point_turns_clockwise() and cos_sin_order_gives_the_textbook_matrix(), backs=[r'\(\begin{pmatrix} \cos\theta & -\sin\theta \\ \sin\theta & \cos\theta\end{pmatrix}\)', r'\(\theta\)', 'rotation']),
    computed("transpose-clockwise",
        passes(t.test_block_is_the_transpose_of_the_textbook_rotation), backs=[r'\(-\omega_i k\)', r'\(R_i(k)\)', 'clockwise', 'column', 'column', 'cosine', 'rotation', 'sine']),
    computed("point-runs-clockwise",
        sin_cos_point_turns_clockwise, backs=[r'\((0, 1)\)', r'\((1, 0)\)', r'\((\sin a, \cos a)\)', r'\(a = \pi/2\)', 'clockwise', 'clockwise', 'grows', 'right']),
    computed("cos-sin-order-textbook",
        cos_sin_order_gives_the_textbook_matrix, backs=[r'\((\cos, \sin)\)', 'same', 'some', 'store']),
    computed("textbook-maps-back",
        passes(t.test_block_is_the_transpose_of_the_textbook_rotation), backs=[r'\((\sin, \cos)\)', r'\(\mathrm{PE}(p - k)\)', r'\(\mathrm{PE}(p)\)', 'below', 'not']),
    computed("six-wide-example",
        six_wide_example, backs=['6', r'\(M_2\)', r'\(\mathrm{PE}(5)\)', r'\(\mathrm{PE}(7)\)', r'\(k = 2\)']),
    computed("last-block-almost-identity",
        last_block_barely_turns, backs=['2', r'\(\omega_2 = 10000^{-4/6}\)', 'last']),
    computed("slow-pairs-barely-move", slow_pairs_move_less),
    computed("errors-are-rounding",
        max_error_is_rounding, backs=[r'\(10^{-16}\)', r'\(\omega_i p\)', 'each', 'every', 'float64', 'gen.linearity.shift_matrix.max_error']),
    computed("fit-from-data",
        passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, 0), backs=['200', r'\(M_k\)', r'\(\mathrm{PE}(p + k)\)', r'\(\mathrm{PE}(p)\)', r'\(p\)', 'best', 'depend', 'each', 'least', 'not', 'rows']),
    computed("fits-land-on-closed-form",
        lambda: all(passes(t.test_matrix_fitted_from_any_window_is_the_closed_form, f)() for f in (0, 777, 40000)), backs=[r'\(M_k\)', 'each', 'same']),
    computed("span-unique",
        lambda: all(passes(t.test_d_consecutive_rows_have_full_rank, d, f)() for d in (2, 4, 6, 8) for f in (0, 1000)), backs=[r'\(\mathbb{R}^d\)', r'\(\mathrm{PE}(p)\)', r'\(d\)', r'\(d\)', 'all', 'any', 'even', 'more', 'not', 'only', 'only']),
    computed("pair-two-exponentials",
        reference_is_the_paper_table, backs=[r'\(e^{-i\omega_j p}\)', r'\(e^{i\omega_j p}\)', r'\(j\)', 'columns', 'independent']),
    computed("exponentials-distinct",
        lambda: frequencies_distinct_in_unit_interval(512) and frequencies_distinct_in_unit_interval(513), backs=[r'\((0, 1]\)', r'\(\omega_j\)', r'\(d\)', r'\(d\)', r'\(d\)', r'\(d\)', r'\(d\)', r'\(e^{\pm i\omega_j p}\)', r'\(e^{\pm i\omega_j}\)', 'any', 'columns', 'distinct', 'equal', 'every', 'independent', 'linearly', 'no', 'rows']),
    computed("sympy-every-omega",
        passes(t.test_sympy_block_identity_simplifies_to_zero), backs=[r'\(\omega\)', r'\(k\)', r'\(p\)', 'every']),
    computed("sympy-residuals",
        passes(t.test_sympy_block_identity_simplifies_to_zero), backs=[r'\(p - k\)', 'rotation', 'zero']),
    computed("shifts-compose", passes(t.test_group_laws), backs=[r'\(j\)', r'\(k + j\)', r'\(k\)']),
    computed("angles-add",
        passes(t.test_group_laws), backs=[r'\(M_k M_j = M_{k+j} = M_j M_k\)', r'\(R_i(k) R_i(j) = R_i(k + j)\)', 'rotation']),
    computed("orthogonal-equal-lengths",
        lambda: passes(t.test_group_laws)() and equal_lengths(), backs=['1', r'\(M_k\)', r'\(R_i(k)^{\top} R_i(k) = I\)', r'\(\mathrm{PE}(p)\)', r'\(\sqrt{d/2}\)', 'every', 'orthogonal', 'same']),
    computed("shift-back-transpose",
        passes(t.test_group_laws), backs=[r'\(M_0 = I\)', r'\(M_{-k} = M_k^{\top} = M_k^{-1}\)']),
    computed("representation", passes(t.test_group_laws), backs=[r'\(\mathbb{R}^d\)', r'\(k \mapsto M_k\)']),
    computed("odd-width-lone-sine",
        lambda: odd_width_layout(5) and odd_width_layout(65), backs=[r'\(\lfloor d/2 \rfloor\)', r'\(\sin(\omega_m p)\)', r'\(d\)', r'\(m = (d-1)/2\)', 'column', 'cosine', 'last', 'not', 'odd', 'sine']),
    computed("odd-complete-pairs-shift",
        lambda: all(passes(t.test_odd_widths_shift_their_complete_pairs, d)() for d in (5, 65)), backs=['5', '65', r'\(d - 1\)', 'above', 'columns', 'first', 'rows']),
    computed("odd-no-matrix",
        lambda: all(passes(t.test_odd_width_last_column_is_not_linear, d)() for d in (3, 5, 7)), backs=['10000', r'\(M x + c\)', r'\(M\)', r'\(\mathrm{PE}(p + k) = M\, \mathrm{PE}(p)\)', r'\(d + 2\)', r'\(d \times d\)', r'\(d\)', r'\(k \neq 0\)', r'\(p\)', 'all', 'even', 'every', 'no', 'no', 'not', 'odd']),
    computed("misses-by-cosine-term",
        lambda: lone_sine_misses_by_the_cosine_term(5, 37) and lone_sine_misses_by_the_cosine_term(7, 1000), backs=[r'\(\sin(\omega_m k)\cos(\omega_m p)\)', 'exactly', 'last']),
    computed("proof-sine-row",
        lambda: lone_sine_misses_by_the_cosine_term(5, 3), backs=[r'\(\mathrm{PE}(p+k)_{d-1} = \cos(\omega_m k)\,\sin(\omega_m p) + \sin(\omega_m k)\,\cos(\omega_m p)\)', 'above', 'row', 'sine']),
    computed("d-plus-2-distinct",
        lambda: frequencies_distinct_in_unit_interval(5) and frequencies_distinct_in_unit_interval(513), backs=[r'\((0, 1]\)', r'\(\omega_j\)', r'\(d + 2\)', r'\(d + 2\)', r'\(z\)', r'\(z\)', r'\(z^p\)', 'all', 'any', 'distinct', 'distinct', 'independent', 'linearly']),
    cited("pi-transcendental",
        "F. Lindemann, Über die Zahl π, Mathematische Annalen 20 (1882), 213-225", backs=['1882', r'\(\pi\)']),
    computed("errors-track-sine",
        passes(t.test_odd_width_last_column_is_not_linear, 5), backs=[r'\(\cos(\omega_m p)\)', r'\(|\sin(\omega_m k)|\)', 'both', 'column']),
    computed("small-offsets-small-error", small_offsets_small_error, backs=['column', 'sine', 'slowest']),
    computed("k1000-block-error",
        k1000_values, backs=[r'\([-1, 1]\)', r'\(\cos(\omega_m p) = 1\)', r'\(k = 1000\)', r'\(p = 0\)', r'\(|\sin(\omega_m k)|\)', 'at most', 'exactly', 'gen.linearity.odd.block_error_k1000', 'gen.linearity.odd.sin_k1000']),
    computed("least-squares-larger-max",
        least_squares_largest_error_is_larger, backs=['every', 'gen.linearity.odd.lstsq_error_k1000', 'largest', 'largest', 'more', 'not', 'smaller']),
    computed("each-slip-changes-something", passes(t.test_slip_readings), backs=['each']),
    computed("textbook-lands-on-p-minus-k",
        passes(t.test_block_is_the_transpose_of_the_textbook_rotation), backs=['0', r'\(p + k\)', r'\(p - k\)', 'not', 'rotation']),
    computed("og-cosine-frequency",
        column_index_reading_mismatch, backs=[r'\(10000^{-2(i+1)/d}\)', r'\(i + 1\)', 'column', 'cosine', 'not', 'sine']),
    computed("og-column-exponents",
        column_exponents_right, backs=[r'\((i-1)/d\)', r'\(i/d\)', r'\(i\)', r'\(i\)', 'column', 'even', 'odd']),
    computed("og-step3-false",
        step3_error_quoted, backs=[r'\(d = 8\)', r'\(k = 1\)', 'above', 'column', 'different', 'gen.linearity.slips.step3_error', 'up to']),
    computed("og-holds-with-pairs",
        passes(t.test_slip_readings), backs=[r'\(2i+1\)', r'\(2i\)', r'\(\omega_i\)', 'columns', 'only']),
    computed("og-cosine-row",
        lower_left_is_minus_sine, backs=[r'\(i - 1\)', r'\(i\)', 'before', 'column', 'cosine', 'differs', 'odd', 'row', 'row']),
    computed("kazemnejad-literal",
        passes(t.test_slip_readings), backs=['0', r'\(\omega = 1/10000\)', r'\(\omega = 1\)', r'\(\omega_1, \dots, \omega_{d/2}\)', r'\(\omega_k = 1/10000^{2k/d}\)', r'\(k\)']),
    computed("counts-pairs-from-1-which",
        passes(t.test_slip_readings), backs=['1', r'\(m = 1, \dots, d/2\)', 'same']),
    computed("rope-direction",
        lambda: cos_sin_order_gives_the_textbook_matrix() and passes(t.test_block_is_the_transpose_of_the_textbook_rotation)(), backs=[r'\((\sin, \cos)\)', 'either', 'forward', 'only']),
    computed("weng-no-matrix",
        passes(t.test_slip_readings), backs=['0', '1', r'\(\cos(p)\)', r'\(\delta = 1, \dots, d\)', "\\(\\delta = 2\\delta' + 1\\)", "\\(\\delta = 2\\delta'\\)", r'\(\sin(p / 10000)\)', 'above', 'column', 'cosine', 'first', 'last', 'no', 'sine']),
    computed("labml-missing-minus",
        missing_minus_numbers, backs=['256', r'\(\pi\)', r'\(d = 512\)', 'gen.linearity.slips.missing_minus_aliased_512', 'gen.linearity.slips.missing_minus_top_512', 'more', 'slower']),
    computed("labml-still-linear", passes(t.test_slip_readings), backs=['linear']),
    computed("takeaway",
        takeaway_holds, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p + k)\)', r'\(\mathrm{PE}(p)\)', r'\(\omega_i k\)', r'\(k\)', r'\(p\)', r'\(p\)', 'clockwise', 'each', 'even', 'every', 'every']),
    prose("read-first", "points to the page to read before this one", unbacked=['first']),
    prose("heading-1", "a heading", unbacked=['linear']),
    prose("plan-2", "says what comes next on the page; what it shows is checked where it stands"),
    prose('plan-proves-every-index',
        "says what comes next on the page; what it shows is checked where it stands", unbacked=['each', 'every', 'exactly', 'odd']),
    prose("notation-sentence",
        "notation; the display that follows is checked as `notation`", unbacked=[r'\(i = 0, \dots, d/2 - 1\)', r'\(p = 0, 1, 2, \dots\)']),
    prose("heading-4", "a heading"),
    prose("heading-5", "a heading"),
    prose("fix-a-pair", "notation", unbacked=[r'\(i\)']),
    inline("sine-addition", backs=[r'\(2i\)', r'\(\sin(a + b) = \sin a \cos b + \cos a \sin b\)', 'row', 'sine']),
    inline("cosine-addition", backs=[r'\(2i+1\)', r'\(\cos(a + b) = \cos a \cos b - \sin a \sin b\)', 'cosine', 'row']),
    prose("plan-9", "says what comes next on the page; what it shows is checked where it stands"),
    prose("proof-step-10",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=['first']),
    prose("proof-step-11",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(\square\)']),
    prose("heading-12", "a heading"),
    computed("ordering-decides", cos_sin_order_gives_the_textbook_matrix),
    prose("heading-14", "a heading"),
    prose("heading-15", "a heading"),
    prose("heading-17", "a heading", unbacked=['no']),
    prose("plan-18", "says what comes next on the page; what it shows is checked where it stands"),
    prose("proof-step-19",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=['each']),
    prose("heading-20", "a heading"),
    prose("heading-21", "a heading"),
    computed("blocks-are-rotations", passes(t.test_group_laws), backs=['each', 'rotation']),
    prose("plan-23", "says what comes next on the page; what it shows is checked where it stands", unbacked=['64']),
    prose("heading-24", "a heading", unbacked=['no', 'odd', 'sine']),
    computed("last-column-has-no-matrix",
        lambda: all(passes(t.test_odd_width_last_column_is_not_linear, d)() for d in (3, 5)), backs=['last', 'not']),
    prose("proof-step-26",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(\mathrm{PE}(p)\)', 'first', 'last']),
    prose("proof-step-27",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(\mathrm{PE}(p)\)', r'\(\mathrm{PE}(p+k)\)', r'\(\sin(\omega_m k)\cos(\omega_m p)\)', 'exactly', 'last', 'linear']),
    prose("proof-step-28",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(\cos(\omega_m p)\)', 'not']),
    prose('proof-step-28-exponentials',
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=['1', r'\(1, e^{\pm i\omega_0}, \dots, e^{\pm i\omega_m}\)', r'\(\cos x = (e^{ix} + e^{-ix})/2\)', r'\(\sin x = (e^{ix} - e^{-ix})/2i\)', r'\(z\)', r'\(z^p\)', 'constant', 'every']),
    prose("proof-step-29",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)"),
    prose("proof-step-30",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(\omega_m\)', r'\(\pm c_{d-1}/2i\)', r'\(c^{\top}\mathrm{PE}(p) + c_0\)', r'\(e^{-i\omega_m p}\)', r'\(e^{i\omega_m p}\)', 'any', 'only', 'sine']),
    prose("proof-step-31",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(1/2\)', r'\(\cos(\omega_m p)\)', 'both']),
    prose("proof-step-32",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=[r'\(c\)', 'no']),
    computed("sine-not-zero", lone_frequency_is_a_power_of_ten, backs=[r'\(\sin(\omega_m k) \neq 0\)']),
    computed('pi-would-be-algebraic',
        lone_frequency_is_a_power_of_ten, backs=[r'\(\omega_m k = n\pi\)', r'\(\pi = 10^{-4(d-1)/d}\,k/n\)', r'\(n \neq 0\)']),
    computed("single-sine-column",
        single_sine_cannot_shift, backs=[r'\(\sin(p)\)', r'\(d = 1\)', 'any', 'cannot', 'column', 'linear', 'same', 'sine']),
    prose("proof-step-35",
        "a step of the written proof; its conclusion is checked (odd-no-matrix, misses-by-cosine-term)", unbacked=['cosine', 'not', 'row', 'sine']),
    computed("two-full-turns",
        two_full_turns, backs=['5', r'\(M_k\)', r'\(\cos(\omega_m k)\)', r'\(\mathrm{PE}(p + k)\)', r'\(\mathrm{PE}(p)\)', 'above', 'column', 'gen.linearity.odd.positions', 'last', 'linear', 'row', 'sine', 'sine', 'sine', 'times']),
    prose("heading-37", "a heading"),
    computed("slips-change-something", passes(t.test_slip_readings), backs=['right']),
    computed("slips-setting",
        lambda: values("linearity/slips")["d"] == "8" and number(values("linearity/slips")["positions"]) == 20000 and passes(t.test_slip_readings)(), backs=['below', 'each', 'gen.linearity.slips.d', 'gen.linearity.slips.positions', 'largest', 'linear']),
    prose("plan-40", "says what comes next on the page; what it shows is checked where it stands", unbacked=['each']),
    cited("og-41", OG, backs=['08', '20', '2023']),
    cited("og-42", OG, backs=['column', 'not', 'right']),
    cited("og-43",
        OG, backs=[r'\(2i/d\)', r'\(i\)', r'\(i\)', r'\(i\)', r'\(i\)', 'column', 'cosine', 'even', 'odd', 'sine']),
    cited("og-44", OG, backs=['3', r'\(PE(p, i+1)\)', r'\(\cos(p / 10000^{2i/d})\)']),
    cited("og-45", OG, backs=[r'\(p\)', 'never']),
    cited("og-46", OG, backs=['longer', 'not', 'not']),
    cited("kazemnejad", KAZEMNEJAD, backs=['2019']),
    cited("kazemnejad-rows", KAZEMNEJAD, backs=['both', 'rotation', 'rows']),
    cited("kazemnejad-similarly", KAZEMNEJAD, backs=['left', 'no']),
    cited("denk", DENK, backs=['01', '2019', '22', 'linear']),
    cited("denk-full-matrix", DENK, backs=['drops', 'only']),
    cited("denk-sound", DENK, passes(t.test_slip_readings)),
    cited("fleetwood", FLEETWOOD, backs=['2024']),
    cited("fleetwood-directions",
        FLEETWOOD, cos_sin_order_gives_the_textbook_matrix, backs=[r'\(\begin{pmatrix} \cos & -\sin \\ \sin & \cos \end{pmatrix}\)', r'\(\begin{pmatrix} \cos & \sin \\ -\sin & \cos \end{pmatrix}\)', 'right']),
    cited("weng", WENG, backs=['2020']),
    cited("labml", LABML),
    cited("labml-no-minus", LABML, backs=[r'\(\theta_i = 10000^{2(i-1)/d}\)', 'right']),
    computed('widget-pair-0', widget_is_pair_0_with_omega_1, backs=['0', r'\(\omega_0 = 1\)']),
    computed('widget-arc',
        widget_arc_keeps_its_angle, backs=[r'\(R_0(k)\)', r'\(k\)', r'\(p + k\)', r'\(p\)', r'\(p\)', 'same']),
    computed('m-d-model-8-as', matrix_picture_readings,
        backs=['0', '1', '1', '2', '2', '8', 'each', 'every', 'rotation', '×']),
    computed('rotation-alt-circle',
        rotation_figure_as_described, backs=['0', '0', '1', '1', '2', '3', '6', 'clockwise', 'cos', 'grows', 'rotation', 'sin']),
    computed('checked-window',
        checked_window, backs=[r'\(p\)', 'below', 'every', 'gen.linearity.shift_matrix.offsets', 'gen.linearity.shift_matrix.positions', 'negative', 'odd', 'only']),
    prose('theorem-2', 'an admonition title: it labels the box; the theorem inside is its display, checked as an equation'),
    prose('code-checks-turn-dot-product', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('whole-function-blocks-diagonal-input', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('code-prints', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('code-check', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('least-squares-fit-three-windows', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    computed('why-only-one', lambda: all(passes(t.test_d_consecutive_rows_have_full_rank, d, f)() for d in (2, 4, 6, 8) for f in (0, 1000)), backs=['only']),
    prose('sympy-code', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('five-checks-code-output', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('claim-odd-d-model', "an admonition title: it names the box's subject (odd widths); the box's own sentences carry the checks", unbacked=['odd']),
    computed('measured-how-far-best-linear', lambda: two_full_turns() and least_squares_fit_as_documented(), backs=['5', 'best', 'linear']),
    prose('code-two-maps', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('code-builds-each-reading', 'an admonition title: it names the code folded inside, which states nothing itself; "each reading" refers to the readings listed above it', unbacked=['each']),
    prose('matrix-slip-measured-code-output', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('what-each-source-writes-brief', 'an admonition title: it names the summary folded inside, whose sentences are cited one by one', unbacked=['each']),
    computed('2x2-matrix-taking-sin-w', block_takes_k_never_p, backs=['cos', 'cos', 'never', 'sin', 'sin']),
    computed('m-k-diag-r-0', block_diagonal_for_every_p, backs=['1', '2', 'even', 'every']),
    computed('odd-d-model-covers-floor', odd_width_covers_complete_pairs, backs=['1', '2', 'columns', 'first', 'last', 'no', 'odd', 'odd', 'only', 'sine']),
    computed('largest-pe-p-k-m', max_shift_error_as_documented, backs=['0', '>', 'largest']),
    computed('odd-d-model-only-first', odd_widths_compare_first_columns, backs=['1', 'columns', 'first', 'odd', 'only']),
    computed('matrix-m-best-maps-pe', fitted_matrix_is_least_squares, backs=['1', 'best', 'first', 'first', 'float64', 'least']),
    computed('computed-from-data-alone-if', every_window_gives_m_k, backs=['every', 'no', 'right']),
    computed('shift-block-sin-cos-ordering', symbolic_block_and_pair, backs=['cos', 'rotation', 'sin']),
    computed('column-pair-sin-w-p', symbolic_block_and_pair, backs=['column', 'cos', 'sin']),
    computed('pair-p-k-matrix-pair', symbolic_block_and_pair),
    computed('largest-error-least-squares-linear', least_squares_fit_as_documented, backs=['column', 'largest', 'last', 'linear']),
    computed('fitted-over-p-0-positions', least_squares_fit_as_documented, backs=['0', '1', 'cos', 'first']),
    computed('least-squares-minimises-sum-squared', least_squares_not_minimax, backs=['largest', 'least', 'not']),
    computed('largest-error-last-column-block', block_map_error_as_documented, backs=['column', 'cos', 'largest', 'last', 'sine']),
    computed('sine-row-proof-without-missing', block_map_error_as_documented, backs=['0', '0', '1', 'cos', 'cos', 'exactly', 'largest', 'row', 'sin', 'sin', 'sine']),
    computed('columns-sin-w-p-cos', slips_readings_as_documented, backs=['columns', 'cos', 'each', 'sin']),
    computed('vaswani-et-al-section-3', lambda: slips_readings_as_documented() and reference_is_the_paper_table(), backs=['0', '1', '10000', '2'], unbacked={'3.5': 'the section of the paper where the formula stands (cited on the page by the entry of its sentence)'}),
    computed('pairs-m-1-d-2', slips_readings_as_documented, backs=['1', '1', '1', '10000', '10000', '2', 'drops']),
    computed('column-j-sin-j-even', slips_readings_as_documented, backs=['10000', 'column', 'column', 'cos', 'even', 'not', 'odd', 'sin']),
    computed('columns-delta-1-d-sin', slips_readings_as_documented, backs=['1', '1', '10000', '10000', 'columns', 'cos', 'sin']),
    computed('theta-i-10000-2-i', missing_minus_grows, backs=['1', '1', '10000', '2', '2', 'grow']),
    computed('largest-error-least-squares-matrix', best_shift_error_as_documented, backs=['0', 'all', 'exact', 'largest', 'rows']),
])

test_claims_hold = LEDGER.test
