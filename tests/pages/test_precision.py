"""The claims of docs/precision.md, each with what makes it true (see tests/claimcheck.py).

Numbers come from the jobs precision_error_vs_position, precision_duplicate_rows and fast_table; properties of the
formats from torch.finfo and from rounding integers; the exact angles from mpmath.
"""

import functools
import math
import re

import mpmath
import test_reference as reference_tests
import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, passes, prose
from precision.duplicate_rows import D_MODEL as DUPLICATES_WIDTH
from precision.duplicate_rows import collapsed_rows, first_infinite_integer, last_exact_integer
from precision.recipes import exact_rows, float32_spacing, max_error_per_row, rows_computed_in, rows_float64_angles
from reference import PositionalEncoding
from support import DOCS, SNIPPETS, data, number, text, values

from pages import test_precision_code as precision_tests

STEP = 2.0**-24  # the float32 step near 1 (between 0.5 and 1 it is 2**-24)
FLOAT32 = "float32 angles (every seed)"
REFERENCE = "float64 angles, cast to float32 (reference)"


def V(key):
    return values("precision/error_vs_position")[key]


def DUP(key):
    return values("precision/duplicate_rows")[key]


def FAST(key):
    return values("performance/fast_table")[key]


def errors(recipe):
    """{position: largest error of the row} for one recipe, as the job measured it (None: a row of NaN)."""
    measured = data("precision/error_vs_position")
    return dict(zip(measured["positions"], measured["max_error"][recipe], strict=True))


def fast_measured():
    """performance/fast_table's printed errors (three digits): (fast near 1e5, reference near 1e5, fast near 1e6)."""
    pattern = r"fast_table ([\d.e+-]+), reference float32 table ([\d.e+-]+)"
    found = [float(x) for pair in re.findall(pattern, text("performance/fast_table")) for x in pair]
    return found[0], found[1], found[2]


@functools.cache
def exact_grid():
    """The sampled rows' exact values (mpmath, 113 bits) and the reference's rows, as the job compared them."""
    positions = data("precision/error_vs_position")["positions"]
    exact, rounded = exact_rows(positions, 512)
    return exact, rounded, rows_float64_angles(positions, 512)


def float32_angle_errors(p, d_model=512):
    """Per pair i: relative and absolute error of the angle p * omega_i as rows_computed_in computes it in float32."""
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float32) * (-math.log(10000.0) / d_model))
    angle = (torch.tensor(float(p)).float() * div_term).tolist()
    with mpmath.workprec(113):
        exact = [p * mpmath.mpf(10000) ** (-mpmath.mpf(2 * i) / d_model) for i in range(d_model // 2)]
        absolute = [abs(float(mpmath.mpf(a) - x)) for a, x in zip(angle, exact, strict=True)]
        relative = [abs(float((mpmath.mpf(a) - x) / x)) for a, x in zip(angle, exact, strict=True)]
    return relative, absolute


def format_over_formula():
    p = [10**5]
    same_format = rows_computed_in(p, 512, dtype=torch.float64) - rows_float64_angles(p, 512, dtype=torch.float64)
    same_formula = rows_computed_in(p, 512, dtype=torch.float32).double() - rows_float64_angles(p, 512, dtype=torch.float64)
    return bool(same_format.abs().max() < 1e-3 * same_formula.abs().max())


def fast_does_not_grow_and_ratio():
    near, reference, far = fast_measured()
    return (far <= 1.5 * near and FAST("ratio_to_reference") == f"{near / reference:.1f}"
            and FAST("float32_steps_near_one") == f"{near / STEP:.1f}" and FAST("error_1e5") == f"{near:.1e}"
            and FAST("error_1e6") == f"{far:.1e}")


def half_is_far_off():
    f16, b16 = errors("float16 throughout"), errors("bfloat16 throughout")
    return f16[1000] > 0.1 and b16[1000] > 0.1 and f16[100_000] is None


def how_measured():
    positions = data("precision/error_vs_position")["positions"]
    limits = {256, 257, 2048, 2049, 65504, 65520}
    return (V("mpmath_bits") == "113" and exact_rows.__kwdefaults__["bits"] == 113
            and V("mpmath_digits") == f"{113 * math.log10(2):.0f}" and number(V("positions_sampled")) == len(positions)
            and positions[0] == 1 and positions[-1] == 10**6 and limits <= set(positions))


def row_error_definition():
    rows, exact = torch.randn(3, 512, dtype=torch.float64).float(), torch.randn(3, 512, dtype=torch.float64)
    return (data("precision/error_vs_position")["d_model"] == 512
            and torch.equal(max_error_per_row(rows, exact), (rows.double() - exact).abs().amax(dim=1)))


def row_error_measured():
    """"the largest |computed - exact| over its 512 columns": the width of the rows the experiment measures."""
    return row_error_definition() and Number(data("precision/error_vs_position")["d_model"])


def seeds_compute_in_float32():
    from pelib.variants.registry import VARIANTS

    observed = data("variants/comparison")
    seeds = [v.key for v in VARIANTS if v.kind == "seed"]
    return len(seeds) >= 4 and all(observed[key]["angle_dtype"] == "float32" for key in seeds)


def stored_is_rounded_once():
    p = [1, 1000, 99_999]
    return all(torch.equal(rows_float64_angles(p, 16, dtype=d), rows_float64_angles(p, 16, dtype=torch.float64).to(d))
               for d in (torch.float16, torch.bfloat16))


def four_ways_at_100k():
    lines = text("precision/recipes").splitlines()
    return lines[0].startswith("row 100,000") and len(lines) == 1 + 1 + 4 and lines[1].startswith("exact")


def four_ways_measured():
    """"One row, four ways, at position 100,000": the ways the recipes print and the position of their row."""
    lines = text("precision/recipes").splitlines()
    if not four_ways_at_100k():
        return False
    position = int(re.match(r"row ([\d,]+)", lines[0]).group(1).replace(",", ""))
    return [Number(len(lines) - 2, at=0), Number(position, at=1)]


def figure_alt_text():
    f32, ref = errors(FLOAT32), errors(REFERENCE)
    f16, b16 = errors("float16 throughout"), errors("bfloat16 throughout")
    s16, sb16 = errors("reference stored as float16"), errors("reference stored as bfloat16")
    flat = all(max(e.values()) < 1.2 * min(e.values()) for e in (ref, s16, sb16))
    along = all(0.2 < f32[p] / (p * STEP) < 2 for p in f32 if p >= 100)
    order_one_before_limits = f16[2048] > 0.3 and b16[256] > 0.3
    nan_past_max = f16[65504] is not None and all(e is None for p, e in f16.items() if p > 65504)
    return flat and along and order_one_before_limits and nan_past_max


def reference_flat_at_half_step():
    ref = errors(REFERENCE)
    positions = sorted(ref)
    first_half = max(ref[p] for p in positions[: len(positions) // 2])
    return (number(V("reference_max_error")) <= number(V("half_ulp_near_one")) and V("half_ulp_near_one") == f"{2.0**-25:.3e}"
            and number(V("entries_checked")) == len(positions) * 512 and ref[positions[-1]] <= 1.01 * first_half
            and max(ref.values()) <= 2.0**-25 * (1 + 1e-6))


def only_few_not_rounded():
    exact, rounded, reference = exact_grid()
    differ = reference != rounded
    ulps = (reference.double() - exact).abs() / float32_spacing(exact)
    worst = ulps.flatten().argmax()
    return (int(differ.sum()) == number(V("reference_not_rounded")) and differ.sum() < 1e-3 * differ.numel()
            and V("reference_worst_ulps") == f"{float(ulps.max()):.2f}" and abs(float(exact.flatten()[worst])) < 0.05)


def float64_angles_far_below():
    p, d = 10**6, 64
    angle = (p * 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)).tolist()
    with mpmath.workprec(113):
        worst = max(abs(float(mpmath.mpf(a) - p * mpmath.mpf(10000) ** (-mpmath.mpf(2 * i) / d)))
                    for i, a in enumerate(angle))
    eps32, eps64 = torch.finfo(torch.float32).eps, torch.finfo(torch.float64).eps
    return worst <= 2 * p * 2.0**-53 and eps32 / eps64 == 2.0**29 and 100 * p * 2.0**-53 < STEP


def float32_relative_error():
    relative, _ = float32_angle_errors(10**5)
    in_steps = [r / STEP for r in relative]
    quarter = len(in_steps) // 4
    return (torch.finfo(torch.float32).eps == 2.0**-23 and max(in_steps) < 16
            and sum(in_steps[-quarter:]) > 2 * sum(in_steps[:quarter]))


def float32_absolute_error():
    return all(max(float32_angle_errors(p)[1]) <= 1.1 * p * STEP for p in (1000, 10**5, 10**6))


def fastest_set_the_worst_case():
    exact = exact_grid()[0]
    positions = data("precision/error_vs_position")["positions"]
    far = [k for k, p in enumerate(positions) if p >= 10**4]
    rows = rows_computed_in([positions[k] for k in far], 512, dtype=torch.float32)
    error = (rows.double() - exact[far]).abs()
    worst_pair = error.argmax(dim=1) // 2
    ratio = error.amax(dim=1) / torch.tensor([positions[k] * STEP for k in far], dtype=torch.float64)
    return bool((worst_pair < 64).all() and (ratio > 0.3).all() and (ratio < 1.5).all())


def float32_band_and_slope():
    f32 = errors(FLOAT32)
    far = [p for p in f32 if p >= 100]
    ratio = [f32[p] / (p * STEP) for p in far]
    x = torch.tensor([math.log(p) for p in far], dtype=torch.float64)
    y = torch.tensor([math.log(f32[p]) for p in far], dtype=torch.float64)
    slope = float(torch.linalg.lstsq(torch.stack([x, torch.ones_like(x)], 1), y[:, None]).solution[0, 0])
    return (V("float32_ratio_min") == f"{min(ratio):.2f}" and V("float32_ratio_max") == f"{max(ratio):.2f}"
            and V("float32_slope") == f"{slope:.2f}" and 0.9 < slope < 1.1 and max(far) == 10**6)


def float32_at_three_positions():
    f32 = errors(FLOAT32)
    return (V("float32_error_1e3") == f"{f32[1000]:.1e}" and V("float32_error_1e5") == f"{f32[10**5]:.1e}"
            and V("float32_error_1e6") == f"{f32[10**6]:.2f}"
            and 5e-4 <= f32[10**5] < 5e-3 * 2 and 5e-3 <= f32[10**6] < 5e-2 * 2)


def float32_three_measured():
    """"At position 1,000 it is 1.1e-04": the position of the first quoted error."""
    if not float32_at_three_positions():
        return False
    f32 = errors(FLOAT32)
    return Number(next(p for p in sorted(f32) if V("float32_error_1e3") == f"{f32[p]:.1e}" and p >= 1000), at=0)


def float32_for_training_lengths():
    f32 = errors(FLOAT32)
    few_thousand = [e for p, e in f32.items() if 1000 <= p <= 5000]
    return (all(10**-4.5 < e < 10**-3.5 for e in few_thousand)
            and max(few_thousand) < number(V("bfloat16_stored_max")) and V("float32_error_1e3") == f"{f32[1000]:.1e}"
            and V("bfloat16_stored_max") == f"{max(errors('reference stored as bfloat16').values()):.1e}")


def tight_tolerance_fails():
    p = [10**5]
    return not torch.allclose(rows_computed_in(p, 512, dtype=torch.float32), rows_float64_angles(p, 512), atol=1e-3, rtol=0)


def significant_bits():
    def bits(dtype):
        return round(-math.log2(torch.finfo(dtype).eps)) + 1

    return (bits(torch.float16), bits(torch.bfloat16)) == (11, 8) and (
        last_exact_integer(torch.float16), last_exact_integer(torch.bfloat16)) == (2**11, 2**8)


def significant_bits_measured():
    """"Float16 keeps 11 significant bits and bfloat16 keeps 8": each format's significant bits."""
    def bits(dtype):
        return round(-math.log2(torch.finfo(dtype).eps)) + 1

    return significant_bits() and [Number(bits(torch.float16), at=0), Number(bits(torch.bfloat16), at=1)]


def float64_angle_measured():
    """"a float64 angle is off by about p 2^-53 radians, 2^29 times less than a float32 angle, so even at 10^6 it
    stays far below the float32 step near 1": the two formats' steps, and the float64 angle error at 10^6 against
    the float32 step."""
    if not float64_angles_far_below():
        return False
    eps32, eps64 = torch.finfo(torch.float32).eps, torch.finfo(torch.float64).eps
    return [Compare(eps64, eps32), Compare(10**6 * 2.0**-53, STEP)]


def past_the_limit_same_number():
    def stored(q, dtype):
        return float(torch.tensor(float(q), dtype=torch.float64).to(dtype))

    return stored(2049, torch.float16) == 2048 and stored(257, torch.bfloat16) == 256


def spacing(value, dtype):
    x = torch.tensor(value, dtype=dtype)
    return float(torch.nextafter(x, torch.tensor(math.inf, dtype=dtype)) - x)


def float16_steps():
    return (DUP("float16_last_exact") == f"{last_exact_integer(torch.float16):,}" and spacing(2048.0, torch.float16) == 2
            and spacing(4094.0, torch.float16) == 2 and spacing(4096.0, torch.float16) == 4)


def float16_steps_measured():
    """"above it, the step is 2, then 4 from 4096": float16's spacing just above its last exact integer and from
    4096."""
    if not float16_steps():
        return False
    last = float(last_exact_integer(torch.float16))
    return [Number(spacing(last, torch.float16), at=0), Number(spacing(4096.0, torch.float16), at=1),
            Number(4096, at=2)]


def float16_overflow():
    return (DUP("float16_max") == f"{torch.finfo(torch.float16).max:,.0f}"
            and DUP("float16_first_inf") == f"{first_infinite_integer(torch.float16):,}"
            and bool(torch.sin(torch.tensor(math.inf)).isnan()))


def bfloat16_range():
    def distinct_in_power(k):
        stored = torch.arange(2.0**k, 2.0**(k + 1), 2.0**(k - 10), dtype=torch.float64).to(torch.bfloat16).unique()
        return len(stored[stored < 2.0**(k + 1)])

    per_power = {distinct_in_power(k) for k in (8, 12, 16)}
    return (DUP("bfloat16_last_exact") == f"{last_exact_integer(torch.bfloat16):,}" and per_power == {128}
            and first_infinite_integer(torch.bfloat16) is None
            and torch.finfo(torch.bfloat16).max > 0.99 * torch.finfo(torch.float32).max)


def same_number_same_row():
    return (torch.equal(*rows_computed_in([2048, 2049], 512, dtype=torch.float16))
            and torch.equal(*rows_computed_in([256, 257], 512, dtype=torch.bfloat16)))


def counts(dtype, length):
    return data("precision/duplicate_rows")[f"{dtype}/{length}"]


def bfloat16_100k():
    c = counts("bfloat16", 100_000)
    return (number(DUP("bfloat16_distinct_100k")) == c["distinct"] and number(DUP("bfloat16_same_100k")) == c["same_as_previous"]
            and c["rows"] == 100_000 and c["distinct"] + c["same_as_previous"] == c["rows"])


def bfloat16_100k_measured():
    """"A 100,000-row table computed in bfloat16": the rows the count was made over."""
    return bfloat16_100k() and Number(counts("bfloat16", 100_000)["rows"], at=0)


def float16_100k():
    c = counts("float16", 100_000)
    return (number(DUP("float16_distinct_100k")) == c["distinct"] and number(DUP("float16_nan_100k")) == c["nan"]
            and c["rows"] == 100_000)


def collapse_not_first():
    f16, b16 = errors("float16 throughout"), errors("bfloat16 throughout")
    return f16[1000] > 0.1 and b16[100] > 0.1  # large errors well before 2048 and 256, where rows start to merge


def angle_already_coarse():
    f16, b16 = errors("float16 throughout"), errors("bfloat16 throughout")
    return (V("float16_error_1e3") == f"{f16[1000]:.2f}" and V("bfloat16_error_1e3") == f"{b16[1000]:.2f}"
            and f16[1000] > 0.1 and b16[1000] > 0.1)


def angle_coarse_measured():
    """"With 11 or 8 significant bits the angle is already coarse: at position 1,000 ...": the significant bits of
    float16 and bfloat16, and the position whose errors are quoted."""
    if not angle_already_coarse():
        return False
    f16 = errors("float16 throughout")
    position = next(p for p in sorted(f16) if V("float16_error_1e3") == f"{f16[p]:.2f}" and p >= 1000)
    bits = [round(-math.log2(torch.finfo(dtype).eps)) + 1 for dtype in (torch.float16, torch.bfloat16)]
    return [Number(bits[0], at=0), Number(bits[1], at=1), Number(position, at=2)]


def storing_costs_half_a_step():
    s16, sb16 = errors("reference stored as float16"), errors("reference stored as bfloat16")
    source = (SNIPPETS / "precision/error_vs_position.py").read_text()
    styles = re.search(r"styles = \[(.*?)\]", source).group(1)
    recipes = re.findall(r'^    "([^"]+)": rows_', source, flags=re.M)  # the order the figure draws them in
    style = dict(zip(recipes, re.findall(r'"([^"]+)"', styles), strict=True))
    return (V("float16_stored_max") == f"{max(s16.values()):.1e}" and V("bfloat16_stored_max") == f"{max(sb16.values()):.1e}"
            and max(s16.values()) <= 2.0**-12 + 2.0**-25 and max(sb16.values()) <= 2.0**-9 + 2.0**-25
            and max(s16.values()) > 2.0**-12 * (1 - 1e-3) and through_float32()
            and min(s16.values()) > 0.7 * max(s16.values()) and min(sb16.values()) > 0.7 * max(sb16.values())
            and style["reference stored as float16"] == "--" and style["reference stored as bfloat16"] == ":")


def through_float32():
    """torch rounds float64 to float16 through float32: twice, not once."""
    x = torch.rand(10_000, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    return torch.equal(x.to(torch.float16), x.to(torch.float32).to(torch.float16))


def stored_rows_do_not_collapse():
    return all(collapsed_rows(rows_float64_angles(range(4096), 32, dtype=d))["same_as_previous"] == 0
               for d in (torch.float16, torch.bfloat16))


def build_once():
    return reference_flat_at_half_step() and fast_does_not_grow_and_ratio()


def module_casts_at_the_addition():
    layer = PositionalEncoding(8, max_len=16)
    x = torch.randn(2, 5, 8, dtype=torch.float64).to(torch.bfloat16)
    return layer.pe.dtype == torch.float32 and torch.equal(layer(x), x + layer.pe[:5].to(torch.bfloat16))


def autocast_and_half():
    layer = PositionalEncoding(8, max_len=16)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        layer(torch.zeros(1, 4, 8))
    kept = layer.pe.dtype == torch.float32
    reference_tests.test_half_converts_the_table_buffer()
    return kept and storing_costs_half_a_step()


def cast_back():
    layer = PositionalEncoding(8, max_len=4096).half()
    layer.pe = layer.pe.float()
    return (layer.pe.dtype == torch.float32 and collapsed_rows(layer.pe)["same_as_previous"] == 0
            and layer(torch.zeros(1, 3, 8)).dtype == torch.float32)


def recompute_on_the_fly():
    f32 = errors(FLOAT32)
    return float32_band_and_slope() and max(e for p, e in f32.items() if p <= 5000) < 5e-4 and f32[10**5] >= 5e-4


def never_half():
    return (DUP("bfloat16_last_exact") == "256" and DUP("float16_last_exact") == "2,048"
            and DUP("float16_max") == f"{torch.finfo(torch.float16).max:,.0f}")


def ieee_binary16_and_32():
    return (torch.finfo(torch.float16).eps == 2.0**-10 and DUP("float16_max") == f"{torch.finfo(torch.float16).max:,.0f}"
            and torch.finfo(torch.float32).eps == 2.0**-23)


def bfloat16_format():
    # 1 sign + 8 exponent + 7 stored bits (8 significant): float32's exponent range, eps 2**-7
    return (torch.finfo(torch.bfloat16).bits == 16 and torch.finfo(torch.bfloat16).eps == 2.0**-7
            and torch.finfo(torch.bfloat16).max > 0.99 * torch.finfo(torch.float32).max)


# --- the docstrings the page shows with the recipes and the limits (reviewed after the migration) -------------------


def reference_recipe_is_float64_then_cast() -> bool:
    """rows_float64_angles: sin/cos of float64 angles (even columns sin, odd cos), cast to `dtype` at the end."""
    positions, d = [0, 3, 1000, 99_999], 8
    rows64 = rows_float64_angles(positions, d, dtype=torch.float64)
    angle = torch.tensor(positions, dtype=torch.float64)[:, None] * 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    return (rows64.dtype == torch.float64 and torch.equal(rows64[:, 0::2], angle.sin()) and torch.equal(rows64[:, 1::2], angle.cos())
            and all(torch.equal(rows_float64_angles(positions, d, dtype=t), rows64.to(t))
                    for t in (torch.float32, torch.float16, torch.bfloat16))
            and passes(precision_tests.test_sampled_rows_are_the_reference_rows, 7)())


def seeds_recipe_every_step_in_dtype() -> bool:
    """rows_computed_in: position, frequencies, angle and sin/cos all in `dtype` (a float64 redo differs)."""
    positions, d = [0, 1, 700, 5000], 8
    for t in (torch.float32, torch.float16, torch.bfloat16):
        div = torch.exp(torch.arange(0, d, 2, dtype=t) * (-math.log(10000.0) / d))
        angle = torch.tensor(positions, dtype=t)[:, None] * div[None, :]
        rows = rows_computed_in(positions, d, dtype=t)
        if not (rows.dtype == t and torch.equal(rows[:, 0::2], angle.sin()) and torch.equal(rows[:, 1::2], angle.cos())
                and not torch.equal(rows, rows_float64_angles(positions, d, dtype=t))):
            return False
    return True


def every_seed_computes_so() -> bool:
    return (seeds_compute_in_float32() and seeds_recipe_every_step_in_dtype()
            and passes(precision_tests.test_half_precision_tables_collapse_past_their_limit, torch.bfloat16, 256)())


def last_exact_integer_is_two_over_eps() -> bool:
    for t in (torch.float16, torch.bfloat16, torch.float32):
        n = last_exact_integer(t)
        if n != round(2 / torch.finfo(t).eps):
            return False
        every = torch.arange(min(n, 4096) + 1, dtype=torch.float64)
        if not (torch.equal(every.to(t).double(), every) and float(torch.tensor(n + 1.0, dtype=torch.float64).to(t)) != n + 1):
            return False
    return passes(precision_tests.test_half_precision_limits)()


def first_infinite_integer_is_smallest() -> bool:
    n = first_infinite_integer(torch.float16)
    as_half = lambda k: torch.tensor(float(k), dtype=torch.float64).to(torch.float16)  # noqa: E731
    return (as_half(n).isinf().item() and not as_half(n - 1).isinf().item()
            and first_infinite_integer(torch.bfloat16) is None and first_infinite_integer(torch.float32) is None
            and torch.finfo(torch.bfloat16).max > 1e30 and torch.finfo(torch.float16).max < 1e30)


def collapsed_rows_counts() -> bool:
    table = torch.tensor([[0.0, 1.0], [0.0, 1.0], [0.5, 0.5], [math.nan, 1.0], [0.0, 1.0]])
    return (collapsed_rows(table) == {"rows": 5, "distinct": 2, "same_as_previous": 1, "nan": 1}
            and passes(precision_tests.test_float16_rows_past_its_maximum_are_nan)())


# --- more checks that return what they measured (tests/claim_words.py) ----------------------------------------------


def stored_smaller_measured():
    """"the accurate table, rounded once to the smaller format": float16's bits against float32's."""
    return stored_is_rounded_once() and Compare(torch.finfo(torch.float16).bits, torch.finfo(torch.float32).bits)


def float32_bits_measured():
    """"Float32 keeps 24 significant bits": its mantissa bits plus the implicit one."""
    return float32_relative_error() and Number(round(-math.log2(torch.finfo(torch.float32).eps)) + 1)


def float32_absolute_measured():
    """"the absolute error of every angle stays below about p · 2^-24": the angles whose error does, at three
    positions."""
    if not float32_absolute_error():
        return False
    within = [e <= 1.1 * p * STEP for p in (1000, 10**5, 10**6) for e in float32_angle_errors(p)[1]]
    return Count(sum(within), len(within))


def stored_in(q, dtype):
    return float(torch.tensor(float(q), dtype=torch.float64).to(dtype))


def past_the_limit_measured():
    """"consecutive positions round to the same number": float16's 2049 against its 2048."""
    return past_the_limit_same_number() and Compare(stored_in(2049, torch.float16), stored_in(2048, torch.float16))


def bfloat16_range_measured():
    """"it never overflows, but ... it keeps just 128 distinct values per power of two": the integer positions that
    round to infinity, and the values bfloat16 keeps between 2^12 and 2^13."""
    if not bfloat16_range():
        return False
    k = 12
    stored = torch.arange(2.0**k, 2.0**(k + 1), 2.0**(k - 10), dtype=torch.float64).to(torch.bfloat16).unique()
    return [Count(int(first_infinite_integer(torch.bfloat16) is not None), 1, at=1),
            Number(len(stored[stored < 2.0**(k + 1)]), at=0)]


def same_row_measured():
    """"two positions that round to the same number get the same row, so the model cannot tell them apart": the
    positions of the pair, their float16 numbers, their rows, and whether the rows differ."""
    if not same_number_same_row():
        return False
    pair = [2048, 2049]
    a, b = rows_computed_in(pair, 512, dtype=torch.float16)
    return [Number(len(pair)), Compare(stored_in(pair[0], torch.float16), stored_in(pair[1], torch.float16), at=0),
            Compare(a.numpy().tobytes(), b.numpy().tobytes(), at=1), Truth(not torch.equal(a, b))]


def stored_no_collapse_measured():
    """"nothing collapses": the rows equal to the row before in a stored float16 and bfloat16 table."""
    if not stored_rows_do_not_collapse():
        return False
    same = [collapsed_rows(rows_float64_angles(range(4096), 32, dtype=d))["same_as_previous"]
            for d in (torch.float16, torch.bfloat16)]
    return Count(sum(same), 2 * 4096)


def cast_back_measured():
    """"Positions do not collapse": whether a half-precision reference module's table has rows equal to the one
    before."""
    if not cast_back():
        return False
    return Truth(collapsed_rows(PositionalEncoding(8, max_len=4096).half().pe)["same_as_previous"] > 0, at=0)


def every_integer_measured():
    """"every integer 0..n is exactly representable": the integers up to 4096 (or n) each dtype keeps exactly."""
    if not last_exact_integer_is_two_over_eps():
        return False
    holding = total = 0
    for t in (torch.float16, torch.bfloat16, torch.float32):
        every = torch.arange(min(last_exact_integer(t), 4096) + 1, dtype=torch.float64)
        holding, total = holding + int((every.to(t).double() == every).sum()), total + every.numel()
    return Count(holding, total)


LEDGER = Ledger('precision.md', [
    prose('title', "the page's title"),
    prose('question', "the question the page answers; the sentences below answer it"),
    computed('format-not-formula', format_over_formula, backs=[r'\(p\,\omega_i\)', 'depends', 'less']),
    computed('plan', lambda: how_measured() and half_is_far_off(), backs=['1', r'\(10^6\)', 'all', 'every', 'exact']),
    computed('recommendation', lambda: fast_does_not_grow_and_ratio() and number(values("build_table")["fast_vs_reference"]) > 1
             and passes(precision_tests.test_sampled_rows_are_the_reference_rows, 64)(), backs=['1', 'faster', 'float32', 'float64', 'gen.performance.fast_table.float32_steps_near_one', 'gen.performance.fast_table.ratio_to_reference', 'grow', 'not', 'times']),
    computed('store-float32', lambda: passes(reference_tests.test_half_converts_the_table_buffer)() and module_casts_at_the_addition(), backs=['bfloat16', 'float16', 'float32', 'half', 'only', 'store']),
    computed('never-half', half_is_far_off, backs=['bfloat16', 'float16', 'never']),
    prose('how-measured', "a heading"),
    computed('mpmath-and-grid', how_measured, backs=['1', r'\(10^6\)', 'below', 'exact', 'gen.precision.error_vs_position.mpmath_bits', 'gen.precision.error_vs_position.mpmath_digits', 'gen.precision.error_vs_position.positions_sampled']),
    computed('sampled-rows', lambda: V("full_float64_gb") == f"{10**6 * 512 * 8 / 1e9:.1f}"
             and passes(precision_tests.test_sampled_rows_are_the_reference_rows, 64)(), backs=['512', r'\(10^6\)', 'columns', 'depends', 'each', 'equals', 'float64', 'gen.precision.error_vs_position.full_float64_gb', 'only', 'only', 'row', 'row', 'row', 'rows', 'rows', 'same']),
    computed('row-error', row_error_measured, backs=['512', r'\(|\text{computed} - \text{exact}|\)', 'columns', 'largest', 'row']),
    prose('side-by-side', "introduces the snippet shown below it", unbacked=['row']),
    computed('seeds-in-float32', seeds_compute_in_float32, backs=['all', 'bfloat16', 'each', 'every', 'float16', 'float32', 'float32', 'recomputed', 'sine']),
    cited('keras-hub', "keras-team/keras-hub@0e1444f, keras_hub/src/layers/modeling/sine_position_encoding.py (SinePositionEncoding "
          "casts positions with ops.cast(..., self.compute_dtype))", backs=['bfloat16', 'float16']),
    computed('stored-as-float16', stored_smaller_measured, backs=['float16', 'smaller', 'stored']),
    computed('four-ways', four_ways_measured, backs=['100,000', 'row']),
    prose('error-heading', "a heading", unbacked=['grows']),
    computed('figure-axes', lambda: how_measured() and "set_xscale(\"log\")" in (SNIPPETS / "precision/error_vs_position.py").read_text(), backs=['1', 'largest', 'row']),
    computed('figure-alt', figure_alt_text, backs=['1', '2', '24', 'before', 'bfloat16', 'bfloat16', 'float16', 'float16', 'float16', 'float16', 'float32', 'float32', 'grow', 'maximum', 'order', 'rows', 'stored', 'times']),
    computed('table-width', lambda: data("precision/error_vs_position")["d_model"] == 512, backs=['512', 'largest', 'row']),
    computed('reference-at-half-step', reference_flat_at_half_step, backs=['1', r'\(2^{-25} \approx\)', 'all', 'any', 'best', 'float32', 'float32', 'float32', 'float32', 'float64', 'gen.precision.error_vs_position.entries_checked', 'gen.precision.error_vs_position.half_ulp_near_one', 'gen.precision.error_vs_position.reference_max_error', 'grow', 'half', 'largest', 'more', 'no', 'not']),
    computed('reference-rounded', only_few_not_rounded, backs=['differ', 'exact', 'float32', 'float32', 'gen.precision.error_vs_position.reference_not_rounded', 'gen.precision.error_vs_position.reference_worst_ulps', 'more', 'no', 'only', 'worst', 'zero']),
    computed('float64-angle', float64_angle_measured, backs=['1', r'\(10^6\)', r'\(2^{-24}\)', r'\(2^{29}\)', r'\(p \cdot 2^{-53}\)', 'below', 'even', 'float32', 'float32', 'float64', 'less', 'times']),
    computed('float32-relative', float32_bits_measured, backs=['24', r'\(2^{-24}\)', r'\(\omega_i\)', r'\(p\,\omega_i\)', 'float32', 'float32', 'more', 'slower']),
    computed('float32-absolute', float32_absolute_measured, backs=[r'\(p \cdot 2^{-24}\)', 'below', 'every', 'larger', 'smaller']),
    computed('fastest-worst', fastest_set_the_worst_case, backs=['1', r'\(\omega_i\)', r'\(p \cdot 2^{-24}\)', 'cosine', 'fastest', 'row', 'sine', 'worst']),
    computed('float32-band', float32_band_and_slope, backs=['100', r'\(10^6\)', r'\(p \cdot 2^{-24}\)', 'gen.precision.error_vs_position.float32_ratio_max', 'gen.precision.error_vs_position.float32_ratio_min', 'gen.precision.error_vs_position.float32_slope', 'grows', 'linearly']),
    computed('float32-three', float32_three_measured, backs=['1,000', r'\(10^5\)', r'\(10^6\)', 'gen.precision.error_vs_position.float32_error_1e3', 'gen.precision.error_vs_position.float32_error_1e5', 'gen.precision.error_vs_position.float32_error_1e6']),
    computed('float32-training', float32_for_training_lengths, backs=['1,000', r'\(10^{-4}\)', r'\(p \cdot 2^{-24}\)', 'below', 'bfloat16', 'float32', 'gen.precision.error_vs_position.bfloat16_stored_max', 'gen.precision.error_vs_position.float32_error_1e3', 'growing', 'most', 'order', 'same', 'stored']),
    computed('tight-tolerance', lambda: tight_tolerance_fails() and errors(FLOAT32)[10**5] >= 5e-4, backs=[r'\(10^5\)', 'float32']),
    prose('half-heading', "a heading", unbacked=['half']),
    computed('significant-bits', significant_bits_measured, backs=['11', '8', r'\(2^{11}\)', r'\(2^{8}\)', 'bfloat16', 'exactly', 'float16']),
    computed('past-the-limit', past_the_limit_measured, backs=['same']),
    computed('float16-steps', float16_steps_measured, backs=['2', '4', '4096', 'above', 'every', 'float16', 'gen.precision.duplicate_rows.float16_last_exact', 'up to']),
    computed('float16-overflow', lambda: float16_overflow() and passes(precision_tests.test_float16_rows_past_its_maximum_are_nan)(), backs=[r'\(\sin(\infty)\)', 'gen.precision.duplicate_rows.float16_first_inf', 'gen.precision.duplicate_rows.float16_max', 'largest', 'row', 'up']),
    computed('bfloat16-range', bfloat16_range_measured, backs=['128', 'above', 'bfloat16', 'distinct', 'every', 'float32', 'gen.precision.duplicate_rows.bfloat16_last_exact', 'gen.precision.duplicate_rows.bfloat16_last_exact', 'never', 'only', 'up to']),
    computed('float32-integers', lambda: DUP("float32_last_exact") == f"{last_exact_integer(torch.float32):,}" and last_exact_integer(torch.float32) == 2**24, backs=['every', 'float32', 'gen.precision.duplicate_rows.float32_last_exact', 'up to']),
    computed('same-row', same_row_measured, backs=['cannot', 'row', 'same', 'same']),
    computed('counted-on', lambda: DUPLICATES_WIDTH == 512 and counts("float16", 4096)["rows"] == 4096, backs=['512']),
    computed('bfloat16-100k', bfloat16_100k_measured, backs=['100,000', 'before', 'bfloat16', 'distinct', 'gen.precision.duplicate_rows.bfloat16_distinct_100k', 'gen.precision.duplicate_rows.bfloat16_same_100k', 'row', 'rows', 'rows']),
    computed('float16-100k', float16_100k, backs=['distinct', 'float16', 'gen.precision.duplicate_rows.float16_distinct_100k', 'gen.precision.duplicate_rows.float16_nan_100k', 'rows', 'rows']),
    computed('not-first-problem', collapse_not_first, backs=['even', 'first', 'not']),
    computed('angle-coarse', angle_coarse_measured, backs=['1', '1', '1,000', '11', '8', 'before', 'bfloat16', 'float16', 'gen.precision.error_vs_position.bfloat16_error_1e3', 'gen.precision.error_vs_position.float16_error_1e3', 'row', 'row']),
    computed('storing', storing_costs_half_a_step, backs=['1', r'\([-1, 1]\)', 'at most', 'bfloat16', 'different', 'float16', 'float32', 'float32', 'float64', 'gen.precision.error_vs_position.bfloat16_stored_max', 'gen.precision.error_vs_position.float16_stored_max', 'half', 'half']),
    computed('stored-no-collapse', stored_no_collapse_measured, backs=['never']),
    prose('what-to-do', "a heading"),
    computed('build-once', build_once, backs=[r'\(10^5\)', r'\(10^6\)', 'float32', 'float64', 'gen.performance.fast_table.error_1e5', 'gen.performance.fast_table.error_1e6', 'gen.performance.fast_table.ratio_to_reference', 'grow', 'half', 'not', 'times', 'up to', 'within']),
    computed('keep-float32', module_casts_at_the_addition, backs=['float32']),
    computed('autocast-half', autocast_and_half, backs=['above', 'bfloat16', 'bfloat16', 'buffer', 'buffer', 'float16', 'float32', 'gen.precision.error_vs_position.bfloat16_stored_max', 'gen.precision.error_vs_position.float16_stored_max', 'half', 'stored']),
    computed('cast-back', cast_back_measured, backs=['after', 'buffer', 'float32', 'never', 'not']),
    computed('on-the-fly', recompute_on_the_fly, backs=[r'\(10^5\)', r'\(p \cdot 2^{-24}\)', 'float32', 'grows', 'recompute']),
    computed('never', lambda: never_half() and passes(precision_tests.test_half_precision_tables_collapse_past_their_limit, torch.float16, 2048)()
             and passes(precision_tests.test_half_precision_tables_collapse_past_their_limit, torch.bfloat16, 256)()
             and passes(precision_tests.test_float16_rows_past_its_maximum_are_nan)(), backs=['bfloat16', 'bfloat16', 'float16', 'float16', 'float16', 'gen.precision.duplicate_rows.bfloat16_last_exact', 'gen.precision.duplicate_rows.float16_last_exact', 'gen.precision.duplicate_rows.float16_max', 'never', 'never', 'rows', 'rows']),
    prose('sources', "a heading"),
    cited('vaswani', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5", backs=['2017', '3.5', 'all']),
    cited('ieee', "IEEE 754-2019, table 3.5 (binary16: p = 11, emax = 15; binary32: p = 24)", ieee_binary16_and_32, backs=['11', '2019', '24', '754', 'gen.precision.duplicate_rows.float16_max', 'largest']),
    cited('kalamkar', "Kalamkar et al. 2019, arXiv:1905.12322, section 2 (the bfloat16 format)", bfloat16_format, backs=['2019', '8', '8', 'bfloat16', 'bfloat16']),
    cited('goldberg', "Goldberg 1991, ACM Computing Surveys 23(1), section 1.2 (relative error and ulps)", backs=['1991', 'every']),
    cited('finfo', "PyTorch documentation, torch.finfo (type_info.html)",
          lambda: torch.finfo(torch.float16).eps > 0 and torch.finfo(torch.float16).max > 0, backs=['above']),
    cited('mpmath', "mpmath, https://mpmath.org/ (the library the job imports)", lambda: mpmath.mp.prec > 0, backs=['exact']),
    prose('recommendation-2', 'an admonition title: it names the box of advice that follows and states nothing itself'),
    prose('does-error-third-decimal-matter', 'an admonition title: a question the box answers below, with its own checked sentences'),
    computed('reference-recipe-at-arbitrary-positions', reference_recipe_is_float64_then_cast, backs=['cos', 'float64', 'sin']),
    computed('seeds-recipe-with-every-step', seeds_recipe_every_step_in_dtype, backs=['cos', 'every', 'sin']),
    computed('with-dtype-torch-float32-how', every_seed_computes_so, backs=['bfloat16', 'every', 'float16', 'float32']),
    computed('largest-n-such-every-integer', every_integer_measured, backs=['0', '2', 'every', 'exactly', 'largest']),
    computed('smallest-integer-position-rounds-inf', first_infinite_integer_is_smallest, backs=['10', '30', 'none', 'smallest']),
    computed('count-distinct-finite-rows-table', collapsed_rows_counts, backs=['before', 'distinct', 'equal', 'row', 'rows', 'rows', 'rows']),
    prose('which-way-computing-table-use', "what the page gives: a plan of the page (the advice is the Recommendation box, checked by 'recommendation')"),
    computed('read-reference-implementation-first-page', lambda: "what the\n    [reference](reference.md#the-function) does, and why" in (DOCS / "precision.md").read_text(encoding="utf-8") and "**Angles are computed in float64**" in (DOCS / "reference.md").read_text(encoding="utf-8"), backs=['first', 'float64']),
])

test_claims_hold = LEDGER.test
