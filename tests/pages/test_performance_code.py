"""fast_table: the reference table from the shift property, with an error that does not grow with the position,
a few times the reference's rounding, and few sines."""

import math

import pytest
import torch
from performance.fast_table import fast_table, max_error_against_float64
from precision.recipes import rows_float64_angles
from reference import positional_encoding
from support import values

FLOAT32_STEP_NEAR_ONE = 2.0**-24


@pytest.mark.parametrize("seq_len, d_model, block", [(1, 1, None), (1, 4, None), (7, 5, None), (100, 7, None),
                                                     (1000, 64, None), (1001, 64, None), (50, 6, 7), (50, 6, 1)])
def test_float64_fast_table_is_the_reference(seq_len, d_model, block):
    fast = fast_table(seq_len, d_model, dtype=torch.float64, block=block)
    assert fast.shape == (seq_len, d_model)
    assert torch.allclose(fast, positional_encoding(seq_len, d_model, dtype=torch.float64), rtol=0, atol=1e-12)


def test_float32_error_is_a_few_steps_at_any_position():
    """Within 3 float32 steps near 1 of the float64 reference, from 0 and near 10**6 alike."""
    near = max_error_against_float64(20_000, 128)
    far = max_error_against_float64(512, 128, start=10**6 - 512)
    assert near["fast_table"] <= 3 * FLOAT32_STEP_NEAR_ONE
    assert far["fast_table"] <= 3 * FLOAT32_STEP_NEAR_ONE
    assert near["reference"] <= FLOAT32_STEP_NEAR_ONE / 2
    assert near["fast_table"] > 2 * near["reference"]  # not as accurate as the reference: a few times its error


def test_start_gives_the_rows_at_an_offset():
    start = 123_457
    rows = fast_table(300, 16, start=start, dtype=torch.float64)
    assert torch.allclose(rows, rows_float64_angles(range(start, start + 300), 16, dtype=torch.float64), atol=1e-10)


def test_it_evaluates_about_two_sqrt_n_sines_per_frequency(monkeypatch):
    """The point of the method: O(sqrt(seq_len)) transcendental evaluations, not seq_len."""
    counted = []
    original = torch.sin
    monkeypatch.setattr(torch, "sin", lambda t: counted.append(t.numel()) or original(t))
    seq_len, d_model = 10_000, 64
    fast_table(seq_len, d_model)
    assert sum(counted) <= 2 * (math.isqrt(seq_len) + 1) * (d_model // 2)


def test_the_table_is_written_in_place():
    """The result is a view of one allocation of (about) the table's size: no full-size temporaries survive."""
    pe = fast_table(1000, 64)
    storage = pe.untyped_storage().nbytes()
    assert storage <= (1000 + math.isqrt(999) + 1) * 64 * 4


@pytest.mark.parametrize("kwargs, message", [
    ({"seq_len": 0, "d_model": 4}, "seq_len"),
    ({"seq_len": 4, "d_model": 0}, "d_model"),
    ({"seq_len": 4, "d_model": 4, "start": -1}, "start"),
    ({"seq_len": 4, "d_model": 4, "block": 0}, "block"),
    ({"seq_len": 4, "d_model": 4, "base": 1.0}, "base"),
    ({"seq_len": 4, "d_model": 4, "dtype": torch.int64}, "dtype"),
])
def test_bad_arguments_are_named(kwargs, message):
    with pytest.raises((TypeError, ValueError), match=message):
        fast_table(**kwargs)


def test_the_page_quotes_what_was_measured():
    measured = values("performance/fast_table")
    assert float(measured["error_1e5"]) <= 3 * FLOAT32_STEP_NEAR_ONE
    assert float(measured["error_1e6"]) <= 3 * FLOAT32_STEP_NEAR_ONE
    # precision.md and performance.md: several times the reference's error, not "as accurate"
    assert float(measured["ratio_to_reference"]) > 2
    assert min(float(measured["error_1e5"]), float(measured["error_1e6"])) > 2 * float(measured["reference_error"])
