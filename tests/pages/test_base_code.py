"""What docs/base.md states about the code it shows, asserted: each test recomputes a property the prose
states and, where the page quotes a number, checks that the quoted (generated) value is the one the property
gives. The page's sentences are tied to these tests in its ledger, tests/pages/test_base.py."""

from __future__ import annotations

import math

import pytest
import torch
from base import comparison as base_comparison
from reference import positional_encoding
from support import assert_quoted_not_typed, values


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


PAGE = 'base.md'
JOBS = ['base/comparison']  # the jobs whose values the page quotes


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed(PAGE, JOBS)


def test_what_the_base_trades():
    results = {b: base_comparison.measure(512, b, 4096) for b in base_comparison.BASES}
    bases = sorted(results)
    assert all(results[b]["closest_offset"] == 1 for b in bases)  # every base keeps distinct positions apart
    for small, large in zip(bases, bases[1:]):
        assert results[large]["neighbour"] < results[small]["neighbour"]  # fewer fast pairs, closer neighbours
        assert results[large]["wrapping"] <= results[small]["wrapping"]  # more pairs that never repeat
        assert results[large]["longest"] == pytest.approx(2 * math.pi * large ** (510 / 512), rel=1e-12)
    assert results[10.0]["wrapping"] == 256 and results[1000000.0]["wrapping"] < 128
    assert results[10000.0]["wrapping"] > 128  # most pairs turn within the window at 10000 ...
    assert 0.2 < (256 - results[10000.0]["wrapping"]) / 256 < 0.35  # ... "a quarter or so" do not
    assert results[10000.0]["first_min"] > results[10.0]["first_min"]
    assert results[10000.0]["first_min"] > results[1000000.0]["first_min"]  # the monotone range peaks mid-range
    assert results[1000000.0]["far_similarity"] > 4 * results[10.0]["far_similarity"]
    assert str(results[10000.0]["first_min"]) == values("base/comparison")["first_min_10000"]
    assert values("base/comparison")["first_min_10000"] == values("properties/dot_product_vs_offset")["first_min"]
