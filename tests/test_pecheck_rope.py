"""pecheck.check_rope on the rotary caches of the pinned transformers (5.23): LlamaRotaryEmbedding with each scaling
its modeling_rope_utils computes, a partial rotary width, the adjacent-pairs layout, and the bugs met in practice
(angles in float16, gpt-neox#1003; cos and sin swapped; halves and pairs mixed, gpt-neox#834). The expected verdicts
are read from the library's source (the lines are cited), never from pecheck's output."""

from __future__ import annotations

import inspect
import json
import math
import warnings

import numpy as np
import pecheck
import pytest
import torch
from test_pecheck import run

warnings.filterwarnings("ignore", message=".*rope_parameters.*")


def where(obj) -> str:
    return f"{inspect.getsourcefile(obj).split('site-packages/')[1]}:{inspect.getsourcelines(obj)[1]}"


def llama(params, n=256, start=0, dtype=torch.float32, head_dim=64):
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding

    config = LlamaConfig(hidden_size=512, num_attention_heads=8, head_dim=head_dim, max_position_embeddings=8192,
                         rope_parameters=params)
    rotary = LlamaRotaryEmbedding(config)
    return rotary(torch.zeros(1, n, 8, dtype=dtype), torch.arange(start, start + n)[None])


def rope_utils(name):
    from transformers import modeling_rope_utils

    return where(getattr(modeling_rope_utils, name))


DEFAULT = {"rope_type": "default", "rope_theta": 10000.0}
CASES = {  # name: (rope parameters, other arguments, expected fields, where the source says so)
    "default": (DEFAULT, {}, {"base": 10000.0, "scaling": "none", "attention_scaling": 1.0},
                "llama/modeling_llama.py compute_default_rope_parameters: base ** (arange(0, dim, 2) / dim)"),
    "theta-500k": ({"rope_type": "default", "rope_theta": 500000.0}, {}, {"base": 500000.0, "scaling": "none"},
                   "rope_theta is the base"),
    "from-1000": (DEFAULT, {"start": 1000}, {"first_position": 1000}, "position_ids from 1000 (cached decoding)"),
    "bfloat16": (DEFAULT, {"dtype": torch.bfloat16}, {"base": 10000.0, "dtype": "bfloat16"},
                 "forward: computed in float32, cos.to(dtype=x.dtype)"),
    "head-dim-128": (DEFAULT, {"head_dim": 128}, {"rotary_dim": 128, "layout": "rotate_half"},
                     "forward: emb = cat((freqs, freqs)) (rotate_half)"),
    "linear-4": ({"rope_type": "linear", "rope_theta": 10000.0, "factor": 4.0}, {},
                 {"scaling": "linear", "factor": 4.0, "base": 10000.0}, "_compute_linear_scaling_rope_parameters"),
    "dynamic-within": ({"rope_type": "dynamic", "rope_theta": 10000.0, "factor": 4.0}, {},
                       {"scaling": "none", "base": 10000.0},
                       "_compute_dynamic_ntk_parameters: within max_position_embeddings the base is unchanged"),
    "yarn-4": ({"rope_type": "yarn", "rope_theta": 10000.0, "factor": 4.0, "original_max_position_embeddings": 2048},
               {}, {"scaling": "frequency-dependent", "factor": 4.0, "base": 10000.0,
                    "attention_scaling": float(f"{0.1 * math.log(4.0) + 1:.6g}")},
               "_compute_yarn_parameters: low frequencies / factor, attention_factor 0.1 ln(factor) + 1"),
    "llama3-8": ({"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0,
                  "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}, {"n": 128},
                 {"scaling": "frequency-dependent", "factor": 8.0, "base": 500000.0, "attention_scaling": 1.0},
                 "_compute_llama3_parameters: wavelengths past original/low_freq_factor divided by factor"),
}
SOURCES = {"linear-4": "_compute_linear_scaling_rope_parameters", "dynamic-within": "_compute_dynamic_ntk_parameters",
           "yarn-4": "_compute_yarn_parameters", "llama3-8": "_compute_llama3_parameters"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transformers_rotary_caches_are_judged_from_their_source(name):
    params, extra, expected, _ = CASES[name]
    if name in SOURCES:
        assert rope_utils(SOURCES[name]).startswith("transformers/modeling_rope_utils.py:")
    cos, sin = llama(params, **extra)
    verdict = pecheck.check_rope(cos, sin)
    assert verdict.ok and verdict.layout == "rotate_half", verdict.problems
    for key, value in expected.items():
        assert getattr(verdict, key) == value, (key, getattr(verdict, key))


def test_partial_rotary_width_is_reported():
    from transformers import GPTNeoXConfig
    from transformers.models.gpt_neox.modeling_gpt_neox import GPTNeoXRotaryEmbedding

    config = GPTNeoXConfig(hidden_size=512, num_attention_heads=8, rotary_pct=0.25, max_position_embeddings=2048)
    config.rope_parameters = {"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.25}
    rotary = GPTNeoXRotaryEmbedding(config)
    cos, sin = rotary(torch.zeros(1, 100, 8), torch.arange(100)[None])
    verdict = pecheck.check_rope(cos, sin, head_dim=64)
    assert verdict.ok and verdict.rotary_dim == 16 and any("partial_rotary_factor 0.25" in n for n in verdict.notes)


def adjacent(n=100, r=32, base=10000.0, angle_dtype=torch.float32):
    inv = 1.0 / base ** (torch.arange(0, r, 2, dtype=torch.float32) / r)
    freqs = torch.arange(n, dtype=angle_dtype)[:, None] * inv.to(angle_dtype)
    return freqs.float().repeat_interleave(2, dim=-1)


def test_adjacent_pairs_are_named_for_rotate_every_two():
    freqs = adjacent()
    verdict = pecheck.check_rope(freqs.cos(), freqs.sin())
    assert verdict.ok and verdict.layout == "adjacent pairs" and verdict.base == 10000.0


def test_angles_in_float16_are_off():  # gpt-neox#1003: position * inv_freq in float16
    freqs = adjacent(n=2048, angle_dtype=torch.float16)
    assert pecheck.check_rope(freqs.cos(), freqs.sin()).codes() == ["values_off"]


def test_cos_and_sin_swapped_and_layouts_mixed_are_named():
    cos, sin = llama(DEFAULT)
    assert "angles_fall" in pecheck.check_rope(sin, cos).codes()
    mixed = torch.cat([cos[..., :32], adjacent(256, 64).cos()[None, :, 32:]], -1)
    assert pecheck.check_rope(mixed, torch.cat([sin[..., :32], adjacent(256, 64).sin()[None, :, 32:]], -1)).codes() \
        == ["layout"]
    assert pecheck.check_rope(torch.randn(100, 32), torch.randn(100, 32)).codes() == ["not_rope"]


def test_the_command_line_judges_a_cache_file(tmp_path):
    cos, sin = llama({"rope_type": "linear", "rope_theta": 10000.0, "factor": 2.0})
    np.savez(tmp_path / "rope.npz", cos=cos[0].numpy(), sin=sin[0].numpy())
    code, out, _ = run(tmp_path / "rope.npz", "--rope", "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["scaling"] == "linear" and verdict["factor"] == 2.0
    code, out, _ = run(tmp_path / "rope.npz", "--rope")
    assert code == 0 and out.startswith("OK: a rotary cache")
