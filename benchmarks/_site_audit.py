"""The site audit shared by the tests and benchmarks/site_budgets.py: the strict build, the loopback server, the
headless Chromium, the page list, and the measures of each page (bytes, axe-core findings per palette, alt text).

tests/conftest.py builds, serves and launches with these for every browser test; tests/test_budgets.py holds the
site to the budgets below on every `make test`; benchmarks/site_budgets.py writes the figures under
docs/generated/. Nothing here is part of the site: axe-core is vendored under tests/vendor/ for these checks only.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "tests" / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"  # tests/vendor/axe-core/VERSION
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian's: `make browser` installs it
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def build(site: Path, root: Path = ROOT, *, env: dict[str, str | None] | None = None) -> None:
    """Build the site of `root` as `make build` does (strict, never regenerating) into `site`; raise with mkdocs'
    output if it fails. `env` adds variables to the build's environment; a None value removes one (SITE_URL)."""
    changes = {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", **(env or {})}
    env = {k: v for k, v in (os.environ | changes).items() if v is not None}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=root, capture_output=True, text=True, env=env,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve `site` over http on a free loopback port; yield its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Debian's headless Chromium driven by Playwright, with background networking off; yield the browser."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    with sync_playwright() as playwright:
        # a short TMPDIR: Chromium puts a Unix socket there, and regen gives each job a deep temporary folder
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env={**os.environ, "TMPDIR": "/tmp"})
        try:
            yield browser
        finally:
            browser.close()


def site_pages(site: Path, *, with_404: bool = True) -> list[str]:
    """Every HTML page of the built site, as paths relative to its root (the 404 page unless with_404=False)."""
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    return pages if with_404 else [p for p in pages if Path(p).name != "404.html"]


def is_local(url: str) -> bool:
    """Whether a request stays on this machine (loopback, file:, data:, blob:, about:); the audits refuse the rest."""
    parts = urlparse(url)
    return parts.scheme in ("file", "data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost", "::1")


# --- the budgets: bytes of response bodies a first visit transfers (empty cache). Set a little above what a trial
# merge of every branch of the site measured on 2026-11-22 (home 1,028 kB, heaviest: the notebook page, 1,749 kB):
# every page fetches the search index (300 kB then, growing with the text), and mkdocs-jupyter inlines about 600 kB
# of JupyterLab CSS into each notebook page. Raise one only in the pull request that needs it, and say why there.
HOME_BUDGET_BYTES = 1_200_000
PAGE_BUDGET_BYTES = 2_000_000  # any page, the heaviest included
# axe-core impacts that fail the check; "minor" and "moderate" findings are reported, not enforced.
FAILING_IMPACTS = ("serious", "critical")
SCHEMES = ("light", "dark")  # Material follows prefers-color-scheme: "default" and "slate" palettes

AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}"""
NO_ALT = """() => Array.from(document.images)
  .filter((img) => !(img.getAttribute("alt") || "").trim())
  .map((img) => img.getAttribute("src").slice(0, 80))"""


@dataclass
class PageAudit:
    """What one page costs a reader and what axe-core finds on it."""

    path: str
    bytes: int = 0  # response bodies of every request of a first visit (HTML, CSS, JS, fonts, images, data)
    requests: int = 0
    external: list[str] = field(default_factory=list)  # requests that would leave the machine (refused)
    no_alt: list[str] = field(default_factory=list)
    violations: dict[str, list[dict]] = field(default_factory=dict)  # by scheme

    def failing(self) -> list[str]:
        """The serious and critical axe violations, as lines naming the page, the palette and the rule."""
        return [
            f"{self.path} ({scheme}): {v['impact']} {v['id']}: {v['help']} ({v['nodes']} nodes, e.g. {v['targets']})"
            for scheme, found in self.violations.items()
            for v in found
            if v["impact"] in FAILING_IMPACTS
        ]


# What a palette changes: colours. The dark pass runs the rules that read colours; the light pass runs every rule.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AXE_RUN_COLOURS = AXE_RUN.replace("{ resultTypes: [", "{ runOnly: COLOUR_RULES, resultTypes: [")


class _Visitor:
    """One browser context per palette. Every request goes through a route (which also turns the HTTP cache off, so
    each visit transfers everything, as a first visit does); requests that would leave the machine are refused."""

    def __init__(self, browser, scheme: str) -> None:
        self.context = browser.new_context(color_scheme=scheme)
        self.page = self.context.new_page()
        self.audit: PageAudit | None = None
        self.sizes: list[int] = []
        self.in_flight = 0
        self.last = 0.0
        self.page.route("**/*", self._route)
        self.page.on("request", self._started)
        self.page.on("requestfinished", self._finished)
        self.page.on("requestfailed", self._failed)

    def _route(self, route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self.audit.external.append(route.request.url)
            route.abort()

    def _started(self, request) -> None:
        self.in_flight += 1
        self.last = time.monotonic()

    def _finished(self, request) -> None:
        self.in_flight -= 1
        self.last = time.monotonic()
        self.sizes.append(request.sizes()["responseBodySize"])

    def _failed(self, request) -> None:
        self.in_flight -= 1
        self.last = time.monotonic()

    def visit(self, url: str, audit: PageAudit, quiet: float = 0.25, limit: float = 10.0) -> None:
        """Load `url` and wait until no request has been under way for `quiet` seconds (fonts load after `load`)."""
        self.audit, self.sizes, self.in_flight = audit, [], 0
        self.page.goto(url, wait_until="load")
        start = time.monotonic()
        while (self.in_flight > 0 or time.monotonic() - self.last < quiet) and time.monotonic() - start < limit:
            self.page.wait_for_timeout(50)

    def axe(self, script: str, run: str) -> list[dict]:
        self.page.add_script_tag(content=script)
        return self.page.evaluate(run.replace("COLOUR_RULES", repr(COLOUR_RULES)))

    def close(self) -> None:
        self.context.close()


def audit_site(browser, base_url: str, site: Path, *, axe: bool = True) -> list[PageAudit]:
    """Every page: bytes, requests and images without alt in the light palette, axe-core in both palettes."""
    script = AXE.read_text(encoding="utf-8")
    light, dark = _Visitor(browser, "light"), _Visitor(browser, "dark")
    audits = []
    try:
        for path in site_pages(site):
            audit = PageAudit(path)
            light.visit(f"{base_url}/{path}", audit)
            audit.bytes, audit.requests = sum(light.sizes), len(light.sizes)
            audit.no_alt = light.page.evaluate(NO_ALT)
            if axe:
                audit.violations["light"] = light.axe(script, AXE_RUN)
                dark.page.goto(f"{base_url}/{path}", wait_until="load")
                dark.audit = audit
                audit.violations["dark"] = dark.axe(script, AXE_RUN_COLOURS)
            audits.append(audit)
    finally:
        light.close()
        dark.close()
    return audits


def report_markdown(audits: list[PageAudit]) -> str:
    """The figures as a Markdown table, heaviest page first, with the budgets they are held to."""
    home = next(a for a in audits if a.path == "index.html")
    heaviest = max(audits, key=lambda a: a.bytes)
    rows = []
    for a in sorted(audits, key=lambda a: (-a.bytes, a.path)):
        counts = {s: sum(1 for v in a.violations.get(s, []) if v["impact"] in FAILING_IMPACTS) for s in SCHEMES}
        minor = sum(1 for s in SCHEMES for v in a.violations.get(s, []) if v["impact"] not in FAILING_IMPACTS)
        rows.append(
            f"| `{a.path}` | {a.bytes / 1000:,.1f} | {a.requests} | {counts['light']} | {counts['dark']} | {minor} "
            f"| {len(a.no_alt)} |"
        )
    lines = [
        f"Home page: **{home.bytes / 1000:,.1f} kB** (budget {HOME_BUDGET_BYTES / 1000:,.0f} kB). "
        f"Heaviest page: `{heaviest.path}`, **{heaviest.bytes / 1000:,.1f} kB** "
        f"(budget {PAGE_BUDGET_BYTES / 1000:,.0f} kB for any page).",
        "",
        "| page | kB transferred | requests | serious or critical, light | serious or critical, dark "
        "| minor or moderate, both | images without alt |",
        "| :--- | ---: | ---: | ---: | ---: | ---: | ---: |",
        *rows,
    ]
    return "\n".join(lines)
