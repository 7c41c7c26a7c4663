"""The two things regen does: check that outputs are current, and bring them up to date."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from . import config
from .config import HOW, MEASURING, rel
from .install import InstallError, check_writable, install_all, locked, new_staging, remove_stale_staging
from .jobs import Job
from .outputs import remove_orphans, status, strays
from .runner import Interrupted, run_all
from .workers import open_worker


def check(jobs: list[Job], generated: Path, *, every: bool = True) -> int:
    """Print what is stale, altered, missing or stray; 1 if anything is, else 0. Writes nothing."""
    problems = [line for job in jobs for line in status(job, generated)]
    if every:  # strays can only be told when every job is known
        problems += strays(jobs, generated)
    for line in problems:
        print(line)
    if problems:
        print(
            f"regen --check: {len(problems)} problem(s); `make regen` (or `make bench`, `make experiments`) brings"
            " docs/generated/ up to date"
        )
        return 1
    print(f"regen --check: all {len(jobs)} jobs' outputs are current")
    return 0


def plan(jobs: list[Job], generated: Path, *, force: bool, bench: bool, experiments: bool) -> list[Job]:
    """What to run: what is stale (everything with `force`); benchmarks only with `bench`, and then always (timings
    are re-measured); experiments only with `experiments`, and then when stale or forced (they are cached)."""
    asked = {"bench": bench, "experiment": experiments}
    runnable = [j for j in jobs if j.kind not in MEASURING or asked[j.kind]]
    for job in jobs:
        if job.kind in MEASURING and not asked[job.kind] and status(job, generated):
            print(
                f"regen: note: {job.kind} {rel(job.path)} is out of date; `{HOW[job.kind]}` re-runs it", file=sys.stderr
            )
    return [j for j in runnable if force or j.kind == "bench" or status(j, generated)]


def regen(
    jobs: list[Job],
    generated: Path,
    *,
    force: bool,
    bench: bool,
    workers: int,
    timeout: float,
    every: bool = True,
    experiments: bool = False,
    server=None,
    results: dict | None = None,
) -> int:
    """Run what `plan` says into staging and install it all, or nothing; 0 on success. `server`: a preloaded worker
    to reuse (watch); `results`, when given, receives {name: (job, ok, message)} of the jobs run."""
    try:
        with locked(config.CACHE, generated):
            remove_stale_staging(config.CACHE)
            if every:  # orphans can only be told when every job is known
                remove_orphans(jobs, generated)
            todo = plan(jobs, generated, force=force, bench=bench, experiments=experiments)
            if not todo:
                print(f"regen: nothing to do ({len(jobs)} jobs current)")
                return 0
            check_writable(todo, generated)
            # One preloaded worker for both rounds (unless the caller lends one): a second would import torch again.
            own = server is None and open_worker([j for j in todo if j.kind == "snippet"])
            try:
                return run_rounds(jobs, todo, generated, workers, timeout, own or server, bool(own), results)
            finally:
                if own:
                    own.close()
    except InstallError as error:
        print(f"regen: {error}", file=sys.stderr)
        return 1


def run_rounds(jobs, todo, generated, workers, timeout, server, own, results) -> int:
    """Scripts that read other jobs' outputs (jobs.READS) run second, on what the first round installed."""
    first = [j for j in todo if not j.reads]
    if first:
        code = run_and_install(first, generated, workers, timeout, server, results, own)
        if code:
            return code
    readers = [j for j in jobs if j.reads and (j in todo or (first and status(j, generated)))]
    return run_and_install(readers, generated, workers, timeout, server, results, own) if readers else 0


def run_and_install(
    todo: list[Job], generated: Path, workers: int, timeout: float, server=None, results: dict | None = None,
    own: bool = False,
) -> int:
    staging_root = new_staging(config.CACHE)
    try:
        ran = run_all(todo, staging_root, workers, timeout, server, own)
        if results is not None:
            results.update({job.name: (job, *ran[job.name]) for job in todo})
        failed = [j for j in todo if not ran[j.name][0]]
        if failed:
            names = ", ".join(rel(j.path) for j in failed)
            print(
                f"regen: {len(failed)} job(s) failed ({names}); nothing under docs/generated/ was changed",
                file=sys.stderr,
            )
            return 1
        install_all([(j, staging_root / j.name) for j in todo], generated)
        return 0
    except Interrupted:
        print(
            "regen: interrupted; every job was stopped and nothing under docs/generated/ was changed", file=sys.stderr
        )
        return 130
    except OSError as error:
        where = rel(error.filename) if error.filename else "docs/generated/"
        print(
            f"regen: could not write {where} ({error.strerror or error}); docs/generated/ is as it was", file=sys.stderr
        )
        return 1
    finally:
        shutil.rmtree(staging_root, ignore_errors=True)
