"""`regen.py --watch` (used by `make serve`): re-run whatever a saved file made stale; never exits on a failure.

File events (watchdog: inotify on Linux), not polling: a save starts one regen within DEBOUNCE seconds, through
one preloaded worker kept for the whole session. What failed is written to .cache/regen/serve/status.json, which
`make serve` hands to the site (scripts/docs_macros.py shows the error on the page the failing job feeds).
"""

from __future__ import annotations

import json
import queue
import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import config
from .commands import regen
from .config import rel
from .jobs import Job
from .workers import ForkServer, WorkerGone, enabled, shared_worker

DEBOUNCE = 0.15  # seconds of quiet after an event before regenerating (an editor's save is several events)
STATUS = config.CACHE / "serve" / "status.json"
WATCHED_SUFFIXES = (".py", ".ipynb", ".txt", ".json", ".csv")
CHANGES = {"created", "modified", "moved", "deleted", "closed"}  # "closed": closed after writing


def write_status(failures: dict[str, dict]) -> None:
    """Record the failing jobs for the site; rewrite the file only when it changes (a write rebuilds the site)."""
    text = json.dumps({"failed": failures}, indent=1, sort_keys=True) + "\n"
    STATUS.parent.mkdir(parents=True, exist_ok=True)
    if not STATUS.is_file() or STATUS.read_text(encoding="utf-8") != text:
        tmp = STATUS.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(STATUS)


def relevant(path: str) -> bool:
    parts = Path(path).parts
    return path.endswith(WATCHED_SUFFIXES) and not any(p.startswith((".", "__pycache__")) for p in parts[-1:])


def watch(jobs_fn: Callable[[], list[Job]], generated: Path, workers: int, timeout: float) -> int:
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    events: queue.Queue[str] = queue.Queue()

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
            if event.event_type not in CHANGES:  # reading a file (regen does) is an event too
                return
            for path in (event.src_path, getattr(event, "dest_path", "")):
                if path and relevant(str(path)):
                    events.put(str(path))

    observer = Observer()
    for folder in (config.SNIPPETS, config.NOTEBOOKS):
        if folder.is_dir():
            observer.schedule(Handler(), str(folder), recursive=True)
    observer.start()
    server = None
    failures: dict[str, dict] = {}
    print("regen --watch: watching snippets/ and docs/notebooks/ (Ctrl-C stops)", flush=True)
    try:
        while True:
            if server is None or not server.alive():
                server = persistent_worker() if enabled() else None
            try:
                jobs = jobs_fn()
                results: dict = {}
                code = regen(
                    jobs,
                    generated,
                    force=False,
                    bench=False,
                    workers=workers,
                    timeout=timeout,
                    server=server,
                    results=results,
                )
                if code == 130:  # Ctrl-C while jobs ran
                    return 0
                current = {j.name for j in jobs}
                failures = {name: f for name, f in failures.items() if name in current}
                for job, ok, message in results.values():
                    if ok:
                        failures.pop(job.name, None)
                    else:
                        failures[job.name] = {"job": rel(job.path), "message": message[-4000:]}
            except SyntaxError as error:  # a half-typed snippet: wait for the next save
                print(f"regen --watch: {error}", file=sys.stderr, flush=True)
            except SystemExit as error:  # discovery refused a name: say so, keep watching
                print(f"regen --watch: {error}", file=sys.stderr, flush=True)
            write_status(failures)
            sys.stdout.flush()
            while True:  # until something is saved; short waits, so that Ctrl-C and SIGTERM stay prompt
                try:
                    events.get(timeout=0.5)
                    break
                except queue.Empty:
                    pass
            time.sleep(DEBOUNCE)
            while not events.empty():
                events.get_nowait()
    except KeyboardInterrupt:
        return 0
    finally:
        observer.stop()
        if server is not None:
            server.close()


def persistent_worker() -> ForkServer | None:
    """The session's preloaded worker: the shared one when one fits (the tests start one), else one of its own."""
    shared = shared_worker()
    if shared is not None:
        return shared
    try:
        return ForkServer()
    except WorkerGone:
        return None
