#!/usr/bin/env python3
"""Regenerate every output and figure under docs/generated/ from the code that makes it; or check that they are current.

    python scripts/regen.py                # re-run the jobs whose code (or a local module they import) changed
    python scripts/regen.py --force        # re-run every snippet, page script and notebook
    python scripts/regen.py --check        # write nothing; exit 1 listing stale, altered, missing and stray files
    python scripts/regen.py --bench        # also run the benchmarks (timings: never part of a normal regen)
    python scripts/regen.py --experiments  # also run the experiments whose code changed (cached; never forced)
    python scripts/regen.py --watch        # regenerate whenever a snippet changes (used by `make serve`)
    python scripts/regen.py linearity/shift_matrix reference_page/table   # only these jobs

Each job (a snippet or page script, a notebook, a benchmark, an experiment) runs in its own process group with a
fixed environment and writes into a private staging folder; a write anywhere else fails it. Only when every job has
succeeded are the outputs and manifests (docs/generated/.manifest/<name>.json: the hashes of a job's inputs and
outputs) installed, all together or not at all. The parts live in scripts/regenkit/ (see its __init__).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from regenkit.benchreport import KEYS as BENCH_KEYS  # noqa: E402,F401  (re-exported for tests and benchmarks)
from regenkit.commands import check, regen  # noqa: E402
from regenkit.config import CACHE, GENERATED, MAX_OUTPUT_BYTES, ROOT, SNIPPETS, fixed_env, rel  # noqa: E402,F401
from regenkit.imports import dependencies, local_imports  # noqa: E402,F401
from regenkit.install import install, install_all, lock_path  # noqa: E402,F401
from regenkit.jobs import Job, NotebookJob, discover, page_scripts  # noqa: E402,F401
from regenkit.outputs import bench_structure, output_problems, status  # noqa: E402,F401
from regenkit.watch import watch  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if any output is not current")
    mode.add_argument("--watch", action="store_true", help="regenerate on every change until interrupted")
    parser.add_argument("--force", action="store_true", help="re-run every job, current or not")
    parser.add_argument("--bench", action="store_true", help="also run the benchmarks")
    parser.add_argument("--experiments", action="store_true", help="also run the experiments that are stale")
    parser.add_argument(
        "--generated-dir", type=Path, default=GENERATED,
        help="where outputs go (tests use a temp dir; executed notebooks then go to its sibling notebooks/)",
    )  # fmt: skip
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="jobs run at once")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds one job may take")
    parser.add_argument("names", nargs="*", help="only these jobs (by name: reference_page/table, linearity/shift_matrix)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be a positive int, got {args.jobs}")
    if args.timeout <= 0:
        parser.error(f"--timeout must be a positive number of seconds, got {args.timeout}")

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
        selected(),
        generated,
        force=args.force,
        bench=args.bench,
        workers=args.jobs,
        timeout=args.timeout,
        every=not args.names,
        experiments=args.experiments,
    )


def interrupted(signum, frame) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, interrupted)  # `make serve` stops the watcher with SIGTERM: clean up as for Ctrl-C
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("regen: interrupted", file=sys.stderr)
        sys.exit(130)
