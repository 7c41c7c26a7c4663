"""The claims of docs/performance.md, each with what makes it true (see tests/claimcheck.py).

Timings are not deterministic, so the checks read the committed benchmark reports (build_table.json,
forward_cached_vs_recomputed.json) and re-derive the quoted values from them; what the methods promise is checked on
the helpers and the code they time.
"""

import inspect  # noqa: I001  (test_benchmarks comes first: it puts benchmarks/ and scripts/ on the path)
import math
import re

import test_benchmarks as bench_tests
import _bench
import build_table as build_bench
import forward_cached_vs_recomputed as forward_bench
from regenkit import benchreport, commands

from regenkit.jobs import discover
from support import GENERATED as GENERATED_DIR
from claimcheck import ROOT as ROOT_DIR
from pages import test_performance_code as fast_tests
import torch
from pelib.variants.registry import REFERENCE, VARIANTS, TrigCalls, trig_profile
from claim_words import Compare, Count, Number, Trend
from claimcheck import Ledger, cited, computed, equation, passes, prose
from performance.fast_table import fast_table
from performance import timings
from precision.recipes import rows_float64_angles
from reference import PositionalEncoding, positional_encoding
from support import data, number, quoted_equals, text, values

STEP = 2.0**-24
BENCHES = ("build_table", "forward_cached_vs_recomputed")


def B(key):
    return values("build_table")[key]


def F(key):
    return values("forward_cached_vs_recomputed")[key]


def timed(job, variant, seq_len, device="cpu"):
    return next(r for r in data(job)["results"]
                if r["device"] == device and r["variant"] == variant and r["seq_len"] == seq_len and "seconds" in r)


def memory_x(variant):
    r = next(r for r in data("build_table")["results"] if r["variant"] == variant and "memory" in r and r["device"] == "cpu")
    return r["memory"]["peak_bytes"] / (build_bench.LENGTHS[-1] * build_bench.D_MODEL * 4)


LARGEST = 100_000
REF, F32, FAST, LOOP = ("float64 angles, cast (reference)", "float32 angles, vectorised (seeds)", "linearity: fast_table",
                        "nested Python loop (seed style)")


def fast_measured():
    pattern = r"fast_table ([\d.e+-]+), reference float32 table ([\d.e+-]+)"
    return [float(x) for pair in re.findall(pattern, text("performance/fast_table")) for x in pair]


def plan():
    near, _, far, _ = fast_measured()
    return (max(build_bench.LENGTHS) == 10**5 and build_bench.D_MODEL == 512 and number(B("fast_vs_reference")) > 1
            and max(near, far) <= 3 * STEP and {r["variant"] for r in data("build_table")["results"]} >= {REF, F32, FAST, LOOP})


def machine():
    m = data("build_table")["machine"]
    return (B("cpu_model") == m["cpu_model"] and B("logical_cpus") == str(m["logical_cpus"]) and B("torch") == m["torch"]
            and B("torch_threads") == str(m["torch_threads"]))


def no_gpu():
    return all(data(j)["gpu"] == "not available" and all(r["device"] == "cpu" for r in data(j)["results"]) for j in BENCHES)


def gpu_repeats():
    return ("cuda" in inspect.getsource(_bench.devices) and 'if device == "cpu":' in inspect.getsource(build_bench.measure)
            and "for device in devices()" in inspect.getsource(_bench.measure_everywhere))


def ratio_to_baseline():
    outputs = _bench.sin_cos_baseline(1000)()
    return (all(passes(bench_tests.test_every_time_is_a_ratio_to_the_baseline_of_the_same_run, j)() for j in BENCHES)
            and sum(t.numel() for t in outputs) == 1000 and all(t.dtype == torch.float32 for t in outputs))


def baseline_time_shown():
    shown = (data("build_table")["baseline"]["seconds"]["cpu"]["1000"] * 1e3)
    from support import generated
    table = generated("build_table", "md").read_text()
    return f"| cpu | baseline | 1 ({shown:,.1f} ms)" in table


def time_method():
    return (passes(bench_tests.test_interleaved_timing_takes_the_fastest_round)()
            and all("in turn" in data(j)["method"]["time"] and "shortest" in data(j)["method"]["time"] for j in BENCHES))


def memory_method():
    source = inspect.getsource(_bench)
    return ("/proc/self/clear_refs" in source and "VmHWM" in source and "fresh process" in data("build_table")["method"]["memory"])


def threads():
    return all(data(j)["machine"]["torch_threads"] == 1 for j in BENCHES)


def loop_extrapolated():
    loops = [r for r in data("build_table")["results"] if r.get("variant") == LOOP]
    per_entry = loops[0]["extrapolated"]["seconds_per_entry"]
    return (passes(bench_tests.test_the_loop_is_extrapolated_and_says_so)() and B("loop_rows") == " and ".join(map(str, build_bench.LOOP_ROWS))
            and max(per_entry) < 1.25 * min(per_entry))


def loop_ratio_changes():
    base = data("build_table")["baseline"]["seconds"]["cpu"]
    per_entry = {n: base[str(n)] / n for n in build_bench.LENGTHS}
    ratios = [timed("build_table", LOOP, n)["ratio"] for n in build_bench.LENGTHS]
    return per_entry[LARGEST] > 1.3 * per_entry[1000] and max(ratios) > 1.3 * min(ratios)


def loop_at_largest():
    r = timed("build_table", LOOP, LARGEST)
    return B("loop_seconds") == f"{r['seconds']:,.0f}" and B("loop_ratio") == f"{r['ratio']:,.0f}"


def reference_cost():
    return (B("reference_ratio") == f"{timed('build_table', REF, LARGEST)['ratio']:.1f}"
            and B("reference_memory_x") == f"{memory_x(REF):.1f}"
            and memory_x(REF) < 1.3)  # the float32 table and one chunk of float64 rows: little more than the table


def reference_runs_once():
    return trig_profile(REFERENCE) == ("float64", "once, at construction")


def float32_cost():
    return (B("float32_ratio") == f"{timed('build_table', F32, LARGEST)['ratio']:.1f}" and memory_x(F32) > memory_x(REF)
            and number(values("precision/error_vs_position")["float32_error_1e5"]) >= 5e-4)


def fast_cost():
    fast, ref = timed("build_table", FAST, LARGEST)["ratio"], timed("build_table", REF, LARGEST)["ratio"]
    return (B("fast_ratio") == f"{fast:.2f}" and B("fast_vs_reference") == f"{ref / fast:.0f}"
            and B("fast_memory_x") == f"{memory_x(FAST):.1f}" and passes(fast_tests.test_the_table_is_written_in_place)()
            and passes(bench_tests.test_peak_memory_the_page_states)())


def rotation_pair_by_pair():
    d, p, q = 16, 37, 1234
    table = positional_encoding(p + q + 1, d, dtype=torch.float64)
    omega = 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    ok = True
    for i in range(d // 2):
        c, s = math.cos(q * omega[i]), math.sin(q * omega[i])
        rotation = torch.tensor([[c, s], [-s, c]], dtype=torch.float64)
        ok &= bool(torch.allclose(rotation @ table[p, 2 * i: 2 * i + 2], table[p + q, 2 * i: 2 * i + 2], atol=1e-9, rtol=0))
        ok &= bool(torch.allclose(rotation @ rotation.T, torch.eye(2, dtype=torch.float64)))
    return ok


def block_near_sqrt_n():
    def block_of(n):
        seen = []
        original = torch.arange

        def spy(*args, **kwargs):
            seen.append(args)
            return original(*args, **kwargs)

        torch.arange = spy
        try:
            fast_table(n, 4)
        finally:
            torch.arange = original
        return next(a[0] for a in seen if len(a) == 1)  # the offsets r = 0 .. B - 1: arange(B), the first one-argument call

    return all(abs(block_of(n) - math.sqrt(n)) <= 1 for n in (10, 1000, 12345))


def trig_count():
    counted = {"sin": 0}
    original = torch.sin

    def spy(t):
        counted["sin"] += t.numel()
        return original(t)

    torch.sin = spy
    try:
        n, d = 10_000, 64
        fast_table(n, d)
    finally:
        torch.sin = original
    per_frequency = counted["sin"] / (d // 2)
    return 1.8 * math.sqrt(n) <= per_frequency <= 2.2 * math.sqrt(n) + 2


def evaluated_in_float64():
    with TrigCalls() as calls:
        fast_table(100, 8)
    start = 10**6 - 100
    rows = fast_table(100, 8, start=start, dtype=torch.float64)
    return (set(calls.dtypes) == {torch.float64}
            and bool(torch.allclose(rows, rows_float64_angles(range(start, start + 100), 8, dtype=torch.float64), atol=1e-9, rtol=0)))


def complex_product():
    a, b = torch.rand(100, dtype=torch.float64) * 100, torch.rand(100, dtype=torch.float64) * 100
    s, t = torch.complex(a.sin(), a.cos()), torch.complex(b.cos(), -b.sin())
    product = s * t
    pair = torch.view_as_real(product)  # [real, imaginary] side by side, as [sin, cos]
    return (bool(torch.allclose(pair[:, 0], (a + b).sin(), atol=1e-12, rtol=0) and torch.allclose(pair[:, 1], (a + b).cos(), atol=1e-12, rtol=0))
            and "out=torch.view_as_complex(pe" in inspect.getsource(fast_table) and passes(fast_tests.test_the_table_is_written_in_place)())


def windows():
    lines = text("performance/fast_table").splitlines()
    return "positions 0 .. 99,999" in lines[0] and "positions 999,808 .. 999,999" in lines[1] and lines[1].split("..")[1].startswith(" 999,999")


def fast_error():
    near, reference, far, _ = fast_measured()
    return (quoted_equals("performance/fast_table", "error_1e5", near, ".1e") and quoted_equals("performance/fast_table", "error_1e6", far, ".1e") and quoted_equals("performance/fast_table", "reference_error", reference, ".1e")
            and quoted_equals("performance/fast_table", "float32_steps_near_one", near / STEP, ".1f") and quoted_equals("performance/fast_table", "ratio_to_reference", near / reference, ".1f")
            and far <= 1.5 * near and number(values("precision/error_vs_position")["float32_error_1e6"]) > 100 * far
            and quoted_equals("precision/error_vs_position", "float32_error_1e6", float32_error_at(10**6), ".2f"))


def float32_error_at(p):
    measured = data("precision/error_vs_position")
    return measured["max_error"]["float32 angles (every seed)"][measured["positions"].index(p)]


def roundings_explain():
    near, _, far, _ = fast_measured()
    half = STEP / 2
    return 3 * half < max(near, far) <= 7 * half  # more than the product's and sum's 3 roundings, within all 7


def cached_and_one_seed():
    observed = data("variants/comparison")
    seeds = [v.key for v in VARIANTS if v.kind == "seed"]
    per_forward = [key for key in seeds if observed[key]["computed"] == "every forward"]
    per_call = [key for key in seeds if observed[key]["computed"] == "every call"]
    return (reference_runs_once() and len(per_forward) == 1 and len(per_call) == 1
            and observed[per_call[0]]["storage"] == {"function": ["yes"]})


def forward_input():
    return (F("batch") == str(forward_bench.BATCH) and forward_bench.D_MODEL == 512
            and data("forward_cached_vs_recomputed")["method"]["input"] == f"x of shape [{forward_bench.BATCH}, seq_len, 512], float32")


def seconds(variant, n):
    return timed("forward_cached_vs_recomputed", variant, n)["seconds"]


ADD, CACHED = "the addition alone: x + a ready table", "cached buffer, sliced (reference module)"
RECOMPUTED = ("recomputed: reference recipe (float64, on the CPU)", "recomputed: float32 angles (seeds)", "recomputed: fast_table")


def forward_figure():
    """The figure (drawn from the report by snippets/performance/timings.py) shows every forward the report times,
    from 128 positions, against the sin + cos baseline."""
    report = data("forward_cached_vs_recomputed")
    variants = {r["variant"] for r in report["results"]}
    drawn = {variant for _, variant in timings.timed(report, timings.FORWARD)}
    return (forward_bench.LENGTHS[0] == 128 and set(RECOMPUTED) | {ADD, CACHED} == variants == drawn
            and report["baseline"]["what"].startswith("torch.sin + torch.cos"))


def build_figure():
    """The build figure shows the four ways the report times, the nested loop dashed, on log scales (drawn as
    logarithms), against torch's own sine and cosine."""
    report = data("build_table")
    drawn = {variant for _, variant in timings.timed(report, timings.BUILD)}
    names = {name[0] if isinstance(name, tuple) else name: dash for name, _, dash in timings.BUILD.values()}
    return (drawn == set(build_bench.VARIANTS) and names["nested loop (extrapolated)"] == "--"
            and "math.log10" in inspect.getsource(timings.figure) and {"float32 angles", "reference (float64)"} <= set(names)
            and report["baseline"]["what"].startswith("torch.sin + torch.cos"))


def slicing_is_a_view():
    layer = PositionalEncoding(8, max_len=32)
    last = forward_bench.LENGTHS[-1]
    return (layer.pe[:5].data_ptr() == layer.pe.data_ptr() and layer.pe[:5]._base is layer.pe
            and F("longest") == f"{last:,}"
            and F("cached_vs_add_1k") == f"{seconds(CACHED, 1024) / seconds(ADD, 1024):.1f}"
            and F("cached_vs_add_last") == f"{seconds(CACHED, last) / seconds(ADD, last):.1f}"
            and seconds(CACHED, 1024) < 2 * seconds(ADD, 1024) and seconds(CACHED, last) < 2 * seconds(ADD, last))


def slowdowns():
    last = forward_bench.LENGTHS[-1]
    ref, f32, fast = RECOMPUTED
    pairs = [("reference_slowdown_1k", ref, 1024), ("reference_slowdown_last", ref, last), ("float32_slowdown_1k", f32, 1024),
             ("fast_slowdown_1k", fast, 1024), ("fast_slowdown_last", fast, last)]
    return all(F(key) == f"{seconds(v, n) / seconds(CACHED, n):.1f}" for key, v, n in pairs) and F("longest") == f"{last:,}"


def rebuild_cost_does_not_grow_with_the_batch():
    module = forward_bench.Recomputed(16, positional_encoding)
    counts = []
    for batch in (1, 8):
        with TrigCalls() as calls:
            module(torch.zeros(batch, 10, 16))
        counts.append(len(calls.dtypes))
    return counts[0] == counts[1] > 0  # the addition grows with the batch, the rebuilt table does not


def build_once():
    import test_reference as reference_tests

    ref, _, fast = RECOMPUTED
    last = forward_bench.LENGTHS[-1]
    return (passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)()
            and seconds(ref, 1024) > seconds(CACHED, 1024) and seconds(fast, 1024) >= 0.9 * seconds(CACHED, 1024)
            and seconds(ref, last) > seconds(CACHED, last))  # fast_table rebuilt each call is no cheaper than slicing


def rebuild_at_offset():
    _, _, fast = RECOMPUTED
    last = forward_bench.LENGTHS[-1]
    return passes(fast_tests.test_start_gives_the_rows_at_an_offset)() and seconds(fast, last) < 1.3 * seconds(ADD, last)


def outputs_written():
    """Each benchmark writes its report, table and values, and draws nothing; the page script that draws the figures
    reads every report and writes a figure for each."""
    from support import GENERATED

    reader = next(j for j in discover() if j.name == "performance/timings")
    return (all((GENERATED / f"{j}{suffix}").is_file() for j in BENCHES for suffix in (".json", ".md", ".values.json"))
            and not any("matplotlib" in (ROOT_DIR / "benchmarks" / f"{j}.py").read_text(encoding="utf-8") for j in BENCHES)
            and set(reader.reads) == {f"{j}.json" for j in BENCHES}
            and all((GENERATED / "performance" / f"timings-{name}{suffix}").is_file()
                    for name in ("build_table", "forward") for suffix in (".svg", "-narrow.svg")))


def regen_skips_benchmarks():
    """What a plain (even a forced) regen would run holds no benchmark; asked for, every benchmark is planned."""
    jobs = discover()
    plain = commands.plan(jobs, GENERATED_DIR, force=True, bench=False, experiments=False)
    asked = commands.plan(jobs, GENERATED_DIR, force=False, bench=True, experiments=False)
    benches = {j.name for j in jobs if j.kind == "bench"}
    return bool(benches) and not any(j.kind == "bench" for j in plain) and benches <= {j.name for j in asked}


def check_promises():
    job = next(j for j in discover() if j.name == "build_table")
    inputs = {p.name for p in job.inputs()}
    return (tuple(benchreport.KEYS) == ("benchmark", "machine", "gpu", "baseline", "results", "method")
            and set(benchreport.MACHINE_KEYS) == {"cpu_model", "logical_cpus", "torch_threads", "torch", "gpu"}
            and {"build_table.py", "_bench.py", "fast_table.py", "reference.py"} <= inputs
            and "run_all" not in inspect.getsource(commands.check)  # check never runs a job
            and all(benchreport.file_problems(GENERATED_DIR / f"{name}.json") == [] for name in BENCHES))


# --- the docstrings the page shows with the benchmarks' and fast_table's code ----------------------------------------


def shortest_of_interleaved_rounds():
    """_bench.interleaved_seconds on a clock the calls advance: after the warm-up each round calls every one once
    in turn, and each call's time is its shortest."""
    clock, order = [0.0], []
    lasts = {"a": [5.0, 3.0, 4.0], "b": [2.0, 6.0, 1.0]}

    def call(name):
        def fn():
            order.append(name)
            if len(order) > len(lasts):  # the warm-up calls take no time here
                clock[0] += lasts[name].pop(0)
        return fn

    real = _bench.time, _bench.gc  # gc.collect() is recorded in place of running it, so its order shows
    _bench.time = type("Clock", (), {"perf_counter": staticmethod(lambda: clock[0])})
    _bench.gc = type("Collector", (), {"collect": staticmethod(lambda: order.append("gc"))})
    try:
        best = _bench.interleaved_seconds({"a": call("a"), "b": call("b")}, rounds=3, warmup=1)
    finally:
        _bench.time, _bench.gc = real
    return order == ["a", "b"] + ["gc", "a", "gc", "b"] * 3 and best == {"a": 3.0, "b": 1.0}


def sin_and_cos_of_the_same_float32_angles(result, outputs):
    sin, cos = result
    return (sin.dtype == cos.dtype == torch.float32 and sin.numel() == cos.numel() == outputs // 2
            and bool(torch.allclose(sin**2 + cos**2, torch.ones_like(sin), atol=1e-6)))


def sin_cos_baseline_as_documented():
    """sin_cos_baseline(outputs): sine and cosine of the same outputs // 2 float32 angles, `outputs` results."""
    return all(sin_and_cos_of_the_same_float32_angles(_bench.sin_cos_baseline(n)(), n) for n in (40, 41))


def build_baseline_as_documented():
    """build_table.baseline: seq_len * d_model / 2 float32 angles, as many outputs as the table."""
    return sin_and_cos_of_the_same_float32_angles(build_bench.baseline(10, 8), 80) and positional_encoding(10, 8).numel() == 80


def loop_is_one_entry_at_a_time():
    with TrigCalls() as calls:
        table = build_bench.nested_loop(3, 4)
    return len(calls.dtypes) == table.numel() and torch.allclose(table, positional_encoding(3, 4), atol=1e-6)


def float32_recipe_as_documented():
    with TrigCalls() as calls:
        table = build_bench.float32_angles(20, 8)
    return table.dtype == torch.float32 and set(calls.dtypes) == {torch.float32} and "float64" not in inspect.getsource(build_bench.float32_angles)


def reference_recipe_as_documented():
    with TrigCalls() as calls:
        table = build_bench.reference(20, 8)
    return table.dtype == torch.float32 and set(calls.dtypes) == {torch.float64} and torch.equal(table, positional_encoding(20, 8))


def angle_addition_at_every_frequency():
    """sin(a + b) and cos(a + b) by the two identities at random angles, and fast_table built on them equal to the
    reference at every frequency."""
    a, b = torch.rand(1000, dtype=torch.float64) * 1e4, torch.rand(1000, dtype=torch.float64) * 100
    return (bool(torch.allclose((a + b).sin(), a.sin() * b.cos() + a.cos() * b.sin(), atol=1e-9, rtol=0))
            and bool(torch.allclose((a + b).cos(), a.cos() * b.cos() - a.sin() * b.sin(), atol=1e-9, rtol=0))
            and passes(fast_tests.test_float64_fast_table_is_the_reference, 1000, 64, None)())


def rebuilt_on_every_call():
    built = []

    def build(n, d):
        built.append((n, d))
        return positional_encoding(n, d)

    module = forward_bench.Recomputed(8, build)
    x = torch.zeros(2, 5, 8, dtype=torch.float64)
    outs = [module(x) for _ in range(3)]
    return built == [(5, 8)] * 3 and all(o.dtype == x.dtype and o.device == x.device for o in outs)


def forward_passes_as_documented():
    modules = list(forward_bench.forward_passes("cpu", 16).values())
    return (isinstance(modules[0], PositionalEncoding) and len(modules) == 4
            and all(isinstance(m, forward_bench.Recomputed) for m in modules[1:])
            and all(not m.training for m in modules)
            and all(t.device.type == "cpu" for m in modules for t in [*m.parameters(), *m.buffers()]))


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def plan_measured():
    """"up to 10^5 positions of width 512": the longest length the build benchmark times, against 10^5, and its
    width."""
    return plan() and [Compare(max(build_bench.LENGTHS), 10**5), Number(build_bench.D_MODEL)]


def no_gpu_measured():
    """"no GPU, so there are no GPU rows": the reports that found a GPU, and the rows timed on one."""
    if not no_gpu():
        return False
    rows = [r for j in BENCHES for r in data(j)["results"]]
    return [Count(sum(data(j)["gpu"] != "not available" for j in BENCHES), len(BENCHES)),
            Count(sum(r["device"] != "cpu" for r in rows), len(rows))]


def largest_rows():
    """The length of the rows the build benchmark's largest results were timed at."""
    return timed("build_table", REF, max(build_bench.LENGTHS))["seq_len"]


def table_size_measured():
    """"peak memory at 100,000 rows": the length the memory of the build benchmark was measured at."""
    ok = B("table_mib") == f"{LARGEST * 512 * 4 / 2**20:,.0f}" and build_bench.D_MODEL == 512
    measured = {r["seq_len"] for r in data("build_table")["results"] if "memory" in r and r["device"] == "cpu"}
    return ok and len(measured) == 1 and Number(measured.pop())


def loop_at_largest_measured():
    return loop_at_largest() and Number(timed("build_table", LOOP, max(build_bench.LENGTHS))["seq_len"])


def reference_cost_measured():
    return reference_cost() and Number(largest_rows())


def float32_cost_measured():
    """"more memory than the reference's chunks": the peak memory of the float32 recipe against the reference's."""
    return float32_cost() and Compare(memory_x(F32), memory_x(REF))


def fast_cost_measured():
    """"at 100,000 rows ... times faster than the reference": the length, and the speeds (1 / time) of the two."""
    if not fast_cost():
        return False
    n = max(build_bench.LENGTHS)
    fast, ref = timed("build_table", FAST, n), timed("build_table", REF, n)
    return [Number(fast["seq_len"]), Compare(1 / fast["seconds"], 1 / ref["seconds"])]


def windows_measured():
    """"the whole 100,000-row table and the last rows before 10^6": the rows of the first window and the last
    position of the second, against 10^6."""
    if not windows():
        return False
    first, second = (re.search(r"positions ([\d,]+) \.\. ([\d,]+)", line).groups()
                     for line in text("performance/fast_table").splitlines()[:2])
    rows = int(first[1].replace(",", "")) - int(first[0].replace(",", "")) + 1
    return [Number(rows), Compare(int(second[1].replace(",", "")), 10**6)]


def fast_error_measured():
    """"it does not grow with the position": the error of fast_table near 10^5 and near 10^6, in that order."""
    if not fast_error():
        return False
    near, _, far, _ = fast_measured()
    return Trend((near, far))


def slice_view_measured():
    """"a slice is a view, no copy": the slices of the cached buffer that hold memory of their own."""
    if not slicing_is_a_view():
        return False
    layer = PositionalEncoding(8, max_len=32)
    slices = [layer.pe[:n] for n in (1, 5, 32)]
    return Count(sum(s.data_ptr() != layer.pe.data_ptr() or s._base is not layer.pe for s in slices), len(slices))


def slowdowns_measured():
    """"a forward pass ... times slower than the cached one at 1,024 positions": the speed (1 / time) of the forward
    that rebuilds with the reference recipe against the cached one's, and the length measured."""
    if not slowdowns():
        return False
    ref = RECOMPUTED[0]
    return [Compare(1 / seconds(ref, 1024), 1 / seconds(CACHED, 1024)),
            Number(timed("forward_cached_vs_recomputed", ref, 1024)["seq_len"])]


def batch_measured():
    """"The larger the batch, the more the addition dominates and the less rebuilding costs in proportion": two
    batches, and for each the share of the numbers the addition writes and of the sines and cosines rebuilding
    evaluates, in the order larger batch, smaller batch."""
    if not rebuild_cost_does_not_grow_with_the_batch():
        return False
    module = forward_bench.Recomputed(16, positional_encoding)
    shares = {}
    for batch in (8, 1):
        with TrigCalls() as calls:
            module(torch.zeros(batch, 10, 16))
        added, rebuilt = batch * 10 * 16, len(calls.dtypes)
        shares[batch] = (added / (added + rebuilt), rebuilt / (added + rebuilt))
    return [Compare(8, 1), Compare(shares[8][0], shares[1][0]), Compare(shares[8][1], shares[1][1])]


def forward_figure_measured():
    """"seq_len from 128 ... three ways of rebuilding the table": the first length the figure draws and the forwards
    drawn that rebuild."""
    if not forward_figure():
        return False
    report = data("forward_cached_vs_recomputed")
    drawn = {variant for _, variant in timings.timed(report, timings.FORWARD)}
    lengths = sorted({r["seq_len"] for r in report["results"] if r["variant"] in drawn})
    return [Number(lengths[0]), Number(len([v for v in drawn if v.startswith("recomputed")]))]


def outputs_measured():
    """"Each benchmark writes NAME.json, NAME.md and NAME.values.json": the benchmarks that wrote all three."""
    if not outputs_written():
        return False
    from support import GENERATED

    wrote = [all((GENERATED / f"{j}{suffix}").is_file() for suffix in (".json", ".md", ".values.json"))
             for j in BENCHES]
    return Count(sum(wrote), len(wrote), at=0)


def regen_skips_measured():
    """"A normal make regen never runs them": the benchmarks a forced plain regen would run."""
    if not regen_skips_benchmarks():
        return False
    jobs = discover()
    plain = {j.name for j in commands.plan(jobs, GENERATED_DIR, force=True, bench=False, experiments=False)}
    benches = [j.name for j in jobs if j.kind == "bench"]
    return Count(sum(name in plain for name in benches), len(benches))


def sin_cos_baseline_measured():
    """"over outputs // 2 float32 angles": the outputs asked for over the angles of one function."""
    return sin_cos_baseline_as_documented() and Number(40 / _bench.sin_cos_baseline(40)()[0].numel())


def build_baseline_measured():
    """"seq_len * d_model / 2 float32 angles": the table's entries over the angles of one function."""
    return build_baseline_as_documented() and Number(10 * 8 / build_bench.baseline(10, 8)[0].numel())


def fast_table_angles_measured():
    """"about 2 sqrt(seq_len) angles per frequency": the sines evaluated per frequency over sqrt(seq_len)."""
    ok = (trig_count() and evaluated_in_float64()
          and passes(fast_tests.test_float64_fast_table_is_the_reference, 100, 8, None)())
    if not ok:
        return False
    counted = {"sin": 0}
    original = torch.sin

    def spy(t):
        counted["sin"] += t.numel()
        return original(t)

    torch.sin = spy
    try:
        n, d = 10_000, 64
        fast_table(n, d)
    finally:
        torch.sin = original
    return Number(counted["sin"] / (d // 2) / math.sqrt(n))


def rebuilt_every_call_measured():
    """"rebuilt on every call": the calls that rebuilt the table."""
    if not rebuilt_on_every_call():
        return False
    built = []

    def build(n, d):
        built.append((n, d))
        return positional_encoding(n, d)

    module = forward_bench.Recomputed(8, build)
    for _ in range(3):
        module(torch.zeros(2, 5, 8))
    return Count(len(built), 3)


def forward_passes_measured():
    """"The cached reference module and three that recompute, all on device": the modules that rebuild, and those
    whose tensors are all on the device asked for."""
    if not forward_passes_as_documented():
        return False
    modules = list(forward_bench.forward_passes("cpu", 16).values())
    on_device = [all(t.device.type == "cpu" for t in [*m.parameters(), *m.buffers()]) for m in modules]
    return [Number(sum(isinstance(m, forward_bench.Recomputed) for m in modules)), Count(sum(on_device), len(modules))]


LEDGER = Ledger('performance.md', [
    prose('title', "the page's title"),
    prose('question', "the question the page answers"),
    computed('plan', plan_measured, backs=['512', r'\(10^5\)', 'both', 'each', 'every', 'every', 'forward', 'times', 'up to']),
    computed('machine', machine, backs=['gen.build_table.cpu_model', 'gen.build_table.logical_cpus', 'gen.build_table.torch', 'gen.build_table.torch_threads']),
    computed('gpu', lambda: B("gpu") == data("build_table")["machine"]["gpu"] == data("build_table")["gpu"], backs=['gen.build_table.gpu']),
    computed('no-gpu-rows', no_gpu_measured, backs=['below', 'no', 'no', 'rows']),
    computed('gpu-repeats', gpu_repeats, backs=['every', 'rows', 'same']),
    prose('how-to-read', "a heading"),
    computed('ratio-to-baseline', ratio_to_baseline, backs=[r'\(n/2\)', r'\(n\)', 'as many', 'cos', 'each', 'every', 'float32', 'more', 'ratio', 'same', 'sin', 'times']),
    prose('ratio-reading', "what a ratio means, by the definition in the sentence before", unbacked=['2', 'cosine', 'ratio', 'sine', 'twice']),
    computed('baseline-shown', baseline_time_shown, backs=['next']),
    computed('time-method', time_method, backs=['both', 'every', 'least', 'minimum', 'same']),
    computed('memory-method', memory_method, backs=['before', 'first']),
    computed('memory-counts-result', lambda: "VmHWM" in data("build_table")["method"]["memory"] and memory_x(FAST) >= 0.95, backs=['every']),
    computed('gpu-memory', lambda: "torch.cuda.max_memory_allocated()" in inspect.getsource(_bench)),
    computed('one-thread', threads, backs=['every', 'more', 'only']),
    cited('not-deterministic', "the committed build_table.values.json of commits 6bae7f8 and c588de0, two runs on the same machine: fast_ratio "
          "0.69 and 0.95, reference_ratio 5.1 and 7.2 (git show COMMIT:docs/generated/build_table.values.json)", backs=['not', 'same']),
    prose('orders-of-magnitude', "how to read the numbers, following from the sentence before", unbacked=['not']),
    prose('building', "a heading"),
    prose('variants', "introduces the code shown below it"),
    computed('table-size', table_size_measured, backs=['100,000', '512', 'float32', 'gen.build_table.table_mib', 'rows']),
    computed('figure-alt', build_figure, backs=['cosine', 'float32', 'float64', 'sine']),
    computed('loop-extrapolated', loop_extrapolated, backs=['every', 'gen.build_table.loop_rows', 'not', 'rows', 'same']),
    computed('loop-ratio-changes', loop_ratio_changes, backs=['not', 'ratio']),
    computed('loop-at-largest', loop_at_largest_measured, backs=['100,000', 'gen.build_table.loop_ratio', 'gen.build_table.loop_seconds', 'rows', 'times']),
    computed('reference-cost', reference_cost_measured, backs=['100,000', 'each', 'float64', 'float64', 'gen.build_table.reference_memory_x', 'gen.build_table.reference_ratio', 'rows', 'times', 'times']),
    computed('reference-once', reference_runs_once),
    computed('float32-cost', float32_cost_measured, backs=[r'\(10^5\)', 'float32', 'float32', 'gen.build_table.float32_ratio', 'more', 'times']),
    computed('fast-cost', fast_cost_measured, backs=['100,000', 'faster', 'gen.build_table.fast_memory_x', 'gen.build_table.fast_ratio', 'gen.build_table.fast_vs_reference', 'rows', 'times', 'times', 'times']),
    prose('below', "points to the next section", unbacked=['below']),
    prose('fast-heading', "a heading"),
    computed('rotation', rotation_pair_by_pair, backs=[r'\(p + q\)', r'\(p\)', 'rotation']),
    computed('block', block_near_sqrt_n, backs=[r'\(B \approx \sqrt{n}\)', r'\(p = B k + r\)', 'each']),
    computed('two-sqrt-n', trig_count, backs=[r'\(2\sqrt{n}\)', r'\(B\)', r'\(Bk\)', r'\(\lceil n/B \rceil\)', r'\(n\)', r'\(r\)', 'all', 'cosines', 'sines']),
    computed('float64-evaluations', evaluated_in_float64, backs=['any', 'exact', 'float32', 'float64']),
    computed('complex-product', complex_product, backs=[r'\(\sin((a+b)\omega) + i\cos((a+b)\omega)\)', r'\(s = \sin a\omega + i\cos a\omega\)', r'\(s\,t\)', r'\(t = \cos b\omega - i\sin b\omega\)', 'columns', 'columns', 'cos', 'exactly', 'sin']),
    computed('windows', windows_measured, backs=['100,000', r'\(10^6\)', 'before', 'float64', 'last', 'rows']),
    computed('fast-error', fast_error_measured, backs=['1', r'\(10^5\)', r'\(10^6\)', r'\(10^6\)', 'float32', 'float32', 'gen.performance.fast_table.error_1e5', 'gen.performance.fast_table.error_1e6', 'gen.performance.fast_table.float32_steps_near_one', 'gen.performance.fast_table.ratio_to_reference', 'gen.performance.fast_table.reference_error', 'gen.precision.error_vs_position.float32_error_1e6', 'grow', 'not', 'times', 'up to']),
    computed('roundings', roundings_explain, backs=['cosines', 'each', 'each', 'float32', 'float64', 'half', 'sines', 'up to']),
    prose('cached-heading', "a heading"),
    computed('cached-and-seed', cached_and_one_seed, backs=['every', 'every', 'every', 'forward', 'forward']),
    computed('forward-input', forward_input, backs=['512', 'each', 'gen.forward_cached_vs_recomputed.batch']),
    computed('forward-baseline', lambda: data("forward_cached_vs_recomputed")["baseline"]["what"].endswith("(one table)"), backs=['cosine', 'forward', 'sine']),
    computed('forward-figure', forward_figure_measured, backs=['128', 'buffer', 'cos', 'forward', 'sin']),
    computed('slice-view', slice_view_measured, backs=['1,024', 'buffer', 'gen.forward_cached_vs_recomputed.cached_vs_add_1k', 'gen.forward_cached_vs_recomputed.cached_vs_add_last', 'gen.forward_cached_vs_recomputed.longest', 'no', 'times', 'times']),
    computed('slowdowns', slowdowns_measured, backs=['1,024', '1,024', '1,024', 'float32', 'forward', 'gen.forward_cached_vs_recomputed.fast_slowdown_1k', 'gen.forward_cached_vs_recomputed.fast_slowdown_last', 'gen.forward_cached_vs_recomputed.float32_slowdown_1k', 'gen.forward_cached_vs_recomputed.longest', 'gen.forward_cached_vs_recomputed.longest', 'gen.forward_cached_vs_recomputed.reference_slowdown_1k', 'gen.forward_cached_vs_recomputed.reference_slowdown_last', 'slower', 'times', 'times', 'times', 'times', 'times']),
    computed('batch', batch_measured, backs=['larger', 'less', 'more']),
    computed('build-once', build_once, backs=['buffer', 'float64']),
    computed('rebuild-offset', rebuild_at_offset, backs=['any', 'more', 'not', 'only', 'rows']),
    prose('run-heading', "a heading"),
    computed('outputs', outputs_measured, backs=['above', 'each', 'every']),
    computed('regen-skips', regen_skips_measured, backs=['never']),
    computed('check-promises', check_promises, backs=['any', 'differ', 'each', 'either', 'never', 'not']),
    equation('angle-addition'),
    prose('machine-these-numbers-come-from', 'an admonition title: it labels the box that names the machine'),
    prose('recommendation', 'an admonition title: it labels the box of advice that follows and states nothing itself'),
    computed('shortest-wall-time-each-call', shortest_of_interleaved_rounds, backs=['each', 'each', 'every']),
    prose('interleaving-puts-baseline-what-compared', 'why the timing method is chosen: a judgement about noise on a shared machine, which the site does not measure', unbacked=['both', 'least', 'minimum', 'more', 'same']),
    computed('torch-sin-torch-cos-over', sin_cos_baseline_measured, backs=['2', 'cos', 'each', 'float32', 'sin']),
    computed('one-entry-at-time-with', loop_is_one_entry_at_a_time),
    computed('vectorised-everything-float32-other-seeds', float32_recipe_as_documented, backs=['float32']),
    computed('reference-float64-angles-cast-float32', reference_recipe_as_documented, backs=['float32', 'float64']),
    computed('fast-table-float64-sin-cos', fast_table_angles_measured, backs=['2', 'cos', 'float64', 'sin']),
    computed('torch-sin-torch-cos-seq', build_baseline_measured, backs=['2', 'as many', 'cos', 'float32', 'sin']),
    computed('return-rows-start-start-seq', lambda: passes(fast_tests.test_start_gives_the_rows_at_an_offset)() and trig_count(), backs=['1', 'cosines', 'rows', 'sines']),
    computed('write-each-position-as-p', lambda: all(passes(fast_tests.test_float64_fast_table_is_the_reference, 50, 6, block)() for block in (1, 7, 50)) and block_near_sqrt_n(), backs=['0', '<', '<', 'each']),
    computed('then-every-frequency-w-sin', angle_addition_at_every_frequency, backs=['cos', 'cos', 'cos', 'cos', 'cos', 'every', 'sin', 'sin', 'sin', 'sin', 'sin']),
    computed('few-sines-cosines-b-are', lambda: evaluated_in_float64() and complex_product() and passes(fast_tests.test_float32_error_is_a_few_steps_at_any_position)(), backs=['any', 'columns', 'cosines', 'float64', 'sines']),
    computed('add-table-rebuilt-every-call', rebuilt_every_call_measured, backs=['every']),
    computed('cached-reference-module-three-recompute', forward_passes_measured, backs=['all', 'recompute']),
    prose('what-building-using-table-costs', 'what the page gives: a plan of the page (its measurements are checked where they stand)', unbacked=['every']),
    prose('read-reference-implementation-first-linearity', 'reading advice (the strict build checks the links)', unbacked=['first']),
])

test_claims_hold = LEDGER.test
