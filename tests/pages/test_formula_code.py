"""What docs/formula.md states about the code it shows, asserted: each test recomputes a property the prose
states and, where the page quotes a number, checks that the quoted (generated) value is the one the property
gives. The page's sentences are tied to these tests in its ledger, tests/pages/test_formula.py."""

from __future__ import annotations

import math

import pytest
import torch
from formula import forms as formula_forms
from formula import wavelengths
from reference import positional_encoding
from support import assert_quoted_not_typed, values


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


PAGE = 'formula.md'
JOBS = ['formula/exp_log', 'formula/forms', 'formula/wavelengths']  # the jobs whose values the page quotes


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed(PAGE, JOBS)


@pytest.mark.parametrize("d_model", [2, 6, 64, 512, 5, 129])
def test_the_written_forms_give_the_same_table(d_model):
    reference = pe64(300, d_model)
    for omega in (formula_forms.omega_paper, formula_forms.omega_negative_power, formula_forms.omega_exp_log):
        table = formula_forms.table_from_frequencies(300, omega(d_model))[:, :d_model]
        assert formula_forms.max_diff(table, reference) < 1e-10


@pytest.mark.parametrize("d_model", [4, 6, 10, 512])
def test_even_and_odd_denominators_are_equal(d_model):
    even, odd = formula_forms.per_column_exponent(d_model)
    assert torch.equal(even, odd)


def test_reading_i_as_the_column_gives_another_table():
    wrong, right = formula_forms.table_i_as_column(2048, 512), pe64(2048, 512)
    assert formula_forms.max_diff(wrong, right) > 1.5
    assert formula_forms.max_diff(wrong[:, 0::2], right[:, 0::2]) < 1e-12  # sine columns: j/d = 2i/d, unchanged
    assert formula_forms.max_diff(wrong[:, 1::2], right[:, 1::2]) > 1.5  # cosine columns: (2i+1)/d, another frequency
    assert float(values("formula/forms")["misreading_diff"]) > 1.5


@pytest.mark.parametrize("d_model", [8, 64, 512])
def test_the_misread_cosine_frequency_lies_between_two_pairs(d_model):
    """formula.md: under 'i is the dimension', cosine column 2i+1 turns at 10000^(-(2i+1)/d), strictly between the
    frequencies of pair i and pair i+1 (their geometric mean), so it matches no pair; the last one is below them all."""
    wrong = formula_forms.table_i_as_column(2, d_model)
    sine_omega = torch.asin(wrong[1, 0::2])  # row 1 holds sin(w) and cos(w'): every w <= 1 < pi/2
    cosine_omega = torch.acos(wrong[1, 1::2])
    paper = 10000.0 ** (-2 * torch.arange(d_model // 2, dtype=torch.float64) / d_model)
    assert torch.allclose(sine_omega, paper, rtol=1e-9, atol=0)
    assert torch.all(cosine_omega[:-1] < sine_omega[:-1]) and torch.all(cosine_omega[:-1] > sine_omega[1:])
    assert torch.allclose(cosine_omega[:-1], (sine_omega[:-1] * sine_omega[1:]).sqrt(), rtol=1e-6, atol=0)
    assert cosine_omega[-1] < sine_omega.min()
    gaps = (cosine_omega[:, None] - sine_omega[None, :]).abs().min(dim=1).values
    assert torch.all(gaps > 1e-3 * cosine_omega)  # no cosine column shares a frequency with any pair


@pytest.mark.parametrize("d_model", [1, 5, 7, 129])
def test_odd_width_ends_with_a_lone_sine(d_model):
    table = pe64(50, d_model)
    assert table.shape == (50, d_model)
    omega_last = 10000 ** (-(d_model - 1) / d_model)
    assert torch.allclose(table[:, -1], torch.sin(torch.arange(50, dtype=torch.float64) * omega_last), atol=1e-15)


def test_wavelengths_are_geometric_from_2pi_to_2pi_base_to_510_over_512():
    lam = wavelengths.wavelengths(512)
    assert lam.numel() == 256
    assert lam[0].item() == pytest.approx(2 * math.pi, rel=1e-15)
    assert lam[-1].item() == pytest.approx(2 * math.pi * 10000 ** (510 / 512), rel=1e-12)
    ratios = lam[1:] / lam[:-1]
    assert torch.allclose(ratios, torch.full_like(ratios, 10000 ** (2 / 512)), rtol=1e-13, atol=0)
    quoted = values("formula/wavelengths")
    assert quoted["longest"] == f"{2 * math.pi * 10000 ** (510 / 512):,.0f}" == "60,611"
    assert quoted["paper_upper"] == "62,832"
    assert float(quoted["ratio"]) == pytest.approx(10000 ** (2 / 512), abs=1e-5)


def test_the_exp_of_a_log_is_the_less_accurate_float32_form():
    """The tutorials' div_term and the power give the same float64 frequencies; in float32 the exp of a log is further
    from them (its rounded argument passes into the frequency), and both tables stay close to the float64 one."""
    from formula import exp_log

    assert torch.allclose(torch.exp(exp_log.two_i.double() * -(math.log(10000.0) / exp_log.d)), exp_log.exact,
                          rtol=1e-13, atol=0)
    power, exp = (exp_log.relative_error(w) for w in (exp_log.power, exp_log.div_term))
    assert power < 2e-7 < 3e-7 < exp < 1e-6
    assert max(exp_log.table_error.values()) < 2e-4
    assert values("formula/exp_log")["exp_floor"] == "3e-07"
