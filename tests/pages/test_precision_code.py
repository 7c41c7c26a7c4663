"""The precision page's facts: float64-then-cast stays at float32 rounding, float32 angles drift in proportion to
the position, and float16 / bfloat16 stop holding positions at 2048 / 256 (and float16 overflows past 65504)."""

import math

import pytest
import torch
from precision.duplicate_rows import collapsed_rows, first_infinite_integer, last_exact_integer
from precision.recipes import (
    exact_rows,
    float32_spacing,
    log_grid,
    max_error_per_row,
    rows_computed_in,
    rows_float64_angles,
)
from reference import positional_encoding
from support import DOCS, data, macro, values

HALF_STEP_NEAR_ONE = 2.0**-25
D = 128  # narrower than the page's 512 to keep mpmath fast; still has frequencies near 1


@pytest.fixture(scope="module")
def grid() -> dict[str, object]:
    positions = log_grid(10**6, per_decade=4)
    exact, rounded = exact_rows(positions, D)
    return {"positions": positions, "exact": exact, "rounded": rounded}



@pytest.mark.parametrize("d_model", [64, 7])
def test_sampled_rows_are_the_reference_rows(d_model):
    """Rows built at chosen positions are bit for bit the rows of the reference's full table."""
    table = positional_encoding(2100, d_model)
    positions = [0, 1, 255, 256, 257, 2047, 2048, 2049, 2099]
    assert torch.equal(rows_float64_angles(positions, d_model), table[positions])


def test_exact_rows_round_once():
    """mpmath's float32 values are the exact value rounded once; the float64 ones agree with them."""
    exact, rounded = exact_rows([1, 1000, 10**6], 16)
    assert (exact - rounded.double()).abs().max() <= HALF_STEP_NEAR_ONE
    assert torch.equal(exact[0, :2], torch.tensor([math.sin(1.0), math.cos(1.0)], dtype=torch.float64))


def test_float64_then_cast_stays_at_float32_rounding(grid):
    """At every sampled position up to 10**6 the reference is within half a float32 step near 1 of the exact
    value, almost every entry is the correctly rounded float32, and none is more than one ulp away."""
    reference = rows_float64_angles(grid["positions"], D)
    error = (reference.double() - grid["exact"]).abs()
    assert error.max() <= HALF_STEP_NEAR_ONE * (1 + 1e-6)
    assert (reference != grid["rounded"]).double().mean() < 1e-3
    assert (error / float32_spacing(grid["exact"])).max() < 1.0
    per_row = error.amax(dim=1)
    assert per_row[-1] <= 2 * per_row[: len(per_row) // 2].max()  # no growth with the position


def test_float32_angle_error_grows_in_proportion_to_the_position(grid):
    """error / (p * 2**-24) stays within a small band for p >= 100, the log-log slope is about 1, and at
    10**5 and 10**6 the third and second decimals are wrong."""
    p = torch.tensor(grid["positions"], dtype=torch.float64)
    error = max_error_per_row(rows_computed_in(grid["positions"], D, dtype=torch.float32), grid["exact"])
    far = p >= 100
    ratio = error[far] / (p[far] * 2.0**-24)
    assert 0.2 < ratio.min() and ratio.max() < 2.0
    slope = torch.linalg.lstsq(torch.stack([p[far].log(), torch.ones_like(p[far])], 1),
                               error[far].log()[:, None]).solution[0, 0]
    assert 0.85 < slope < 1.15
    assert error[grid["positions"].index(10**5)] > 5e-4
    assert error[grid["positions"].index(10**6)] > 5e-3


def test_half_precision_limits():
    """float16 holds integers to 2048, bfloat16 to 256, float32 to 2**24; float16 overflows from 65520."""
    assert last_exact_integer(torch.float16) == 2048
    assert last_exact_integer(torch.bfloat16) == 256
    assert last_exact_integer(torch.float32) == 2**24
    assert torch.finfo(torch.float16).max == 65504
    assert first_infinite_integer(torch.float16) == 65520
    assert first_infinite_integer(torch.bfloat16) is None


@pytest.mark.parametrize("dtype, limit", [(torch.float16, 2048), (torch.bfloat16, 256)])
def test_half_precision_tables_collapse_past_their_limit(dtype, limit):
    """No two rows are equal up to the limit; past it consecutive positions share a row."""
    table = rows_computed_in(range(4 * limit), 32, dtype=dtype)
    below = collapsed_rows(table[: limit + 1])
    assert below["distinct"] == limit + 1 and below["same_as_previous"] == 0
    assert torch.equal(table[limit], table[limit + 1])
    whole = collapsed_rows(table)
    assert whole["same_as_previous"] > limit // 2
    assert whole["distinct"] < 4 * limit * 0.8


def test_float16_rows_past_its_maximum_are_nan():
    rows = rows_computed_in([65504, 65519, 65520, 100_000], 8, dtype=torch.float16)
    assert rows[:2].isfinite().all()
    assert rows[2:].isnan().all()


def test_storing_the_reference_in_half_precision_costs_a_fixed_rounding(grid):
    """Rounding the accurate table to float16 / bfloat16 costs half a step near 1 at most, at any position."""
    for dtype, half_step in [(torch.float16, 2.0**-12), (torch.bfloat16, 2.0**-9)]:
        error = (rows_float64_angles(grid["positions"], D, dtype=dtype).double() - grid["exact"]).abs()
        assert error.max() <= half_step * (1 + 1e-6)


def test_the_page_quotes_what_was_measured():
    """The generated numbers the page quotes say what the page says about them."""
    measured = values("precision/error_vs_position")
    assert float(measured["reference_max_error"]) <= HALF_STEP_NEAR_ONE * (1 + 1e-3)
    assert int(measured["reference_not_rounded"]) < 0.001 * int(measured["entries_checked"].replace(",", ""))
    assert 0.9 < float(measured["float32_slope"]) < 1.1
    assert 1e-3 < float(measured["float32_error_1e5"]) < 1e-2  # "the third decimal is wrong"
    assert 1e-2 < float(measured["float32_error_1e6"]) < 1e-1  # "the second decimal is wrong"
    duplicates = values("precision/duplicate_rows")
    assert duplicates["float16_last_exact"] == "2,048" and duplicates["bfloat16_last_exact"] == "256"
    assert duplicates["float16_max"] == "65,504" and duplicates["float16_first_inf"] == "65,520"
    counts = data("precision/duplicate_rows")
    assert counts["float16/100000"]["nan"] == 100_000 - 65_520
    assert counts["bfloat16/256"]["same_as_previous"] == 0 and counts["bfloat16/2048"]["same_as_previous"] > 0


@pytest.mark.parametrize("bad", [[], [-1], [1.5], [True]])
def test_bad_positions_are_named(bad):
    with pytest.raises(ValueError, match="positions"):
        rows_float64_angles(bad, 4)
    with pytest.raises(ValueError, match="positions"):
        rows_computed_in(bad, 4, dtype=torch.float32)


QUOTED = {
    "precision.md": ["precision/error_vs_position", "precision/duplicate_rows", "performance/fast_table"],
    "performance.md": ["build_table", "forward_cached_vs_recomputed", "performance/fast_table"],
}


@pytest.mark.parametrize("page", sorted(QUOTED))
def test_pages_quote_generated_numbers_instead_of_typing_them(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    for stem in QUOTED[page]:
        quoted = values(stem)
        assert any(macro(stem, key) in text for key in quoted), f"{page} quotes nothing from {stem}"
        for key, literal in quoted.items():
            digits = literal.replace(",", "").replace(".", "")
            if len(digits) >= 4 and digits.isdigit():  # long enough not to occur by chance
                assert literal not in text, f"{page} types {literal!r} instead of quoting {macro(stem, key)}"
