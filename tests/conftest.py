"""Shared fixtures: the snippets on sys.path, one strict build of the site, and an offline headless browser."""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
GENERATED = ROOT / "docs" / "generated"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
sys.path.insert(0, str(SNIPPETS))


def run_python(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run a Python script of the repository with this interpreter, capturing text output."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, **kwargs)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once per session with `mkdocs build --strict` into a temporary folder (never regenerates)."""
    site = tmp_path_factory.mktemp("site")
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, env=env,
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over http on a free loopback port."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium driven by Playwright, with background networking off."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    with playwright_api.sync_playwright() as p:
        instance = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
            ],
        )
        yield instance
        instance.close()


class OfflinePage:
    """A browser page that refuses every request leaving the machine and records it, with its console errors."""

    def __init__(self, context) -> None:
        self.page = context.new_page()
        self.external: list[str] = []
        self.console_errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.route("**/*", self._route)

    def _route(self, route) -> None:
        url = urlparse(route.request.url)
        local = url.scheme in ("file", "data", "blob", "about") or url.hostname in ("127.0.0.1", "localhost", "::1")
        if local:
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()


@pytest.fixture
def offline_page(browser) -> Iterator[OfflinePage]:
    context = browser.new_context()
    yield OfflinePage(context)
    context.close()
