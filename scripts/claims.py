#!/usr/bin/env python3
"""The pages' ledgers: what each page states, and how much of it is tied to a check.

    python scripts/claims.py --all                 # per page: checked, cited, prose, pending, missing
    python scripts/claims.py linearity.md          # what the page states that its ledger lacks, and stale entries
    python scripts/claims.py --sync linearity.md   # after a deliberate edit: re-pin the pending sentences
    python scripts/claims.py --sync-all            # the same for every page (and a ledger module where none exists)

A page's ledger is tests/pages/test_<page>.py (`LEDGER`: entries with checks, sources or reasons) and
tests/pages/<page>.pending.txt (sentences recorded word for word, one per line, that no entry explains yet).
`--sync` rewrites only the pending file: the page's sentences and displays that no entry of the module holds. An
entry of the module whose sentence no longer stands on the page is never rewritten: fix it by hand, next to its
check, which is the point. Review the pending file's diff before committing: it lists the sentences you changed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "snippets"))  # ledgers check claims against the library, as the tests do

from claimcheck import Ledger, audit, is_claim, pending_file, read_page  # noqa: E402
from test_claims import ledger_of, module_for, pages  # noqa: E402

MODULE = '''"""The claims of docs/{page}, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger({page!r}, [
])

test_claims_hold = LEDGER.test
'''


def explained(ledger: Ledger) -> list:
    return [c for c in ledger.claims if c.kind != "pending"]


def sync(page: str) -> list[str]:
    """Re-pin the page's pending sentences; return the module entries that no longer stand (to fix by hand)."""
    module = module_for(page)
    if not module.is_file():
        module.parent.mkdir(exist_ok=True)
        module.write_text(MODULE.format(page=page), encoding="utf-8")
        print(f"wrote {module.relative_to(ROOT)}")
    ledger = ledger_of(page)
    held = {c.text for c in explained(ledger)}
    read = read_page(page)
    lines = [s for s in read.sentences + read.displays if s not in held]
    lines = list(dict.fromkeys(lines))  # a sentence said twice is pinned once
    target = pending_file(page)
    if lines:
        body = "\n".join(lines) + "\n"
        if not target.is_file() or target.read_text(encoding="utf-8") != body:
            target.write_text(body, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)} ({len(lines)} pending)")
    elif target.is_file():
        target.unlink()
        print(f"removed {target.relative_to(ROOT)}: every sentence of {page} is explained")
    present = set(read.sentences) | set(read.displays)
    return [f"{page}: entry {c.id!r} no longer stands on the page: {c.text}" for c in explained(ledger)
            if c.text not in present]


def report(page: str) -> str:
    ledger = ledger_of(page)
    kinds = [c.kind for c in ledger.claims]
    waiting = [c for c in ledger.claims if c.kind == "pending"]
    urgent = sum(is_claim(c.text) for c in waiting)
    missing = len(audit(read_page(page), ledger))
    counts = ", ".join(f"{kinds.count(k)} {k}" for k in ("computed", "formula", "cited", "prose"))
    return f"{page}: {counts}; {len(waiting)} pending ({urgent} with claim words); {missing} differences"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", nargs="?", help="a page under docs/, e.g. linearity.md")
    parser.add_argument("--all", action="store_true", help="a count per page")
    parser.add_argument("--sync", action="store_true", help="re-pin the page's pending sentences")
    parser.add_argument("--sync-all", action="store_true", help="re-pin every page's pending sentences")
    args = parser.parse_args()
    if args.all:
        print("\n".join(report(page) for page in pages()))
        return 0
    if args.sync_all:
        stale = [line for page in pages() for line in sync(page)]
        print("\n".join(stale))
        return 1 if stale else 0
    if not args.page or args.page not in pages():
        parser.error(f"name a page under docs/: one of {', '.join(pages())}")
    if args.sync:
        stale = sync(args.page)
        print("\n".join(stale))
        return 1 if stale else 0
    findings = audit(read_page(args.page), ledger_of(args.page))
    print("\n".join(str(f) for f in findings) or report(args.page))
    return 0


if __name__ == "__main__":
    sys.exit(main())
