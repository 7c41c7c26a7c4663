"""The claims of docs/beyond-indices.md, each with what makes it true (see tests/claimcheck.py).

The checks reuse tests/pages/test_beyond_indices_code.py, which re-derives each result with the reference, the
installed diffusers and transformers, and timm's function reproduced in snippets/pelib/resample.py (tested against
interpolation weights computed independently); papers are cited.
"""

import inspect

import torch
from claim_words import Compare, Number
from claimcheck import Ledger, cited, computed, passes, prose
from reference import encode_positions, frequencies
from support import ROOT, text, values

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


# --- the docstrings the page shows with the grid code (reviewed after the migration) ------------------------------


def grid_2d_as_documented() -> bool:
    from beyond_indices.grid_widths import grid_2d, offset_only
    from reference import positional_encoding

    table = grid_2d(4, 2, n=6)
    r, c = positional_encoding(6, 4, dtype=torch.float64), positional_encoding(6, 2, dtype=torch.float64)
    return (table.shape == (6, 6, 6) and torch.equal(table[3, 5, :4], r[3]) and torch.equal(table[3, 5, 4:], c[5])
            and offset_only(grid_2d(4, 2, n=6)) < 1e-12 and offset_only(grid_2d(3, 3, n=6)) > 1e-6
            and passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)())


def grid_table_as_documented() -> bool:
    import contextlib
    import importlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        res = importlib.import_module("beyond_indices.resolution")
    rows, cols = torch.tensor([0.0, 1.5, 3.0]), torch.arange(4.0)
    table = res.grid_table(rows, cols, 8)
    r, c = encode_positions(rows, 4).float(), encode_positions(cols, 4).float()
    return (table.shape == (1, 12, 8) and torch.equal(table[0, 1 * 4 + 2, :4], r[1]) and torch.equal(table[0, 1 * 4 + 2, 4:], c[2]))


def resample_as_documented() -> bool:
    return all(passes(t.test_resample_matches_independent_bicubic_and_keeps_the_class_token, old, new)()
               for old, new in (((14, 14), (24, 24)), ((6, 9), (11, 4))))

def detr_turns(temperature: int) -> torch.Tensor:
    """The angle each of DETR's pairs per axis turns through across an image: its coordinate spans (0, 2 pi], and
    each axis gets half of DetrConfig's d_model as its features."""
    import math

    from transformers import DetrConfig

    return 2 * math.pi * frequencies(DetrConfig().d_model // 2, base=temperature)


def detr_pairs_barely_turn() -> list:
    """At DETR's temperature most pairs turn by less than a radian. Readings, in the sentence's order: the coordinate's
    largest value (the normalised rows 2 pi (r + 1) / H, checked against DETR's module for H = 5 and 7, in units of
    pi, exact) against 2 pi ("at most"); DETR's default temperature ("10000"); the fastest of the pairs counted as
    still against a radian ("less"); the quoted slowest pair against the others ("slowest"). The quoted count is the number of pairs below a radian, the width and the
    slowest angle recomputed."""
    import inspect
    from fractions import Fraction

    from transformers.models.detr.modeling_detr import DetrSinePositionEmbedding

    assert passes(t.test_detr_normalised_is_the_reference_at_2pi_r_over_h, 5, 7)()
    assert passes(t.test_detr_temperature_is_the_base)()
    temperature = inspect.signature(DetrSinePositionEmbedding).parameters["temperature"].default
    shown, turn = values("beyond_indices/timesteps"), detr_turns(temperature)
    small = int(shown["detr_small_10000"])
    assert shown["detr_pairs"] == str(len(turn)) and shown["detr_features"] == str(2 * len(turn))
    assert shown["detr_slowest_10000"] == f"{turn[-1]:.4f}" and small == int((turn < 1).sum())
    span = max(Fraction(2 * (r + 1), h) for h in (5, 7, 32) for r in range(h))
    return [Compare(span, Fraction(2)), Number(temperature), Compare(turn[-small:].max().item(), 1.0),
            Compare(turn[-1].item(), turn[:-1].tolist())]  # "the slowest": the quoted pair turns least of all


def smaller_temperature_turns_more() -> list:
    """DAB-DETR's configured temperature (transformers' DabDetrConfig) against DETR's 10000 ("smaller"); how many
    pairs turn by a radian or more at each ("more"); the fastest of the pairs quoted as still against a radian
    ("below"); the quoted slowest pair against the others ("slowest"); where the library checks' output, which prints these lines, stands on the page against the
    sentence, as heights (the page's offsets negated: "below"). The quoted numbers recomputed."""
    from transformers import DabDetrConfig

    shown, dab = values("beyond_indices/timesteps"), DabDetrConfig().temperature_height
    turn, detr = detr_turns(dab), detr_turns(10000)
    still = int((turn < 1).sum())
    assert shown["dab_temperature"] == str(dab) and shown["detr_small_dab"] == str(still)
    assert shown["detr_slowest_dab"] == f"{turn[-1]:.2f}" and turn[-1] > detr[-1]
    assert f"temperature {dab}:\n  {still} of {len(turn)} pairs" in text("beyond_indices/timesteps", "libraries")
    page = (ROOT / "docs" / "beyond-indices.md").read_text(encoding="utf-8")
    sentence_at = page.index("A smaller temperature makes more of them turn")
    output_at = page.index('"beyond_indices/timesteps-libraries.txt"', sentence_at)
    return [Compare(dab, 10000), Compare(int((turn >= 1).sum()), int((detr >= 1).sum())),
            Compare(turn[-still:].max().item(), 1.0), Compare(turn[-1].item(), turn[:-1].tolist()),
            Compare(-output_at, -sentence_at)]


LEDGER = Ledger("beyond-indices.md", [
    prose('title', "a heading"),
    computed('takeaway',
        lambda: reference_takes_reals() and passes(t.test_turns_over_the_unit_interval)(), backs=['0', '1', '2', r'\([0, 1]\)', 'any', 'up to']),
    computed('figure-alt',
        passes(t.test_turns_over_the_unit_interval), backs=['0', '1', '1', '1', '1000', 'below', 'below', 'below', 'each', 'every', 'first', 'gen.beyond_indices.timesteps.d', 'gen.beyond_indices.timesteps.pairs', 'last', 'most', 'only']),
    prose('page-takes-timesteps-2-d',
        "says what the page gives and which page to read before it (the words name its sections, each checked there)",
        unbacked=['2', 'each', 'first', 'right']),
    prose('timesteps-heading', "a heading", unbacked=['0', '1']),
    cited('diffusion-timesteps',
        "diffusers get_timestep_embedding (installed 0.42.1): 'These may be fractional'; beyond.md's timestep section and its sources",
        passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order), backs=[r'\(t\)', 'cosines', 'same', 'sines']),
    computed('reference-reals', reference_takes_reals, backs=['any']),
    computed('turns-at-most',
        turns_at_most_omega, backs=[r'\(\omega_i \le 1\)', r'\(\omega_i t\)', r'\(i\)', r'\(t \in [0, 1]\)', 'at most']),
    computed('small-turns',
        lambda: passes(t.test_turns_over_the_unit_interval)() and passes(t.test_a_barely_turning_pair_barely_changes)(), backs=['0.1', '10000', r'\(t\)', 'columns', 'gen.beyond_indices.timesteps.pairs', 'gen.beyond_indices.timesteps.small_raw', 'gen.beyond_indices.timesteps.tiny_raw', 'less', 'less', 'most']),
    computed('base-no-help',
        passes(t.test_turns_over_the_unit_interval), backs=['1', 'always', 'fastest', 'not', 'only', 'slowest']),
    prose('practice', "introduces the list"),
    cited('scale-t',
        DDPM + "; diffusers models/embeddings.py get_timestep_embedding (installed 0.42.1): emb = scale * emb before sin and cos",
        lambda: "emb = scale * emb" in inspect.getsource(__import__("diffusers.models.embeddings", fromlist=["x"]).get_timestep_embedding)
        and passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order)(), backs=['1000', r'\(t\)']),
    computed('scale-1000',
        passes(t.test_turns_over_the_unit_interval), backs=[r'\(1000\,t\)', 'below', 'gen.beyond_indices.timesteps.full_1000', 'gen.beyond_indices.timesteps.small_1000', 'more', 'only']),
    computed('diffusers-equal',
        passes(t.test_diffusers_scale_is_t_times_scale_in_cos_sin_order), backs=['0', '1000', r'\(1000\,t\)', 'cos', 'float32', 'gen.beyond_indices.timesteps.diffusers_gap', 'order', 'sin']),
    computed('choose-base',
        lambda: all(passes(t.test_a_base_near_the_range_turns_the_slowest_pair_by_about_a_radian, top)() for top in (100, 1000, 10000)), backs=[r'\(T\)', r'\(T\)', 'slowest', 'slowest', 'up to']),
    cited('nerf',
        "Mildenhall et al. 2020, NeRF, arXiv:2003.08934, Eq. 4 (frequencies 2^k pi, k = 0 .. L-1; coordinates normalised to [-1, 1])", backs=[r'\([-1, 1]\)', r'\(\pi\)', 'rise']),
    cited('detr-normalise',
        "transformers models/detr/modeling_detr.py DetrSinePositionEmbedding.build_sine_position_embedding (installed 5.23.0): arange(1, height + 1), y_embed / (y_embed[:, -1:, :] + eps) * scale, scale = 2 * math.pi; dim_t = temperature ** (2 * (j // 2) / num_position_features)",
        lambda: passes(t.test_detr_normalised_is_the_reference_at_2pi_r_over_h, 5, 7)() and passes(t.test_detr_temperature_is_the_base)(), backs=['1', r'\((0, 2\pi]\)', r'\(2\pi\)', 'columns', 'every', 'rows', 'sine']),
    computed('detr-equal',
        lambda: passes(t.test_detr_normalised_is_the_reference_at_2pi_r_over_h, 12, 3)(), backs=['equals', 'float32', 'gen.beyond_indices.timesteps.detr_gap']),
    computed('normalising-alone-leaves-most-detr', detr_pairs_barely_turn,
        backs=['10000', '\\(2\\pi\\)', 'at most', 'gen.beyond_indices.timesteps.detr_features',
               'gen.beyond_indices.timesteps.detr_pairs', 'gen.beyond_indices.timesteps.detr_slowest_10000',
               'gen.beyond_indices.timesteps.detr_small_10000', 'less', 'most', 'slowest']),
    computed('smaller-temperature-makes-more-them', smaller_temperature_turns_more,
        backs=['below', 'below', 'gen.beyond_indices.timesteps.dab_temperature',
               'gen.beyond_indices.timesteps.detr_slowest_dab', 'gen.beyond_indices.timesteps.detr_small_dab', 'more',
               'slowest', 'smaller']),
    prose('grid-heading', "a heading", unbacked=['2', '4', 'not']),
    computed('grid-constraint',
        lambda: passes(t.test_timm_and_our_sincos_refuse_a_width_not_a_multiple_of_4)()
        and passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)(), backs=['1', '2', '2', '4', r'\(\sin a \sin b + \cos a \cos b = \cos(a - b)\)', 'column', 'columns', 'depends', 'each', 'each', 'half', 'half', 'not', 'only', 'row']),
    prose('equal-choice', "introduces the code; its claim is the next sentence's", unbacked=['equal']),
    computed('unequal-shares',
        passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not), backs=['2', '2', '4', '4', r'\((\Delta r, \Delta c)\)', r'\(d = 6\)', 'depends', 'even']),
    computed('odd-shares',
        lambda: passes(t.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)()
        and passes(t.test_the_lone_sine_spread_is_small_because_it_is_slow)(), backs=['3', '3', r'\(\sin a \sin b\)', 'depends', 'each', 'gen.beyond_indices.grid_widths.lone_sine_spread', 'odd', 'only', 'sine', 'sine']),
    prose('other-ways',
        "alternatives named, not measured (a zero column adds nothing to any dot product)", unbacked=['column', 'linear', 'wider', 'zero']),
    prose('resolution-heading', "a heading"),
    cited('vit-resolution',
        VIT + ", section 3.2 (fine-tuning at higher resolution keeps the patch size, so the sequence grows); 224 / 16 = 14, 384 / 16 = 24",
        lambda: (RESOLUTION["old"], RESOLUTION["new"]) == (str(224 // 16), str(384 // 16)), backs=['gen.beyond_indices.resolution.new', 'gen.beyond_indices.resolution.new', 'gen.beyond_indices.resolution.old', 'gen.beyond_indices.resolution.old', 'higher', 'more', '×', '×']),
    computed('rebuild-unseen',
        lambda: (int(RESOLUTION["new"]) - 1, int(RESOLUTION["old"]) - 1) == (23, 13), backs=['13', '23', 'never', 'up to']),
    cited('vit-interpolates',
        VIT + ", section 3.2: 'we perform 2D interpolation of the pre-trained position embeddings, according to their location in the original image'; " + TIMM,
        resample_reproduced, backs=['2', 'cannot']),
    computed('squeezes', passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)),
    computed('slow-fast',
        passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only), backs=['fastest', 'gen.beyond_indices.resolution.squeezed_fast', 'next', 'up to']),
    computed('far-from-rebuilt',
        passes(t.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only), backs=['gen.beyond_indices.resolution.rebuilt_fast', 'up to']),
    prose('vit-heading', "a heading"),
    cited('vit-learned',
        VIT + ", section 3.1: 'We use standard learnable 1D position embeddings'", backs=['1', '2021', 'order']),
    cited('vit-ablation',
        VIT + ", Appendix D.4 and Table 8: a large gap between no positional embedding and any, 'little to no difference between different ways of encoding positional information'", backs=['1', '2', 'differ', 'no']),
    cited('vit-why',
        VIT + ", Appendix D.4: 'since our Transformer encoder operates on patch-level inputs, as opposed to pixel-level, the differences in how to encode spatial information is less important'", backs=['less']),
    cited('vit-structure',
        VIT + ", Figure 7 (center): cosine similarity of position embeddings shows row and column structure", backs=['2']),
    computed('checked-where', check_files, backs=['every']),
    computed('checked-how',
        lambda: __import__("importlib").util.find_spec("timm") is None and resample_reproduced()
        and passes(t.test_resample_bilinear_without_antialias_matches_half_pixel_interpolation)(), backs=['not']),
    prose('comparison-pair-by-pair',
        'an admonition title: it labels the folded code, whose docstrings have their own entries and whose output follows it',
        unbacked=['2']),
    prose('2-d-table-how-much', 'an admonition title: it labels the folded code, whose docstrings have their own entries and whose output follows it',
        unbacked=['2']),
    prose('two-library-checks', 'an admonition title: it labels the folded checks against the libraries'),
    prose('how-page-checked', 'an admonition title: it labels the note on the tests'),
    computed('n-n-d-rows-d', grid_2d_as_documented, backs=['1', 'column', 'columns', 'row']),
    computed('how-much-dot-product-two', grid_2d_as_documented, backs=['0', 'depends', 'only', 'same']),
    cited('resize-grid-part-position-table', "huggingface/pytorch-image-models timm/layers/pos_embed.py, resample_abs_pos_embed (compared with an independent bicubic resize)", resample_as_documented, backs=['columns', 'rows']),
    computed('1-len-rows-len-cols', grid_table_as_documented, backs=['1', 'column', 'columns', 'half', 'half', 'row', 'rows']),
])

test_claims_hold = LEDGER.test
