"""Claims of the explanation pages (why positions, formula, base, properties, add or concatenate), asserted.

Each test recomputes a property the prose states and, where the page quotes a number, checks that the quoted
(generated) value is the one the property gives.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import torch
import why_positions.permutation_equivariance as perm_eq
from add_or_concatenate import concat_cost, embedding_vs_pe_norms
from base import comparison as base_comparison
from formula import forms as formula_forms
from formula import wavelengths
from properties import dot_product_vs_offset, norm_and_distance
from reference import positional_encoding
from support import macro
from why_positions import simple_encodings

GENERATED = Path(__file__).resolve().parent.parent / "docs" / "generated"


def values(stem: str) -> dict[str, str]:
    """The numbers a snippet saved for the prose."""
    return json.loads((GENERATED / f"{stem}.values.json").read_text(encoding="utf-8"))


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


# --- why-positions.md ------------------------------------------------------------------------------------------

def random_perms(n: int, count: int) -> list[torch.Tensor]:
    g = torch.Generator().manual_seed(7)
    perms = [torch.randperm(n, generator=g) for _ in range(count)]
    return [p for p in perms if not torch.equal(p, torch.arange(n))]


def test_attention_without_pe_is_permutation_equivariant():
    weights = perm_eq.make_weights(16, 8)
    x = perm_eq.make_tokens(6, 16)
    for perm in random_perms(6, 20):
        assert perm_eq.permutation_gap(x, perm, weights, with_pe=False) < 1e-12


def test_adding_pe_breaks_permutation_equivariance():
    weights = perm_eq.make_weights(16, 8)
    x = perm_eq.make_tokens(6, 16)
    for perm in random_perms(6, 20):
        assert perm_eq.permutation_gap(x, perm, weights, with_pe=True) > 1e-2
    quoted = values("why_positions/permutation_equivariance")
    assert float(quoted["gap_without_bound"]) <= 1e-12 and float(quoted["gap_with"]) > 0.1


def test_repeated_token_gets_the_same_output_only_without_pe():
    weights = perm_eq.make_weights(16, 8)
    x = perm_eq.make_tokens(6, 16)
    x[4] = x[1]
    plain = perm_eq.self_attention(x, *weights)
    encoded = perm_eq.self_attention(x + pe64(6, 16), *weights)
    assert torch.equal(plain[1], plain[4])
    assert (encoded[1] - encoded[4]).abs().max() > 1e-2


def test_a_causal_mask_breaks_the_symmetry_without_pe():
    """why-positions.md: the bag-of-words argument needs attention without a causal mask. With the mask, and no PE,
    shuffling changes the outputs and the two copies of a repeated token get different outputs."""
    weights = perm_eq.make_weights(16, 8)
    x = perm_eq.make_tokens(6, 16)
    for perm in random_perms(6, 20):
        shuffled = perm_eq.self_attention(x[perm], *weights, causal=True)
        assert (shuffled - perm_eq.self_attention(x, *weights, causal=True)[perm]).abs().max() > 1e-2
    x[4] = x[1]
    causal = perm_eq.self_attention(x, *weights, causal=True)
    assert (causal[1] - causal[4]).abs().max() > 1e-2
    assert torch.allclose(causal[0], perm_eq.self_attention(x[:1], *weights)[0], rtol=0, atol=1e-14)  # sees itself only
    assert float(values("why_positions/permutation_equivariance")["causal_repeat_diff"]) > 0.1


def test_simple_codes_fail_the_properties_the_page_says_they_fail():
    width, n = 16, 1000
    codes = {name: code(n, width) for name, code in simple_encodings.CODES.items()}
    assert all(simple_encodings.is_unique(t) for t in codes.values())
    assert simple_encodings.largest_value(codes["integer p"]) == n - 1  # unbounded: grows with the position
    assert max(simple_encodings.largest_value(codes[k]) for k in ("p / length", "binary", "sinusoidal")) <= 1
    same = {name: simple_encodings.same_code_across_lengths(code, width, 10, n) for name, code in simple_encodings.CODES.items()}
    assert same == {"integer p": True, "p / length": False, "binary": True, "sinusoidal": True}
    assert simple_encodings.offset_spread(codes["binary"], 8) > 1  # distance does not follow the offset
    assert simple_encodings.offset_spread(codes["sinusoidal"], 8) < 1e-9
    b = codes["binary"]
    assert simple_encodings.distance(b, 7, 8) > simple_encodings.distance(b, 0, 8)  # 8 is nearer 0 than 7
    assert values("why_positions/simple_encodings")["binary_d78"] == "2.000" and values("why_positions/simple_encodings")["binary_d08"] == "1.000"


# --- formula.md ------------------------------------------------------------------------------------------------

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


# --- base.md ---------------------------------------------------------------------------------------------------

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


# --- properties.md ---------------------------------------------------------------------------------------------

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


# --- add-or-concatenate.md -------------------------------------------------------------------------------------

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


# --- the pages quote, they do not retype -------------------------------------------------------------------------

PAGES = {
    "why-positions.md": ["why_positions/permutation_equivariance", "why_positions/simple_encodings"],
    "formula.md": ["formula/forms", "formula/wavelengths"],
    "base.md": ["base/comparison"],
    "properties.md": ["properties/dot_product_vs_offset", "properties/norm_and_distance"],
    "add-or-concatenate.md": ["add_or_concatenate/concat_cost", "add_or_concatenate/embedding_vs_pe_norms", "add_or_concatenate/geometry"],
    "beyond.md": ["beyond/distinct_positions", "beyond/context_extension", "formula/wavelengths"],
}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_pages_quote_generated_numbers_instead_of_typing_them(page):
    text = (GENERATED.parent / page).read_text(encoding="utf-8")
    for stem in PAGES[page]:
        quoted = values(stem)
        used = [key for key in quoted if macro(stem, key) in text]
        assert used, f"{page} quotes nothing from {stem}"
        for key, literal in quoted.items():  # every value the snippet saved, quoted here or not
            if len(literal.replace(",", "").replace(".", "")) >= 4:  # long enough not to occur by chance
                assert literal not in text, f"{page} types {literal!r} instead of quoting {macro(stem, key)}"


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
