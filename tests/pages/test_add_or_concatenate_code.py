"""What docs/add-or-concatenate.md states about the code it shows, asserted: each test recomputes a property the prose
states and, where the page quotes a number, checks that the quoted (generated) value is the one the property
gives. The page's sentences are tied to these tests in its ledger, tests/pages/test_add_or_concatenate.py."""

from __future__ import annotations

import math

import pytest
import torch
from add_or_concatenate import concat_cost, embedding_vs_pe_norms
from reference import positional_encoding
from support import assert_quoted_not_typed, values


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


PAGE = 'add-or-concatenate.md'
JOBS = ['add_or_concatenate/concat_cost', 'add_or_concatenate/embedding_vs_pe_norms', 'add_or_concatenate/geometry']  # the jobs whose values the page quotes


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed(PAGE, JOBS)


def test_embedding_to_pe_norm_ratios():
    d, vocab = 512, 37000
    pe_norm = math.sqrt(d / 2)
    expected = {  # ||sqrt(d) e|| / ||PE|| for the standard deviation of each initialisation
        "default": math.sqrt(d) * math.sqrt(d) / pe_norm,  # std 1: sqrt(2d) = 32
        "normal": math.sqrt(d) * 1.0 / pe_norm,  # std d**-0.5: sqrt(2)
        "xavier": math.sqrt(d) * math.sqrt(2 * d / (vocab + d)) / pe_norm,  # std sqrt(2 / (vocab + d))
    }
    quoted = values("add_or_concatenate/embedding_vs_pe_norms")
    for key, value in expected.items():
        assert float(quoted[f"{key}_ratio"]) == pytest.approx(value, rel=0.01, abs=0.006)  # quoted to 2 decimals
    assert float(quoted["pe_norm"]) == pytest.approx(pe_norm, abs=0.05)
    torch.manual_seed(0)
    for key, init in zip(expected, embedding_vs_pe_norms.INITS.values()):
        weight = init(2000 if key != "xavier" else vocab, d)
        measured = embedding_vs_pe_norms.mean_row_norm(weight) * math.sqrt(d) / pe_norm
        assert measured == pytest.approx(expected[key], rel=0.01)


def test_the_ratio_spans_more_than_a_hundredfold_across_initialisations():
    quoted = values("add_or_concatenate/embedding_vs_pe_norms")
    assert float(quoted["default_ratio"]) / float(quoted["xavier_ratio"]) > 100
    assert float(quoted["default_ratio"]) > 1 > float(quoted["xavier_ratio"])  # token swamps PE / PE swamps token


def test_concatenation_costs_width():
    added, concatenated = concat_cost.layer_parameters(512), concat_cost.layer_parameters(1024)
    assert concatenated > 2 * added
    quoted = values("add_or_concatenate/concat_cost")
    assert quoted["added"] == f"{added:,}" and quoted["concatenated"] == f"{concatenated:,}"
    with pytest.raises(ValueError, match="multiple of n_heads"):
        concat_cost.layer_parameters(500, n_heads=8)


def test_embeddings_and_pe_are_nearly_orthogonal():
    torch.manual_seed(0)
    weight = embedding_vs_pe_norms.embedding_default(2048, 512)
    assert embedding_vs_pe_norms.mean_abs_cosine(weight, pe64(2048, 512).float()) < 0.05
    assert float(values("add_or_concatenate/embedding_vs_pe_norms")["normal_cosine"]) < 0.05


def test_concatenation_is_exactly_orthogonal_and_addition_nearly():
    """add-or-concatenate.md (the geometry): concatenated parts are orthogonal, so squared lengths add exactly; added
    parts are nearly orthogonal, within the quoted bounds, and not exactly."""
    import add_or_concatenate.geometry as geo

    concat = torch.cat([geo.e[:, None, :].expand(-1, geo.positions, -1),
                        geo.pe[None, :, :].expand(geo.tokens, -1, -1)], dim=-1)
    assert torch.allclose(concat.norm(dim=-1) ** 2, geo.pythagoras, rtol=1e-12)
    quoted = values("add_or_concatenate/geometry")
    assert geo.cos.abs().max() <= float(quoted["largest_cos"]) + 5e-4 and geo.cos.abs().max() > 0.05
    assert geo.gap.abs().max() <= float(quoted["largest_gap"]) + 5e-4 and geo.gap.abs().max() > 1e-3
    assert quoted["largest_cos"] == f"{geo.cos.abs().max().item():.3f}"
