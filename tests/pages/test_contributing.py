"""The claims of docs/contributing.md, each with what makes it true."""

from claimcheck import Ledger, pending

LEDGER = Ledger('contributing.md', [
    pending('contributing',
            'Contributing'),
    pending('the-guide-below-is',
            'The guide below is the file `CONTRIBUTING.md` at the root of the repository, included here: edit it there.'),
    pending('cheat-sheet-including-code',
            'Cheat sheet: including code, outputs and numbers'),
    pending('in-a-snippet-name',
            'In a snippet, name the lines a page shows:'),
    pending('in-a-page-include',
            'In a page, include that section, the printed output, a generated table, a figure and a number:'),
    pending('8-name-py-core',
            ';--8<-- "NAME.py:core"'),
    pending('8-name-txt',
            ';--8<-- "NAME.txt"'),
    pending('a-literal-in-prose',
            'A literal `{{ "{{" }}` in prose needs `{{ "{% raw %}…{% endraw %}" }}`.'),
    pending('quality-budgets-as-last',
            'Quality budgets, as last measured'),
    pending('make-bench-measured-gen',
            '`make bench` measured {{ gen.site_budgets.pages }} pages of the built site in headless Chromium with no network; the home page transfers {{ gen.site_budgets.home_kb }} kB (budget {{ gen.site_budgets.home_budget_kb }} kB) and the heaviest page, `{{ gen.site_budgets.heaviest_page }}`, {{ gen.site_budgets.heaviest_kb }} kB (budget {{ gen.site_budgets.page_budget_kb }} kB for any page). axe-core found {{ gen.site_budgets.failing }} serious or critical violations across both palettes.'),
    pending('make-test-measures-again',
            '`make test` measures again and fails over budget; these figures change only when `make bench` runs.'),
])

test_claims_hold = LEDGER.test
