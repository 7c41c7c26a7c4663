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
from pages import test_performance_code as fast_tests
import torch
from pelib.variants.registry import REFERENCE, VARIANTS, TrigCalls, trig_profile
from claimcheck import Ledger, cited, computed, equation, passes, prose
from performance.fast_table import fast_table
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
    variants = {r["variant"] for r in data("forward_cached_vs_recomputed")["results"]}
    return forward_bench.LENGTHS[0] == 128 and set(RECOMPUTED) | {ADD, CACHED} == variants


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
    from support import GENERATED

    return all((GENERATED / f"{j}{suffix}").is_file() for j in BENCHES for suffix in (".json", ".md", ".svg", ".values.json"))


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


LEDGER = Ledger('performance.md', [
    prose('title', "Performance", "the page's title"),
    prose('summary', r"What building and using the table costs in time and memory, for every common way of building it, and what to build it with.", "what the page gives: a plan of the page (what to build it with is the Recommendation box; the list of builders is checked by 'plan')"),
    prose('read-first', r"Read [the reference implementation](reference.md) first, and [linearity](linearity.md) for the fast generator.", "reading advice: the fast generator is the shift property of linearity.md used as an algorithm"),
    prose('question', "What does the table cost to build, and to use?", "the question the page answers"),
    computed('plan', r"This page times every common way of building it, up to \(10^5\) positions of width 512, measures the peak memory each needs, compares a cached table with one rebuilt on every forward pass, and presents a generator that uses the shift property itself to be both fast and accurate.", plan),
    computed('machine', "{{ gen.build_table.cpu_model }}, {{ gen.build_table.logical_cpus }} logical CPUs, torch {{ gen.build_table.torch }} using {{ gen.build_table.torch_threads }} thread(s).", machine),
    computed('gpu', "GPU: {{ gen.build_table.gpu }}.", lambda: B("gpu") == data("build_table")["machine"]["gpu"] == data("build_table")["gpu"]),
    computed('no-gpu-rows', "This run had no GPU, so there are no GPU rows below.", no_gpu),
    computed('gpu-repeats', "Where `torch.cuda.is_available()`, the same benchmarks repeat every measurement on the GPU (except the Python loop) and add rows marked `cuda`.", gpu_repeats),
    prose('how-to-read', "How to read the numbers", "a heading"),
    computed('ratio-to-baseline', r"Absolute times say more about the machine than about the code, so **every time is reported as a ratio to a baseline measured in the same run**: `torch.sin` and `torch.cos` over \(n/2\) float32 angles each, which produce as many numbers as a table of \(n\) entries.", ratio_to_baseline),
    prose('ratio-reading', 'A ratio of 2 means "twice as long as torch takes to evaluate one sine or cosine per entry".', "what a ratio means, by the definition in the sentence before"),
    computed('baseline-shown', "The baseline's own time is shown next to it.", baseline_time_shown),
    computed('time-method', "**Time**: the shortest of several runs, in rounds that call the baseline and every variant in turn, so that both see the same load; the minimum is the run least disturbed by other processes.", time_method),
    computed('memory-method', "**Peak memory** (CPU): the growth of the peak resident set of a fresh process during one call, over its size just before (`VmHWM` from `/proc/self/status`, reset first through `/proc/self/clear_refs`).", memory_method),
    computed('memory-counts-result', "It counts every page torch touches, the result included.",
             lambda: "VmHWM" in data("build_table")["method"]["memory"] and memory_x(FAST) >= 0.95),
    computed('gpu-memory', "On a GPU it is `torch.cuda.max_memory_allocated`.", lambda: "torch.cuda.max_memory_allocated()" in inspect.getsource(_bench)),
    computed('one-thread', "**One CPU thread**, so that the benchmark is stable on a shared machine; the ratios hold for more threads only as far as every variant scales alike.", threads),
    cited('not-deterministic', "Benchmarks are not deterministic: another run on the same machine moves the ratios by tens of percent.",
          "the committed build_table.values.json of commits 6bae7f8 and c588de0, two runs on the same machine: fast_ratio "
          "0.69 and 0.95, reference_ratio 5.1 and 7.2 (git show COMMIT:docs/generated/build_table.values.json)"),
    prose('orders-of-magnitude', "Read them as orders of magnitude and rankings, not as three-digit facts.", "how to read the numbers, following from the sentence before"),
    prose('building', "Building the table", "a heading"),
    prose('variants', "The variants, as the benchmark runs them:", "introduces the code shown below it"),
    computed('table-size', "Time to build a `[seq_len, 512]` table, as a multiple of the baseline, and peak memory at 100,000 rows (the float32 table itself is {{ gen.build_table.table_mib }} MiB):",
             lambda: B("table_mib") == f"{LARGEST * 512 * 4 / 2**20:,.0f}" and build_bench.D_MODEL == 512),
    computed('figure-alt', "![Time to build the table as a multiple of torch's own sine and cosine against seq_len, log scales, for the nested Python loop (extrapolated, dashed), float32 angles, the float64 reference and fast_table](generated/build_table.svg)",
             lambda: 'ax.set_xscale("log")' in inspect.getsource(build_bench) and '"--" if name.startswith("nested")' in inspect.getsource(build_bench)),
    computed('loop-extrapolated', "**The nested Python loop** is extrapolated, not measured at these sizes: it is timed at {{ gen.build_table.loop_rows }} rows, and its cost is the same for every entry (a handful of Python-level torch calls), so it scales with `seq_len * d_model`.", loop_extrapolated),
    computed('loop-ratio-changes', "Its ratio still changes with the length because the baseline's cost per entry does: small tables stay in the CPU's caches, large ones do not.", loop_ratio_changes),
    computed('loop-at-largest', "At 100,000 rows it would take about {{ gen.build_table.loop_seconds }} s, {{ gen.build_table.loop_ratio }} times the baseline.", loop_at_largest),
    computed('reference-cost', '**The reference** (float64 angles) costs {{ gen.build_table.reference_ratio }} times the baseline at 100,000 rows, and its peak memory is {{ gen.build_table.reference_memory_x }} times the table: it computes the float64 angles and values for a chunk of positions at a time and rounds each chunk into the table ([the function](reference.md#the-function)).', reference_cost),
    computed('reference-once', "It runs once, when the module is built.", reference_runs_once),
    computed('float32-cost', "**Float32 angles** cost {{ gen.build_table.float32_ratio }} times the baseline, and more memory than the reference's chunks (the whole float32 angle table is alive at once), but, as the [precision page](precision.md#the-error-as-the-position-grows) measures, wrong in the third decimal at \\(10^5\\).", float32_cost),
    computed('fast-cost', "**`fast_table`** costs {{ gen.build_table.fast_ratio }} times the baseline at 100,000 rows: about {{ gen.build_table.fast_vs_reference }} times faster than the reference, with a peak of {{ gen.build_table.fast_memory_x }} times the table, because it writes the result in place.", fast_cost),
    prose('below', "[Below](#the-fast-generator-the-shift-property-as-an-algorithm) is how.", "points to the next section"),
    prose('fast-heading', "The fast generator: the shift property as an algorithm", "a heading"),
    computed('rotation', r"The [shift property](linearity.md#the-statement) says that the encoding of \(p + q\) is a rotation of the encoding of \(p\), pair by pair:", rotation_pair_by_pair),
    computed('block', r"Write each position as \(p = B k + r\) with a block length \(B \approx \sqrt{n}\).", block_near_sqrt_n),
    computed('two-sqrt-n', r"The sines and cosines of the \(\lceil n/B \rceil\) block starts \(Bk\) and of the \(B\) offsets \(r\) are all the transcendental work there is: about \(2\sqrt{n}\) evaluations per frequency instead of \(n\).", trig_count),
    computed('float64-evaluations', "They are evaluated in float64, so they are exact to float32 at any position, then rounded.", evaluated_in_float64),
    computed('complex-product', r"The table itself is one complex multiplication per pair of columns: with \(s = \sin a\omega + i\cos a\omega\) and \(t = \cos b\omega - i\sin b\omega\), the product \(s\,t\) is \(\sin((a+b)\omega) + i\cos((a+b)\omega)\), whose real and imaginary parts lie side by side in memory exactly as the paper's `[sin, cos]` columns do, so the product is written straight into the final tensor.", complex_product),
    computed('windows', r"Its error, measured against the float64 reference over the whole 100,000-row table and over the last rows before \(10^6\) (with `start`):", windows),
    computed('fast-error', r"The error is {{ gen.performance.fast_table.error_1e5 }} up to \(10^5\) and {{ gen.performance.fast_table.error_1e6 }} near \(10^6\): about {{ gen.performance.fast_table.float32_steps_near_one }} float32 steps near 1, {{ gen.performance.fast_table.ratio_to_reference }} times the reference's own rounding ({{ gen.performance.fast_table.reference_error }}), and it does not grow with the position, unlike float32 angles ({{ gen.precision.error_vs_position.float32_error_1e6 }} at \(10^6\) on the [precision page](precision.md#the-error-as-the-position-grows)).", fast_error),
    computed('roundings', "The roundings explain it: the four float64 sines and cosines of a product are rounded to float32, then each of its two products and their sum (inside the complex multiplication), and each rounding adds up to half a step.", roundings_explain),
    prose('cached-heading', "A cached table against one rebuilt per call", "a heading"),
    computed('cached-and-seed', "The reference module builds the table once and slices it (`pe[:n]`) in every forward pass; one seed module rebuilds it in every forward pass, and the seed that is a plain function computes it on every call.", cached_and_one_seed),
    computed('forward-input', "The modules timed, each adding the table to `x` of shape `[{{ gen.forward_cached_vs_recomputed.batch }}, seq_len, 512]`:", forward_input),
    computed('forward-baseline', "Time per forward pass, as a multiple of the baseline (one table's worth of sine and cosine):", lambda: data("forward_cached_vs_recomputed")["baseline"]["what"].endswith("(one table)")),
    computed('forward-figure', "![Time per forward pass as a multiple of the sin and cos baseline against seq_len from 128 to the longest length measured, log scales, for the addition alone, the cached buffer and three ways of rebuilding the table](generated/forward_cached_vs_recomputed.svg)", forward_figure),
    computed('slice-view', "Slicing the cached buffer costs about what the addition alone costs (a slice is a view, no copy): {{ gen.forward_cached_vs_recomputed.cached_vs_add_1k }} times the addition at 1,024 positions and {{ gen.forward_cached_vs_recomputed.cached_vs_add_last }} times at {{ gen.forward_cached_vs_recomputed.longest }}.", slicing_is_a_view),
    computed('slowdowns', "Rebuilding with the reference recipe makes a forward pass {{ gen.forward_cached_vs_recomputed.reference_slowdown_1k }} times slower than the cached one at 1,024 positions and {{ gen.forward_cached_vs_recomputed.reference_slowdown_last }} times at {{ gen.forward_cached_vs_recomputed.longest }}; with float32 angles, {{ gen.forward_cached_vs_recomputed.float32_slowdown_1k }} times at 1,024; with `fast_table`, {{ gen.forward_cached_vs_recomputed.fast_slowdown_1k }} times at 1,024 and {{ gen.forward_cached_vs_recomputed.fast_slowdown_last }} times at {{ gen.forward_cached_vs_recomputed.longest }}.", slowdowns),
    computed('batch', "The larger the batch, the more the addition dominates and the less rebuilding costs in proportion.", rebuild_cost_does_not_grow_with_the_batch),
    computed('build-once', "Build the table once, in float64 or with `fast_table`, keep it as a non-persistent buffer, and slice it.", build_once),
    computed('rebuild-offset', "Rebuild per call only when positions are not known in advance (a stream, an offset while decoding): then `fast_table(n, d, start=offset)` gives accurate rows at any offset for little more than the cost of writing them.", rebuild_at_offset),
    prose('run-heading', "Run the benchmarks yourself", "a heading"),
    computed('outputs', "Each benchmark writes `NAME.json` (the machine description, the baseline, every result, the method), `NAME.md` (the table above), `NAME.svg` (the figure) and `NAME.values.json` (the numbers quoted in the text).", outputs_written),
    computed('regen-skips', "A normal `make regen` never runs them.", regen_skips_benchmarks),
    computed('check-promises', "`scripts/regen.py --check` never re-runs them either, since timings differ from run to run; it checks instead that each report **exists**, **has the expected structure** (the keys `benchmark`, `machine`, `gpu`, `baseline`, `results` and `method`, and a machine description with the CPU model, thread count, torch version and GPU), **was made by the current benchmark code** (any change to a benchmark, to `_bench.py` or to a snippet it imports makes it stale) and **was not edited by hand**.", check_promises),
    equation('angle-addition',
             r"\[ \sin((a+b)\,\omega) = \sin(a\omega)\cos(b\omega) + \cos(a\omega)\sin(b\omega), \qquad \cos((a+b)\,\omega) = \cos(a\omega)\cos(b\omega) - \sin(a\omega)\sin(b\omega). \]"),
])

test_claims_hold = LEDGER.test
