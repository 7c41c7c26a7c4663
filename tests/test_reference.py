"""The reference implementation against an independent high-precision computation, and its handling of bad input."""

from __future__ import annotations

import math

import mpmath
import pytest
import torch
from reference import PositionalEncoding, positional_encoding

mpmath.mp.dps = 40


def exact(p: int, column: int, d_model: int, base: float) -> mpmath.mpf:
    """PE(p, column) computed independently, column by column, with 40 significant digits."""
    i = column // 2
    angle = mpmath.mpf(p) * mpmath.power(mpmath.mpf(base), -mpmath.mpf(2 * i) / d_model)
    return mpmath.sin(angle) if column % 2 == 0 else mpmath.cos(angle)


def float32_ulp(x: float) -> float:
    """The spacing of float32 numbers around x."""
    x = abs(x)
    if x < 2.0**-126:
        return 2.0**-149
    return 2.0 ** (math.floor(math.log2(x)) - 23)


SAMPLED_POSITIONS = [0, 1, 2, 3, 7, 50, 511, 2048, 4097, 65_535, 99_999]


@pytest.mark.parametrize(("d_model", "base"), [(8, 10000.0), (7, 10000.0), (1, 10000.0), (6, 100.0), (5, 2.5)])
def test_float64_stage_matches_high_precision(d_model, base):
    table = positional_encoding(100_000, d_model, base=base, dtype=torch.float64)
    worst = max(
        abs(float(table[p, c]) - float(exact(p, c, d_model, base))) for p in SAMPLED_POSITIONS for c in range(d_model)
    )
    assert worst < 1e-10


@pytest.mark.parametrize(("d_model", "base"), [(16, 10000.0), (9, 10000.0), (4, 500.0)])
def test_float32_table_is_rounded_correctly_up_to_a_million(d_model, base):
    table = positional_encoding(1_000_000, d_model, base=base)
    assert table.dtype == torch.float32 and table.shape == (1_000_000, d_model)
    positions = SAMPLED_POSITIONS + [123_456, 500_000, 999_999]
    for p in positions:
        for c in range(d_model):
            truth = float(exact(p, c, d_model, base))
            error = abs(float(table[p, c]) - truth)
            # correctly rounded: within half a float32 ulp, with room for the float64 stage's 1e-10
            assert error <= 0.5 * float32_ulp(truth) + 1e-9, (p, c, error, float32_ulp(truth))


def test_paper_layout_even_sin_odd_cos_shared_frequency():
    d_model, seq_len = 10, 30
    table = positional_encoding(seq_len, d_model, dtype=torch.float64)
    p = torch.arange(seq_len, dtype=torch.float64)
    for i in range(d_model // 2):
        omega = 10000.0 ** (-2 * i / d_model)
        assert torch.allclose(table[:, 2 * i], torch.sin(p * omega), atol=1e-12)
        assert torch.allclose(table[:, 2 * i + 1], torch.cos(p * omega), atol=1e-12)


def test_odd_width_ends_with_a_lone_sine():
    table = positional_encoding(40, 7, dtype=torch.float64)
    p = torch.arange(40, dtype=torch.float64)
    assert table.shape == (40, 7)
    assert torch.allclose(table[:, 6], torch.sin(p * 10000.0 ** (-6 / 7)), atol=1e-12)
    assert torch.equal(table[:, :6], positional_encoding(40, 7, dtype=torch.float64)[:, :6])


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
def test_dtype_is_honoured(dtype):
    assert positional_encoding(3, 4, dtype=dtype).dtype == dtype


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seq_len": 0, "d_model": 4}, ValueError, "seq_len must be a positive int, got 0"),
        ({"seq_len": -3, "d_model": 4}, ValueError, "seq_len must be a positive int, got -3"),
        ({"seq_len": 4, "d_model": 0}, ValueError, "d_model must be a positive int, got 0"),
        ({"seq_len": 4.0, "d_model": 4}, TypeError, "seq_len must be a positive int, got 4.0 (float)"),
        ({"seq_len": True, "d_model": 4}, TypeError, "seq_len must be a positive int, got True (bool)"),
        ({"seq_len": 4, "d_model": "8"}, TypeError, "d_model must be a positive int, got '8' (str)"),
        ({"seq_len": 4, "d_model": 4, "base": 1.0}, ValueError, "base must be a finite number > 1, got 1.0"),
        ({"seq_len": 4, "d_model": 4, "base": 0.5}, ValueError, "base must be a finite number > 1, got 0.5"),
        ({"seq_len": 4, "d_model": 4, "base": math.inf}, ValueError, "base must be a finite number > 1, got inf"),
        ({"seq_len": 4, "d_model": 4, "base": math.nan}, ValueError, "base must be a finite number > 1, got nan"),
        ({"seq_len": 4, "d_model": 4, "base": "1e4"}, TypeError, "base must be a real number > 1, got '1e4' (str)"),
        ({"seq_len": 4, "d_model": 4, "dtype": torch.int64}, ValueError, "got torch.int64"),
        ({"seq_len": 4, "d_model": 4, "dtype": float}, ValueError, "floating-point torch.dtype"),
    ],
)
def test_bad_input_names_the_value_and_what_is_allowed(kwargs, error, message):
    with pytest.raises(error) as caught:
        positional_encoding(**kwargs)
    assert message in str(caught.value)


def test_module_adds_the_table_and_keeps_it_out_of_state_dict():
    layer = PositionalEncoding(d_model=6, max_len=20).eval()
    x = torch.randn(3, 11, 6)
    assert torch.equal(layer(x), x + positional_encoding(11, 6))
    assert list(layer.state_dict()) == []
    assert [name for name, _ in layer.named_buffers()] == ["pe"]
    assert layer.to(torch.float64).pe.dtype == torch.float64  # a buffer follows dtype casts


def test_half_converts_the_table_buffer():
    """precision.md: model.half() converts the non-persistent buffer too (rounded once, within half a float16 step
    near 1); casting it back with layer.pe = layer.pe.float() keeps it a buffer, out of state_dict."""
    layer = PositionalEncoding(d_model=16, max_len=300).half()
    assert layer.pe.dtype == torch.float16
    exact = positional_encoding(300, 16, dtype=torch.float64)
    assert (layer.pe.double() - exact).abs().max() <= 2.0**-12
    layer.pe = layer.pe.float()
    assert layer.pe.dtype == torch.float32 and [n for n, _ in layer.named_buffers()] == ["pe"]
    assert list(layer.state_dict()) == []


def test_module_applies_dropout_in_training_only():
    layer = PositionalEncoding(d_model=8, max_len=10, dropout=0.5)
    x = torch.ones(4, 10, 8)
    torch.manual_seed(0)
    trained = layer.train()(x)
    assert (trained == 0).any()
    assert torch.equal(layer.eval()(x), x + positional_encoding(10, 8))


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ((2, 5, 7), "x must have shape [batch, seq, 8], got [2, 5, 7]"),
        ((5, 8), "x must have shape [batch, seq, 8], got [5, 8]"),
        ((2, 17, 8), "sequence length must be at most max_len=16, got 17"),
    ],
)
def test_module_rejects_bad_input(shape, message):
    layer = PositionalEncoding(d_model=8, max_len=16)
    with pytest.raises(ValueError) as caught:
        layer(torch.zeros(*shape))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"d_model": 0}, ValueError, "d_model must be a positive int, got 0"),
        ({"d_model": 8, "max_len": 2.5}, TypeError, "max_len must be a positive int, got 2.5"),
        ({"d_model": 8, "dropout": 1.0}, ValueError, "dropout must be a probability in [0, 1), got 1.0"),
        ({"d_model": 8, "dropout": -0.1}, ValueError, "got -0.1"),
        ({"d_model": 8, "base": 1}, ValueError, "base must be a finite number > 1, got 1"),
    ],
)
def test_module_rejects_bad_settings(kwargs, error, message):
    with pytest.raises(error) as caught:
        PositionalEncoding(**kwargs)
    assert message in str(caught.value)
