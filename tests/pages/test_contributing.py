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
    failing = sum(1 for r in results for palette in ("light", "dark") for finding in r["axe"][palette]
                  if finding.split()[0] in audit.FAILING_IMPACTS)
    both = all(set(r["axe"]) == {"light", "dark"} for r in results)
    return (number(QUOTED["pages"]) == len(results) and QUOTED["home_kb"] == kb(home["bytes"])
            and QUOTED["heaviest_page"] == heaviest["page"] == REPORT["heaviest"]["page"]
            and QUOTED["heaviest_kb"] == kb(heaviest["bytes"])
            and QUOTED["home_budget_kb"] == kb(audit.HOME_BUDGET_BYTES) and QUOTED["page_budget_kb"] == kb(audit.PAGE_BUDGET_BYTES)
            and number(QUOTED["failing"]) == failing and both and "headless Chromium" in REPORT["method"]
            and "refused" in REPORT["method"])


def measured_by_bench_and_test() -> bool:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = (ROOT / "tests" / "test_budgets.py").read_text(encoding="utf-8")
    bench = re.search(r"^bench:.*\n\t(.*)$", makefile, flags=re.M).group(1)
    return ("regen.py --bench" in bench and (ROOT / "benchmarks" / "site_budgets.py").is_file()
            and "assert home.bytes <= audit.HOME_BUDGET_BYTES" in test and "assert heaviest.bytes <= audit.PAGE_BUDGET_BYTES" in test
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
        '`make bench` measured {{ gen.site_budgets.pages }} pages of the built site in headless Chromium with no network; the home page transfers {{ gen.site_budgets.home_kb }} kB (budget {{ gen.site_budgets.home_budget_kb }} kB) and the heaviest page, `{{ gen.site_budgets.heaviest_page }}`, {{ gen.site_budgets.heaviest_kb }} kB (budget {{ gen.site_budgets.page_budget_kb }} kB for any page). axe-core found {{ gen.site_budgets.failing }} serious or critical violations across both palettes.',
        budgets),
    computed('budgets-when',
        '`make test` measures again and fails over budget; these figures change only when `make bench` runs.',
        measured_by_bench_and_test),
])

test_claims_hold = LEDGER.test
