"""The benchmarks: their committed reports have the structure pages rely on, regen --check tells stale or
malformed reports (without re-running them), the timing helpers keep their promises, and what they time is right."""

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parent.parent
from support import GENERATED  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

import _bench  # noqa: E402
import build_table  # noqa: E402
import forward_cached_vs_recomputed  # noqa: E402
import regen  # noqa: E402
from performance.fast_table import fast_table  # noqa: E402
from reference import positional_encoding  # noqa: E402

# The timing benchmarks; site_budgets (bytes, accessibility, markup and links of the built site), lighthouse (its
# scores), contributor_loop (regen, serve and test-fast wall times) and experiments_run (the experiments' forced run)
# report in their own formats.
OWN_FORMAT = ("site_budgets", "lighthouse", "contributor_loop", "experiments_run")
BENCHES = sorted(
    p.stem for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_") and p.stem not in OWN_FORMAT
)


def report(name: str) -> dict:
    return json.loads((GENERATED / f"{name}.json").read_text(encoding="utf-8"))


def check(root: Path, *names: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(root / "scripts" / "regen.py"), "--check", *names],
                          cwd=root, capture_output=True, text=True)


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """What regen needs, copied: scripts/, snippets/, benchmarks/, experiments/, docs/generated/ and the pins."""
    for folder in ("scripts", "snippets", "benchmarks", "experiments", "docs/generated"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "requirements.txt", tmp_path / "requirements.txt")
    return tmp_path


def test_there_are_benchmarks():
    assert {"build_table", "forward_cached_vs_recomputed"} <= set(BENCHES)


def test_benchmarks_save_numbers_and_draw_no_figures():
    """No benchmark imports matplotlib or pelib.figures, even through another benchmark: the timing figures are drawn
    by snippets/performance/timings.py from the saved reports (READS), so restyling a figure re-times nothing."""
    from regenkit.imports import dependencies
    from regenkit.jobs import discover

    for script in sorted((ROOT / "benchmarks").glob("*.py")):
        source = script.read_text(encoding="utf-8")
        assert "matplotlib" not in source and "pelib.figures" not in source, script.name
        inputs = {p.name for p in dependencies(script, source, [ROOT / "snippets", script.parent])}
        assert "figures.py" not in inputs, f"{script.name} imports pelib.figures"
    reader = next(j for j in discover() if j.name == "performance/timings")
    assert set(reader.reads) == {"build_table.json", "forward_cached_vs_recomputed.json"}


@pytest.mark.parametrize("name", BENCHES)
def test_committed_reports_have_the_structure(name):
    data = report(name)
    assert regen.bench_structure(next(j for j in regen.discover() if j.name == name), GENERATED) == []
    assert set(regen.BENCH_KEYS) <= set(data)
    assert data["gpu"] == data["machine"]["gpu"]
    assert data["machine"]["cpu_model"] and data["machine"]["torch"] == torch.__version__


@pytest.mark.parametrize("name", BENCHES)
def test_every_time_is_a_ratio_to_the_baseline_of_the_same_run(name):
    data = report(name)
    timed = [r for r in data["results"] if "seconds" in r]
    assert timed
    for r in timed:
        baseline = data["baseline"]["seconds"][r["device"]][str(r["seq_len"])]
        assert r["ratio"] == pytest.approx(r["seconds"] / baseline)


def test_gpu_rows_exist_exactly_when_a_gpu_was_there():
    for name in BENCHES:
        data = report(name)
        devices = {r["device"] for r in data["results"]}
        assert ("cuda" in devices) == (data["gpu"] != "not available")


def test_the_loop_is_extrapolated_and_says_so():
    loops = [r for r in report("build_table")["results"] if r.get("variant", "").startswith("nested")]
    assert loops and all(r["extrapolated"]["rows_timed"] == list(build_table.LOOP_ROWS) for r in loops)
    assert max(build_table.LOOP_ROWS) < min(build_table.LENGTHS)


def test_peak_memory_the_page_states():
    """The reference, computed in chunks, and fast_table, written in place, both peak at about the table's size."""
    memory = {r["variant"]: r["memory"] for r in report("build_table")["results"]
              if "memory" in r and r["device"] == "cpu"}
    table = build_table.LENGTHS[-1] * build_table.D_MODEL * 4
    assert all(m["valid"] for m in memory.values())
    assert memory["float64 angles, cast (reference)"]["peak_bytes"] < 1.5 * table
    # performance.md: float32 angles need more memory than the reference's chunks
    assert memory["float32 angles, vectorised (seeds)"]["peak_bytes"] > memory["float64 angles, cast (reference)"]["peak_bytes"]
    assert memory["linearity: fast_table"]["peak_bytes"] < 1.3 * table


def test_check_passes_on_the_committed_reports():
    proc = check(ROOT, *BENCHES)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_check_reports_a_changed_benchmark_as_stale(repo_copy):
    bench = repo_copy / "benchmarks" / "build_table.py"
    bench.write_text(bench.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    proc = check(repo_copy, *BENCHES)
    assert proc.returncode == 1
    assert "stale: " in proc.stdout and "build_table.py" in proc.stdout


def test_check_reports_a_changed_helper_as_stale(repo_copy):
    helper = repo_copy / "benchmarks" / "_bench.py"
    helper.write_text(helper.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    proc = check(repo_copy, *BENCHES)
    assert proc.returncode == 1 and proc.stdout.count("stale: ") == len(BENCHES)


@pytest.mark.parametrize("key", ["machine", "results", "baseline"])
def test_check_reports_a_report_without_a_required_key(repo_copy, key):
    """Even when the manifest agrees with the file (a benchmark that wrote the wrong structure)."""
    generated = repo_copy / "docs" / "generated"
    path = generated / "build_table.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data[key]
    path.write_text(json.dumps(data), encoding="utf-8")
    manifest_path = generated / ".manifest" / "build_table.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["outputs"]["build_table.json"] = hashlib.sha256(path.read_bytes()).hexdigest()
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    proc = check(repo_copy, *BENCHES)
    assert proc.returncode == 1
    assert f"lacks the key '{key}'" in proc.stdout
    assert "altered" not in proc.stdout


def test_check_reports_an_edited_report(repo_copy):
    path = repo_copy / "docs" / "generated" / "build_table.md"
    path.write_text(path.read_text(encoding="utf-8").replace("|", "| ", 1), encoding="utf-8")
    proc = check(repo_copy, *BENCHES)
    assert proc.returncode == 1 and "altered: " in proc.stdout


def test_what_is_timed_builds_the_right_table():
    reference = positional_encoding(40, 16)
    assert torch.allclose(build_table.nested_loop(40, 16), reference, atol=1e-5)
    assert torch.allclose(build_table.float32_angles(40, 16), reference, atol=1e-5)
    assert torch.equal(build_table.reference(40, 16), reference)
    assert torch.equal(build_table.linearity(40, 16), fast_table(40, 16))
    sin, cos = build_table.baseline(40, 16)
    assert sin.numel() + cos.numel() == 40 * 16


def what_measure_times(monkeypatch, module, length: int) -> tuple[list[dict], list[tuple]]:
    """Run `module.measure("cpu")` at one small length with the timers replaced by recorders: the calls it would
    time (one dict per interleaved run) and the (target, args) whose peak memory it would measure."""
    timed, peaks = [], []

    def interleaved(calls, **kwargs):
        timed.append(dict(calls))
        return {name: 1.0 for name in calls}

    monkeypatch.setattr(_bench, "interleaved_seconds", interleaved)
    monkeypatch.setattr(_bench, "seconds_per_call", lambda fn, **kwargs: 1.0)
    monkeypatch.setattr(_bench, "peak_memory", lambda target, *args, **kwargs: peaks.append((target, args)) or
                        {"peak_bytes": 1, "result_bytes": 1, "valid": True})
    monkeypatch.setattr(module, "LENGTHS", (length,))
    module.measure("cpu")
    return timed, peaks


def outputs(result) -> int:
    return sum(t.numel() for t in (result if isinstance(result, tuple) else (result,)))


def test_build_table_measure_times_the_right_work(monkeypatch):
    """What measure() times and measures the memory of, not what baseline() returns: a baseline doing half the work
    (or a variant building another table) in measure() makes every ratio wrong and fails here."""
    timed, peaks = what_measure_times(monkeypatch, build_table, 40)
    reference = positional_encoding(40, build_table.D_MODEL)
    vectorised = {"baseline", *build_table.VARIANTS} - {"nested Python loop (seed style)"}  # the loop: extrapolated
    assert len(timed) == 1 and set(timed[0]) == vectorised
    for name, call in timed[0].items():
        result = call()
        assert outputs(result) == reference.numel(), f"{name} computes {outputs(result)} values, not {reference.numel()}"
        if name != "baseline":
            assert torch.allclose(result, reference, atol=1e-5), name
    assert len(peaks) == 4
    for target, args in peaks:
        module_name, function_name = target.split(":")
        result = getattr(sys.modules[module_name], function_name)(*args)
        assert args == (40, build_table.D_MODEL, "cpu") and outputs(result) == reference.numel(), target


def test_forward_benchmark_measure_times_forward_passes_of_the_right_sum(monkeypatch):
    timed, _ = what_measure_times(monkeypatch, forward_cached_vs_recomputed, 40)
    assert len(timed) == 1
    calls = timed[0]
    assert outputs(calls.pop("baseline")()) == 40 * forward_cached_vs_recomputed.D_MODEL
    with torch.no_grad():
        expected = calls.pop("the addition alone: x + a ready table")()  # x + the reference table
        assert expected.shape == (forward_cached_vs_recomputed.BATCH, 40, forward_cached_vs_recomputed.D_MODEL)
        assert len(calls) == 4
        for name, call in calls.items():
            assert torch.allclose(call(), expected, atol=1e-5), name


@pytest.mark.slow
def test_interleaved_timing_takes_the_fastest_round():
    calls = []
    real = _bench.gc  # a full collection before each timed call: recorded in place of running it, so its order shows
    _bench.gc = type("Collector", (), {"collect": staticmethod(lambda: calls.append("gc"))})
    try:
        seconds = _bench.interleaved_seconds({"a": lambda: calls.append("a"), "b": lambda: calls.append("b")},
                                             rounds=3, warmup=1)
    finally:
        _bench.gc = real
    assert calls == ["a", "b"] + ["gc", "a", "gc", "b"] * 3  # warm-up, then interleaved rounds, each call collected first
    assert set(seconds) == {"a", "b"} and all(0 <= s < 1 for s in seconds.values())
    with pytest.raises(ValueError, match="rounds"):
        _bench.interleaved_seconds({"a": lambda: None}, rounds=0)


def test_machine_description_and_missing_gpu(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    description = _bench.machine()
    assert description["gpu"] == "not available" and _bench.devices() == ["cpu"]
    assert {"cpu_model", "logical_cpus", "torch_threads", "torch"} <= set(description)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert _bench.devices() == ["cpu", "cuda"]


@pytest.mark.slow
def test_peak_memory_counts_what_a_call_allocates():
    small = _bench.peak_memory("build_table:linearity", 2_000, 512)
    large = _bench.peak_memory("build_table:linearity", 40_000, 512)
    assert small["valid"] and large["valid"]
    assert large["result_bytes"] == 40_000 * 512 * 4
    assert 0.8 * large["result_bytes"] < large["peak_bytes"] < 1.5 * large["result_bytes"]


@pytest.mark.slow
def test_a_benchmark_that_writes_no_report_fails_and_changes_nothing(repo_copy):
    (repo_copy / "benchmarks" / "zz_silent.py").write_text('"""Writes no report."""\nfrom pelib import docenv\nprint("ran")\n')
    proc = subprocess.run([sys.executable, str(repo_copy / "scripts" / "regen.py"), "--bench", "zz_silent"],
                          cwd=repo_copy, capture_output=True, text=True)
    assert proc.returncode == 1
    assert "structure: " in proc.stderr and "zz_silent.json is missing" in proc.stderr
    assert not (repo_copy / "docs" / "generated" / "zz_silent.txt").exists()


def test_the_contributor_loop_report_has_every_figure_with_its_budget():
    data = report("contributor_loop")
    assert regen.bench_structure(next(j for j in regen.discover() if j.name == "contributor_loop"), GENERATED) == []
    figures = {r["key"]: r for r in data["results"]}
    assert set(figures) == {"forced_regen", "noop_regen", "save_to_browser", "test_fast", "test_fast_every_test",
                            "test_page", "fresh_clone_test"}
    for r in figures.values():
        if r["budget_seconds"] is None:  # reported, not budgeted: every test of test-fast run again
            assert r["key"] == "test_fast_every_test" and r["within_budget"] is None
            continue
        assert r["seconds"] > 0 and r["within_budget"] == (r["seconds"] <= r["budget_seconds"])
    # test-fast's budget is the loop's: one sentence of a page edited, the passes whose inputs did not change reused
    assert "edited" in figures["test_fast"]["what"] and "reused" in figures["test_fast"]["what"]
    assert (figures["forced_regen"]["budget_seconds"], figures["noop_regen"]["budget_seconds"]) == (30.0, 1.0)
    # issue 37: test-fast 30 s, one page's checks 10 s, make test in a fresh clone 8 min (set-up included, replacing
    # issue 23's 6 min); the experiments' forced run has its own report (experiments_run, below)
    assert (figures["test_fast"]["budget_seconds"], figures["fresh_clone_test"]["budget_seconds"]) == (30.0, 480.0)
    assert figures["test_page"]["budget_seconds"] == 10.0


def test_the_experiments_forced_run_is_timed_against_its_budget():
    """Issue 26: `make experiments`, forced, within 30 minutes on 2 cores, each experiment's time reported."""
    data = report("experiments_run")
    assert regen.bench_structure(next(j for j in regen.discover() if j.name == "experiments_run"), GENERATED) == []
    [figure] = data["results"]
    assert figure["key"] == "forced_experiments" and figure["budget_seconds"] == 1800.0
    assert figure["within_budget"] == (figure["seconds"] <= figure["budget_seconds"])
    experiments = {p.stem for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_")}
    each = data["method"]["each_seconds"]
    assert set(each) == experiments and all(0 < t <= figure["seconds"] for t in each.values())
    assert data["machine"]["logical_cpus"] == data["method"]["cpus"]
