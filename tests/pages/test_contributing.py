"""The claims of docs/contributing.md, each with what makes it true (see tests/claimcheck.py).

The budgets sentence is re-derived from the benchmark's report (docs/generated/site_budgets.json); the cheat sheet
is compared with CONTRIBUTING.md's as text (tests/test_contributing.py compares the built pages).
"""

import re

from claimcheck import Ledger, computed, prose
from conftest import site_audit
from support import DOCS, ROOT, cheat_sheet_lines, data, number, values

PAGE_TEXT = (DOCS / "contributing.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
QUOTED = values("site_budgets")
REPORT = data("site_budgets")


def kb(n: int) -> str:
    return f"{n / 1000:,.0f}"


def cheat_sheet_agrees() -> bool:
    lines = cheat_sheet_lines()
    # as the site renders them: escaped include lines unescaped, {{ "…" }} macro literals replaced by their text
    shown = {re.sub(r'\{\{ "(.*?)" \}\}', r"\1", line.strip().replace(";--8<--", "--8<--")) for line in PAGE_TEXT.splitlines()}
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
    prose('title',
        'Contributing',
        "the title"),
    computed('included-guide',
        'The guide below is the file `CONTRIBUTING.md` at the root of the repository, included here: edit it there.',
        lambda: '--8<-- "CONTRIBUTING.md:guide"' in PAGE_TEXT and "<!-- --8<-- [start:guide] -->" in GUIDE
        and "<!-- --8<-- [end:guide] -->" in GUIDE),
    prose('cheat-sheet-heading',
        'Cheat sheet: including code, outputs and numbers',
        "a heading"),
    computed('name-the-lines',
        'In a snippet, name the lines a page shows:',
        cheat_sheet_agrees),
    computed('include-in-a-page',
        'In a page, include that section, the printed output, a generated table, a figure and a number:',
        cheat_sheet_agrees),
    computed('escaped-include-code',
        ';--8<-- "PAGE/NAME.py:core"',
        cheat_sheet_agrees),
    computed('escaped-include-output',
        ';--8<-- "PAGE/NAME.txt"',
        cheat_sheet_agrees),
    computed('literal-braces',
        'A literal `{{ "{{" }}` in prose needs `{{ "{% raw %}…{% endraw %}" }}`.',
        lambda: "  - macros:" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")),
    prose('budgets-heading',
        'Quality budgets, as last measured',
        "a heading"),
    computed('budgets-measured',
        '`make bench` measured {{ gen.site_budgets.pages }} pages of the built site in headless Chromium with no network; the home page transfers {{ gen.site_budgets.home_kb }} kB (target {{ gen.site_budgets.home_target_kb }} kB, ceiling {{ gen.site_budgets.home_budget_kb }} kB) and the heaviest page, `{{ gen.site_budgets.heaviest_page }}`, {{ gen.site_budgets.heaviest_kb }} kB (target {{ gen.site_budgets.page_target_kb }} kB, ceiling {{ gen.site_budgets.page_budget_kb }} kB for any page); {{ gen.site_budgets.over_target }} pages are over their target. axe-core found {{ gen.site_budgets.failing }} violations of any impact in either palette at 390 or 1300 px, the Nu HTML Checker {{ gen.site_budgets.nu_ours }} errors in our markup ({{ gen.site_budgets.nu_explained }} more come from templates of Material or mkdocs-jupyter, explained below the table), and LinkChecker {{ gen.site_budgets.links_broken }} broken links among {{ gen.site_budgets.links_checked }} URLs.',
        lambda: budgets() and validators()),
    computed('budgets-when',
        '`make test` measures again and fails over a ceiling, on an axe-core violation, on a Nu error in our markup and on a broken link; these figures change only when `make bench` runs.',
        measured_by_bench_and_test),
    computed('lighthouse-measured',
        'Lighthouse (mobile preset), run by `make bench` on every page served with gzip as a host serves it: {{ gen.lighthouse.passing }} of {{ gen.lighthouse.pages }} pages meet every budget in the header of the table; the lowest performance score is {{ gen.lighthouse.lowest_performance }}, on `{{ gen.lighthouse.lowest_performance_page }}`.',
        lighthouse),
    computed('lighthouse-untested',
        'Its timings vary from run to run and machine to machine, so no test holds them; bold marks what misses its budget.',
        lighthouse_untested),
])

test_claims_hold = LEDGER.test
