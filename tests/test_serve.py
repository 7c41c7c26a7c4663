"""`make serve`: the site answers on loopback, and saving a snippet shows its new output without a manual step."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import as_in_a_terminal, copy_checkout

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("shared_regen_worker")]  # the fixture: conftest.py


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


STOP_S = 60  # scripts/serve.py's longest stop: two waits of 10 s for mkdocs, one for the watcher, with room
# for a loaded machine


def group_processes(group: int) -> list[str]:
    """The processes of a process group still alive, as "pid: command line" (from /proc)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
            if int(fields[2]) == group:
                command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                alive.append(f"{stat.parent.name}: {command[:160]}")
        except (OSError, IndexError, ValueError):
            continue
    return alive


def wait_for(predicate, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.5)
    return None


def test_serve_answers_and_regenerates_an_edited_snippet(tmp_path):
    copy = copy_checkout(tmp_path / "repo")
    port = free_port()
    scratch = tmp_path / "tmp"  # TMPDIR, where make serve has mkdocs build the site it serves: empty once it stops
    scratch.mkdir()
    env = os.environ | {"SERVE_ADDRESS": f"127.0.0.1:{port}", "NO_MKDOCS_2_WARNING": "1", "TMPDIR": str(scratch)}
    server = subprocess.Popen(
        [sys.executable, "scripts/serve.py"], cwd=copy, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        preexec_fn=as_in_a_terminal,  # Ctrl-C reaches it as in a terminal, whatever the test's worker ignores
    )
    output: list[bytes] = []  # read all along: a full pipe would block make serve
    reader = threading.Thread(target=lambda: output.extend(server.stdout), daemon=True)
    reader.start()
    try:
        page = wait_for(lambda: fetch(f"http://127.0.0.1:{port}/reference.html"), 90)
        assert page and "The reference implementation" in page

        snippet = copy / "snippets" / "reference_page/table.py"
        # the page shows the code too: only the regenerated output contains the joined text
        source = snippet.read_text().replace('print("d_model = 4, columns:', 'print("EDI" + "TED d_model = 4, columns:')
        snippet.write_text(source)
        updated = wait_for(
            lambda: "EDITED d_model = 4" in (fetch(f"http://127.0.0.1:{port}/reference.html") or ""), 90
        )
        assert updated, "the served page did not show the edited snippet's new output"
        assert "EDITED" in (copy / "docs" / "generated" / "reference_page/table.txt").read_text()
    finally:
        # Ctrl-C, as a reader stops `make serve`: mkdocs serve then removes the site it built in /tmp (SIGTERM left it)
        # (Twice in CI nothing stopped at all, none of the three printing a word, as processes started with SIGINT
        # ignored behave: a pytest-xdist worker can ignore it, hence as_in_a_terminal above.)
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=STOP_S)
            stuck = []
        except subprocess.TimeoutExpired:
            stuck = group_processes(server.pid)
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        reader.join(timeout=STOP_S)  # the pipe closes when the last process that holds it is gone
        holders = group_processes(server.pid) if reader.is_alive() else []
        if holders:
            os.killpg(server.pid, signal.SIGKILL)
    last = b"".join(output[-40:]).decode(errors="replace")
    assert not stuck, f"make serve did not stop within {STOP_S} s of Ctrl-C; its group then: {stuck}; it printed:\n{last}"
    assert not holders, f"make serve stopped, and these still held its output {STOP_S} s on: {holders}; it printed:\n{last}"
    left = [p.name for p in scratch.iterdir()]
    assert not left, f"make serve, stopped with Ctrl-C, left in {scratch} (the site mkdocs built, or its folder): {left}"
