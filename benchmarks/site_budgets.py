"""Measure the built site: bytes per page and axe-core in headless Chromium (both palettes, 390 and 1300 px), alt
text, the Nu HTML Checker's errors and LinkChecker's broken links. Lighthouse is benchmarks/lighthouse.py."""

import html
import tempfile
from pathlib import Path

from pelib import docenv
import _site_audit as audit


with tempfile.TemporaryDirectory() as folder:
    site = Path(folder) / "site"
    audit.build(site)
    with audit.serve(site) as url, audit.chromium() as browser:
        audits, version = audit.audit_site(browser, url, site), browser.version
        links = audit.link_check(url)
    nu = audit.nu_errors(site)
ours = [e for e in nu if e["reason"] is None]

home = next(a for a in audits if a.path == "index.html")
heaviest = max(audits, key=lambda a: a.bytes)
# the messages and reasons quote markup (<label>, <input>): the Markdown table shows them as text, not as tags
shown = [{**e, "message": html.escape(e["message"]), "reason": e["reason"] and html.escape(e["reason"])} for e in nu]
docenv.save_markdown(audit.report_markdown(audits, shown, links))
docenv.save_json(
    {
        "benchmark": "site_budgets",
        "method": (
            "mkdocs build --strict; every page opened in headless Chromium over a loopback HTTP server with the cache "
            "off and every request leaving the machine refused; bytes are the response bodies of every request "
            "until the network has been quiet for 0.25 s; axe-core " + audit.AXE_VERSION + " runs every rule in the "
            "light palette and the colour rules in the dark one, at 390 and 1300 px; the Nu HTML Checker (vnu-jar) "
            "reads every HTML file; LinkChecker follows every link and asset from the home page over the server"
        ),
        "machine": audit.machine(version),
        "gpu": "not used",
        "baseline": {
            "home_budget_bytes": audit.HOME_BUDGET_BYTES,
            "page_budget_bytes": audit.PAGE_BUDGET_BYTES,
            "home_target_bytes": audit.HOME_TARGET_BYTES,
            "page_target_bytes": audit.PAGE_TARGET_BYTES,
        },
        "home": {"page": home.path, "bytes": home.bytes},
        "heaviest": {"page": heaviest.path, "bytes": heaviest.bytes},
        "results": [
            {
                "page": a.path,
                "bytes": a.bytes,
                "requests": a.requests,
                "external_requests": len(a.external),
                "images_without_alt": len(a.no_alt),
                "axe": {view: sorted(f"{v['impact']} {v['id']}" for v in found) for view, found in a.violations.items()},
                "nu_errors": sum(1 for e in ours if e["page"] == a.path),
            }
            for a in audits
        ],
        "nu": {
            "ours": ours,
            "explained": [{k: e[k] for k in ("page", "message", "reason")} for e in nu if e["reason"] is not None],
        },
        "links": links,
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
        "home_target_kb": f"{audit.HOME_TARGET_BYTES / 1000:,.0f}",
        "page_target_kb": f"{audit.PAGE_TARGET_BYTES / 1000:,.0f}",
        "over_target": str(sum(a.bytes > (audit.HOME_TARGET_BYTES if a.path == "index.html" else audit.PAGE_TARGET_BYTES)
                               for a in audits)),
        "nu_ours": str(len(ours)),
        "nu_explained": str(len(nu) - len(ours)),
        "links_checked": str(links["checked"]),
        "links_broken": str(len(links["broken"])),
    }
)
print(f"{len(audits)} pages; home {home.bytes:,} bytes; heaviest {heaviest.path} {heaviest.bytes:,} bytes")
