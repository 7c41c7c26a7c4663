"""The linearity page: PE(p + k) = M_k PE(p), the block structure, the group laws, sympy, odd widths, the slips."""

from __future__ import annotations

import math

import pytest
import sympy as sp
import torch
from linearity.odd import best_linear_fit_error, block_map_error
from linearity.slips import READINGS, best_shift_error, literal_step3_error, paper
from pelib.shift import fitted_shift_matrix, max_shift_error, shift_block, shift_matrix
from reference import frequencies, positional_encoding
from support import DOCS, text, values

OFFSETS = [-300, -7, -1, 0, 1, 2, 3, 17, 250, 4096]


@pytest.mark.parametrize("d_model", [2, 4, 6, 8, 32, 64, 128, 512])
def test_shift_identity_many_positions_and_offsets(d_model):
    """PE(p + k) = M_k PE(p) for 1,000 positions and offsets of both signs, independently of the snippet's check."""
    pe = positional_encoding(1000 + 2 * 4096, d_model, dtype=torch.float64)
    p = torch.arange(4096, 4096 + 1000)
    for k in OFFSETS:
        assert torch.allclose(pe[p] @ shift_matrix(d_model, k).T, pe[p + k], rtol=0, atol=1e-11), (d_model, k)


@pytest.mark.parametrize("d_model", [3, 5, 7, 65, 513])
def test_odd_widths_shift_their_complete_pairs(d_model):
    """For odd d the first d - 1 columns follow the block matrix built with the odd width's frequencies."""
    assert shift_matrix(d_model, 5).shape == (d_model - 1, d_model - 1)
    assert max_shift_error(d_model, 300, [-20, 1, 5, 333]) < 1e-11


def test_snippet_check_reports_a_tiny_error():
    quoted = values("linearity/shift_matrix")
    assert quoted["max_error"].startswith("< ") and float(quoted["max_error"][2:]) <= 1e-10
    assert max_shift_error(64, 500, [-3, 1, 99]) < 1e-11


def test_block_structure_and_entries():
    d, k = 10, 7
    m = shift_matrix(d, k)
    omegas = frequencies(d)
    for i in range(d // 2):
        w = omegas[i].item()
        expected = torch.tensor([[math.cos(w * k), math.sin(w * k)], [-math.sin(w * k), math.cos(w * k)]],
                                dtype=torch.float64)
        assert torch.allclose(m[2 * i : 2 * i + 2, 2 * i : 2 * i + 2], expected, rtol=0, atol=1e-15)
    mask = torch.block_diag(*[torch.ones(2, 2)] * (d // 2)).bool()
    assert torch.count_nonzero(m[~mask]) == 0  # nothing outside the 2x2 diagonal blocks


def test_block_is_the_transpose_of_the_textbook_rotation():
    """Ours maps (sin, cos) forward; the counter-clockwise rotation maps it backward (p - k)."""
    w, k = 0.3, 4
    textbook = torch.tensor([[math.cos(w * k), -math.sin(w * k)], [math.sin(w * k), math.cos(w * k)]],
                            dtype=torch.float64)
    assert torch.allclose(shift_block(w, k), textbook.T, atol=1e-15)
    pair = lambda p: torch.tensor([math.sin(w * p), math.cos(w * p)], dtype=torch.float64)  # noqa: E731
    assert torch.allclose(shift_block(w, k) @ pair(10), pair(14), atol=1e-14)
    assert not torch.allclose(textbook @ pair(10), pair(14), atol=1e-3)
    assert torch.allclose(textbook @ pair(10), pair(6), atol=1e-14)


@pytest.mark.parametrize("first", [0, 777, 40000])
def test_matrix_fitted_from_any_window_is_the_closed_form(first):
    """The matrix does not depend on p: least squares on any window of positions recovers M_k."""
    assert torch.allclose(fitted_shift_matrix(8, 3, first, 200), shift_matrix(8, 3), rtol=0, atol=1e-9)
    assert torch.allclose(fitted_shift_matrix(6, -5, first + 10, 100), shift_matrix(6, -5), rtol=0, atol=1e-9)


@pytest.mark.parametrize("d_model", [2, 4, 6, 8])
@pytest.mark.parametrize("first", [0, 1000])
def test_d_consecutive_rows_have_full_rank(d_model, first):
    """The span argument: d consecutive rows of an even-width table are linearly independent, so M_k is unique.
    (Wider tables are too ill-conditioned for float64 to show it: the condition number is about 1e11 at d = 8.)"""
    rows = positional_encoding(first + d_model, d_model, dtype=torch.float64)[first:]
    assert torch.linalg.matrix_rank(rows) == d_model


def test_group_laws():
    d = 16
    eye = torch.eye(d, dtype=torch.float64)
    assert torch.equal(shift_matrix(d, 0), eye)
    for k in (-9, -1, 1, 2, 13, 1000):
        m = shift_matrix(d, k)
        assert torch.allclose(m.T @ m, eye, atol=1e-14)  # orthogonal
        assert torch.allclose(shift_matrix(d, -k), m.T, atol=1e-15)  # M_-k = M_k^T
        assert abs(torch.linalg.det(m).item() - 1) < 1e-12  # a rotation, not a reflection
        for j in (-4, 3, 50):
            assert torch.allclose(m @ shift_matrix(d, j), shift_matrix(d, k + j), atol=1e-12)
            assert torch.allclose(m @ shift_matrix(d, j), shift_matrix(d, j) @ m, atol=1e-12)


def test_sympy_block_identity_simplifies_to_zero():
    from linearity.symbolic import block, k, omega, residual

    assert residual(block(omega * k)) == sp.zeros(2, 1)
    assert residual(block(omega * k).T) != sp.zeros(2, 1)  # the textbook rotation is not the shift
    assert sp.simplify(block(omega * k).T * block(omega * k) - sp.eye(2)) == sp.zeros(2, 2)
    shown = text("linearity/symbolic")
    assert "pair(p+k) - R(k) pair(p)        = Matrix([[0, 0]])" in shown


@pytest.mark.parametrize("d_model", [3, 5, 7])
def test_odd_width_last_column_is_not_linear(d_model):
    """The block map misses the lone sine by exactly |sin(w k)| at worst; the least-squares map's largest miss is
    larger still (it minimises squares, not the maximum); supplying cos(w p) makes the fit exact."""
    w = frequencies(d_model)[-1].item()
    positions = 2 * math.ceil(2 * math.pi / w)
    for k in (1, 10, 100, 1000, 2500):
        block = block_map_error(d_model, k, positions)
        error = best_linear_fit_error(d_model, k, positions)
        assert block == pytest.approx(abs(math.sin(w * k)), rel=1e-9), (d_model, k, block)
        assert error > block, (d_model, k, error, block)
        assert error > 1e6 * best_linear_fit_error(d_model, k, positions, add_missing_cosine=True)
    assert math.sin(w * 1) != 0


def test_odd_width_output_shows_a_large_miss():
    """linearity.md: at k = 1000 the block map misses by |sin(w k)|, the least-squares map by more."""
    quoted = values("linearity/odd")
    assert quoted["block_error_k1000"] == quoted["sin_k1000"]
    assert float(quoted["lstsq_error_k1000"]) > float(quoted["block_error_k1000"]) > 0.5
    text = (DOCS / "linearity.md").read_text(encoding="utf-8")
    assert "best possible linear map" not in text  # least squares is not the map with the smallest largest error


def test_slip_readings():
    """Which literal readings keep the paper's table, and which keep a linear shift, as the page's table says."""
    d, positions = 8, 20000
    reference = paper(positions, d)
    verdicts = {}
    for reading in READINGS.values():
        table = reading(positions, d)
        verdicts[reading.__name__] = (torch.allclose(table, reference, atol=1e-12), best_shift_error(table, 1) < 1e-9)
    assert verdicts == {
        "paper": (True, True),
        "one_based_pairs": (False, True),
        "column_index_in_exponent": (False, False),
        "one_based_columns": (False, False),
        "missing_minus": (False, True),
    }
    assert literal_step3_error(d, 1000, 1) > 0.5  # the seed's step 3 is false under its own definitions
    table = text("linearity/slips_table")
    assert [line.endswith("| no |") for line in table.splitlines()].count(True) == 2 and "| yes | < 1e-12 | yes |" in table


def test_rotation_figure_claims():
    """linearity.md (the figure): pair 0's point turns clockwise as p grows, M_k carries PE(p) to PE(p + k), the
    textbook rotation carries it back, M_k is block diagonal, and PE(p).PE(p+k) is the sum of cos(omega_i k)."""
    import linearity.rotation as fig

    assert (fig.turn < 0).all()  # clockwise in the (sin, cos) plane
    assert torch.allclose(fig.shift_matrix(2, fig.K) @ fig.point[1], fig.point[1 + fig.K])
    assert torch.allclose(fig.textbook @ fig.point[1 + fig.K], fig.point[1])
    assert not torch.allclose(fig.textbook @ fig.point[1], fig.point[1 + fig.K], atol=1e-3)
    m = fig.shift_matrix(8, 3)
    mask = torch.block_diag(*[torch.ones(2, 2)] * 4).bool()
    assert torch.equal(m[~mask], torch.zeros(int((~mask).sum()), dtype=m.dtype))
    assert torch.allclose(fig.dots, fig.terms.sum(dim=1), atol=1e-12)
