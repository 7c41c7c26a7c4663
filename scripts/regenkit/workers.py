"""regen's side of the preloaded worker (forkserver.py): start it (or connect to a shared one), hand it jobs, wait for
them, stop it."""

from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from . import config
from .jobs import GUARD, Job

SERVER = Path(__file__).resolve().with_name("forkserver.py")
STARTUP_SECONDS = 120.0
CLOSE_SECONDS = 10.0


class WorkerGone(Exception):
    """The preloaded worker died or never started."""


class ForkServer:
    """One preloaded worker process; thread-safe: several jobs run through it at once."""

    def __init__(self, also: bool = False, env: dict[str, str] | None = None) -> None:
        """`also`: preload the libraries of forkserver.ALSO too (worth it when several jobs import them). `env`: the
        worker's own environment, from which its children inherit what a process reads when it starts (GLIBC_TUNABLES,
        PYTHONHASHSEED); the snippets' fixed environment unless given (the tests give an experiment's)."""
        config.CACHE.mkdir(parents=True, exist_ok=True)
        env = env if env is not None else config.fixed_env(config.CACHE, "forkserver")
        self.log = open(config.CACHE / "forkserver.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER), *(["--also"] if also else [])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            env=env,
            cwd=config.ROOT,
            start_new_session=True,
        )
        self._connect(self.proc.stdout)

    def _connect(self, answers) -> None:
        """Read `answers` (the server's lines) on a thread of its own; wait until the server is ready."""
        self.answers = answers
        self.ids = itertools.count()
        self.lock = threading.Lock()
        self.events: dict[str, dict] = {}
        self.ready = threading.Event()
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.ready.wait(0.2) and time.monotonic() < deadline:  # short waits: Ctrl-C stays prompt
            pass
        if not self.ready.is_set() or not self.alive():
            self.close()
            raise WorkerGone("the preloaded worker did not start (see .cache/regen/forkserver.log)")

    def _send(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def _read(self) -> None:
        for line in self.answers:
            message = json.loads(line)
            if message.get("ready") or "hello" in message:
                self.accepted = message.get("hello", True)
                self.ready.set()
                continue
            with self.changed:
                self.events.setdefault(message["id"], {}).update(message)
                self.changed.notify_all()
        with self.changed:  # the worker is gone: wake everyone waiting
            self.ready.set()
            self.events["__gone__"] = {}
            self.changed.notify_all()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def start(self, job: Job, env: dict[str, str], stdout: Path, stderr: Path) -> tuple[str, int]:
        """Fork a child for `job`; return (request id, pid)."""
        request_id = str(next(self.ids))
        request = {
            "id": request_id,
            "path": str(job.path),
            "snippets": str(config.SNIPPETS),
            "cwd": str(config.ROOT),
            "env": env,
            "stdout": str(stdout),
            "stderr": str(stderr),
            "guard": GUARD,
        }
        try:
            with self.lock:
                self._send((json.dumps(request) + "\n").encode())
        except (OSError, ValueError):
            raise WorkerGone("the preloaded worker is gone") from None
        with self.changed:
            self.changed.wait_for(lambda: "pid" in self.events.get(request_id, {}) or "__gone__" in self.events)
            if "pid" not in self.events.get(request_id, {}):
                raise WorkerGone("the preloaded worker is gone")
            return request_id, self.events[request_id]["pid"]

    def wait(self, request_id: str, timeout: float | None) -> int | None:
        """The child's exit status, or None if it did not end within `timeout` seconds (or the worker died)."""
        with self.changed:
            self.changed.wait_for(lambda: "exit" in self.events[request_id] or "__gone__" in self.events, timeout)
            return self.events[request_id].get("exit")

    def forget(self, request_id: str) -> None:
        with self.changed:
            self.events.pop(request_id, None)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait()
        self.log.close()


class SharedForkServer(ForkServer):
    """A connection to a preloaded worker that serves many regen runs (`forkserver.py --listen`, which the tests start
    for their session): used as an own worker is; closing it ends this run's connection, not the server."""

    def __init__(self, path: str) -> None:
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.connection.connect(path)
        except OSError:
            self.connection.close()
            raise
        self.closed = False
        self.accepted = False
        self._send((json.dumps({"hello": hello()}) + "\n").encode())
        self._connect(self.connection.makefile("rb"))
        if not self.accepted:
            self.close()
            raise WorkerGone("the shared worker runs another interpreter or environment")

    def _send(self, data: bytes) -> None:
        self.connection.sendall(data)

    def alive(self) -> bool:
        return not self.closed and "__gone__" not in self.events

    def close(self) -> None:
        """End this run's connection: the server kills what it still runs, answers their ends, then closes its side,
        which this waits for (as closing a worker of the run's own waits for it to exit), so that no job of the run
        outlives it."""
        if not self.closed:
            self.closed = True
            try:
                self.connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            with self.changed:
                self.changed.wait_for(lambda: "__gone__" in self.events, CLOSE_SECONDS)
            self.connection.close()


# The server's environment as this caller's own worker would have it, but for the folders under this checkout's cache
# (the shared server's are under the checkout that started it): a child takes the job's environment anyway, and these
# are read by no preloaded module in a way that reaches an output.
OWN_FOLDERS = ("MPLCONFIGDIR", "TMPDIR", "JUPYTER_RUNTIME_DIR", "REGEN_OUT", "REGEN_WRITABLE")
SHARED = "REGEN_SHARED_WORKER"  # the socket of a shared preloaded worker, when one serves this session


def hello() -> dict:
    env = config.fixed_env(config.CACHE, "forkserver")
    return {"executable": sys.executable, "env": {k: v for k, v in env.items() if k not in OWN_FOLDERS},
            "ignore": list(OWN_FOLDERS)}


def listen(path: str) -> subprocess.Popen:
    """Start a shared preloaded worker on the Unix socket `path`; it stops when its standard input closes."""
    config.CACHE.mkdir(parents=True, exist_ok=True)
    with open(config.CACHE / "forkserver.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, str(SERVER), "--also", "--listen", path], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=log, env=config.fixed_env(config.CACHE, "forkserver"),
                                cwd=config.ROOT, start_new_session=True)
    deadline = time.monotonic() + 10
    while not os.path.exists(path) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)  # bound before its imports: from then on a caller waits for its answer
    return proc


# Preload forkserver.ALSO in a run's own worker when at least this many of its snippets name one of those libraries in
# their code or in a local module they import (each costs about 2 s without it; the preload costs about 2 s once).
ALSO_FROM = 3
ALSO_NAMES = ("transformers", "diffusers")


def wants_also(jobs: list[Job]) -> bool:
    pinned = {(config.ROOT / p).resolve() for p in config.GLOBAL_INPUTS}  # requirements.txt names them all

    def names(job: Job) -> bool:
        code = (p.read_text(encoding="utf-8") for p in job.inputs() if p not in pinned)
        return any(name in text for text in code for name in ALSO_NAMES)

    found = 0
    for job in jobs:
        found += names(job)
        if found >= ALSO_FROM:
            return True
    return False


def shared_worker() -> SharedForkServer | None:
    """A connection to this session's shared worker, if it has one that fits; None if it has none, if it is gone, or
    if it runs another environment (another kernel asked for): the caller then does as it would without one."""
    if not os.environ.get(SHARED):
        return None
    try:
        return SharedForkServer(os.environ[SHARED])
    except (OSError, WorkerGone):
        return None


def open_worker(jobs: list[Job]) -> ForkServer | None:
    """A preloaded worker for the snippet jobs of a run: the shared one when this session has one that fits (even
    for a single job), else one of the run's own when there are two or more (one torch import for them all); None
    to run each in a fresh interpreter."""
    snippets = len(jobs)
    if not enabled() or snippets == 0:
        return None
    shared = shared_worker()
    if shared is not None:
        return shared
    if snippets > 1:
        try:
            return ForkServer(also=wants_also(jobs))
        except WorkerGone as error:
            print(f"regen: note: {error}; running each job in a fresh interpreter", file=sys.stderr)
    return None


def enabled() -> bool:
    """REGEN_WORKER=0 runs every job in a fresh interpreter instead (slower; for comparison and debugging)."""
    return os.environ.get("REGEN_WORKER", "1") != "0"
