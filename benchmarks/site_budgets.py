"""Measure the built site in headless Chromium: bytes per page, axe-core findings in both palettes, alt text."""

import functools
import http.server
import os
import platform
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import _docenv
import _site_audit as audit
import torch
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build(site: Path) -> None:
    """The site as `make build` makes it (strict), into `site`."""
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=audit.ROOT, capture_output=True, text=True, env=env,
    )  # fmt: skip
    if proc.returncode != 0:
        raise SystemExit(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")


def machine(browser_version: str) -> dict:
    """The machine the figures were measured on (bytes do not depend on it; the browser version might)."""
    lines = Path("/proc/cpuinfo").read_text().splitlines() if Path("/proc/cpuinfo").is_file() else []
    cpu = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")), platform.machine())
    return {
        "cpu_model": cpu,
        "logical_cpus": os.cpu_count(),
        "torch_threads": torch.get_num_threads(),
        "torch": torch.__version__,
        "gpu": "not used",
        "chromium": browser_version,
    }


def measure(site: Path) -> tuple[list[audit.PageAudit], str]:
    """Serve `site` on a loopback port and audit every page."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=audit.CHROMIUM_ARGS)
            try:
                url = f"http://127.0.0.1:{server.server_address[1]}"
                return audit.audit_site(browser, url, site), browser.version
            finally:
                browser.close()
    finally:
        server.shutdown()


with tempfile.TemporaryDirectory() as folder:
    site = Path(folder) / "site"
    build(site)
    audits, version = measure(site)

home = next(a for a in audits if a.path == "index.html")
heaviest = max(audits, key=lambda a: a.bytes)
_docenv.save_markdown(audit.report_markdown(audits))
_docenv.save_json(
    {
        "benchmark": "site_budgets",
        "method": (
            "mkdocs build --strict; every page opened in headless Chromium over a loopback HTTP server with the cache "
            "off and every request leaving the machine refused; bytes are the response bodies of every request "
            "until the network has been quiet for 0.25 s; axe-core " + audit.AXE_VERSION + " runs every rule in the "
            "light palette and the colour rules in the dark one"
        ),
        "machine": machine(version),
        "gpu": "not used",
        "baseline": {"home_budget_bytes": audit.HOME_BUDGET_BYTES, "page_budget_bytes": audit.PAGE_BUDGET_BYTES},
        "home": {"page": home.path, "bytes": home.bytes},
        "heaviest": {"page": heaviest.path, "bytes": heaviest.bytes},
        "results": [
            {
                "page": a.path,
                "bytes": a.bytes,
                "requests": a.requests,
                "external_requests": len(a.external),
                "images_without_alt": len(a.no_alt),
                "axe": {s: sorted(f"{v['impact']} {v['id']}" for v in found) for s, found in a.violations.items()},
            }
            for a in audits
        ],
    }
)
_docenv.save_values(
    {
        "home_kb": f"{home.bytes / 1000:,.0f}",
        "home_budget_kb": f"{audit.HOME_BUDGET_BYTES / 1000:,.0f}",
        "heaviest_page": heaviest.path,
        "heaviest_kb": f"{heaviest.bytes / 1000:,.0f}",
        "page_budget_kb": f"{audit.PAGE_BUDGET_BYTES / 1000:,.0f}",
        "pages": str(len(audits)),
        "failing": str(sum(len(a.failing()) for a in audits)),
    }
)
print(f"{len(audits)} pages; home {home.bytes:,} bytes; heaviest {heaviest.path} {heaviest.bytes:,} bytes")
