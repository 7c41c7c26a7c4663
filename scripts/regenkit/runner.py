"""Running jobs: each in its own process group, output straight to files, under a timeout, cancellable at once.

A job's standard output becomes <stem>.txt in its staging folder; its standard error is kept for the message.
On a timeout, on Ctrl-C, and when a job ends, its whole process group is killed, so no child outlives it.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from .config import ROOT, rel
from .jobs import Job
from .outputs import bench_structure, output_problems
from .workers import ForkServer, WorkerGone

STDERR_SHOWN = 20_000  # characters of a failing job's standard error shown (its end)
# Seconds the main thread waits at most before it runs Python again. The kernel hands a Ctrl-C (or SIGTERM) sent to
# regen to any of its threads; Python runs the handler in the main thread only, the next time that thread runs, so a
# main thread blocked in an untimed wait would notice the signal only when a job ends (seen on a loaded machine).
SIGNAL_POLL = 0.2
UNWATCHED = {".git", ".venv", ".cache", "site", "__pycache__", ".pytest_cache", "node_modules"}


class Interrupted(Exception):
    """Ctrl-C (or SIGTERM) while jobs ran."""


def tree_state(root: Path = ROOT) -> dict[str, tuple[int, int]]:
    """(mtime, size) of every file of the working tree but caches, to tell what changed while jobs ran."""
    state = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in UNWATCHED]
        for name in files:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                continue
            state[os.path.relpath(path, root)] = (info.st_mtime_ns, info.st_size)
    return state


def changed_files(before: dict, after: dict) -> list[str]:
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


class Runner:
    """Runs jobs; cancel() kills every running one and makes the queued ones return at once. Snippet jobs go through
    the preloaded worker when one is given (workers.ForkServer), every other job through a fresh interpreter."""

    def __init__(self, timeout: float, server: ForkServer | None = None) -> None:
        self.timeout = timeout
        self.server = server
        self.cancelled = threading.Event()
        self.live: set[int] = set()  # process groups of running jobs
        self.guard = threading.Lock()

    def cancel(self) -> None:
        self.cancelled.set()
        with self.guard:
            for group in list(self.live):
                kill_group(group)

    def _started(self, group: int) -> None:
        with self.guard:
            self.live.add(group)
            if self.cancelled.is_set():
                kill_group(group)

    def _ended(self, group: int) -> None:
        kill_group(group)  # whatever the job left running
        with self.guard:
            self.live.discard(group)

    def _fresh(self, job: Job, env: dict, stdout_path: Path, stderr_path: Path) -> int | None:
        """Run `job` in a fresh interpreter; its exit status, or None on timeout."""
        with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
            proc = subprocess.Popen(
                job.command(),
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                start_new_session=True,
            )
        self._started(proc.pid)
        try:
            return proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return None
        finally:
            self._ended(proc.pid)
            proc.wait()

    def _forked(self, job: Job, env: dict, stdout_path: Path, stderr_path: Path) -> int | None:
        """Run `job` in a child of the preloaded worker; its exit status, or None on timeout."""
        request, pid = self.server.start(job, env, stdout_path, stderr_path)
        self._started(pid)
        try:
            code = self.server.wait(request, self.timeout)
            if code is None and not self.server.alive():
                raise WorkerGone("the preloaded worker died while running the job")
            return code
        finally:
            self._ended(pid)
            self.server.wait(request, 10)
            self.server.forget(request)

    def run(self, job: Job, staging: Path) -> tuple[bool, str]:
        """Run `job` into `staging`; return (ok, message)."""
        if self.cancelled.is_set():
            return False, f"{rel(job.path)} was cancelled"
        scratch = staging.parent / f".{staging.name}.scratch"
        staging.mkdir(parents=True, exist_ok=True)
        scratch.mkdir(parents=True, exist_ok=True)
        stdout_path, stderr_path = staging / f"{job.stem}.txt", scratch / "stderr"
        env = job.environment(staging, scratch)
        started = time.perf_counter()
        if self.server is not None and job.kind == "snippet":
            try:
                code = self._forked(job, env, stdout_path, stderr_path)
            except WorkerGone as error:
                return False, f"{rel(job.path)}: {error}"
        else:
            code = self._fresh(job, env, stdout_path, stderr_path)
        seconds = time.perf_counter() - started
        if self.cancelled.is_set():
            return False, f"{rel(job.path)} was stopped"
        if code is None:
            return False, f"{rel(job.path)} did not finish within {self.timeout:.0f} s (its processes were killed)"
        if code != 0:
            return False, f"{rel(job.path)} failed (exit {code}):\n{tail(stderr_path)}"
        if stdout_path.stat().st_size == 0:
            stdout_path.unlink()
        problems = [p for f in sorted(staging.iterdir()) for p in output_problems(job.stem, f)]
        if job.kind == "bench" and not problems:
            problems += bench_structure(job, staging)  # benchmarks are flat jobs: staging holds NAME.json
        if problems:
            return False, f"{rel(job.path)} wrote outputs regen refuses:\n  " + "\n  ".join(problems)
        return True, f"{rel(job.path)} ({seconds:.1f} s)"


def kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def tail(path: Path) -> str:
    with open(path, "rb") as handle:
        handle.seek(max(0, path.stat().st_size - STDERR_SHOWN))
        return handle.read().decode("utf-8", "replace")


def report(ok: bool, message: str) -> None:
    print(f"regen: {'ran' if ok else 'FAILED'} {message}", file=sys.stdout if ok else sys.stderr, flush=True)


def run_all(
    todo: list[Job], staging_root: Path, workers: int, timeout: float, server: ForkServer | None = None,
    own: bool = False,
) -> dict[str, tuple[bool, str]]:
    """Run `todo` into staging_root/<name>: snippets, notebooks and experiments in parallel, then benchmarks one at a
    time. Ctrl-C kills every job and raises Interrupted; a write into the tree outside staging fails the run.
    `server`: the preloaded worker for the snippets (none: a fresh interpreter each); `own`: this run opened it, so
    Ctrl-C closes it (which wakes every thread waiting on it at once)."""
    results: dict[str, tuple[bool, str]] = {}
    before = tree_state()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    runner = Runner(timeout, server)
    try:
        futures = {pool.submit(runner.run, j, staging_root / j.name): j for j in todo if j.kind != "bench"}
        pending = set(futures)
        while pending:  # never an untimed wait: see SIGNAL_POLL
            done, pending = concurrent.futures.wait(pending, SIGNAL_POLL, concurrent.futures.FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: futures[f].name):
                results[futures[future].name] = future.result()
                report(*results[futures[future].name])
        for job in (j for j in todo if j.kind == "bench"):  # timings: one at a time, with nothing else running
            results[job.name] = runner.run(job, staging_root / job.name)
            report(*results[job.name])
    except KeyboardInterrupt:
        runner.cancel()
        if runner.server is not None and own:  # end of input: the worker kills its children and exits, which wakes
            runner.server.close()  # every thread still waiting on it, so that Ctrl-C stays prompt on a loaded machine
        pool.shutdown(wait=True, cancel_futures=True)
        raise Interrupted from None
    finally:
        pool.shutdown(wait=True)
    written = changed_files(before, tree_state())
    if written:
        names = ", ".join(rel(j.path) for j in todo)
        for job in todo:
            results[job.name] = (False, f"{rel(job.path)} may have written outside its staging folder")
        print(
            f"regen: FAILED these files of the working tree changed while {names} ran: {', '.join(written)}."
            " A job may write only into its staging folder; if you saved them yourself meanwhile, run regen again",
            file=sys.stderr,
            flush=True,
        )
    return results
