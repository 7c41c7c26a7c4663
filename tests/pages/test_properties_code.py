"""What docs/properties.md states about the code it shows, asserted: each test recomputes a property the prose
states and, where the page quotes a number, checks that the quoted (generated) value is the one the property
gives. The page's sentences are tied to these tests in its ledger, tests/pages/test_properties.py."""

from __future__ import annotations

import math

import pytest
import torch
from properties import dot_product_vs_offset, norm_and_distance
from reference import positional_encoding
from support import assert_quoted_not_typed, values


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


PAGE = 'properties.md'
JOBS = ['properties/dot_product_vs_offset', 'properties/norm_and_distance']  # the jobs whose values the page quotes


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed(PAGE, JOBS)


def test_dot_product_depends_only_on_the_offset():
    pe = pe64(3000, 512)
    for k in list(range(0, 60)) + [100, 500, 1234]:
        assert dot_product_vs_offset.spread_over_positions(pe, k) < 1e-9
        dots = (pe[: 3000 - k] * pe[k:]).sum(dim=1)
        closed = dot_product_vs_offset.dot_by_offset(torch.tensor([k]), 512)
        assert torch.allclose(dots, closed.expand_as(dots), atol=1e-9, rtol=0)


def test_dot_product_is_symmetric_in_the_offset():
    pe = pe64(2000, 512)
    p = torch.arange(600, 1400)
    for k in (1, 7, 37, 300, 599):
        forward = (pe[p] * pe[p + k]).sum(dim=1)
        backward = (pe[p] * pe[p - k]).sum(dim=1)
        assert torch.allclose(forward, backward, atol=1e-9, rtol=0)


def test_dot_product_first_stops_decreasing_at_the_quoted_offset():
    curve = dot_product_vs_offset.dot_by_offset(torch.arange(0, 2001), 512)
    quoted = values("properties/dot_product_vs_offset")
    k_up = int(quoted["first_rise"])
    assert int(quoted["first_min"]) == k_up - 1
    assert bool((curve[1:k_up] < curve[: k_up - 1]).all())  # strictly falling up to first_min
    assert curve[k_up] > curve[k_up - 1]  # and rising there
    assert dot_product_vs_offset.first_rise(curve) == k_up == 44


@pytest.mark.parametrize("d_model", [2, 6, 128, 512])
def test_norm_is_constant_for_even_width(d_model):
    n = norm_and_distance.norms(10000, d_model)
    assert torch.allclose(n, torch.full_like(n, math.sqrt(d_model / 2)), atol=1e-12, rtol=0)


@pytest.mark.parametrize("d_model", [5, 9, 513])
def test_norm_varies_for_odd_width(d_model):
    squared = norm_and_distance.norms(10000, d_model) ** 2
    p = torch.arange(10000, dtype=torch.float64)
    expected = (d_model - 1) / 2 + torch.sin(p * 10000 ** (-(d_model - 1) / d_model)) ** 2
    assert torch.allclose(squared, expected, atol=1e-9, rtol=0)
    assert squared.max() - squared.min() > 0.5


def test_distance_depends_only_on_the_offset():
    dist = norm_and_distance.distance_matrix(600, 512)
    assert norm_and_distance.distance_spread(dist) < 1e-9
    assert torch.allclose(dist, dist.T)
