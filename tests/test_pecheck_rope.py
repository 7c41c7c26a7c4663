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


# --- rotary classes beyond Llama and GPT-NeoX, and the scalings past the cached length --------------------------------


def rotary(module_name, class_name, config_name, params, n=256, start=0, **config):
    """The class as its model calls it: rotary(x, position_ids) -> (cos, sin), [1, n, rotary_dim]."""
    import importlib

    import transformers

    module = importlib.import_module(f"transformers.models.{module_name}.modeling_{module_name}")
    config = getattr(transformers, config_name)(hidden_size=512, num_attention_heads=8, rope_parameters=params,
                                                **config)
    layer = getattr(module, class_name)(config)
    return layer(torch.zeros(1, n, 8), torch.arange(start, start + n)[None]), where(getattr(module, class_name))


LONG_FACTOR = [1.0] * 8 + [1.0 + 0.25 * i for i in range(24)]  # made up: the fastest 8 pairs unscaled, then growing
LONGROPE = {"rope_type": "longrope", "rope_theta": 10000.0, "short_factor": [1.0] * 32, "long_factor": LONG_FACTOR,
            "original_max_position_embeddings": 1024}
PHI3 = {"max_position_embeddings": 8192, "original_max_position_embeddings": 1024, "pad_token_id": 0}
OTHER_CLASSES = {  # name: (class, its arguments, expected fields, what the source says)
    "cohere": (("cohere", "CohereRotaryEmbedding", "CohereConfig", DEFAULT), {},
               {"layout": "adjacent pairs", "base": 10000.0, "scaling": "none"},
               "forward: emb = torch.repeat_interleave(freqs, 2, dim=-1) (adjacent pairs, not cat)"),
    "gemma": (("gemma", "GemmaRotaryEmbedding", "GemmaConfig", DEFAULT), {"head_dim": 64},
              {"layout": "rotate_half", "base": 10000.0, "rotary_dim": 64}, "forward: cat((freqs, freqs))"),
    "qwen2-theta-1e6": (("qwen2", "Qwen2RotaryEmbedding", "Qwen2Config",
                         {"rope_type": "default", "rope_theta": 1000000.0}), {},
                        {"layout": "rotate_half", "base": 1000000.0}, "rope_theta is the base"),
    "phi-partial-0.5": (("phi", "PhiRotaryEmbedding", "PhiConfig",
                         {"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.5}), {},
                        {"rotary_dim": 32, "base": 10000.0},
                        "compute_default_rope_parameters: dim = int(head_dim * partial_rotary_factor)"),
    "dynamic-past-max": (("llama", "LlamaRotaryEmbedding", "LlamaConfig",
                          {"rope_type": "dynamic", "rope_theta": 10000.0, "factor": 2.0}),
                         {"head_dim": 64, "max_position_embeddings": 128},
                         {"scaling": "none", "base": 10000.0 * (2.0 * 256 / 128 - 1) ** (64 / 62)},
                         "_compute_dynamic_ntk_parameters: past max_position_embeddings, base * ((factor * seq_len / "
                         "max) - (factor - 1)) ** (dim / (dim - 2)), recomputed by dynamic_rope_update"),
    "yarn-attention-given": (("llama", "LlamaRotaryEmbedding", "LlamaConfig",
                              {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 8.0, "attention_factor": 1.0,
                               "original_max_position_embeddings": 1024}), {"head_dim": 64},
                             {"scaling": "frequency-dependent", "factor": 8.0, "attention_scaling": 1.0},
                             "_compute_yarn_parameters: an attention_factor given is used as is"),
    "longrope-short": (("phi3", "Phi3RotaryEmbedding", "Phi3Config", LONGROPE), PHI3,
                       {"scaling": "none", "base": 10000.0,
                        "attention_scaling": float(f"{math.sqrt(1 + math.log(8) / math.log(1024)):.6g}")},
                       "_compute_longrope_parameters: short_factor within original_max_position_embeddings; "
                       "attention_factor sqrt(1 + ln(factor) / ln(original)), factor = max / original = 8"),
    "longrope-long": (("phi3", "Phi3RotaryEmbedding", "Phi3Config", LONGROPE), {**PHI3, "n": 1100},
                      {"scaling": "frequency-dependent", "base": 10000.0, "factor": LONG_FACTOR[-1],
                       "attention_scaling": float(f"{math.sqrt(1 + math.log(8) / math.log(1024)):.6g}")},
                      "longrope_frequency_update: seq_len > original_max_position_embeddings takes long_factor, "
                      "inv_freq = 1 / (ext_factors * base ** (2i / dim)): the slowest pair divided by the last"),
}


@pytest.mark.parametrize("name", sorted(OTHER_CLASSES))
def test_other_rotary_classes_and_scalings_are_judged_from_their_source(name):
    (module, cls, config, params), extra, expected, _ = OTHER_CLASSES[name]
    extra = dict(extra)
    n = extra.pop("n", 256)
    (cos, sin), source = rotary(module, cls, config, params, n=n, **extra)
    assert source.startswith(f"transformers/models/{module}/modeling_{module}.py:")
    verdict = pecheck.check_rope(cos, sin)
    assert verdict.ok, verdict.problems
    for key, value in expected.items():
        got = getattr(verdict, key)
        assert (got == value if not isinstance(value, float) else math.isclose(got, value, rel_tol=1e-6)), (key, got)
