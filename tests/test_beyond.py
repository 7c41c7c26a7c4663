"""The beyond page: RoPE scores depend only on m - n, added PE scores do not, and M_k is RoPE's R_(-k)."""

from __future__ import annotations

import pytest
import torch

from beyond_rope_relative import added_pe_score, rope_matrix, rope_score
from conftest import GENERATED
from linearity_shift_matrix import shift_matrix


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
