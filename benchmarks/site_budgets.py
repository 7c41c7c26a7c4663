"""Measure the built site in headless Chromium: bytes per page, axe-core findings in both palettes, alt text."""

import os
import platform
import tempfile
from pathlib import Path

from pelib import docenv
import _site_audit as audit
import torch


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


with tempfile.TemporaryDirectory() as folder:
    site = Path(folder) / "site"
    audit.build(site)
    with audit.serve(site) as url, audit.chromium() as browser:
        audits, version = audit.audit_site(browser, url, site), browser.version

home = next(a for a in audits if a.path == "index.html")
heaviest = max(audits, key=lambda a: a.bytes)
docenv.save_markdown(audit.report_markdown(audits))
docenv.save_json(
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
docenv.save_values(
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
