"""The code variants: each one behaves as the page says, and every cell of the comparison table is what running it gives.

The expectations below are derived independently of the probes (closed-form frequencies, explicit permutations,
known exception types), so a change to a variant turns a test red even if the generated table is regenerated.
"""

from __future__ import annotations

import re

import pytest
import torch
from pelib.variants import registry
from pelib.variants.registry import REFERENCE, VARIANTS, Variant, interleaved_to_flipped, interleaved_to_split, inverse
from reference import PositionalEncoding, positional_encoding
from support import ROOT, data, text, values

ALL = [REFERENCE, *VARIANTS]
IDS = [v.key for v in ALL]

PAPER_INTERLEAVED = ["reference", "seed_nested_loops", "seed_stack_flatten", "seed_aiedge", "seed_div_term",
                     "seed_plain_attribute", "nemo", "espnet", "distilbert", "trax", "opennmt", "keras_hub"]
PAPER_SPLIT = ["split_sin_cos", "marian"]
PAPER_FLIPPED = ["diffusers_flipped", "guided_diffusion"]
T2T = ["tensor2tensor", "fairseq", "whisper", "musicgen", "pegasus_x", "tf_models_relative"]
T2T_FLIPPED = ["musicgen"]
# Tables whose every value is the paper's times a constant (more-libraries.md): NeMo divides by sqrt(d).
SCALED = {"nemo": lambda d: d**-0.5}

# What each variant does at d_model = 7, as the pages describe it (seeds.md, libraries.md).
ODD = {
    "reference": "correct",
    "seed_nested_loops": "zero column (6)",
    "seed_stack_flatten": "wrong width (8 columns)",
    "seed_aiedge": "correct",
    "seed_div_term": "crash (RuntimeError)",
    "seed_plain_attribute": "crash (RuntimeError)",
    "split_sin_cos": "wrong width (8 columns)",
    "marian": "correct (permuted)",
    "tensor2tensor": "zero column (6)",
    "diffusers_flipped": "zero column (6)",
    "fairseq": "zero column (6)",
    "whisper": "crash (AssertionError)",
    "nemo": "crash (RuntimeError)",
    "espnet": "crash (RuntimeError)",
    "distilbert": "correct",
    "musicgen": "zero column (6)",
    "pegasus_x": "crash (RuntimeError)",
    "trax": "crash (RuntimeError)",
    "opennmt": "crash (ValueError)",
    "keras_hub": "correct",
    "guided_diffusion": "zero column (6)",
    "tf_models_relative": "wrong width (6 columns)",
}
# Which state_dict entries hold the table (seeds.md, libraries.md); None: a function, no module.
SAVED = {
    "reference": [], "seed_nested_loops": None, "seed_stack_flatten": [], "seed_aiedge": ["pos_encoding"],
    "seed_div_term": ["pe"], "seed_plain_attribute": [], "split_sin_cos": [], "marian": ["weight"],
    "tensor2tensor": None, "diffusers_flipped": None, "fairseq": [], "whisper": ["positional_embedding"],
    "nemo": ["pos_enc"], "espnet": [], "distilbert": ["weight"], "musicgen": [], "pegasus_x": [], "trax": ["weights"],
    "opennmt": ["pe"], "keras_hub": [], "guided_diffusion": None, "tf_models_relative": [],
}
FLOAT64_ANGLES = {"reference", "split_sin_cos", "marian", "distilbert", "trax"}
CACHED = {"reference", "seed_aiedge", "seed_div_term", "seed_plain_attribute", "split_sin_cos", "marian", "fairseq",
          "whisper", "nemo", "espnet", "distilbert", "musicgen", "trax", "opennmt"}
# What each variant's own call returns for batch-first x (libraries.md, more-libraries.md).
RETURNS = {"espnet": "[batch, seq, d], √d·x + PE", "opennmt": "[batch, seq, d], √d·x + PE",
           "trax": "[batch, seq, d], x + PE", "distilbert": "[batch, seq, d], x + PE",
           "nemo": "[batch, seq, d], PE only", "musicgen": "[seq, d], PE only", "pegasus_x": "[batch, seq, d], PE only",
           "keras_hub": "[batch, seq, d], PE only", "guided_diffusion": "[seq, d], PE only",
           "tf_models_relative": "[seq, d], PE only"}


@pytest.fixture(scope="module")
def committed() -> dict:
    """The observations behind the committed comparison table."""
    return data("variants/comparison")


@pytest.fixture(scope="module")
def fresh() -> dict:
    """The same observations, made again now by running every variant (one run shared with the page's ledger)."""
    from pages import variants_facts

    return variants_facts.fresh()


def expected_permutation(key: str, d_model: int) -> list[int]:
    if key in PAPER_INTERLEAVED:
        return list(range(d_model))
    if key in PAPER_SPLIT:
        return interleaved_to_split(d_model)
    if key in PAPER_FLIPPED:
        return interleaved_to_flipped(d_model)
    raise KeyError(key)


def t2t_split(seq_len: int, d_model: int) -> torch.Tensor:
    """tensor2tensor's table from its closed form, in float64: [sin | cos] of p * 10000 ** (-i / (h - 1))."""
    half = d_model // 2
    omega = 10000.0 ** (-torch.arange(half, dtype=torch.float64) / (half - 1))
    angle = torch.arange(seq_len, dtype=torch.float64)[:, None] * omega
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)


# --- the registry covers every snippet, and every variant has a page section ------------------------------------


# snippets/pelib/variants/ holds one module per variant and the registry; snippets/variants/ the variants pages'
# scripts: one per variant (what its section shows it printing) and the scripts that compare them
NOT_VARIANTS = {"__init__", "registry"}
COMPARING = {"__init__", "axis_slip", "comparison", "convert", "diffs", "layouts", "library_checks",
             "clinic", "conventions"}  # the clinic's reproductions, the conventions pecheck reads


def test_every_variant_module_is_registered():
    modules = {p.stem for p in (ROOT / "snippets" / "pelib" / "variants").glob("*.py")} - NOT_VARIANTS
    assert modules == {v.key for v in VARIANTS}
    page_scripts = {p.stem for p in (ROOT / "snippets" / "variants").glob("*.py")} - COMPARING
    assert page_scripts == {v.key for v in VARIANTS}
    assert {v.kind for v in VARIANTS} == {"seed", "library"}
    assert sum(v.kind == "seed" for v in VARIANTS) == 5
    assert {v.checked for v in VARIANTS} == {"", "transformers", "diffusers"}


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.key for v in VARIANTS])
def test_every_variant_has_a_cited_section_and_a_table_row(variant: Variant):
    page, anchor = variant.page.split("#")
    shown = (ROOT / "docs" / "variants" / page).read_text(encoding="utf-8")
    assert f'"pelib/variants/{variant.key}.py:core"' in shown, f"{page} does not include pelib/variants/{variant.key}.py"
    if variant.url:
        assert variant.url in shown, f"{page} does not cite {variant.url}"
    else:  # a seed known by its title and date
        title = re.search(r'"[^"]+" \(\d{4}-\d{2}-\d{2}', variant.source).group(0)
        assert title in shown, f"{page} does not cite {title}"
    for part in ("values", "behaviour", "build"):
        table = text("variants/comparison", part)
        assert f"[{variant.name}]({variant.page})" in table, part


# --- permutation equivalence --------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", PAPER_INTERLEAVED + PAPER_SPLIT + PAPER_FLIPPED)
@pytest.mark.parametrize("d_model", [8, 64, 100])
def test_paper_frequency_variants_are_the_reference_permuted(key: str, d_model: int):
    table = registry.BY_KEY[key].build(80, d_model).double()
    ref = positional_encoding(80, d_model, dtype=torch.float64) * SCALED.get(key, lambda d: 1.0)(d_model)
    perm = expected_permutation(key, d_model)
    assert torch.allclose(table, ref[:, perm], atol=1e-5, rtol=0)
    assert torch.allclose(table[:, inverse(perm)], ref, atol=1e-5, rtol=0)
    if perm != list(range(d_model)):
        assert (table - ref).abs().max() > 0.5  # the layout really differs: compared column for column, it is wrong


@pytest.mark.parametrize("key", T2T)
def test_tensor2tensor_family_has_no_permutation_to_the_reference(key: str):
    table = registry.BY_KEY[key].build(64, 64)
    assert registry.column_permutation(table, positional_encoding(64, 64)) is None


def test_table_permutations_match_expectation(committed: dict, fresh: dict):
    for key in PAPER_INTERLEAVED + PAPER_SPLIT + PAPER_FLIPPED:
        assert committed[key]["permutation_d8"] == fresh[key]["permutation_d8"] == expected_permutation(key, 8)
    for key in T2T:
        assert committed[key]["permutation_d8"] is None and fresh[key]["permutation_d8"] is None


def test_layouts_as_observed(committed: dict, fresh: dict):
    names = {**{k: "interleaved" for k in PAPER_INTERLEAVED}, **{k: "[sin | cos]" for k in PAPER_SPLIT + T2T},
             **{k: "[cos | sin]" for k in PAPER_FLIPPED + T2T_FLIPPED}}
    for key, name in names.items():
        assert committed[key]["layout"] == fresh[key]["layout"] == name, key


# --- frequencies --------------------------------------------------------------------------------------------------


def test_probe_measures_the_paper_frequencies():
    pairs = registry.sinusoids_in(positional_encoding(256, 64))
    measured = torch.tensor([p.omega for p in pairs], dtype=torch.float64)
    paper = 10000.0 ** (-2 * torch.arange(32, dtype=torch.float64) / 64)
    assert torch.allclose(measured, paper, rtol=1e-6, atol=0)


@pytest.mark.parametrize("key", T2T)
@pytest.mark.parametrize("d_model", [64, 512])
def test_tensor2tensor_frequencies(key: str, d_model: int):
    """The lowest frequency is 1/10000 exactly, lower than the paper's by 10000 ** (1/h): 1.334 at d = 64."""
    table = registry.BY_KEY[key].build(256, d_model)
    measured = torch.tensor([p.omega for p in registry.sinusoids_in(table)], dtype=torch.float64)
    half = d_model // 2
    assert torch.allclose(measured, 10000.0 ** (-torch.arange(half, dtype=torch.float64) / (half - 1)), rtol=1e-5)
    ratio = registry.frequency_ratio(table, positional_encoding(256, d_model))
    assert ratio == pytest.approx(10000 ** (1 / half), rel=1e-5)


def test_tensor2tensor_table_matches_its_closed_form():
    assert torch.allclose(registry.BY_KEY["tensor2tensor"].build(100, 16).double(), t2t_split(100, 16), atol=1e-5)
    # d_model = 8 holds the paper's d_model = 6 frequencies plus 1/10000 (libraries.md)
    omega = [p.omega for p in registry.sinusoids_in(registry.BY_KEY["tensor2tensor"].build(256, 8))]
    paper6 = [10000 ** (-2 * i / 6) for i in range(3)]
    assert omega == pytest.approx(paper6 + [1e-4], rel=1e-5)


def test_table_frequency_claims(committed: dict, fresh: dict):
    for key in PAPER_INTERLEAVED + PAPER_SPLIT + PAPER_FLIPPED:
        for d in (64, 512):
            assert committed[key][f"frequency_ratio_d{d}"] == pytest.approx(1, abs=1e-5)
            assert fresh[key][f"frequency_ratio_d{d}"] == pytest.approx(1, abs=1e-5)
    for key in T2T:
        for d in (64, 512):
            expected = 10000 ** (2 / d)
            assert committed[key][f"frequency_ratio_d{d}"] == pytest.approx(expected, rel=1e-5)
            assert fresh[key][f"frequency_ratio_d{d}"] == pytest.approx(expected, rel=1e-5)


# --- odd widths, positions, storage, dtype, recomputation ------------------------------------------------------


def test_odd_width_behaviour(committed: dict, fresh: dict):
    for key, outcome in ODD.items():
        assert fresh[key]["odd_d7"] == outcome, key
        assert committed[key]["odd_d7"] == outcome, key


def test_odd_width_classifier_on_made_up_variants():
    def fake(build) -> Variant:
        code = type("Fake", (), {"build": staticmethod(build)})
        return Variant("fake", "fake", "seed", "", "", "", code)

    def crash(seq_len, d_model):
        raise IndexError("boom")

    assert registry.odd_width_behaviour(fake(crash)) == "crash (IndexError)"
    assert registry.odd_width_behaviour(fake(lambda s, d: positional_encoding(s, d + 1))) == "wrong width (8 columns)"
    zeroed = lambda s, d: positional_encoding(s, d).index_fill(1, torch.tensor([3]), 0.0)  # noqa: E731
    assert registry.odd_width_behaviour(fake(zeroed)) == "zero column (3)"
    assert registry.odd_width_behaviour(fake(lambda s, d: positional_encoding(s, d, base=100.0))) == "wrong values"


def test_first_position(committed: dict, fresh: dict):
    for variant in ALL:
        expected = 2 if variant.key == "fairseq" else 0
        assert committed[variant.key]["first_position"] == fresh[variant.key]["first_position"] == expected
    fairseq = registry.BY_KEY["fairseq"]
    assert torch.allclose(fairseq.build(30, 16).double(), t2t_split(32, 16)[2:], atol=1e-5)


def test_tf_text_layer_builds_2048_rows_once_and_slices_them():
    """libraries.md: the tutorial's PositionalEmbedding builds its table in __init__ (2,048 rows, whatever the input)
    and only slices it in call; a longer input gets 2,048 rows and fails at the addition."""
    import pelib.variants.split_sin_cos as tf_text

    layer = tf_text.make(5, 8)
    assert layer.pos_encoding.shape == (2048, 8) and list(layer.state_dict()) == []
    with registry.TrigCalls() as calls:
        out = layer(torch.zeros(2, 5, 8))
    assert calls.dtypes == []  # no sine or cosine in a call
    assert torch.equal(out[0], tf_text.split_sin_cos(5, 8))
    with pytest.raises(RuntimeError):
        layer(torch.zeros(1, 2049, 8))


def test_marian_table_is_written_by_init_weight_not_init():
    """libraries.md: __init__ leaves the embedding's random weights; _init_weight (called from the model's
    _init_weights) writes the table."""
    from pelib.variants import marian as variant_marian

    bare = variant_marian.MarianSinusoidal(5, 7)
    table = positional_encoding(5, 7)[:, [0, 2, 4, 6, 1, 3, 5]]
    assert not torch.allclose(bare.weight.detach(), table, atol=1e-2)
    bare._init_weight()
    assert torch.equal(bare.weight, table) and not bare.weight.requires_grad


def test_fairseq_padding_rows_are_zero():
    from pelib.variants import fairseq as variant_fairseq

    layer = variant_fairseq.FairseqSinusoidal(8, padding_idx=1, init_size=4)  # too small: grows on demand
    out = layer(torch.tensor([[5, 6, 7, 8], [5, 6, 1, 1]]))
    assert torch.equal(out[1, 2:], torch.zeros(2, 8))
    assert torch.equal(out[0, :2], out[1, :2])
    assert torch.allclose(out[0].double(), t2t_split(6, 8)[2:], atol=1e-6)


def test_state_dict_membership(committed: dict, fresh: dict):
    for key, saved in SAVED.items():
        for seen in (committed[key]["storage"], fresh[key]["storage"]):
            if saved is None:
                assert seen == {"function": ["yes"]}, key
            else:
                assert seen["state_dict"] == saved, key
    assert fresh["seed_plain_attribute"]["storage"]["left_behind"] == ["time_encodings"]
    assert fresh["fairseq"]["storage"]["non_persistent"] == ["weights"]


def test_angle_dtype_and_recomputation(committed: dict, fresh: dict):
    for variant in ALL:
        for seen in (committed[variant.key], fresh[variant.key]):
            assert seen["angle_dtype"] == ("float64" if variant.key in FLOAT64_ANGLES else "float32"), variant.key
            assert (seen["computed"] == "once, at construction") == (variant.key in CACHED), variant.key


def test_whole_table_matches_fresh_observation(committed: dict, fresh: dict):
    """Every cell of the committed table is what running the variants gives now (floats to rounding)."""
    assert committed.keys() == fresh.keys()
    for key in fresh:
        for cell, value in fresh[key].items():
            if isinstance(value, float):
                assert committed[key][cell] == pytest.approx(value, rel=1e-3, abs=1e-9), (key, cell)
            else:
                assert committed[key][cell] == value, (key, cell)


# --- the seeds reproduce what their sources print ----------------------------------------------------------------


def test_seed_tables_match_their_sources():
    """Rows as the sources print them (4 decimals), reproduced by our code."""
    og = torch.tensor([[0.0, 1.0, 0.0, 1.0], [0.8415, 0.5403, 0.0100, 0.9999],
                       [0.9093, -0.4161, 0.0200, 0.9998], [0.1411, -0.9900, 0.0300, 0.9996]])
    assert torch.allclose(registry.BY_KEY["seed_nested_loops"].build(4, 4), og, atol=1e-4)
    video_row_9 = torch.tensor([0.4121, -0.9111, 0.4057, 0.9140, 0.0194, 0.9998])
    assert torch.allclose(registry.BY_KEY["seed_stack_flatten"].build(10, 6)[9], video_row_9, atol=1e-4)
    aiedge_row_1 = torch.tensor([8.4147e-01, 5.4030e-01, 1.8629e-01, 9.8250e-01, 3.5105e-02, 9.9938e-01,
                                 6.5793e-03, 9.9998e-01, 1.2328e-03, 1.0000e+00, 2.3101e-04])
    assert torch.allclose(registry.BY_KEY["seed_aiedge"].build(20, 11)[1], aiedge_row_1, rtol=1e-4, atol=1e-8)


def test_plain_attribute_copies_on_every_call():
    import pelib.variants.seed_plain_attribute as seed

    layer = seed.make(10, 4).to("meta")
    x = torch.zeros(2, 10, 4, device="meta")
    with seed.CrossDeviceCopies() as counter:
        for _ in range(3):
            layer(x)
    assert counter.copies == 3
    buffered = PositionalEncoding(4, max_len=10).eval().to("meta")
    with seed.CrossDeviceCopies() as counter:
        buffered(x)
    assert counter.copies == 0


def test_div_term_comment_has_the_wrong_sign():
    import pelib.variants.seed_div_term as seed

    layer = seed.DivTermEncoding(6, 4, 0.0)
    i = torch.arange(3, dtype=torch.float64)
    angle_row_1 = layer.pe[0, 1, 0::2].double().asin()  # row 1: angles are the frequencies
    assert torch.allclose(angle_row_1, 10000 ** (-2 * i / 6), rtol=1e-5)
    assert not torch.allclose(angle_row_1, 10000 ** (2 * i / 6))


# --- converting ---------------------------------------------------------------------------------------------------


def test_permutations_invert():
    for d_model in (2, 7, 8, 64):
        perm = interleaved_to_split(d_model)
        assert sorted(perm) == list(range(d_model))
        assert [perm[j] for j in inverse(perm)] == list(range(d_model))


def _shift_map(table: torch.Tensor, k: int) -> torch.Tensor:
    rows = table.double()
    return torch.linalg.lstsq(rows[:-k], rows[k:]).solution


def _error(table: torch.Tensor, w: torch.Tensor, k: int) -> float:
    rows = table.double()
    return float((rows[:-k] @ w - rows[k:]).abs().max())


def test_weights_follow_a_layout_permutation_but_not_other_frequencies():
    """converting.md: weights fitted on the paper's layout fail on [sin | cos], work again once permuted, and no
    permutation makes them work on tensor2tensor's frequencies."""
    quoted = values("variants/convert")
    d, k, n = int(quoted["width"]), int(quoted["shift"]), 200
    split = registry.BY_KEY["split_sin_cos"].build(n, d)
    t2t = registry.BY_KEY["tensor2tensor"].build(n, d)
    trained = _shift_map(positional_encoding(n, d), k)
    perm = interleaved_to_split(d)
    ported = trained[perm][:, perm]
    assert _error(positional_encoding(n, d), trained, k) < 1e-6
    assert _error(split, trained, k) > 0.5
    assert _error(split, ported, k) < 1e-6
    assert _error(t2t, ported, k) > 0.05
    assert float(quoted["wrong_layout_error"]) == pytest.approx(_error(split, trained, k), abs=0.01)
    assert float(quoted["wrong_frequency_error"]) == pytest.approx(_error(t2t, ported, k), abs=0.01)
    # and the tensor2tensor table has its own exact shift map: it is the frequencies, not linearity, that differ
    assert _error(t2t, _shift_map(t2t, k), k) < 1e-5


def test_whisper_and_fairseq_are_tensor2tensor():
    t2t = registry.BY_KEY["tensor2tensor"].build(52, 16)
    assert torch.equal(registry.BY_KEY["whisper"].build(52, 16), t2t)
    assert torch.equal(registry.BY_KEY["fairseq"].build(50, 16), t2t[2:])


def test_checkpoints_with_a_saved_table_refuse_to_load():
    import pelib.variants.seed_div_term as seed

    with pytest.raises(RuntimeError, match="Unexpected key"):
        PositionalEncoding(8, max_len=10).load_state_dict(seed.DivTermEncoding(8, 10, 0.1).state_dict())
    with pytest.raises(RuntimeError, match="size mismatch"):
        seed.DivTermEncoding(8, 20, 0.1).load_state_dict(seed.DivTermEncoding(8, 10, 0.1).state_dict())
