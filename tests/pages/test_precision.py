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


LEDGER = Ledger('precision.md', [
    prose('title', "Precision", "the page's title"),
    prose('summary', r"Which way of computing the table to use, with the measurements behind the advice.", "what the page gives: a plan of the page (the advice is the Recommendation box, checked by 'recommendation')"),
    computed('read-first', r"Read [the reference implementation](reference.md) first: this page explains its choice of float64 angles.",
             lambda: "what the\n    [reference](reference.md#the-function) does, and why" in (DOCS / "precision.md").read_text(encoding="utf-8")
             and "**Angles are computed in float64**" in (DOCS / "reference.md").read_text(encoding="utf-8")),
    prose('question', "How far from the true values is the table your code builds?", "the question the page answers; the sentences below answer it"),
    computed('format-not-formula', r"It depends less on the formula than on **the number format of the angle** \(p\,\omega_i\).", format_over_formula),
    computed('plan', r"This page measures the error of every common way of computing the table against exact values, at positions from 1 to \(10^6\), and finds where half-precision formats stop holding positions at all.", lambda: how_measured() and half_is_far_off()),
    computed('recommendation', "Compute the angles in **float64** and cast the finished table once (what the [reference](reference.md#the-function) does, and why), or build it faster with the [linearity-based generator](performance.md#the-fast-generator-the-shift-property-as-an-algorithm), whose error does not grow with the position but is {{ gen.performance.fast_table.ratio_to_reference }} times the reference's (about {{ gen.performance.fast_table.float32_steps_near_one }} float32 steps near 1).",
             lambda: fast_does_not_grow_and_ratio() and number(values("build_table")["fast_vs_reference"]) > 1
             and passes(precision_tests.test_sampled_rows_are_the_reference_rows, 64)()),
    computed('store-float32', "Store it in float32, and cast it to a model's float16 or bfloat16 only at the addition (`model.half()` converts the table too: see [what to do](#what-to-do)).", lambda: passes(reference_tests.test_half_converts_the_table_buffer)() and module_casts_at_the_addition()),
    computed('never-half', "**Never compute positions or angles in float16 or bfloat16.**", half_is_far_off),
    prose('how-measured', "How it is measured", "a heading"),
    computed('mpmath-and-grid', r"The exact values come from [mpmath](https://mpmath.org/doc/current/) at {{ gen.precision.error_vs_position.mpmath_bits }} bits (about {{ gen.precision.error_vs_position.mpmath_digits }} decimal digits), at {{ gen.precision.error_vs_position.positions_sampled }} positions from 1 to \(10^6\): points spread evenly on a log scale, plus the limits discussed below.", how_measured),
    computed('sampled-rows', r"A float64 table with \(10^6\) rows of 512 columns would take {{ gen.precision.error_vs_position.full_float64_gb }} GB, so only the sampled rows are built; each row depends on its own position only, so a sampled row equals the same row of a full table (a test checks this against the reference bit for bit).",
             lambda: V("full_float64_gb") == f"{10**6 * 512 * 8 / 1e9:.1f}"
             and passes(precision_tests.test_sampled_rows_are_the_reference_rows, 64)()),
    computed('row-error', r"The error of a row is the largest \(|\text{computed} - \text{exact}|\) over its 512 columns.", row_error_definition),
    prose('side-by-side', "The ways of computing a row, side by side:", "introduces the snippet shown below it"),
    computed('seeds-in-float32', "`rows_computed_in(..., dtype=torch.float32)` is how every seed computes (see [the seed implementations](variants/seeds.md) and [how each variant behaves](variants/index.md#how-each-variant-behaves)): the position, the frequencies, the angle and its sine all in float32. With float16 or bfloat16 it is what happens when the table is recomputed in a model's half-precision compute dtype.", seeds_compute_in_float32),
    cited('keras-hub', "That happens in real code: keras-hub's [`SinePositionEncoding`](https://github.com/keras-team/keras-hub/blob/0e1444fdfbc088d2e736a43927f4719a30becd19/keras_hub/src/layers/modeling/sine_position_encoding.py) casts its positions to the layer's `compute_dtype`, which is float16 or bfloat16 under a mixed-precision policy.",
          "keras-team/keras-hub@0e1444f, keras_hub/src/layers/modeling/sine_position_encoding.py (SinePositionEncoding "
          "casts positions with ops.cast(..., self.compute_dtype))"),
    computed('stored-as-float16', '"Reference stored as float16" is the other thing people mean by "fp16 positional encoding": the accurate table, rounded once to the smaller format.', stored_is_rounded_once),
    computed('four-ways', "One row, four ways, at position 100,000:", four_ways_at_100k),
    prose('error-heading', "The error as the position grows", "a heading"),
    computed('figure-axes', "![Log-log plot of the largest error in a row against the position, from 1 to one million.", lambda: how_measured() and "set_xscale(\"log\")" in (SNIPPETS / "precision/error_vs_position.py").read_text()),
    computed('figure-alt', "The float64-then-cast reference stays flat at float32 rounding; float32 angles grow along the line position times 2^-24; float16 and bfloat16 computations reach errors of order 1 before their integer limits, and float16 rows become NaN past the float16 maximum; the stored float16 and bfloat16 tables stay flat at their rounding step.](generated/precision/error_vs_position.svg)", figure_alt_text),
    computed('table-width', "Largest error in a row, at selected positions (`d_model = 512`):", lambda: data("precision/error_vs_position")["d_model"] == 512),
    computed('reference-at-half-step', r"**Float64 angles, cast to float32, stay at float32 rounding everywhere.** The largest error over all {{ gen.precision.error_vs_position.entries_checked }} sampled entries is {{ gen.precision.error_vs_position.reference_max_error }}, no more than half the float32 step near 1 (\(2^{-25} \approx\) {{ gen.precision.error_vs_position.half_ulp_near_one }}), the best any float32 table can do, and it does not grow with the position.", reference_flat_at_half_step),
    computed('reference-rounded', "Only {{ gen.precision.error_vs_position.reference_not_rounded }} of those entries differ from the correctly rounded float32 value, and no entry is more than {{ gen.precision.error_vs_position.reference_worst_ulps }} of its own float32 step from the exact value (the worst is an entry close to zero, where the step is tiny).", only_few_not_rounded),
    computed('float64-angle', r"Why: a float64 angle is off by about \(p \cdot 2^{-53}\) radians, \(2^{29}\) times less than a float32 angle, so even at \(10^6\) it stays far below the float32 step near 1, \(2^{-24}\).", float64_angles_far_below),
    computed('float32-relative', r"**Float32 angles lose accuracy in proportion to the position.** Float32 keeps 24 significant bits, so the computed angle \(p\,\omega_i\) carries a relative error of a small multiple of \(2^{-24}\): the product rounds once, and \(\omega_i\), computed by `exp` of a rounded exponent, is off by more the slower the frequency.", float32_relative_error),
    computed('float32-absolute', r"The slow frequencies' larger relative error multiplies a smaller angle, so the absolute error of every angle stays below about \(p \cdot 2^{-24}\) radians.", float32_absolute_error),
    computed('fastest-worst', r"A sine or cosine passes an angle error straight through, and the fastest frequencies (\(\omega_i\) near 1) set the row's worst case: about \(p \cdot 2^{-24}\).", fastest_set_the_worst_case),
    computed('float32-band', r"Measured, the error divided by \(p \cdot 2^{-24}\) stays between {{ gen.precision.error_vs_position.float32_ratio_min }} and {{ gen.precision.error_vs_position.float32_ratio_max }} from position 100 to \(10^6\), and the slope on the log-log plot is {{ gen.precision.error_vs_position.float32_slope }}: the error grows linearly.", float32_band_and_slope),
    computed('float32-three', r"At position 1,000 it is {{ gen.precision.error_vs_position.float32_error_1e3 }}; at \(10^5\), {{ gen.precision.error_vs_position.float32_error_1e5 }} (the third decimal is wrong); at \(10^6\), {{ gen.precision.error_vs_position.float32_error_1e6 }} (the second decimal is wrong).", float32_at_three_positions),
    computed('float32-training', r"For the lengths most models train on (a few thousand positions) the float32 error is of order \(10^{-4}\) ({{ gen.precision.error_vs_position.float32_error_1e3 }} at position 1,000, growing like \(p \cdot 2^{-24}\)), below the rounding error of the same table stored in bfloat16 ({{ gen.precision.error_vs_position.bfloat16_stored_max }}).", float32_for_training_lengths),
    computed('tight-tolerance', r"It matters when the table is used far out (long-context inference, timestep embeddings with large values) and when two implementations are compared: a float32 table and the reference disagree in the third decimal at \(10^5\), so a test that compares them with a tight tolerance fails for reasons that have nothing to do with a bug.", lambda: tight_tolerance_fails() and errors(FLOAT32)[10**5] >= 5e-4),
    prose('half-heading', "Half precision: where positions stop existing", "a heading"),
    computed('significant-bits', r"Float16 keeps 11 significant bits and bfloat16 keeps 8, so the integers they hold exactly end at \(2^{11}\) and \(2^{8}\).", significant_bits),
    computed('past-the-limit', "Past that, consecutive positions round to the same number:", past_the_limit_same_number),
    computed('float16-steps', "**Float16** holds every integer up to {{ gen.precision.duplicate_rows.float16_last_exact }}; above it, the step is 2, then 4 from 4096, and so on.", float16_steps),
    computed('float16-overflow', r"Its largest finite value is {{ gen.precision.duplicate_rows.float16_max }}; positions from {{ gen.precision.duplicate_rows.float16_first_inf }} up round to infinity, and \(\sin(\infty)\) is NaN: the whole row is NaN.", lambda: float16_overflow() and passes(precision_tests.test_float16_rows_past_its_maximum_are_nan)()),
    computed('bfloat16-range', "**Bfloat16** holds every integer up to {{ gen.precision.duplicate_rows.bfloat16_last_exact }} only; it has float32's range, so it never overflows, but above {{ gen.precision.duplicate_rows.bfloat16_last_exact }} it keeps just 128 distinct values per power of two.", bfloat16_range),
    computed('float32-integers', "Float32, for comparison, holds every integer up to {{ gen.precision.duplicate_rows.float32_last_exact }}.",
             lambda: DUP("float32_last_exact") == f"{last_exact_integer(torch.float32):,}" and last_exact_integer(torch.float32) == 2**24),
    computed('same-row', "What that does to a table computed in these formats: two positions that round to the same number get the same row, so the model cannot tell them apart.", same_number_same_row),
    computed('counted-on', "Counted on whole tables (`d_model = 512`, computed with `rows_computed_in`):", lambda: DUPLICATES_WIDTH == 512 and counts("float16", 4096)["rows"] == 4096),
    computed('bfloat16-100k', "A 100,000-row table computed in bfloat16 has {{ gen.precision.duplicate_rows.bfloat16_distinct_100k }} distinct rows; {{ gen.precision.duplicate_rows.bfloat16_same_100k }} rows are copies of the row before.", bfloat16_100k),
    computed('float16-100k', "In float16 it has {{ gen.precision.duplicate_rows.float16_distinct_100k }} distinct finite rows and {{ gen.precision.duplicate_rows.float16_nan_100k }} rows of NaN.", float16_100k),
    computed('not-first-problem', "The collapse is not even the first problem.", collapse_not_first),
    computed('angle-coarse', "With 11 or 8 significant bits the *angle* is already coarse: at position 1,000 a float16 row is off by {{ gen.precision.error_vs_position.float16_error_1e3 }} and a bfloat16 row by {{ gen.precision.error_vs_position.bfloat16_error_1e3 }}, on values that lie between -1 and 1. The table is noise long before its positions merge.", angle_already_coarse),
    computed('storing', r"**Storing** an accurate table in these formats is a different matter: rounding values that lie in \([-1, 1]\) costs at most half a step near 1 (plus half a float32 step, since torch casts float64 through float32), whatever the position: {{ gen.precision.error_vs_position.float16_stored_max }} in float16 and {{ gen.precision.error_vs_position.bfloat16_stored_max }} in bfloat16 (the flat dashed and dotted lines in the figure).", storing_costs_half_a_step),
    computed('stored-no-collapse', "The position never passes through the small format, so nothing collapses.", stored_rows_do_not_collapse),
    prose('what-to-do', "What to do", "a heading"),
    computed('build-once', r"**Build once, accurately.** Angles in float64, cast at the end (the [reference](reference.md#the-function), within half a float32 step), or the [fast generator](performance.md#the-fast-generator-the-shift-property-as-an-algorithm), whose error is {{ gen.performance.fast_table.error_1e5 }} up to \(10^5\) and {{ gen.performance.fast_table.error_1e6 }} near \(10^6\): it does not grow with the position, but it is {{ gen.performance.fast_table.ratio_to_reference }} times the reference's.", build_once),
    computed('keep-float32', "**Keep the table in float32** and cast it to the activations' dtype when adding it: `x + pe[:n].to(x.dtype)`, as the [reference module](reference.md#the-module) does.", module_casts_at_the_addition),
    computed('autocast-half', "Under autocast the module, and so its buffer, stays in float32. But a buffer follows dtype casts: `model.half()` (or `.to(torch.bfloat16)`) converts the table with the rest of the model, and it is then *stored* in the small format, at the fixed cost measured above ({{ gen.precision.error_vs_position.float16_stored_max }} in float16, {{ gen.precision.error_vs_position.bfloat16_stored_max }} in bfloat16).", autocast_and_half),
    computed('cast-back', "Positions do not collapse, since they never pass through that format; to keep float32 after such a cast, cast the buffer back (`layer.pe = layer.pe.float()`).", cast_back),
    computed('on-the-fly', r"**If you recompute on the fly** (for example on a GPU, in float32), know that the error grows like \(p \cdot 2^{-24}\): harmless for thousands of positions, visible in the third decimal at \(10^5\).", recompute_on_the_fly),
    computed('never', "**Never** build positions with `torch.arange(n, dtype=torch.float16)` or `bfloat16`, and never evaluate the formula under a half-precision compute dtype: rows merge past {{ gen.precision.duplicate_rows.bfloat16_last_exact }} (bfloat16) or {{ gen.precision.duplicate_rows.float16_last_exact }} (float16), and float16 rows turn to NaN past {{ gen.precision.duplicate_rows.float16_max }}.",
             lambda: never_half() and passes(precision_tests.test_half_precision_tables_collapse_past_their_limit, torch.float16, 2048)()
             and passes(precision_tests.test_half_precision_tables_collapse_past_their_limit, torch.bfloat16, 256)()
             and passes(precision_tests.test_float16_rows_past_its_maximum_are_nan)()),
    prose('sources', "Sources", "a heading"),
    cited('vaswani', 'A. Vaswani et al., [Attention Is All You Need](https://arxiv.org/abs/1706.03762), 2017, section 3.5 (the formula).', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5"),
    cited('ieee', "IEEE, *IEEE Standard for Floating-Point Arithmetic* (IEEE 754-2019): binary16 has an 11-bit significand and a largest finite value of {{ gen.precision.duplicate_rows.float16_max }}; binary32 has a 24-bit significand.", "IEEE 754-2019, table 3.5 (binary16: p = 11, emax = 15; binary32: p = 24)", ieee_binary16_and_32),
    cited('kalamkar', 'D. Kalamkar et al., [A Study of BFLOAT16 for Deep Learning Training](https://arxiv.org/abs/1905.12322), 2019: the bfloat16 format (8 exponent bits, 8 significant bits).', "Kalamkar et al. 2019, arXiv:1905.12322, section 2 (the bfloat16 format)", bfloat16_format),
    cited('goldberg', "D. Goldberg, [What Every Computer Scientist Should Know About Floating-Point Arithmetic](https://docs.oracle.com/cd/E19957-01/806-3568/ncg_goldberg.html), ACM Computing Surveys, 1991: relative rounding error and ulps.", "Goldberg 1991, ACM Computing Surveys 23(1), section 1.2 (relative error and ulps)"),
    cited('finfo', "PyTorch, [`torch.finfo`](https://docs.pytorch.org/docs/stable/type_info.html) (the `eps` and `max` used above).", "PyTorch documentation, torch.finfo (type_info.html)",
          lambda: torch.finfo(torch.float16).eps > 0 and torch.finfo(torch.float16).max > 0),
    cited('mpmath', 'F. Johansson et al., [mpmath](https://mpmath.org/), arbitrary-precision arithmetic (the exact values).', "mpmath, https://mpmath.org/ (the library the job imports)", lambda: mpmath.mp.prec > 0),
])

test_claims_hold = LEDGER.test
