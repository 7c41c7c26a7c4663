"""The validators on the built site: the Nu HTML Checker finds no error in our markup and LinkChecker no broken link.

Their code is benchmarks/_site_audit.py's, shared with benchmarks/site_budgets.py, which writes their figures to
docs/generated/site_budgets.md (`make bench`). A file apart from tests/test_budgets.py, whose browser sweep takes the
longest of any test file: under pytest-xdist (a whole file to a worker) the two run side by side.
"""

from __future__ import annotations

import pytest
from conftest import site_audit as audit


@pytest.mark.slow
def test_the_nu_html_checker_finds_no_error_in_our_markup(built_site) -> None:
    """Every error the Nu checker reports is explained by NU_UPSTREAM (Material's or mkdocs-jupyter's templates) or
    NU_PENDING (under way elsewhere), and every explanation still explains something (else it goes)."""
    errors = audit.nu_errors(built_site)
    ours = [f"{e['page']}:{e['line']}: {e['message']} [{e['extract']}]" for e in errors if e["reason"] is None]
    assert not ours, "the Nu HTML Checker finds in our markup:\n" + "\n".join(ours)
    used = {e["reason"] for e in errors}
    unused = [start for start, why in (audit.NU_UPSTREAM | audit.NU_PENDING).items() if why not in used]
    assert not unused, f"explained errors that no longer occur (remove them): {unused}"


@pytest.mark.slow
def test_linkchecker_finds_no_broken_link(site_url) -> None:
    found = audit.link_check(site_url)
    assert found["checked"] > 100, f"LinkChecker saw only {found['checked']} URLs: is the site served?"
    assert not found["broken"], "LinkChecker finds broken links:\n" + "\n".join(map(str, found["broken"]))
