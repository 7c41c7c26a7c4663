"""The claims of docs/contributing.md, each with what makes it true (see tests/claimcheck.py).

The budgets sentence is re-derived from the benchmark's report (docs/generated/site_budgets.json); the cheat sheet
is compared with CONTRIBUTING.md's as text (tests/test_contributing.py compares the built pages).
"""

import functools
import re

from claimcheck import Ledger, computed, prose
from conftest import site_audit
from support import ROOT, cheat_sheet_lines, data, number, repo_text, values

_page_text = functools.partial(repo_text, "docs/contributing.md")
_guide = functools.partial(repo_text, "CONTRIBUTING.md")
QUOTED = values("site_budgets")
REPORT = data("site_budgets")


def kb(n: int) -> str:
    return f"{n / 1000:,.0f}"


def cheat_sheet_agrees() -> bool:
    lines = cheat_sheet_lines()
    # as the site renders them: escaped include lines unescaped, {{ "…" }} macro literals replaced by their text
    shown = {re.sub(r'\{\{ "(.*?)" \}\}', r"\1", line.strip().replace(";--8<--", "--8<--")) for line in _page_text().splitlines()}
    return bool(lines) and all(line in shown for line in lines) and '--8<-- "PAGE/NAME.py:core"' in lines


def budgets() -> bool:
    audit = site_audit
    results = REPORT["results"]
    heaviest = max(results, key=lambda r: r["bytes"])
    home = next(r for r in results if r["page"] == "index.html")
    return (number(QUOTED["pages"]) == len(results) and QUOTED["home_kb"] == kb(home["bytes"])
            and QUOTED["heaviest_page"] == heaviest["page"] == REPORT["heaviest"]["page"]
            and QUOTED["heaviest_kb"] == kb(heaviest["bytes"])
            and QUOTED["home_budget_kb"] == kb(audit.HOME_BUDGET_BYTES) and QUOTED["page_budget_kb"] == kb(audit.PAGE_BUDGET_BYTES)
            and QUOTED["home_target_kb"] == kb(audit.HOME_TARGET_BYTES) and QUOTED["page_target_kb"] == kb(audit.PAGE_TARGET_BYTES)
            and number(QUOTED["over_target"]) == sum(
                r["bytes"] > (audit.HOME_TARGET_BYTES if r["page"] == "index.html" else audit.PAGE_TARGET_BYTES)
                for r in results)
            and "headless Chromium" in REPORT["method"] and "refused" in REPORT["method"])


def validators() -> bool:
    audit = site_audit
    results = REPORT["results"]
    failing = sum(1 for r in results for view in audit.VIEWS for finding in r["axe"][view]
                  if finding.split()[0] in audit.FAILING_IMPACTS)
    every_view = all(set(r["axe"]) == set(audit.VIEWS) for r in results)
    return (number(QUOTED["failing"]) == failing and every_view
            and set(audit.VIEWS) == {"light 390", "light 1300", "dark 390", "dark 1300"}
            and set(audit.FAILING_IMPACTS) == {"minor", "moderate", "serious", "critical"}
            and number(QUOTED["nu_ours"]) == len(REPORT["nu"]["ours"]) == sum(r["nu_errors"] for r in results)
            and number(QUOTED["nu_explained"]) == len(REPORT["nu"]["explained"])
            and all(e["reason"] in (*audit.NU_UPSTREAM.values(), *audit.NU_PENDING.values()) for e in REPORT["nu"]["explained"])
            and number(QUOTED["links_broken"]) == len(REPORT["links"]["broken"])
            and number(QUOTED["links_checked"]) == REPORT["links"]["checked"])


def lighthouse() -> bool:
    audit = site_audit
    report = data("lighthouse")
    quoted = values("lighthouse")
    results = {r["page"]: r for r in report["results"]}
    lowest = min(results, key=lambda p: (results[p]["scores"]["performance"], p))
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return (number(quoted["pages"]) == len(results)
            and number(quoted["passing"]) == sum(not audit.lighthouse_failures(p, r) for p, r in results.items())
            and quoted["lowest_performance_page"] == lowest
            and number(quoted["lowest_performance"]) == results[lowest]["scores"]["performance"]
            and "gzip" in report["method"] and "mobile" in report["method"]
            and "regen.py --bench" in makefile and (ROOT / "benchmarks" / "lighthouse.py").is_file())


def lighthouse_untested() -> bool:
    """No test asserts a Lighthouse score or timing: tests/test_budgets.py checks the report's structure only."""
    test = (ROOT / "tests" / "test_budgets.py").read_text(encoding="utf-8")
    return "lighthouse.json" in test and "audit.lighthouse(" not in test


def measured_by_bench_and_test() -> bool:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = (ROOT / "tests" / "test_budgets.py").read_text(encoding="utf-8")
    validators = (ROOT / "tests" / "test_validators.py").read_text(encoding="utf-8")
    bench = re.search(r"^bench:.*\n\t(.*)$", makefile, flags=re.M).group(1)
    return ("regen.py --bench" in bench and (ROOT / "benchmarks" / "site_budgets.py").is_file()
            and "assert home.bytes <= audit.HOME_BUDGET_BYTES" in test and "assert heaviest.bytes <= audit.PAGE_BUDGET_BYTES" in test
            and "def test_no_accessibility_violation_of_any_impact" in test
            and "def test_the_nu_html_checker_finds_no_error_in_our_markup" in validators
            and "def test_linkchecker_finds_no_broken_link" in validators
            and not (ROOT / "snippets" / "site_budgets.py").exists())

LEDGER = Ledger('contributing.md', [
    prose('title', "the title"),
    computed('included-guide',
        lambda: '--8<-- "CONTRIBUTING.md:guide"' in _page_text() and "<!-- --8<-- [start:guide] -->" in _guide()
        and "<!-- --8<-- [end:guide] -->" in _guide(), backs=['below']),
    prose('cheat-sheet-heading', "a heading"),
    computed('name-the-lines', cheat_sheet_agrees),
    computed('include-in-a-page', cheat_sheet_agrees),
    computed('escaped-include-code', cheat_sheet_agrees, backs=['8', '<']),
    computed('escaped-include-output', cheat_sheet_agrees, backs=['8', '<']),
    computed('literal-braces', lambda: "  - macros:" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")),
    prose('budgets-heading', "a heading", unbacked=['last']),
    computed('budgets-measured',
        lambda: budgets() and validators(), backs=['1300', '390', 'any', 'any', 'below', 'either', 'gen.site_budgets.failing', 'gen.site_budgets.heaviest_kb', 'gen.site_budgets.heaviest_page', 'gen.site_budgets.home_budget_kb', 'gen.site_budgets.home_kb', 'gen.site_budgets.home_target_kb', 'gen.site_budgets.links_broken', 'gen.site_budgets.links_checked', 'gen.site_budgets.nu_explained', 'gen.site_budgets.nu_ours', 'gen.site_budgets.over_target', 'gen.site_budgets.page_budget_kb', 'gen.site_budgets.page_target_kb', 'gen.site_budgets.pages', 'more', 'no']),
    computed('budgets-when', measured_by_bench_and_test, backs=['only']),
    computed('lighthouse-measured',
        lighthouse, backs=['every', 'every', 'gen.lighthouse.lowest_performance', 'gen.lighthouse.lowest_performance_page', 'gen.lighthouse.pages', 'gen.lighthouse.passing', 'lowest']),
    computed('lighthouse-untested', lighthouse_untested, backs=['no']),
    prose('page', 'an admonition title: it says which file the page is, as the site builds it from CONTRIBUTING.md'),
])

test_claims_hold = LEDGER.test
