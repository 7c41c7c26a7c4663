"""`make serve`: the site answers on loopback, and saving a snippet shows its new output without a manual step."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import copy_checkout

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


STOP_S = 60  # scripts/serve.py's longest stop: 3 waits of 10 s, with room for a loaded machine


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
    )
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
        # serve.py may take up to STOP_S to stop on a busy machine (mkdocs asked twice, 10 s each, then the watcher
        # 10 s): killing it sooner is the test leaving the folder, not make serve (CI at 1,529 s of CPU, 30 s here)
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.communicate(timeout=STOP_S)  # read what it printed: a full pipe would block its shutdown
            killed = False
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.communicate()
            killed = True
    assert not killed, f"make serve did not stop within {STOP_S} s of Ctrl-C"
    left = [p.name for p in scratch.iterdir()]
    assert not left, f"make serve, stopped with Ctrl-C, left in {scratch} (the site mkdocs built, or its folder): {left}"
