"""Quality budgets on the built site: bytes and accessibility in the browser (both palettes, 390 and 1300 px) and alt
text. The validators (the Nu HTML Checker's errors in our markup, LinkChecker's broken links) are
tests/test_validators.py's, a file of their own so that they run beside the browser sweep here.

The measuring code is benchmarks/_site_audit.py (as are the build, the server and the browser of the fixtures),
shared with benchmarks/site_budgets.py and benchmarks/lighthouse.py, which write the figures to docs/generated/
(`make bench`). These tests measure again on every `make test` and hold the site to the budgets there; Lighthouse,
slow and timing-dependent, runs in `make bench` only, and its report is checked here for structure, never timings.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest
from conftest import GENERATED, ROOT
from conftest import site_audit as audit

VENDOR = ROOT / "tests" / "vendor" / "axe-core"


@pytest.fixture(scope="module")
def audits(browser, site_url, built_site) -> dict[str, audit.PageAudit]:
    return {a.path: a for a in audit.audit_site(browser, site_url, built_site)}


def kb(n: int) -> str:
    return f"{n / 1000:,.1f} kB"


@pytest.mark.slow
@pytest.mark.browser
def test_home_and_heaviest_page_stay_within_budget(audits) -> None:
    home = audits["index.html"]
    heaviest = max(audits.values(), key=lambda a: a.bytes)
    assert home.requests > 5 and home.bytes > 100_000, "the measurement saw almost nothing: is the site served?"
    assert home.bytes <= audit.HOME_BUDGET_BYTES, f"home page {kb(home.bytes)} > {kb(audit.HOME_BUDGET_BYTES)}"
    assert heaviest.bytes <= audit.PAGE_BUDGET_BYTES, (
        f"{heaviest.path} transfers {kb(heaviest.bytes)} > budget {kb(audit.PAGE_BUDGET_BYTES)}"
    )


@pytest.mark.slow
@pytest.mark.browser
def test_no_accessibility_violation_of_any_impact_in_either_palette_at_either_width(audits) -> None:
    assert set(audit.FAILING_IMPACTS) == {"minor", "moderate", "serious", "critical"}
    assert all(set(a.violations) == set(audit.VIEWS) for a in audits.values()), "axe-core did not run everywhere"
    failing = [line for a in audits.values() for line in a.failing()]
    assert not failing, "axe-core finds:\n" + "\n".join(failing)


@pytest.mark.slow
@pytest.mark.browser
def test_every_image_has_alt_text_and_nothing_leaves_the_machine(audits) -> None:
    missing = {path: a.no_alt for path, a in audits.items() if a.no_alt}
    assert not missing, f"images without alt text: {missing}"
    external = {path: a.external for path, a in audits.items() if a.external}
    assert not external, f"requests that would leave the machine: {external}"


# A page with the site's palette form. Far down, in a part content-visibility skips until it is near: text that reads
# in both palettes once its colour transition (Material's kind, slowed here) has run, and text that reads only in
# the light palette.
DARK_ONLY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Palettes</title><style>
body { background: #fff; color: #000; }
[data-md-color-scheme="slate"] { background: #222; color: #eee; }
[data-md-color-scheme="slate"] .dark-only { color: #444; }
.far { margin-top: 3000px; content-visibility: auto; }
.reads { transition: color 5s; }
</style></head><body data-md-color-scheme="default"><main><h1>Palettes</h1>
<form data-pe-palette><input type="radio" name="p" aria-label="dark" data-md-color-media="(prefers-color-scheme: dark)"
 data-md-color-scheme="slate" data-md-color-primary="indigo" data-md-color-accent="indigo"></form>
<div class="far"><p class="reads">Reads in both palettes.</p><p class="dark-only">Reads in the light one only.</p></div>
</main><script>document.documentElement.dataset.scrollables = "marked";</script></body></html>"""


@pytest.mark.slow
@pytest.mark.browser
def test_the_dark_pass_catches_what_only_the_dark_palette_gets_wrong(browser, tmp_path) -> None:
    """The dark palette is checked in the light visit, switched as Material's toggle does: text that reads in the
    light palette and not in the dark one fails in both dark views and only there, and text whose colour is still
    changing is read at its final colour."""
    (tmp_path / "index.html").write_text(DARK_ONLY, encoding="utf-8")
    with audit.serve(tmp_path) as url:
        (found,) = audit.audit_site(browser, url, tmp_path)
    failing = {view: [(v["id"], v["targets"]) for v in found.violations[view]] for view in audit.VIEWS}
    assert failing == {"light 390": [], "light 1300": [], "dark 390": [("color-contrast", [".dark-only"])],
                       "dark 1300": [("color-contrast", [".dark-only"])]}


def test_linkchecker_checks_our_server_at_full_rate(tmp_path, monkeypatch) -> None:
    """LinkChecker spaces its requests to a host 0.1 to 0.6 s apart unless the host answers with its opt-in header:
    our server sends it, and link_check hands LinkChecker a configuration that raises the rate."""
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    with audit.serve(tmp_path) as url, urllib.request.urlopen(f"{url}/index.html") as response:
        assert "LinkChecker" in response.headers
    given = {}

    def linkchecker(command, **kwargs):  # stands in for LinkChecker: reads what it would be given
        config = command[command.index("--config") + 1]
        given["config"] = Path(config).read_text(encoding="utf-8")
        return subprocess.CompletedProcess(command, 0, stdout="urlname;parentname;result;valid\n", stderr="")

    monkeypatch.setattr(audit.subprocess, "run", linkchecker)
    audit.link_check("http://127.0.0.1:1")
    rate = re.search(r"^maxrequestspersecond=(\d+)$", given["config"], re.M)
    assert rate and int(rate.group(1)) >= 100, given["config"]


def test_axe_core_is_vendored_intact_and_only_for_the_tests(tmp_path) -> None:
    sums = dict(line.split()[::-1] for line in (VENDOR / "SHA256SUMS").read_text().splitlines())
    assert set(sums) == {"axe.min.js", "LICENSE", "LICENSE-3RD-PARTY.txt"}
    for name, digest in sums.items():
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, f"{name} differs from npm's"
    assert audit.AXE_VERSION in (VENDOR / "VERSION").read_text()
    assert not list((ROOT / "docs").rglob("axe*.js")), "axe-core is for the tests, never part of the site"


def test_the_committed_report_was_measured_against_these_budgets() -> None:
    """`make bench` wrote the report with the budgets in force (a changed budget makes regen --check say stale)."""
    report = json.loads((GENERATED / "site_budgets.json").read_text(encoding="utf-8"))
    assert report["baseline"] == {
        "home_budget_bytes": audit.HOME_BUDGET_BYTES,
        "page_budget_bytes": audit.PAGE_BUDGET_BYTES,
        "home_target_bytes": audit.HOME_TARGET_BYTES,
        "page_target_bytes": audit.PAGE_TARGET_BYTES,
    }
    assert all(set(r["axe"]) == set(audit.VIEWS) for r in report["results"])
    assert report["nu"]["ours"] == [] and report["links"]["broken"] == [] and report["links"]["checked"] > 100
    assert report["home"]["bytes"] <= audit.HOME_BUDGET_BYTES
    assert report["heaviest"]["bytes"] <= audit.PAGE_BUDGET_BYTES
    pages = {r["page"]: r for r in report["results"]}
    assert "index.html" in pages and not any(r["images_without_alt"] for r in pages.values())


def test_the_server_compresses_text_as_a_host_does(tmp_path) -> None:
    """Lighthouse measures pages as GitHub Pages serves them: text gzipped when the browser accepts it."""
    (tmp_path / "page.html").write_text("<!doctype html><title>t</title>" + "x" * 5000, encoding="utf-8")
    with audit.serve(tmp_path, compress=True) as url:
        asked = urllib.request.Request(f"{url}/page.html", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()) == (tmp_path / "page.html").read_bytes()
        with urllib.request.urlopen(f"{url}/page.html") as response:
            assert response.headers["Content-Encoding"] is None
    with audit.serve(tmp_path) as url:
        asked = urllib.request.Request(f"{url}/page.html", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked) as response:
            assert response.headers["Content-Encoding"] is None, "the plain server (byte budgets) sends bodies as is"


def test_the_lighthouse_report_covers_every_page_against_these_budgets() -> None:
    """`make bench` ran Lighthouse on every page the budgets report measured, with the budgets in force."""
    report = json.loads((GENERATED / "lighthouse.json").read_text(encoding="utf-8"))
    pages = json.loads((GENERATED / "site_budgets.json").read_text(encoding="utf-8"))["results"]
    assert {r["page"] for r in report["results"]} == {r["page"] for r in pages if r["page"] != "404.html"}
    assert report["baseline"] == {"least_scores": audit.LIGHTHOUSE_CATEGORIES, "cls": audit.CLS_BUDGET,
                                  "tbt_ms": audit.TBT_BUDGET_MS}
    for r in report["results"]:
        assert set(r["scores"]) == set(audit.LIGHTHOUSE_CATEGORIES) and {"cls", "tbt_ms", "lcp_ms"} <= set(r)
    assert report["failures"] == [line for r in report["results"] for line in audit.lighthouse_failures(r["page"], r)]
    assert "gzip" in report["method"] and "mobile" in report["method"]


def test_the_site_audit_is_written_once() -> None:
    """The strict build, the loopback server and the Chromium launch live in benchmarks/_site_audit.py only: the
    fixtures of the tests, the benchmarks, scripts/bundle.py and scripts/screenshots.py call them instead of keeping
    copies of their own."""
    shared = ROOT / "benchmarks" / "_site_audit.py"
    marks = ['"-m", "mkdocs", "build"', "HTTPServer", "sync_playwright", "chromium.launch", "CHROMIUM_ARGS = "]
    for mark in marks:
        assert mark in shared.read_text(encoding="utf-8"), mark
    copies = [
        f"{path.relative_to(ROOT)}: {mark}"
        for folder in ("tests", "benchmarks", "scripts")
        for path in sorted((ROOT / folder).glob("*.py"))
        if path not in (shared, Path(__file__).resolve())  # this test names the marks it looks for
        for mark in marks
        if mark in path.read_text(encoding="utf-8")
    ]
    assert not copies, "site audit code written twice:\n" + "\n".join(copies)
