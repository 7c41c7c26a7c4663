#!/usr/bin/env python3
"""List what a page's ledger lacks, as entries to paste into tests/pages/test_<page>.py and complete.

    python scripts/claims.py linearity.md          # entries for sentences and displays not in the ledger yet
    python scripts/claims.py --all                 # a count per page
    python scripts/claims.py --new variants/seeds.md   # a whole new ledger module for a page that has none

Each entry starts as `pending(...)`: the sentence is pinned word for word, so editing it fails a test, but nothing
says yet why it is true. Finish it: a check over generated results or the library (`computed`, `formula`), a source
(`cited`), or, when nothing in it could be false, `prose` with the reason.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from claimcheck import Ledger, audit, is_claim, read_page  # noqa: E402
from test_claims import ledger_of, module_for, pages  # noqa: E402


def entry(text: str, taken: set[str]) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    ident = "-".join(words[:4]) or "claim"
    n = 5
    while ident in taken:  # a longer prefix, then a counter, until the id is free
        ident = "-".join(words[:n]) + ("" if n <= len(words) else f"-{n}")
        n += 1
    taken.add(ident)
    return f"    pending({ident!r},\n            {text!r}),"


def missing(page: str, ledger: Ledger) -> list[str]:
    taken = {c.id for c in ledger.claims}
    return [entry(f.text, taken) for f in audit(read_page(page), ledger) if "no longer stands" not in f.problem]


def new_module(page: str) -> str:
    body = "\n".join(missing(page, Ledger(page, [])))
    return (f'"""The claims of docs/{page}, each with what makes it true."""\n\n'
            "from claimcheck import Ledger, pending\n\n"
            f"LEDGER = Ledger({page!r}, [\n{body}\n])\n\ntest_claims_hold = LEDGER.test\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", nargs="?", help="a page under docs/, e.g. linearity.md")
    parser.add_argument("--all", action="store_true", help="count what each page's ledger lacks")
    parser.add_argument("--new", action="store_true", help="print a whole ledger module for the page")
    parser.add_argument("--write-missing", action="store_true",
                        help="write a ledger module of pending entries for every page that has none")
    args = parser.parse_args()
    if args.write_missing:
        for page in pages():
            path = module_for(page)
            if not path.is_file():
                path.parent.mkdir(exist_ok=True)
                path.write_text(new_module(page), encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.all:
        for page in pages():
            path = module_for(page)
            page_claims = [s for s in read_page(page).sentences if is_claim(s)]
            if not path.is_file():
                print(f"{page}: no ledger ({len(page_claims)} claims, {len(read_page(page).displays)} displays)")
                continue
            ledger = ledger_of(page)
            waiting = sum(c.kind == "pending" for c in ledger.claims)
            print(f"{page}: {len(missing(page, ledger))} missing, {waiting} pending of {len(ledger.claims)}")
        return 0
    if not args.page or args.page not in pages():
        parser.error(f"name a page under docs/: one of {', '.join(pages())}")
    if args.new:
        print(new_module(args.page), end="")
        return 0
    print("\n".join(missing(args.page, ledger_of(args.page))) or f"{args.page}: the ledger covers the page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
