"""More library layouts (docs/variants/more-libraries.md): each behaviour the page states, run on our variant.

The comparison-table facts (layout, odd width, storage, dtype, recomputation) are in test_variants.py; the
comparisons with the installed libraries in test_variants_libraries_code.py.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from pelib.variants import distilbert as variant_distilbert
from pelib.variants import espnet as variant_espnet
from pelib.variants import guided_diffusion as variant_guided_diffusion
from pelib.variants import keras_hub as variant_keras_hub
from pelib.variants import musicgen as variant_musicgen
from pelib.variants import nemo as variant_nemo
from pelib.variants import opennmt as variant_opennmt
from pelib.variants import pegasus_x as variant_pegasus_x
from pelib.variants import tf_models_relative as variant_tf_models_relative
from pelib.variants import trax as variant_trax
from pelib.variants.registry import BY_KEY, interleaved_to_split
from reference import positional_encoding
from support import text, values


@pytest.mark.parametrize("d", [8, 64, 512])
def test_nemo_is_the_paper_divided_by_sqrt_d(d: int):
    table = variant_nemo.build(100, d).double()
    assert torch.allclose(table * math.sqrt(d), positional_encoding(100, d, dtype=torch.float64), atol=1e-5)
    assert table.abs().max().item() == pytest.approx(d**-0.5, rel=1e-6)  # the amplitude column's 1/√d


def test_comparison_table_shows_nemo_amplitude():
    quoted = text("variants/comparison", "values")
    row = next(line for line in quoted.splitlines() if "NeMo" in line)
    assert "1/√d" in row
    assert all("| 1 |" in line for line in quoted.splitlines()[2:] if "NeMo" not in line)


def test_espnet_scales_the_input_and_keeps_the_table_out_of_state_dict():
    layer = variant_espnet.make(5, 8)
    out = layer(torch.ones(2, 5, 8)) - layer(torch.zeros(2, 5, 8))
    assert torch.allclose(out, torch.full((), math.sqrt(8)))
    assert list(layer.state_dict()) == [] and isinstance(layer.pe, torch.Tensor)
    assert layer.load_state_dict({"pe": torch.zeros(1, 5, 8)}, strict=True)  # the pre-hook drops the old key
    with pytest.raises(RuntimeError, match="Unexpected key"):
        layer.load_state_dict({"other": torch.zeros(1)}, strict=True)  # only "pe" is dropped
    layer(torch.zeros(1, 5, 8, dtype=torch.float16))
    assert layer.pe.dtype == torch.float16  # cast to the input's dtype on use
    layer(torch.zeros(1, 9, 8))
    assert layer.pe.shape[1] == 9  # rebuilt for a longer input


def test_espnet_legacy_relative_rows_run_backwards():
    legacy = variant_espnet.LegacyRelPositionalEncoding(8, 0.0, max_len=6).eval()
    x_scaled, rel = legacy(torch.ones(1, 6, 8))
    assert torch.allclose(rel[0].double(), positional_encoding(6, 8, dtype=torch.float64).flip(0), atol=1e-6)
    assert torch.allclose(x_scaled, torch.full((), math.sqrt(8)))


def test_distilbert_is_marian_before_the_split():
    for d in (8, 7, 64):
        distil = variant_distilbert.build(30, d)
        marian = BY_KEY["marian"].build(30, d)
        assert torch.equal(distil[:, interleaved_to_split(d)], marian)
    assert not variant_distilbert.make(5, 8).weight.requires_grad


@pytest.mark.parametrize("d", [8, 16, 64])
def test_musicgen_is_tensor2tensor_with_the_halves_swapped(d: int):
    t2t = BY_KEY["tensor2tensor"].build(70, d)
    half = d // 2
    assert torch.equal(variant_musicgen.build(70, d), torch.cat([t2t[:, half:], t2t[:, :half]], dim=1))
    layer = variant_musicgen.make(4, d)
    assert layer(torch.zeros(1, 1, 9, dtype=torch.long)).shape == (9, d)  # grown on demand
    assert layer.weights.shape[0] == 9


def test_pegasus_x_recomputes_in_the_input_dtype_and_float16_errors():
    assert variant_pegasus_x.build(6, 8, torch.float16).dtype == torch.float16
    t2t = BY_KEY["tensor2tensor"].build(50, 16)
    assert torch.allclose(variant_pegasus_x.build(50, 16), t2t, atol=1e-6)
    quoted = values("variants/pegasus_x")
    errors = {n: variant_pegasus_x.float16_error(n, 1024) for n in (64, 512, 4096)}
    for n, error in errors.items():
        assert quoted[f"float16_error_{n}"] == f"{error:.1e}"
    assert errors[64] < errors[512] < errors[4096]
    assert errors[4096] > 1  # "noise"
    assert float(torch.tensor(2049.0, dtype=torch.float16)) in (2048.0, 2050.0)  # float16 numbers 2 apart above 2,048
    assert float(torch.tensor(2050.0, dtype=torch.float16)) == 2050.0


def test_trax_table_is_trained():
    layer = variant_trax.make(5, 8)
    assert layer.weights.requires_grad and [n for n, _ in layer.named_parameters()] == ["weights"]
    before = layer.weights.detach().clone()
    layer(torch.zeros(1, 5, 8)).sum().backward()
    torch.optim.SGD(layer.parameters(), lr=0.1).step()
    assert torch.allclose(layer.weights.detach() - before, torch.full((), -0.1))  # row 0 shifts by 0.1
    with pytest.raises(ValueError):  # numpy, as in trax, refuses the odd-width assignment with a ValueError
        np.zeros((3, 7))[:, 1::2] = np.ones((3, 4))


def test_opennmt_refuses_odd_width_and_scales_inside():
    with pytest.raises(ValueError, match="odd dim \\(got dim=7\\)"):
        variant_opennmt.make(5, 7)
    layer = variant_opennmt.make(6, 8)
    assert layer.pe.shape == (6, 1, 8) and list(layer.state_dict()) == ["pe"]
    emb = torch.ones(1, 2, 8)
    assert torch.allclose(layer(emb, step=3), math.sqrt(8) + layer.pe[3])  # one row when decoding step by step


def test_keras_hub_float16_errors():
    quoted = values("variants/keras_hub")
    errors = {n: variant_keras_hub.float16_error(n, 64) for n in (50, 512, 4096)}
    for n, error in errors.items():
        assert quoted[f"float16_error_{n}"] == f"{error:.1e}"
    assert errors[50] < 1e-2 < errors[512] < 1 < errors[4096]
    assert torch.allclose(variant_keras_hub.build(40, 7).double(), positional_encoding(40, 7, dtype=torch.float64),
                          atol=1e-5)  # an odd width works


def test_guided_diffusion_is_the_diffusers_variant():
    for d in (8, 7, 64):
        assert torch.equal(variant_guided_diffusion.build(40, d), BY_KEY["diffusers_flipped"].build(40, d))


def test_tf_models_relative_has_neither_guard_nor_padding():
    assert torch.isnan(variant_tf_models_relative.build(4, 2)).all()
    assert torch.isnan(variant_tf_models_relative.build(4, 3)).all()
    assert variant_tf_models_relative.build(5, 7).shape == (5, 6)
    with pytest.raises(RuntimeError):
        torch.zeros(1, 5, 7) + variant_tf_models_relative.build(5, 7)
    for d in (8, 64):
        assert torch.allclose(variant_tf_models_relative.build(50, d), BY_KEY["tensor2tensor"].build(50, d), atol=1e-6)
