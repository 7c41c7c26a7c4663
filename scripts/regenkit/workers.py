"""regen's side of the preloaded worker (forkserver.py): start it, hand it jobs, wait for them, stop it."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from . import config
from .jobs import GUARD, Job

SERVER = Path(__file__).resolve().with_name("forkserver.py")
STARTUP_SECONDS = 120.0


class WorkerGone(Exception):
    """The preloaded worker died or never started."""


class ForkServer:
    """One preloaded worker process; thread-safe: several jobs run through it at once."""

    def __init__(self) -> None:
        config.CACHE.mkdir(parents=True, exist_ok=True)
        env = config.fixed_env(config.CACHE, "forkserver")
        self.log = open(config.CACHE / "forkserver.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            env=env,
            cwd=config.ROOT,
            start_new_session=True,
        )
        self.ids = itertools.count()
        self.lock = threading.Lock()
        self.events: dict[str, dict] = {}
        self.ready = threading.Event()
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.ready.wait(0.2) and time.monotonic() < deadline:  # short waits: Ctrl-C stays prompt
            pass
        if not self.ready.is_set() or self.proc.poll() is not None:
            self.close()
            raise WorkerGone("the preloaded worker did not start (see .cache/regen/forkserver.log)")

    def _read(self) -> None:
        for line in self.proc.stdout:
            message = json.loads(line)
            if message.get("ready"):
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
                self.proc.stdin.write((json.dumps(request) + "\n").encode())
                self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
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


def enabled() -> bool:
    """REGEN_WORKER=0 runs every job in a fresh interpreter instead (slower; for comparison and debugging)."""
    return os.environ.get("REGEN_WORKER", "1") != "0"
