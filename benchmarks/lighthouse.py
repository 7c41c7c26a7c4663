"""Lighthouse (mobile) on every page of the built site, served with gzip from a loopback server as a host serves it:
the four category scores, layout shift and blocking time, against issue 13's budgets; the median of five runs per
page, since one run's performance score moves by several points from run to run on the same page and build (the
report lists every run's score under performance_runs)."""

import tempfile
from pathlib import Path

from pelib import docenv
import _site_audit as audit

RUNS = 5  # Lighthouse's own advice for scores that vary from run to run (docs/variability.md): five runs, the median


def median_run(url: str) -> dict:
    """The run with the median performance score of RUNS runs (its other figures with it), and every run's score."""
    runs = sorted((audit.lighthouse(url) for _ in range(RUNS)), key=lambda r: r["scores"]["performance"])
    return runs[len(runs) // 2] | {"performance_runs": [r["scores"]["performance"] for r in runs]}


with tempfile.TemporaryDirectory() as folder:
    site = Path(folder) / "site"
    audit.build(site)
    pages = audit.site_pages(site, with_404=False)
    with audit.serve(site, compress=True) as url:
        results = {path: median_run(f"{url}/{path}") for path in pages}
    with audit.chromium() as browser:
        version = browser.version

failures = [line for path, r in results.items() for line in audit.lighthouse_failures(path, r)]
lowest = min(r["scores"]["performance"] for r in results.values())
docenv.save_markdown(audit.lighthouse_markdown(results))
docenv.save_json(
    {
        "benchmark": "lighthouse",
        "method": (
            "mkdocs build --strict; every page served by a loopback HTTP server that gzips text as GitHub Pages does; "
            "Lighthouse " + next(iter(results.values()))["lighthouse"] + " with its mobile preset (simulated "
            "throttling), categories " + ", ".join(audit.LIGHTHOUSE_CATEGORIES) + f", {RUNS} runs per page (the run with the "
            "median performance score is reported, every run's score in performance_runs), Chromium headless"
        ),
        "machine": audit.machine(version),
        "gpu": "not used",
        "baseline": {
            "least_scores": audit.LIGHTHOUSE_CATEGORIES,
            "cls": audit.CLS_BUDGET,
            "tbt_ms": audit.TBT_BUDGET_MS,
        },
        "results": [{"page": path, **r} for path, r in sorted(results.items())],
        "failures": failures,
    }
)
docenv.save_values(
    {
        "pages": str(len(results)),
        "passing": str(sum(not audit.lighthouse_failures(path, r) for path, r in results.items())),
        "lowest_performance": str(lowest),
        "lowest_performance_page": min(results, key=lambda p: (results[p]["scores"]["performance"], p)),
    }
)
print(f"{len(results)} pages; {len(failures)} misses of a budget; lowest performance score {lowest}")
