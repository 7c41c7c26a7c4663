"""The beyond page: RoPE scores depend only on m - n, added PE scores do not, and M_k is RoPE's R_(-k)."""

from __future__ import annotations

import pytest
import torch
from beyond.rope_relative import added_pe_score, rope_matrix, rope_score
from formula.wavelengths import wavelengths
from pelib.shift import shift_matrix
from reference import positional_encoding
from support import assert_quoted_not_typed, text, values


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
    rows = [line.split("|") for line in text("beyond/rope_relative").splitlines()[1:7]]
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


# --- the sections added for issue 15 ------------------------------------------------------------------------------

import math  # noqa: E402

from base.comparison import distance_by_offset  # noqa: E402
from beyond import sincos_2d as beyond_sincos_2d  # noqa: E402
from pelib import context_extension as ce  # noqa: E402
from pelib.sincos_nd import sincos_nd  # noqa: E402
from pelib.variants.registry import column_permutation  # noqa: E402


@pytest.mark.parametrize("base", [10.0, 10000.0, 1e6])
@pytest.mark.parametrize("d", [2, 3, 64])
def test_no_two_integer_positions_share_an_encoding(base: float, d: int):
    """The proof's premise and conclusion: pair 0 has omega = 1 whatever the base, and distinct rows differ."""
    pe = positional_encoding(3000, d, base=base, dtype=torch.float64)
    assert torch.allclose(pe[:, 0], torch.sin(torch.arange(3000, dtype=torch.float64)))  # omega_0 = 1
    assert torch.cdist(pe, pe).add(torch.eye(3000, dtype=torch.float64)).min() > 1e-6


def test_pair_zero_nearly_repeats_but_the_whole_encoding_does_not():
    quoted = values("beyond/distinct_positions")
    n = int(quoted["n"].replace(",", ""))
    k = torch.arange(1, n)
    pair0 = 2 * torch.sin(k.double() / 2).abs()
    assert int(pair0.argmin()) + 1 == int(quoted["pair0_offset"]) == 710
    assert 710 / (2 * math.pi) == pytest.approx(113, abs=1e-4)  # 355/113 ~ pi
    assert pair0.min() < 1e-4 and f"{pair0.min().item():.1e}" == quoted["pair0_distance"]
    full = distance_by_offset(k, 512, 10000.0)
    assert int(full.argmin()) + 1 == int(quoted["full_offset"]) == 1  # neighbours are the closest
    assert f"{full.min().item():.4f}" == quoted["full_distance"]
    pe = positional_encoding(20, 512, dtype=torch.float64)
    assert float((pe[1] - pe[0]).norm()) == pytest.approx(full[0].item(), abs=1e-12)  # the page's distance


def test_2d_table_is_two_1d_tables_and_depends_on_the_offset_only():
    table = sincos_nd((14, 14), 64, dtype=torch.float64)
    r, c = torch.meshgrid(torch.arange(14), torch.arange(14), indexing="ij")
    assert torch.equal(table[:, :32], positional_encoding(14, 32, dtype=torch.float64)[r.flatten()])
    assert torch.equal(table[:, 32:], positional_encoding(14, 32, dtype=torch.float64)[c.flatten()])
    gram = (table @ table.T).reshape(14, 14, 14, 14)
    assert torch.allclose(gram[2, 3, 5, 9], gram[6, 1, 9, 7], atol=1e-12)  # same offset (3, 6)
    assert not torch.allclose(gram[2, 3, 5, 9], gram[2, 3, 9, 5], atol=1e-3)


def test_timm_layout_is_ours_reordered_and_widths():
    timm = beyond_sincos_2d.timm_sincos2d((14, 14), 64)
    perm = column_permutation(timm, sincos_nd((14, 14), 64))
    assert perm is not None and perm != list(range(64))
    assert sincos_nd((2, 3, 4), 12).shape == (24, 12)  # 3-D: a multiple of 6
    for shape, dim in (((14, 14), 62), ((14, 14), 7), ((2, 3, 4), 8)):
        with pytest.raises(ValueError, match=f"got {dim}"):
            sincos_nd(shape, dim)
    with pytest.raises(AssertionError):
        beyond_sincos_2d.timm_sincos2d((14, 14), 62)


def test_nerf_and_paper_frequency_ratios():
    """beyond.md: NeRF's frequencies rise by 2 per pair; the paper's fall by 10000 ** (2/d), 1.0366 at d = 512."""
    assert values("formula/wavelengths")["ratio"] == f"{10000 ** (2 / 512):.5f}"
    assert 10000 ** (2 / 512) > 1 and 2 > 10000 ** (2 / 512)  # NeRF's factor is the larger
    lam = ce.rope_wavelengths(512)
    assert torch.allclose(lam[1:] / lam[:-1], torch.full((), 10000 ** (2 / 512), dtype=torch.float64))


def test_context_extension_wavelengths():
    quoted = values("beyond/context_extension")
    d, s, L = int(quoted["head_dim"]), float(quoted["scale"]), int(quoted["trained"].replace(",", ""))
    lam = ce.rope_wavelengths(d)
    assert torch.equal(lam, wavelengths(d, 10000.0))  # the same code as the formula and base pages
    slow = lam > L
    assert int(slow.sum()) == int(quoted["slow_pairs"])
    assert ((L - 1) * 2 * math.pi / lam[slow] < 2 * math.pi).all()  # those pairs never complete a turn
    pi = ce.position_interpolation(d, 10000.0, s)
    assert torch.allclose(pi / lam, torch.full((), s, dtype=torch.float64))
    assert f"{pi[0].item():.2f}" == quoted["pi_shortest"] and pi[0] > lam[0]
    ntk = ce.ntk_aware(d, 10000.0, s)
    assert ntk[0] == pytest.approx(2 * math.pi) and (ntk[-1] / lam[-1]).item() == pytest.approx(s, rel=1e-12)
    growth = ntk / lam
    assert torch.allclose(growth[1:] / growth[:-1], (growth[1] / growth[0]).expand(d // 2 - 1)) and growth[1] > 1
    yarn = ce.yarn(d, 10000.0, s, L)
    turns = L / lam
    assert torch.allclose(yarn[turns > 32], lam[turns > 32], rtol=1e-12, atol=0)
    assert torch.allclose(yarn[turns < 1], s * lam[turns < 1])
    middle = (turns >= 1) & (turns <= 32)
    assert ((yarn[middle] >= lam[middle]) & (yarn[middle] <= s * lam[middle] * (1 + 1e-12))).all()
    assert int((turns > 32).sum()) == int(quoted["yarn_kept"]) and int((turns < 1).sum()) == int(quoted["yarn_interpolated"])
    assert quoted["ntk_base"] == f"{10000 * s ** (d / (d - 2)):,.0f}"
    assert float(quoted["yarn_attention"]) == pytest.approx(0.1 * math.log(s) + 1, abs=1e-4)
    with pytest.raises(ValueError, match="scale"):
        ce.position_interpolation(d, 10000.0, 0.5)


def test_causal_mask_breaks_permutation_equivariance_and_counts_positions():
    import beyond.no_encoding as demo

    moved = demo.attention(demo.x[demo.perm], causal=False)
    assert torch.allclose(moved, demo.attention(demo.x, causal=False)[demo.perm], atol=1e-6)
    moved = demo.attention(demo.x[demo.perm], causal=True)
    assert not torch.allclose(moved, demo.attention(demo.x, causal=True)[demo.perm], atol=1e-3)
    out = (demo.uniform @ demo.values).squeeze(1)
    assert torch.allclose(out, 1 / torch.arange(1, demo.n + 1).float())


def top_figure_scores() -> tuple[list[float], list[float]]:
    """The scores the top figure draws, recomputed: the demonstration's q, k and W (the first draws after seed 0), the
    key 3 positions after the query, the query at every position from 0 to 200."""
    g = torch.Generator().manual_seed(0)
    q, k = torch.randn(8, generator=g, dtype=torch.float64), torch.randn(8, generator=g, dtype=torch.float64)
    w = torch.randn(8, 8, generator=g, dtype=torch.float64)
    return ([rope_score(q, k, m, m + 3) for m in range(201)], [added_pe_score(q, k, m, m + 3, w) for m in range(201)])


def test_top_figure_rope_is_flat_and_the_added_table_is_not():
    rope, added = top_figure_scores()
    quoted = values("beyond/score_by_position")
    assert (quoted["d_model"], quoted["offset"], quoted["last"]) == ("8", "3", "200")
    assert max(rope) - min(rope) < 1e-9  # RoPE: one score at every position
    assert max(added) - min(added) > 5.0  # the added table: the score moves with the position
    assert quoted["rope"] == f"{rope[0]:.2f}"
    assert (quoted["added_min"], quoted["added_max"]) == (f"{min(added):.1f}", f"{max(added):.1f}")
    # the same q, k and W as the demonstration: its rows with the key 3 after the query are points of the figure
    rows = [[c.strip() for c in line.split("|")] for line in text("beyond/rope_relative").splitlines()[1:7]]
    for m, n, _, rope_shown, added_shown in rows:
        if int(n) - int(m) == 3 and int(m) <= 200:
            assert (f"{rope[int(m)]:.6f}", f"{added[int(m)]:.6f}") == (rope_shown, added_shown)


def test_the_page_quotes_generated_numbers_instead_of_typing_them():
    assert_quoted_not_typed("beyond.md", ["beyond/distinct_positions", "beyond/context_extension", "formula/wavelengths",
                                          "beyond/score_by_position"])
