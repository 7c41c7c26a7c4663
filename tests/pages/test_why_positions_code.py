"""What docs/why-positions.md states about the code it shows, asserted: each test recomputes a property the prose
states and, where the page quotes a number, checks that the quoted (generated) value is the one the property
gives. The page's sentences are tied to these tests in its ledger, tests/pages/test_why_positions.py."""

from __future__ import annotations

import torch
import why_positions.permutation_equivariance as perm_eq
from reference import positional_encoding
from support import assert_quoted_not_typed, values
from why_positions import simple_encodings


def pe64(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)


PAGE = 'why-positions.md'
JOBS = ['why_positions/permutation_equivariance', 'why_positions/simple_encodings']  # the jobs whose values the page quotes


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed(PAGE, JOBS)


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
