"""The printing helpers of snippets/pelib/docenv.py: correct rounding, stable zeros, honest bounds."""

from __future__ import annotations

import math

import pytest
import torch
from pelib import docenv


def printed(t: torch.Tensor) -> list[str]:
    return [f"{v:.4f}" for v in docenv.fmt(t).tolist()]


def test_fmt_rounds_float32_from_its_exact_value():
    # float32(cos(0.01)) = 0.99994999170..., below the halfway point: rounding x * 10**4 in float32 gives 9999.5
    # and then 1.0000, a double rounding; the correct 4 decimals are 0.9999.
    value = torch.tensor([math.cos(0.01)], dtype=torch.float32)
    assert float(value) < 0.99995
    assert printed(value) == ["0.9999"]
    assert str(docenv.fmt(value)) == "tensor([0.9999])"
    # 10000 ** (1/3) = 21.54434690..., another value float32 scaling rounded up
    assert printed(torch.tensor([10000 ** (1 / 3)])) == ["21.5443"]


def test_fmt_rounds_float64_without_double_rounding():
    # 0.00035 and 0.00025 are stored just below and just above the halfway point; x * 10**4 in float64 lands on it.
    values = torch.tensor([0.00035, 0.00025, 5e-05, 0.00115, 1.00005], dtype=torch.float64)
    assert [f"{v:.4f}" for v in docenv.fmt(values).tolist()] == [f"{v:.4f}" for v in values.tolist()]
    assert [f"{v:.4f}" for v in docenv.fmt(values).tolist()] == ["0.0003", "0.0003", "0.0001", "0.0011", "1.0001"]


def test_fmt_turns_negative_zero_into_zero_and_keeps_dtype_and_shape():
    t = torch.tensor([[-0.00001, -0.0], [0.5, -2.0]])
    out = docenv.fmt(t)
    assert out.dtype == torch.float32 and out.shape == t.shape
    assert not any(math.copysign(1.0, v) < 0 for v in out.flatten().tolist()[:2])
    assert docenv.fmt(t.double()).dtype == torch.float64


@pytest.mark.parametrize("bad", [torch.tensor([1], dtype=torch.int64), torch.tensor([1.0], dtype=torch.float16)])
def test_fmt_refuses_what_it_cannot_print_right(bad):
    with pytest.raises(ValueError, match=str(bad.dtype)):
        docenv.fmt(bad)
    with pytest.raises(ValueError, match="1024"):
        docenv.fmt(torch.tensor([1500.12345]))


def test_bound_shows_the_bound_and_refuses_a_false_one():
    assert docenv.bound(2.2e-16, 1e-15) == "< 1e-15"
    assert docenv.bound(torch.tensor(3.3e-16, dtype=torch.float64), 1e-15) == "< 1e-15"
    assert docenv.bound(-1e-13, 1e-12) == "< 1e-12"
    with pytest.raises(ValueError, match="not below"):
        docenv.bound(2e-15, 1e-15)
    with pytest.raises(ValueError, match="not below"):
        docenv.bound(float("nan"), 1e-15)
    with pytest.raises(ValueError, match="limit"):
        docenv.bound(1e-16, 3.3e-15)
