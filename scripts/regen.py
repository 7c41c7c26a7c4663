#!/usr/bin/env python3
"""Regenerate every output and figure under docs/generated/ from the code that makes it; or check that they are current.

    python scripts/regen.py            # re-run the snippets whose code (or a local module they import) changed
    python scripts/regen.py --force    # re-run every snippet
    python scripts/regen.py --check    # write nothing; exit 1 listing stale, altered, missing and stray files
    python scripts/regen.py --bench    # also run the benchmarks (timings: never part of a normal regen)
    python scripts/regen.py --watch    # regenerate whenever a snippet changes (used by `make serve`)

Each job (a snippet, a notebook, a benchmark) runs in its own subprocess with a fixed environment and writes into a
private staging folder. Only when every job has succeeded are its files moved into docs/generated/, one atomic
rename each, and its manifest (docs/generated/.manifest/<name>.json: the hashes of its inputs and outputs) written
last. A job that fails leaves every committed file as it was.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
BENCHMARKS = ROOT / "benchmarks"
NOTEBOOKS = ROOT / "docs" / "notebooks"
GENERATED = ROOT / "docs" / "generated"
MANIFEST_DIR = ".manifest"
CACHE = ROOT / ".cache" / "regen"
# Files whose change re-runs every job: the pinned environment and the shared snippet settings.
GLOBAL_INPUTS = ("requirements.txt", "snippets/_docenv.py")
# Bump when the way jobs are run changes in a way that changes their outputs.
RECIPE = "1"

# What every benchmark's report NAME.json must hold (timings differ run to run; their structure must not).
BENCH_KEYS = ("benchmark", "machine", "gpu", "baseline", "results", "method")
BENCH_MACHINE_KEYS = ("cpu_model", "logical_cpus", "torch_threads", "torch", "gpu")

NEGATIVE_ZERO = re.compile(r"(?<![\w.])-0(?:\.0*)?(?![\w.])")
TEXT_SUFFIXES = (".txt", ".md", ".json", ".csv")
# The caller's choice of torch's CPU kernel reaches the jobs, so that a run can show what another CPU would print.
# Outputs must not depend on it (tests/test_portability.py); regen does not pin it, which would hide such outputs.
PASSED_THROUGH = ("ATEN_CPU_CAPABILITY",)

BOOT = """\
import os, runpy, sys
sys.path[:0] = [{snippets!r}, os.path.dirname(os.path.abspath(sys.argv[1]))]  # snippets/, then the job's folder
import _docenv
runpy.run_path(sys.argv[1], run_name="__main__")
"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rel(path: Path) -> str:
    """`path` relative to the repository root where it lies inside it (tests write outside it)."""
    path = path.resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def local_imports(source: str, search: list[Path]) -> set[Path]:
    """The files in `search` folders that `source` imports by top-level module name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)  # `from pelib import module`
    found = set()
    for name in names:
        parts = name.split(".")
        for folder in search:
            # a module file, or a package (snippets/pelib/): its __init__.py and the submodule file named
            candidates = [folder.joinpath(*parts[:n], "__init__.py") for n in range(1, len(parts) + 1)]
            candidates += [folder.joinpath(*parts[:-1], f"{parts[-1]}.py")]
            hits = [c for c in candidates if c.is_file()]
            if hits:
                found.update(hits)
                break
    return found


def dependencies(entry: Path, source: str, search: list[Path]) -> list[Path]:
    """`entry` and every local module it imports, transitively, sorted by path."""
    seen = {entry.resolve()}
    todo = list(local_imports(source, search))
    while todo:
        path = todo.pop().resolve()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(local_imports(path.read_text(encoding="utf-8"), search))
    seen.update((ROOT / p).resolve() for p in GLOBAL_INPUTS)
    return sorted(seen)


@dataclass
class Job:
    """One thing that makes outputs: a snippet, a benchmark, a notebook."""

    name: str  # outputs are named <name>.<suffix> or <name>-<part>.<suffix>
    path: Path
    kind: str  # "snippet" | "bench" | "notebook"
    env: dict[str, str] = field(default_factory=dict)

    def source(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def inputs(self) -> list[Path]:
        return dependencies(self.path, self.source(), [SNIPPETS, self.path.parent])

    def input_hashes(self) -> dict[str, str]:
        return {rel(p): sha256(p) for p in self.inputs()}

    def input_key(self) -> str:
        digest = hashlib.sha256(f"{RECIPE}\n{self.kind}\n{sorted(self.env.items())}\n".encode())
        for path, value in sorted(self.input_hashes().items()):
            digest.update(f"{path} {value}\n".encode())
        return digest.hexdigest()

    def command(self) -> list[str]:
        return [sys.executable, "-c", BOOT.format(snippets=str(SNIPPETS)), str(self.path)]

    def run(self, staging: Path, timeout: float) -> tuple[bool, str]:
        """Run the job into `staging`; return (ok, diagnostic)."""
        staging.mkdir(parents=True, exist_ok=True)
        env = fixed_env(staging, self.name) | self.env
        started = time.perf_counter()
        try:
            proc = subprocess.run(
                self.command(), cwd=ROOT, env=env, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            return False, f"{rel(self.path)} did not finish within {timeout:.0f} s"
        seconds = time.perf_counter() - started
        stderr = proc.stderr.decode("utf-8", "replace")
        if proc.returncode != 0:
            return False, f"{rel(self.path)} failed (exit {proc.returncode}):\n{stderr}"
        if proc.stdout:
            (staging / f"{self.name}.txt").write_bytes(proc.stdout)
        problems = [p for f in sorted(staging.iterdir()) for p in output_problems(self.name, f)]
        if self.kind == "bench":
            problems += bench_structure(self, staging)
        if problems:
            return False, f"{rel(self.path)} wrote outputs regen refuses:\n  " + "\n  ".join(problems)
        return True, f"{rel(self.path)} ({seconds:.1f} s)"


def output_problems(name: str, path: Path) -> list[str]:
    """Why an output file may not be committed: wrong name, not a plain file, or an unstable negative zero."""
    if not path.is_file() or path.is_symlink():
        return [f"{path.name}: outputs must be plain files"]
    problems = []
    if not (path.name.startswith(f"{name}.") or path.name.startswith(f"{name}-")):
        problems.append(f"{path.name}: output names must start with '{name}.' or '{name}-'")
    if path.suffix in TEXT_SUFFIXES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NEGATIVE_ZERO.search(line):
                problems.append(f"{path.name}:{number}: prints a negative zero (use _docenv.fmt): {line.strip()}")
    return problems


def fixed_env(staging: Path, name: str) -> dict[str, str]:
    """The environment every job runs in: nothing from the caller's shell but PATH and HOME."""
    mplconfig = CACHE / "mplconfig"
    mplconfig.mkdir(parents=True, exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(CACHE)),
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "SOURCE_DATE_EPOCH": "0",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": str(mplconfig),
        "TZ": "UTC",
        "LC_ALL": "C.UTF-8",
        "COLUMNS": "100",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "CUDA_VISIBLE_DEVICES": "",
        "REGEN_OUT": str(staging),
        "REGEN_STEM": name,
    } | {k: os.environ[k] for k in PASSED_THROUGH if k in os.environ}


# --- notebooks ----------------------------------------------------------------------------------------------------
# A notebook is its own input (its code and Markdown cells) and its own output (the same file with outputs), executed
# in place. Its manifest keys the input on the cells' sources only and records the hash of the whole executed file
# apart ("executed"), so executing it never makes it stale, and hand-editing an output shows as "altered".

NB_BOOT = """\
import os, sys
import nbformat
from nbclient import NotebookClient
source, cwd = sys.argv[1], sys.argv[2]
target = os.path.join(os.environ.pop("REGEN_OUT"), os.environ["REGEN_STEM"] + ".ipynb")  # the kernel writes no outputs
nb = nbformat.read(source, as_version=4)
for cell in nb.cells:
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
NotebookClient(nb, kernel_name="python3", timeout=600, record_timing=False, allow_errors=False,
               resources={"metadata": {"path": cwd}}).execute()
nb.metadata.pop("widgets", None)
nb.metadata.get("language_info", {}).pop("version", None)  # the Python patch release is not the notebook's business
for cell in nb.cells:
    for key in ("execution", "collapsed", "scrolled"):
        cell.metadata.pop(key, None)
nbformat.validate(nb)
nbformat.write(nb, target)
"""


def notebook_cells(path: Path) -> list[tuple[str, str]]:
    """(cell type, source) of every cell: what a notebook job's cache key covers (outputs excluded)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return [(c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]) for c in cells]


def notebook_target(job: Job, generated: Path) -> Path:
    """Where a notebook's executed copy goes: over itself; with --generated-dir DIR (tests), to DIR/../notebooks/,
    as docs/notebooks/ lies beside docs/generated/ (so DIR holds outputs of snippets and benchmarks only)."""
    if generated.resolve() == GENERATED.resolve():
        return job.path
    return generated.parent / "notebooks" / job.path.name


class NotebookJob(Job):
    """docs/notebooks/<name>.ipynb executed in place with nbclient (kernel python3, no timings, errors fail it)."""

    def source(self) -> str:
        """The code cells, shell and magic lines dropped, to find the local modules the notebook imports."""
        code = [src for kind, src in notebook_cells(self.path) if kind == "code"]
        lines = [line for src in code for line in src.splitlines() if not line.lstrip().startswith(("%", "!"))]
        return "\n".join(lines)

    def input_hashes(self) -> dict[str, str]:
        hashes = super().input_hashes()
        cells = json.dumps(notebook_cells(self.path), ensure_ascii=False).encode()
        hashes[rel(self.path)] = hashlib.sha256(cells).hexdigest()  # the cells, not the file with its outputs
        return hashes

    def command(self) -> list[str]:
        return [sys.executable, "-c", NB_BOOT, str(self.path), str(self.path.parent)]


def notebook_status(job: Job, generated: Path, manifest: dict) -> list[str]:
    """Is the executed notebook the one regen wrote? (Its cells are covered by the input key.)"""
    target = notebook_target(job, generated)
    executed = manifest.get("executed")
    if not target.is_file() or not executed:
        return [f"missing: {rel(target)} (the executed notebook; make regen)"]
    if sha256(target) != executed:
        return [f"altered: {rel(target)} (its outputs differ from what regen wrote when it executed it; make regen)"]
    return []


def discover() -> list[Job]:
    """Every job, by name. Files starting with '_' are helpers, not jobs."""
    jobs = [Job(p.stem, p, "snippet") for p in sorted(SNIPPETS.glob("*.py")) if not p.name.startswith("_")]
    if BENCHMARKS.is_dir():
        # Benchmarks may see a GPU: they measure, they are not byte-deterministic. They keep one CPU thread
        # (an empty OMP_NUM_THREADS is an error for libgomp; _docenv fixes torch's threads to 1 anyway).
        bench_env = {"CUDA_VISIBLE_DEVICES": os.environ.get("CUDA_VISIBLE_DEVICES", "")}
        if "CUDA_VISIBLE_DEVICES" not in os.environ:
            del bench_env["CUDA_VISIBLE_DEVICES"]
        jobs += [
            Job(p.stem, p, "bench", env=bench_env)
            for p in sorted(BENCHMARKS.glob("*.py"))
            if not p.name.startswith("_")
        ]
    if NOTEBOOKS.is_dir():
        jobs += [NotebookJob(p.stem, p, "notebook") for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
    names = [j.name for j in jobs]
    clashes = sorted({n for n in names if names.count(n) > 1})
    if clashes:
        raise SystemExit(f"regen: two jobs share the name(s) {clashes}; outputs are named after jobs, rename one")
    return jobs


# --- manifests ---------------------------------------------------------------------------------------------------


def manifest_path(generated: Path, name: str) -> Path:
    return generated / MANIFEST_DIR / f"{name}.json"


def read_manifest(generated: Path, name: str) -> dict | None:
    path = manifest_path(generated, name)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return None


def status(job: Job, generated: Path) -> list[str]:
    """What is wrong with the committed outputs of `job`, as lines for the user; empty when they are current."""
    manifest = read_manifest(generated, job.name)
    how = "make bench" if job.kind == "bench" else "make regen"
    if manifest is None:
        return [f"missing: {rel(manifest_path(generated, job.name))} ({rel(job.path)} has never been run: {how})"]
    problems = []
    if manifest.get("input_key") != job.input_key():
        old = manifest.get("inputs", {})
        changed = sorted(p for p, h in job.input_hashes().items() if old.get(p) != h) or ["the way it is run"]
        problems.append(f"stale: {rel(job.path)} (changed since its outputs were made: {', '.join(changed)}; {how})")
    for filename, digest in sorted(manifest.get("outputs", {}).items()):
        path = generated / filename
        if not path.is_file():
            problems.append(f"missing: {rel(path)} (written by {rel(job.path)}; {how})")
        elif sha256(path) != digest:
            problems.append(f"altered: {rel(path)} (differs from what {rel(job.path)} wrote; {how})")
    if job.kind == "notebook" and not problems:  # a stale notebook's file differs anyway: say stale, not altered
        problems += notebook_status(job, generated, manifest)
    if job.kind == "bench":
        problems += bench_structure(job, generated)
    return problems


def bench_structure(job: Job, generated: Path) -> list[str]:
    """What is missing from a benchmark's report NAME.json: the keys and the machine description pages rely on."""
    path = generated / f"{job.name}.json"
    if not path.is_file():
        return [f"structure: {rel(path)} is missing (every benchmark writes NAME.json; make bench)"]
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        return [f"structure: {rel(path)} is not JSON ({error})"]
    if not isinstance(report, dict):
        return [f"structure: {rel(path)} must hold a JSON object, got {type(report).__name__}"]
    problems = [f"structure: {rel(path)} lacks the key {key!r}" for key in BENCH_KEYS if key not in report]
    machine = report.get("machine")
    if isinstance(machine, dict):
        problems += [f"structure: {rel(path)} machine lacks {key!r}" for key in BENCH_MACHINE_KEYS if key not in machine]
    elif "machine" in report:
        problems.append(f"structure: {rel(path)} machine must be an object describing the machine")
    results = report.get("results")
    if "results" in report and (not isinstance(results, list) or not results or not all(isinstance(r, dict) for r in results)):
        problems.append(f"structure: {rel(path)} results must be a non-empty list of objects")
    return problems


def strays(jobs: list[Job], generated: Path) -> list[str]:
    """Files under docs/generated/ that no job wrote, and manifests of jobs that no longer exist."""
    known = {j.name for j in jobs}
    owned = {manifest_path(generated, n).resolve() for n in known}
    for name in known:
        manifest = read_manifest(generated, name) or {}
        owned.update((generated / f).resolve() for f in manifest.get("outputs", {}))
    lines = []
    for path in sorted(p for p in generated.rglob("*") if p.is_file()):
        if path.resolve() not in owned:
            lines.append(f"stray: {rel(path)} (no snippet, notebook or benchmark writes it: delete it)")
    return lines


def install(job: Job, staging: Path, generated: Path) -> None:
    """Move a job's staged outputs into place (atomic rename each), drop outputs it no longer writes, manifest last."""
    generated.mkdir(parents=True, exist_ok=True)
    (generated / MANIFEST_DIR).mkdir(exist_ok=True)
    executed = None
    if job.kind == "notebook":  # the executed notebook goes over itself, not into docs/generated/
        staged = staging / f"{job.name}.ipynb"
        target = notebook_target(job, generated)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.tmp")
        shutil.copyfile(staged, tmp)
        os.replace(tmp, target)
        executed = sha256(target)
        staged.unlink()
    new = {f.name: sha256(f) for f in sorted(staging.iterdir())}
    old = (read_manifest(generated, job.name) or {}).get("outputs", {})
    for filename in new:
        target = generated / filename
        tmp = target.with_name(f".{filename}.tmp")
        shutil.copyfile(staging / filename, tmp)
        os.replace(tmp, target)
    for filename in set(old) - set(new):
        (generated / filename).unlink(missing_ok=True)
    manifest = {
        "job": rel(job.path),
        "kind": job.kind,
        "input_key": job.input_key(),
        "inputs": job.input_hashes(),
        "outputs": new,
    }
    if executed is not None:
        manifest["executed"] = executed
    target = manifest_path(generated, job.name)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, target)


def remove_orphans(jobs: list[Job], generated: Path) -> None:
    """Delete what regen itself wrote for jobs that no longer exist (their manifests say which files)."""
    known = {j.name for j in jobs}
    folder = generated / MANIFEST_DIR
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if path.stem not in known:
            manifest = read_manifest(generated, path.stem) or {}
            for filename in manifest.get("outputs", {}):
                (generated / filename).unlink(missing_ok=True)
            path.unlink()
            print(f"regen: removed the outputs of {manifest.get('job', path.stem)}, which no longer exists")


# --- commands ------------------------------------------------------------------------------------------------------


def run_jobs(todo: list[Job], generated: Path, workers: int, timeout: float) -> bool:
    """Run `todo` in parallel into staging; install all of them only if all succeeded."""
    CACHE.mkdir(parents=True, exist_ok=True)
    staging_root = Path(tempfile.mkdtemp(prefix="staging-", dir=CACHE))
    try:
        results: dict[str, tuple[bool, str]] = {}

        def report(job: Job, result: tuple[bool, str]) -> None:
            results[job.name] = result
            ok, message = result
            print(f"regen: {'ran' if ok else 'FAILED'} {message}", file=sys.stdout if ok else sys.stderr, flush=True)

        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(j.run, staging_root / j.name, timeout): j for j in todo if j.kind != "bench"}
            for future in concurrent.futures.as_completed(futures):
                report(futures[future], future.result())
        for job in (j for j in todo if j.kind == "bench"):  # timings: one at a time, with nothing else running
            report(job, job.run(staging_root / job.name, timeout))
        failed = [j for j in todo if not results[j.name][0]]
        if failed:
            names = ", ".join(rel(j.path) for j in failed)
            print(f"regen: {len(failed)} job(s) failed ({names}); nothing under docs/generated/ was changed", file=sys.stderr)
            return False
        for job in todo:
            install(job, staging_root / job.name, generated)
        return True
    finally:
        shutil.rmtree(staging_root, ignore_errors=True)


def check(jobs: list[Job], generated: Path, *, every: bool = True) -> int:
    problems = [line for job in jobs for line in status(job, generated)]
    if every:  # strays can only be told when every job is known
        problems += strays(jobs, generated)
    for line in problems:
        print(line)
    if problems:
        print(f"regen --check: {len(problems)} problem(s); `make regen` (or `make bench`) brings docs/generated/ up to date")
        return 1
    print(f"regen --check: all {len(jobs)} jobs' outputs are current")
    return 0


def regen(
    jobs: list[Job], generated: Path, *, force: bool, bench: bool, workers: int, timeout: float, every: bool = True
) -> int:
    if every:  # orphans can only be told when every job is known
        remove_orphans(jobs, generated)
    runnable = [j for j in jobs if j.kind != "bench" or bench]
    todo = [j for j in runnable if force or (bench and j.kind == "bench") or status(j, generated)]
    for job in jobs:
        if job.kind == "bench" and not bench and status(job, generated):
            print(f"regen: note: benchmark {rel(job.path)} is out of date; `make bench` re-runs it", file=sys.stderr)
    if not todo:
        print(f"regen: nothing to do ({len(runnable)} jobs current)")
        return 0
    ok = run_jobs(todo, generated, workers, timeout)
    return 0 if ok else 1


def watch(jobs_fn, generated: Path, workers: int, timeout: float, interval: float = 0.5) -> int:
    """Poll the inputs and regenerate whatever went stale; never exits on a failing snippet."""
    print("regen --watch: watching snippets/ (Ctrl-C stops)", flush=True)
    last: dict[str, float] = {}
    while True:
        try:
            jobs = jobs_fn()
            stamps = {
                str(p): p.stat().st_mtime
                for job in jobs
                if job.kind != "bench"
                for p in job.inputs()
            }
            if stamps != last:
                last = stamps
                regen(jobs, generated, force=False, bench=False, workers=workers, timeout=timeout)
                sys.stdout.flush()
        except SyntaxError as error:  # a half-typed snippet: wait for the next save
            print(f"regen --watch: {error}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            return 0
        time.sleep(interval)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if any output is not current")
    mode.add_argument("--watch", action="store_true", help="regenerate on every change until interrupted")
    parser.add_argument("--force", action="store_true", help="re-run every job, current or not")
    parser.add_argument("--bench", action="store_true", help="also run the benchmarks")
    parser.add_argument(
        "--generated-dir", type=Path, default=GENERATED,
        help="where outputs go (tests use a temp dir; executed notebooks then go to its sibling notebooks/)",
    )  # fmt: skip
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="jobs run at once")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds one job may take")
    parser.add_argument("names", nargs="*", help="only these jobs (by name, e.g. reference_table)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be a positive int, got {args.jobs}")

    def selected() -> list[Job]:
        jobs = discover()
        unknown = sorted(set(args.names) - {j.name for j in jobs})
        if unknown:
            parser.error(f"unknown job(s) {unknown}; known: {', '.join(j.name for j in jobs)}")
        return [j for j in jobs if not args.names or j.name in args.names]

    generated = args.generated_dir.resolve()
    if args.check:
        return check(selected(), generated, every=not args.names)
    if args.watch:
        return watch(selected, generated, args.jobs, args.timeout)
    return regen(
        selected(), generated, force=args.force, bench=args.bench, workers=args.jobs, timeout=args.timeout,
        every=not args.names,
    )


if __name__ == "__main__":
    sys.exit(main())
