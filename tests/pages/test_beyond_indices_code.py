"""What docs/beyond-indices.md's code computes, re-derived: timestep turns, the installed diffusers and DETR against the
reference, 2-D splits of a width, and timm's resample_abs_pos_embed (reproduced) against interpolation computed
independently, weight by weight, as PIL and the half-pixel convention define it."""

from __future__ import annotations

import math

import pytest
import torch
from pelib.resample import resample_abs_pos_embed
from reference import encode_positions, frequencies, positional_encoding
from support import text, values

TIMESTEPS = values("beyond_indices/timesteps")


def test_turns_over_the_unit_interval():
    omega = frequencies(128)
    assert omega[0] == 1 and bool((omega[1:] < 1).all())  # the fastest pair turns by exactly 1 rad over [0, 1]
    assert int(TIMESTEPS["small_raw"]) == int((omega < 1).sum()) == 63
    assert int(TIMESTEPS["tiny_raw"]) == int((omega < 0.1).sum()) > len(omega) / 2  # "most of the width"
    assert int(TIMESTEPS["full_1000"]) == int((1000 * omega >= 2 * math.pi).sum())
    assert int(TIMESTEPS["small_1000"]) == int((1000 * omega < 1).sum())
    for base in (100.0, 10000.0, 1e6):  # the base moves only the slow end; pair 0 stays at 1
        assert frequencies(128, base=base)[0] == 1


def test_a_barely_turning_pair_barely_changes():
    t = torch.linspace(0, 1, 101, dtype=torch.float64)
    rows = encode_positions(t, 128)
    omega = frequencies(128)
    for i in torch.nonzero(omega < 0.1).flatten().tolist():
        assert rows[:, 2 * i].abs().max() < 0.1 and rows[:, 2 * i + 1].min() > 0.995


@pytest.mark.parametrize("top", [100, 1000, 10000])
def test_a_base_near_the_range_turns_the_slowest_pair_by_about_a_radian(top):
    omega = frequencies(128, base=float(top))
    assert 1.0 <= top * omega[-1].item() <= 1.2


def test_diffusers_scale_is_t_times_scale_in_cos_sin_order():
    from diffusers.models.embeddings import get_timestep_embedding

    t = torch.tensor([0.0, 0.3, 1.0])
    assert torch.allclose(get_timestep_embedding(t, 16, scale=1000), get_timestep_embedding(1000 * t, 16), atol=1e-3)
    ours = encode_positions(1000 * t.double(), 16)
    theirs = get_timestep_embedding(t, 16, flip_sin_to_cos=True, downscale_freq_shift=0, scale=1000).double()
    assert (theirs - torch.cat([ours[:, 1::2], ours[:, 0::2]], 1)).abs().max() < 1e-3
    assert TIMESTEPS["diffusers_gap"] == "< 1e-03"


@pytest.mark.parametrize(("height", "width"), [(5, 7), (12, 3)])
def test_detr_normalised_is_the_reference_at_2pi_r_over_h(height, width):
    from transformers.models.detr.modeling_detr import DetrSinePositionEmbedding

    f = 16
    module = DetrSinePositionEmbedding(num_position_features=f, normalize=True, temperature=10000)
    detr = module(torch.Size([1, 3, height, width]), "cpu", torch.float32)[0].permute(1, 2, 0).double()
    y = torch.arange(1, height + 1, dtype=torch.float64) / (height + 1e-6) * 2 * math.pi
    x = torch.arange(1, width + 1, dtype=torch.float64) / (width + 1e-6) * 2 * math.pi
    assert 0 < y.min() and y.max() <= 2 * math.pi  # (0, 2 pi]
    assert (detr[:, 0, :f] - encode_positions(y, f)).abs().max() < 1e-5
    assert (detr[0, :, f:] - encode_positions(x, f)).abs().max() < 1e-5
    assert TIMESTEPS["detr_gap"] == "< 1e-05"


def test_detr_temperature_is_the_base():
    from transformers.models.detr.modeling_detr import DetrSinePositionEmbedding

    detr = DetrSinePositionEmbedding(num_position_features=8, normalize=False, temperature=100)
    table = detr(torch.Size([1, 3, 4, 1]), "cpu", torch.float64)[0, :8, :, 0].T  # rows counted from 1
    assert (table - encode_positions(torch.arange(1.0, 5.0), 8, base=100.0)).abs().max() < 1e-12


# --- 2-D splits ------------------------------------------------------------------------------------------------------


def grid(d_rows: int, d_cols: int, n: int = 8) -> torch.Tensor:
    r, c = positional_encoding(n, d_rows, dtype=torch.float64), positional_encoding(n, d_cols, dtype=torch.float64)
    return torch.cat([r[:, None].expand(n, n, d_rows), c[None].expand(n, n, d_cols)], dim=-1)


def spread(table: torch.Tensor) -> float:
    n = table.size(0)
    flat = table.reshape(n * n, -1)
    dots = flat @ flat.T
    coords = torch.cartesian_prod(torch.arange(n), torch.arange(n))
    offsets = coords[None] - coords[:, None]  # [n*n, n*n, 2]
    worst = 0.0
    for key in {tuple(o) for o in offsets.reshape(-1, 2).tolist()}:
        sel = (offsets == torch.tensor(key)).all(-1)
        worst = max(worst, (dots[sel].max() - dots[sel].min()).item())
    return worst


def test_even_shares_depend_on_the_offset_only_odd_shares_do_not():
    assert spread(grid(4, 2)) < 1e-12 and spread(grid(2, 4)) < 1e-12 and spread(grid(4, 4)) < 1e-12
    lone = spread(grid(3, 3))
    assert lone > 1e-4 and f"{lone:.1e}" == values("beyond_indices/grid_widths")["lone_sine_spread"]
    assert spread(grid(5, 5)) > 1e-5  # another pair of odd shares


def test_the_lone_sine_spread_is_small_because_it_is_slow():
    """The spread of two odd shares comes from sin(a) sin(b); with a faster lone sine (base 10) it grows."""
    def grid_base(base: float, n: int = 8) -> torch.Tensor:
        t = positional_encoding(n, 3, base=base, dtype=torch.float64)
        return torch.cat([t[:, None].expand(n, n, 3), t[None].expand(n, n, 3)], dim=-1)
    assert spread(grid_base(10.0)) > 100 * spread(grid_base(10000.0))


def test_timm_and_our_sincos_refuse_a_width_not_a_multiple_of_4():
    from pelib.sincos_nd import sincos_nd

    with pytest.raises(ValueError):
        sincos_nd((4, 4), 6)
    sincos_nd((4, 4), 8)


# --- timm's resample, against interpolation computed independently --------------------------------------------------


def cubic(x: float, a: float) -> float:
    x = abs(x)
    if x < 1:
        return ((a + 2) * x - (a + 3)) * x * x + 1
    if x < 2:
        return (((x - 5) * x + 8) * x - 4) * a
    return 0.0


def pil_weights(in_size: int, out_size: int, a: float = -0.5) -> torch.Tensor:
    """[out, in] weights of PIL's antialiased bicubic resampling (the convention of torch's antialias=True)."""
    scale = in_size / out_size
    support = 2.0 * max(scale, 1.0)
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for i in range(out_size):
        center = (i + 0.5) * scale
        lo, hi = max(int(center - support + 0.5), 0), min(int(center + support + 0.5), in_size)
        ks = [cubic((j - center + 0.5) / max(scale, 1.0), a) for j in range(lo, hi)]
        total = sum(ks)
        for j, k in zip(range(lo, hi), ks):
            w[i, j] = k / total
    return w


def half_pixel_bilinear(in_size: int, out_size: int) -> torch.Tensor:
    """[out, in] weights of bilinear interpolation with half-pixel centres, clamped at the borders."""
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for i in range(out_size):
        src = max((i + 0.5) * in_size / out_size - 0.5, 0.0)
        j = min(int(math.floor(src)), in_size - 1)
        frac = src - j
        w[i, j] += 1 - frac
        w[i, min(j + 1, in_size - 1)] += frac
    return w


@pytest.mark.parametrize(("old", "new"), [((14, 14), (24, 24)), ((6, 9), (11, 4))])
def test_resample_matches_independent_bicubic_and_keeps_the_class_token(old, new):
    torch.manual_seed(0)
    dim = 5
    posemb = torch.randn(1, 1 + old[0] * old[1], dim)
    out = resample_abs_pos_embed(posemb, list(new), old_size=list(old))
    grid = posemb[0, 1:].double().reshape(old[0], old[1], dim)
    expected = torch.einsum("ri,cj,ijd->rcd", pil_weights(old[0], new[0]), pil_weights(old[1], new[1]), grid)
    assert out.shape == (1, 1 + new[0] * new[1], dim)
    assert torch.equal(out[:, :1], posemb[:, :1])  # the class token is kept as it is
    assert (out[0, 1:].double().reshape(new[0], new[1], dim) - expected).abs().max() < 1e-5


def test_resample_bilinear_without_antialias_matches_half_pixel_interpolation():
    posemb = torch.randn(1, 49, 3)
    out = resample_abs_pos_embed(posemb, [10, 10], num_prefix_tokens=0, interpolation="bilinear", antialias=False)
    w = half_pixel_bilinear(7, 10)
    expected = torch.einsum("ri,cj,ijd->rcd", w, w, posemb[0].double().reshape(7, 7, 3))
    assert (out[0].double().reshape(10, 10, 3) - expected).abs().max() < 1e-5


def test_resample_returns_a_square_table_of_the_same_size_unchanged():
    posemb = torch.randn(1, 1 + 16, 4)
    assert resample_abs_pos_embed(posemb, [4, 4]) is posemb


def test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only():
    shown = values("beyond_indices/resolution")
    assert float(shown["squeezed_fast"]) > 0.05 and shown["squeezed_slow"] == "< 1e-03"
    assert float(shown["rebuilt_fast"]) > 10 * float(shown["squeezed_fast"])
    assert frequencies(32)[0] == 1  # the fastest pair of a 32-column half turns by 1 rad per old patch
    out = text("beyond_indices/resolution")
    assert "formula at squeezed" in out
