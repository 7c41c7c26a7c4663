"""The claims of docs/beyond-indices.md, each with what makes it true (see tests/claimcheck.py).

The checks reuse tests/pages/test_beyond_indices_code.py, which re-derives each result with the reference, the
installed diffusers and transformers, and timm's function reproduced in snippets/pelib/resample.py (tested against
interpolation weights computed independently); papers are cited.
"""

import inspect

import torch
from claimcheck import Ledger, cited, computed, passes, prose
from reference import encode_positions, frequencies
from support import ROOT, values

from pages import test_beyond_indices_code as t

RESOLUTION = values("beyond_indices/resolution")

VIT = "Dosovitskiy et al. 2021, An Image is Worth 16x16 Words, arXiv:2010.11929"
DDPM = "Ho et al. 2020, Denoising Diffusion Probabilistic Models, arXiv:2006.11239, section 4 (T = 1000)"
TIMM = "huggingface/pytorch-image-models timm/layers/pos_embed.py @ 170a5b6, resample_abs_pos_embed (interpolation='bicubic', antialias=True)"


def reference_takes_reals() -> bool:
    rows = encode_positions(torch.tensor([0.25, 0.5], dtype=torch.float64), 4)
    return abs(rows[0, 0].item() - torch.sin(torch.tensor(0.25, dtype=torch.float64)).item()) < 1e-15


def turns_at_most_omega() -> bool:
    omega = frequencies(128)
    t = torch.linspace(0, 1, 11, dtype=torch.float64)
    angles = torch.atan2(encode_positions(t, 128)[:, 0::2], encode_positions(t, 128)[:, 1::2])
    return bool((omega <= 1).all()) and bool((angles[-1] - omega).abs().max() < 1e-12)


def resample_reproduced() -> bool:
    source = (ROOT / "snippets" / "pelib" / "resample.py").read_text(encoding="utf-8")
    return "timm/layers/pos_embed.py @ 170a5b6" in source and passes(
        t.test_resample_matches_independent_bicubic_and_keeps_the_class_token, (14, 14), (24, 24))()


def check_files() -> bool:
    return (ROOT / "tests" / "pages" / "test_beyond_indices.py").is_file()


LEDGER = Ledger("beyond-indices.md", [
    prose('title',
        'Beyond token indices',
        "a heading"),
    computed('takeaway',
        '**The formula takes any real number, but its frequencies were chosen for positions 0, 1, 2, … up to thousands: for a timestep in \\([0, 1]\\) or a small grid, scale the input or choose the frequencies for its range.**',
        lambda: reference_takes_reals() and passes(t.test_turns_over_the_unit_interval)()),
    computed('figure-alt',
        '![Angle each of the {{ gen.beyond_indices.timesteps.pairs }} pairs turns through as t goes from 0 to 1, log scale, d_model = {{ gen.beyond_indices.timesteps.d }}: for t itself every pair stays at or below the 1-radian line, most far below; for 1000 t the first pairs pass a full turn and only the last ones stay below 1 radian](generated/beyond_indices/timesteps.svg)',
        passes(t.test_turns_over_the_unit_interval)),
    prose('timesteps-heading',
        'Timesteps between 0 and 1',
        "a heading"),
    cited('diffusion-timesteps',
        'Diffusion and flow models encode a noise level or time \\(t\\) with the same sines and cosines ([timestep embeddings](beyond.md#timesteps-and-fourier-features)).',
        "diffusers get_timestep_embedding (installed 0.42.1): 'These may be fractional'; beyond.md's timestep section and its sources",
        passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order)),
    computed('reference-reals',
        'The reference function evaluates them at any real position (`encode_positions`).',
        reference_takes_reals),
    computed('turns-at-most',
        'Pair \\(i\\) turns by \\(\\omega_i t\\), so over \\(t \\in [0, 1]\\) it turns by at most \\(\\omega_i \\le 1\\) radian:',
        turns_at_most_omega),
    computed('small-turns',
        'With base 10000, {{ gen.beyond_indices.timesteps.small_raw }} of the {{ gen.beyond_indices.timesteps.pairs }} pairs turn by less than a radian over the whole range, and {{ gen.beyond_indices.timesteps.tiny_raw }} by less than 0.1: their columns hardly change with \\(t\\), so most of the width carries almost nothing.',
        lambda: passes(t.test_turns_over_the_unit_interval)() and passes(t.test_a_barely_turning_pair_barely_changes)()),
    computed('base-no-help',
        'The base does not help, because it sets only the slowest frequency; the fastest is always 1 radian per unit.',
        passes(t.test_turns_over_the_unit_interval)),
    prose('practice',
        '**What practice does:**',
        "introduces the list"),
    cited('scale-t',
        "**Scale \\(t\\).** DDPM counts 1000 discrete steps, and diffusers' `get_timestep_embedding` has a `scale` argument that multiplies the angles.",
        DDPM + "; diffusers models/embeddings.py get_timestep_embedding (installed 0.42.1): emb = scale * emb before sin and cos",
        lambda: "emb = scale * emb" in inspect.getsource(__import__("diffusers.models.embeddings", fromlist=["x"]).get_timestep_embedding)
        and passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order)()),
    computed('scale-1000',
        'With \\(1000\\,t\\), {{ gen.beyond_indices.timesteps.full_1000 }} pairs make a full turn or more and only {{ gen.beyond_indices.timesteps.small_1000 }} stay below a radian.',
        passes(t.test_turns_over_the_unit_interval)),
    computed('diffusers-equal',
        'The installed diffusers with `scale=1000`, `flip_sin_to_cos=True` and `downscale_freq_shift=0` gives the reference at \\(1000\\,t\\) in the `[cos | sin]` order, {{ gen.beyond_indices.timesteps.diffusers_gap }} apart in float32.',
        passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order)),
    computed('choose-base',
        '**Choose the frequencies for the range.** `max_period` (the base) sets the slowest pair: for inputs up to \\(T\\), a base near \\(T\\) makes the slowest pair turn by about a radian over the range.',
        lambda: all(passes(t.test_a_base_near_the_range_turns_the_slowest_pair_by_about_a_radian, top)() for top in (100, 1000, 10000))),
    cited('nerf',
        "NeRF's encoding instead uses frequencies that *rise* from \\(\\pi\\), for coordinates in \\([-1, 1]\\) ([Fourier features](beyond.md#timesteps-and-fourier-features)).",
        "Mildenhall et al. 2020, NeRF, arXiv:2003.08934, Eq. 4 (frequencies 2^k pi, k = 0 .. L-1; coordinates normalised to [-1, 1])"),
    cited('detr-normalise',
        "**Normalise the coordinate.** DETR's sine encoding, with `normalize=True`, counts rows and columns from 1, divides by the height or width and multiplies by \\(2\\pi\\), so every image's coordinates lie in \\((0, 2\\pi]\\) whatever its size; its `temperature` is the base.",
        "transformers models/detr/modeling_detr.py DetrSinePositionEmbedding.build_sine_position_embedding (installed 5.23.0): arange(1, height + 1), y_embed / (y_embed[:, -1:, :] + eps) * scale, scale = 2 * math.pi; dim_t = temperature ** (2 * (j // 2) / num_position_features)",
        lambda: passes(t.test_detr_normalised_is_the_reference_at_2pi_r_over_h, 5, 7)() and passes(t.test_detr_temperature_is_the_base)()),
    computed('detr-equal',
        "The installed transformers' `DetrSinePositionEmbedding` equals the reference at those coordinates, {{ gen.beyond_indices.timesteps.detr_gap }} apart in float32.",
        lambda: passes(t.test_detr_normalised_is_the_reference_at_2pi_r_over_h, 12, 3)()),
    prose('grid-heading',
        '2-D grids whose width is not a multiple of 4',
        "a heading"),
    computed('grid-constraint',
        "A fixed 2-D table gives half the columns to the row and half to the column, each an ordinary 1-D table ([2-D grids](beyond.md#2-d-and-n-d-grids)); timm and our `sincos_nd` refuse a width that is not a multiple of 4. What is needed is weaker: each axis needs whole sine-cosine pairs, because a pair's dot product \\(\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)\\) depends on the offset only.",
        lambda: passes(t.test_timm_and_our_sincos_refuse_a_width_not_a_multiple_of_4)()
        and passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)()),
    prose('equal-choice',
        'Equal shares are a choice:',
        "introduces the code; its claim is the next sentence's"),
    computed('unequal-shares',
        'So for \\(d = 6\\), split the width unequally into even shares (4 + 2 or 2 + 4), and the dot product depends on the offset \\((\\Delta r, \\Delta c)\\) alone.',
        passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)),
    computed('odd-shares',
        'Two odd shares (3 + 3) each end with a lone sine, whose product \\(\\sin a \\sin b\\) depends on where the patches are: the spread is {{ gen.beyond_indices.grid_widths.lone_sine_spread }} here, small only because the lone sine is slow.',
        lambda: passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)()
        and passes(t.test_the_lone_sine_spread_is_small_because_it_is_slow)()),
    prose('other-ways',
        'Other ways out: a zero column, or a linear projection of a wider table to the width.',
        "alternatives named, not measured (a zero column adds nothing to any dot product)"),
    prose('resolution-heading',
        'Changing the resolution',
        "a heading"),
    cited('vit-resolution',
        'Fine-tuned at a higher resolution, a ViT sees more patches: {{ gen.beyond_indices.resolution.new }} × {{ gen.beyond_indices.resolution.new }} instead of {{ gen.beyond_indices.resolution.old }} × {{ gen.beyond_indices.resolution.old }}.',
        VIT + ", section 3.2 (fine-tuning at higher resolution keeps the patch size, so the sequence grows); 224 / 16 = 14, 384 / 16 = 24",
        lambda: (RESOLUTION["old"], RESOLUTION["new"]) == (str(224 // 16), str(384 // 16))),
    computed('rebuild-unseen',
        'A fixed table can be rebuilt for the new grid, but then patches get coordinates the model never saw (up to 23 instead of 13).',
        lambda: (int(RESOLUTION["new"]) - 1, int(RESOLUTION["old"]) - 1) == (23, 13)),
    cited('vit-interpolates',
        "A learned table cannot be rebuilt; ViT interpolates it in 2-D \"according to their location in the original image\", and timm's `resample_abs_pos_embed` does it bicubically (reproduced from its source in `snippets/pelib/resample.py`):",
        VIT + ", section 3.2: 'we perform 2D interpolation of the pre-trained position embeddings, according to their location in the original image'; " + TIMM,
        resample_reproduced),
    computed('squeezes',
        'Interpolating keeps the old range of coordinates and squeezes the new patches into it, like position interpolation for RoPE ([stretching the context](beyond.md#the-base-in-rope-and-stretching-the-context)).',
        passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)),
    computed('slow-fast',
        'Applied to a sinusoidal table, it is close to the formula at the squeezed, fractional coordinates for the slow pairs, and off by up to {{ gen.beyond_indices.resolution.squeezed_fast }} for the fastest one, which turns by a whole radian from one old patch to the next.',
        passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)),
    computed('far-from-rebuilt',
        'It is far from the rebuilt table (up to {{ gen.beyond_indices.resolution.rebuilt_fast }}).',
        passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)),
    prose('vit-heading',
        'Why ViT learns its table',
        "a heading"),
    cited('vit-learned',
        'ViT (Dosovitskiy et al., [An Image is Worth 16x16 Words](https://arxiv.org/abs/2010.11929), 2021) uses learned 1-D position embeddings, one per patch in reading order.',
        VIT + ", section 3.1: 'We use standard learnable 1D position embeddings'"),
    cited('vit-ablation',
        'Its appendix compares no position embedding, a 1-D table, a 2-D table and relative embeddings: the model without one is clearly worse, and the three ways of encoding differ little.',
        VIT + ", Appendix D.4 and Table 8: a large gap between no positional embedding and any, 'little to no difference between different ways of encoding positional information'"),
    cited('vit-why',
        'The authors suggest that on a grid of patches, rather than pixels, how spatial information is encoded matters less.',
        VIT + ", Appendix D.4: 'since our Transformer encoder operates on patch-level inputs, as opposed to pixel-level, the differences in how to encode spatial information is less important'"),
    cited('vit-structure',
        "A learned table also lets the model find its own 2-D structure, which the paper shows in its learned embeddings' similarities.",
        VIT + ", Figure 7 (center): cosine similarity of position embeddings shows row and column structure"),
    computed('checked-where',
        'Every sentence is tied to a check in `tests/pages/test_beyond_indices.py`.',
        check_files),
    computed('checked-how',
        'The diffusers and DETR comparisons call the installed diffusers and transformers; timm is not installed here (it needs torchvision), so its function is reproduced from its source and tested against interpolation computed independently, weight by weight.',
        lambda: __import__("importlib").util.find_spec("timm") is None and resample_reproduced()
        and passes(t.test_resample_bilinear_without_antialias_matches_half_pixel_interpolation)()),
])

test_claims_hold = LEDGER.test
