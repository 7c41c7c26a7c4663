"""The beyond page: RoPE scores depend only on m - n, added PE scores do not, and M_k is RoPE's R_(-k)."""

from __future__ import annotations

import pytest
import torch
from beyond_rope_relative import added_pe_score, rope_matrix, rope_score
from conftest import GENERATED
from pelib.shift import shift_matrix
from reference import positional_encoding


@pytest.mark.parametrize("d", [2, 8, 64])
def test_rope_score_depends_only_on_the_offset(d):
    g = torch.Generator().manual_seed(d)
    q, k = torch.randn(d, generator=g, dtype=torch.float64), torch.randn(d, generator=g, dtype=torch.float64)
    for offset in (-40, -3, 0, 3, 17):
        scores = [rope_score(q, k, m, m - offset) for m in (40, 41, 100, 999, 7000)]
        assert max(scores) - min(scores) < 1e-9, (offset, scores)
    assert abs(rope_score(q, k, 10, 13) - rope_score(q, k, 13, 10)) > 1e-3  # -3 and +3 differ


def test_rope_group_law_behind_the_proof():
    for m, n in [(0, 5), (12, 3), (-4, 9)]:
        assert torch.allclose(rope_matrix(8, m).T @ rope_matrix(8, n), rope_matrix(8, n - m), atol=1e-12)


def test_added_pe_score_depends_on_absolute_position():
    g = torch.Generator().manual_seed(1)
    q, k, w = (torch.randn(*s, generator=g, dtype=torch.float64) for s in ((8,), (8,), (8, 8)))
    scores = [added_pe_score(q, k, m, m + 3, w) for m in (0, 7, 100, 5000)]
    assert max(scores) - min(scores) > 1.0


def test_shift_matrix_is_rope_run_backwards():
    for s in range(-30, 31):
        assert torch.allclose(shift_matrix(16, s), rope_matrix(16, -s), atol=1e-15)
    assert not torch.allclose(shift_matrix(16, 5), rope_matrix(16, 5), atol=1e-3)


def test_page_output_shows_equal_scores_for_equal_offsets():
    rows = [line.split("|") for line in (GENERATED / "beyond_rope_relative.txt").read_text().splitlines()[1:7]]
    by_offset: dict[int, set[str]] = {}
    for row in rows:
        by_offset.setdefault(int(row[2]), set()).add(row[3].strip())
    assert {k: len(v) for k, v in by_offset.items()} == {-3: 1, 3: 1}
    assert len({row[4].strip() for row in rows}) == 6  # the added-PE score differs on every row


def _pp_term(w: torch.Tensor, m: int, n: int, d: int) -> float:
    pe = positional_encoding(max(m, n) + 1, d, dtype=torch.float64)
    return float(pe[m] @ w @ pe[n])


def test_pp_term_depends_on_the_offset_exactly_when_w_commutes_with_the_rotations():
    """beyond.md: p_m^T W p_n depends on n - m alone exactly when W commutes with the block rotations M_k.

    Sufficient: W = blockdiag(a_i I + b_i J) commutes, and the term is the same for equal offsets. Necessary: the W
    whose term depends on n - m alone (the null space of 'term(m, n) = term(m + 1, n + 1)' over many pairs) form a
    space of dimension d, the dimension of that commutant, and each of them commutes with every M_k.
    """
    d = 8
    g = torch.Generator().manual_seed(3)
    a, b = torch.randn(d // 2, generator=g, dtype=torch.float64), torch.randn(d // 2, generator=g, dtype=torch.float64)
    commuting = torch.block_diag(*[torch.tensor([[x, y], [-y, x]], dtype=torch.float64) for x, y in zip(a, b)])
    for k in (1, 37, 1000):
        assert torch.allclose(commuting @ shift_matrix(d, k), shift_matrix(d, k) @ commuting, atol=1e-12)
    for offset in (0, 3, -11):
        terms = [_pp_term(commuting, m, m + offset, d) for m in (20, 21, 500, 3000)]
        assert max(terms) - min(terms) < 1e-9
    general = torch.randn(d, d, generator=g, dtype=torch.float64)
    terms = [_pp_term(general, m, m + 3, d) for m in (20, 21, 500, 3000)]
    assert max(terms) - min(terms) > 0.1

    pe = positional_encoding(3001, d, dtype=torch.float64)
    pairs = torch.randint(0, 3000, (4 * d * d, 2), generator=g)
    rows = torch.stack([torch.outer(pe[m], pe[n]).flatten() - torch.outer(pe[m + 1], pe[n + 1]).flatten()
                        for m, n in pairs.tolist()])
    _, s, vh = torch.linalg.svd(rows)
    null = vh[s < 1e-9 * s[0]]
    assert len(null) == d  # = dim of {blockdiag(a_i I + b_i J)}: no non-commuting W gives a relative term
    for w in null.reshape(-1, d, d):
        for k in (1, 37, 1000):
            assert torch.allclose(w @ shift_matrix(d, k), shift_matrix(d, k) @ w, atol=1e-8)
