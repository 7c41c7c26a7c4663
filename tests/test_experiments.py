"""The experiments: a reduced configuration (a few training steps) runs through every experiment's code path and
writes the same bytes every time, on the pinned numerical path, whatever kernel the caller asks for. The full runs
are `make experiments`; their committed results are checked by `regen.py --check` (test_regen.py) and the pages'
claims about them by test_evidence.py."""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
import torch
from conftest import GENERATED, ROOT, SNIPPETS
from test_portability import runnable_kernels

sys.path.insert(0, str(ROOT / "scripts"))
from regenkit import jobs as regen_jobs  # noqa: E402
from regenkit import workers as regen_workers  # noqa: E402
from regenkit.config import PINNED_NUMERICS  # noqa: E402

EXPERIMENTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
# What every experiment must record as its numerical path (`numerics` in its JSON): torch's portable kernel, MKL's
# compatible branch, and libm kept off its FMA variants.
PINNED_PATH = {"torch_cpu_kernel": "DEFAULT", "mkl_cbwr": "COMPATIBLE",
               "glibc_tunables": PINNED_NUMERICS.get("GLIBC_TUNABLES", "(not pinned)")}


def experiment_job(script: Path) -> regen_jobs.Job:
    """The regen job of `script`, as `regen.py --experiments` finds it (with its pinned environment)."""
    return next(j for j in regen_jobs.discover() if j.kind == "experiment" and j.path == script)


# A run's own folders: what differs between two runs in the same environment (forkserver.py's child takes them).
OWN_FOLDERS = ("REGEN_OUT", "REGEN_STEM", "REGEN_WRITABLE", "TMPDIR", "JUPYTER_RUNTIME_DIR")
# regen's preloaded worker (regenkit.workers.ForkServer), started in an experiment's environment: torch and what
# pelib.docenv imports are imported once, and each reduced run is a child forked from it that takes its own folders
# and runs the script as regen's fresh interpreter would, write guard included. Importing torch and pelib.docenv is
# about 4 s of CPU, most of a reduced run: eight fresh interpreters spent half a minute on it. What a child cannot
# take from its request (GLIBC_TUNABLES, read when the process starts; PYTHONHASHSEED) it inherits from the worker,
# so there is one worker per environment (the run's own folders apart): a caller's kernel that reached an
# experiment's environment would start a worker of its own, and its bytes would differ.
WORKERS: dict[str, regen_workers.ForkServer] = {}


def preloaded(env: dict[str, str]) -> regen_workers.ForkServer:
    key = json.dumps({k: v for k, v in env.items() if k not in OWN_FOLDERS}, sort_keys=True)
    if key not in WORKERS:
        WORKERS[key] = regen_workers.ForkServer(env=env)
    return WORKERS[key]


@atexit.register
def stop_workers() -> None:
    for worker in WORKERS.values():
        worker.close()
    WORKERS.clear()


def run_reduced(script: Path, out: Path, caller: dict[str, str] | None = None) -> dict[str, str]:
    """Run `script` in its reduced configuration into `out`, in the environment regen gives it when its caller's
    environment holds `caller` (ATEN_CPU_CAPABILITY, say); return the hashes of what it wrote."""
    out.mkdir()
    scratch = out.parent / f".{out.name}.scratch"
    scratch.mkdir()
    with mock.patch.dict(os.environ, caller or {}):
        env = experiment_job(script).environment(out, scratch)
    env |= {"EXPERIMENT_REDUCED": "1"}
    stdout, stderr = out.parent / f".{out.name}.stdout", out.parent / f".{out.name}.stderr"
    worker = preloaded(env)
    request, _ = worker.start(experiment_job(script), env, stdout, stderr)
    code = worker.wait(request, None)
    assert code == 0, f"exit {code}: " + stderr.read_text(encoding="utf-8", errors="replace")
    (out / f"{script.stem}.txt").write_text(stdout.read_text(encoding="utf-8"))
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}


def test_there_are_experiments():
    assert {p.stem for p in EXPERIMENTS} >= {"extrapolation"}


def test_experiments_save_numbers_and_draw_no_figures():
    """An experiment imports neither matplotlib nor pelib.figures: its figures are drawn by snippets/evidence/ from
    the JSON it saved (READS), so restyling a figure never retrains a model; each experiment has such a script."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from regenkit.imports import dependencies

    for script in EXPERIMENTS:
        source = script.read_text(encoding="utf-8")
        assert "matplotlib" not in source and "pelib.figures" not in source, script.name
        inputs = {p.name for p in dependencies(script, source, [SNIPPETS, script.parent])}
        assert "figures.py" not in inputs, f"{script.name} imports pelib.figures"
        reader = next(j for j in regen_jobs.discover() if j.name == f"evidence/{script.stem}")
        assert reader.reads == (f"{script.stem}.json",)


# --- the same outputs under every CPU kernel ------------------------------------------------------------------------

NATIVE = torch.backends.cpu.get_cpu_capability().lower()
KERNELS = runnable_kernels()  # what a caller may ask for on this CPU; regen runs experiments on the pinned path anyway
OTHER_KERNELS = [k for k in KERNELS if k != NATIVE]


@pytest.mark.parametrize("stem", [p.stem for p in EXPERIMENTS])
def test_committed_results_record_the_pinned_numerical_path(stem):
    """Each committed JSON says its run took torch's portable kernel, MKL's compatible branch and libm without FMA
    (a run without regen's pin records what it took instead, and fails here)."""
    recorded = json.loads((GENERATED / f"{stem}.json").read_text(encoding="utf-8")).get("numerics")
    assert recorded == PINNED_PATH, f"{stem}.json records the numerical path {recorded}, not the pinned {PINNED_PATH}"


def test_regen_pins_the_experiments_numerical_path():
    """Whatever kernel the caller asks for, an experiment job's environment is the pinned one, the same for every
    caller (so its process is the same), and the pin is part of its cache key (changing it makes the experiments
    stale). Snippets keep the caller's kernel."""
    assert PINNED_NUMERICS["ATEN_CPU_CAPABILITY"] == "default" and PINNED_NUMERICS["MKL_CBWR"] == "COMPATIBLE"
    assert "-FMA" in PINNED_NUMERICS["GLIBC_TUNABLES"]
    script = EXPERIMENTS[0]
    environments = []
    for kernel in ("default", "avx2", "avx512"):
        with mock.patch.dict(os.environ, {"ATEN_CPU_CAPABILITY": kernel, "MKL_CBWR": "AUTO"}):
            job = experiment_job(script)
            environments.append(job.environment(Path("/nonexistent")))
            snippet = next(j for j in regen_jobs.discover() if j.kind == "snippet")
            assert snippet.environment(Path("/nonexistent"))["ATEN_CPU_CAPABILITY"] == kernel
    assert all(env == environments[0] for env in environments), "the caller's kernel reaches an experiment's environment"
    assert {k: environments[0].get(k) for k in PINNED_NUMERICS} == PINNED_NUMERICS
    unpinned = regen_jobs.Job(job.name, job.path, job.kind, {k: v for k, v in job.env.items() if k not in PINNED_NUMERICS})
    assert unpinned.input_key() != job.input_key()


def other_kernel(script: Path) -> str:
    """The kernel the second reduced run of `script` asks for: the experiments take this CPU's other kernels in turn,
    so that each is asked for (and on a CPU with one kernel, a second run under it)."""
    others = OTHER_KERNELS or [NATIVE]
    return others[EXPERIMENTS.index(script) % len(others)]


@pytest.mark.slow
def test_a_reduced_run_in_the_preloaded_worker_writes_what_a_fresh_interpreter_writes(tmp_path):
    """The reduced runs fork from a preloaded worker (preloaded()); regen runs an experiment in a fresh interpreter
    (its BOOT, write guard included). For the quickest experiment, both write the same bytes, stdout included."""
    script = next(p for p in EXPERIMENTS if p.stem == "learned_shift_matrix")  # about 4 s fresh, under 1 s forked
    forked = run_reduced(script, tmp_path / "forked")
    fresh_out, scratch = tmp_path / "fresh", tmp_path / ".fresh.scratch"
    fresh_out.mkdir()
    scratch.mkdir()
    job = experiment_job(script)
    env = job.environment(fresh_out, scratch) | {"EXPERIMENT_REDUCED": "1"}
    proc = subprocess.run(job.command(), cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    (fresh_out / f"{script.stem}.txt").write_text(proc.stdout)
    fresh = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(fresh_out.iterdir())}
    assert forked == fresh, sorted(name for name in forked.keys() | fresh.keys() if forked.get(name) != fresh.get(name))
    # The bytes cannot show what the child inherits (a worker started without GLIBC_TUNABLES forks children that
    # record the pinned string and, in ten steps, print the same results): each worker's own environment must pin it
    # (every one started so far in this process, the one this run used among them).
    assert WORKERS, "the reduced run started no preloaded worker"
    for worker in WORKERS.values():
        environ = dict(e.split("=", 1) for e in Path(f"/proc/{worker.proc.pid}/environ").read_text().split("\0") if e)
        assert {k: environ.get(k) for k in PINNED_NUMERICS} == PINNED_NUMERICS


@pytest.mark.slow
@pytest.mark.parametrize("script", EXPERIMENTS, ids=lambda p: p.stem)
def test_reduced_runs_write_the_same_bytes_under_every_cpu_kernel(script, tmp_path):
    """The reduced run, once with the caller on the machine's own kernel and once asking for another kernel, writes
    the same bytes both times (so two runs agree), the same files as the committed full run, and records the pinned
    path. Ten steps already carry the kernels' last-bit differences into the weights (the evidence page's ledger,
    kernels-differ, checks it): the caller's kernel must not reach an experiment. Each other kernel is asked for by
    some experiment; that every caller gets the same environment is test_regen_pins_the_experiments_numerical_path."""
    assert {other_kernel(s) for s in EXPERIMENTS} == set(OTHER_KERNELS or [NATIVE])
    native = run_reduced(script, tmp_path / NATIVE)
    assert {f"{script.stem}.json", f"{script.stem}.values.json"} <= native.keys()
    committed = {p.name for p in (ROOT / "docs" / "generated").glob(f"{script.stem}[.-]*")}
    assert native.keys() == committed, "the reduced run writes other files than the committed full run"
    kernel = other_kernel(script)
    other = run_reduced(script, tmp_path / f"{kernel}-caller", {"ATEN_CPU_CAPABILITY": kernel})
    differ = sorted(name for name in native.keys() | other.keys() if native.get(name) != other.get(name))
    assert not differ, (f"{script.name}: asking for ATEN_CPU_CAPABILITY={kernel}, the reduced run writes other "
                        f"bytes than under {NATIVE}: {differ}")
    recorded = json.loads((tmp_path / f"{kernel}-caller" / f"{script.stem}.json").read_text(encoding="utf-8"))
    assert recorded["numerics"] == PINNED_PATH, f"{script.name} ran on {recorded['numerics']}, not on {PINNED_PATH}"


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("EXPERIMENTS_FULL") != "1",
                    reason="the full runs take minutes each: EXPERIMENTS_FULL=1 runs them (make test does not)")
@pytest.mark.parametrize("kernel, stem", [pytest.param(k, p.stem, id=f"{k}-{p.stem}") for k in KERNELS for p in EXPERIMENTS])
def test_committed_results_are_the_same_under_every_cpu_kernel(kernel, stem, tmp_path):
    """The full run of one experiment (minutes), with the caller asking for each kernel, writes exactly the
    committed bytes."""
    fresh = tmp_path / "generated"
    env = {k: v for k, v in os.environ.items() if not k.startswith("REGEN_")} | {"ATEN_CPU_CAPABILITY": kernel}
    proc = subprocess.run([sys.executable, "scripts/regen.py", "--experiments", "--force", "--timeout", "3600",
                           "--generated-dir", str(fresh), stem], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    written = sorted(p.name for p in fresh.iterdir() if p.is_file())
    assert written, "the forced run wrote nothing"
    generated = ROOT / "docs" / "generated"
    differ = [name for name in written if (fresh / name).read_bytes() != (generated / name).read_bytes()]
    assert not differ, f"under ATEN_CPU_CAPABILITY={kernel} these outputs of {stem} differ from the committed ones: {differ}"
