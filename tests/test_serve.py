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
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.communicate(timeout=30)  # read what it printed: a full pipe would block its shutdown
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.communicate()
    left = [p.name for p in scratch.iterdir()]
    assert not left, f"make serve, stopped with Ctrl-C, left in {scratch} (the site mkdocs built, or its folder): {left}"
