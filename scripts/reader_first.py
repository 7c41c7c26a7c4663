#!/usr/bin/env python3
"""How explanation pages measure against the reader-first limits (LIMITS in tests/test_layout.py), page by page,
without the whole layout sweep: screens tall at 390 x 844, where the key figure starts, the share of visible code,
test names on the first screen, sideways overflow.

    .venv/bin/python scripts/reader_first.py evidence beyond        # builds the site into a temporary folder
    .venv/bin/python scripts/reader_first.py --site site evidence   # measures a site already built

The layout test (`pytest tests/test_layout.py -k reader_first`) is what holds the limits; this is its quick look.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "snippets"), str(ROOT / "benchmarks")]

import _site_audit as site_audit  # noqa: E402
import test_layout  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="+", help="page names as in the site: evidence, variants/clinic, ...")
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    args = parser.parse_args(argv)
    wanted = [p.removesuffix(".md").removesuffix(".html") + ".html" for p in args.pages]
    site = args.site or Path(tempfile.mkdtemp(prefix="reader-first-")) / "site"
    if args.site is None:
        site.mkdir(parents=True)
        site_audit.build(site)
    missing = [p for p in wanted if not (site / p).is_file()]
    if missing:
        parser.error(f"not in the built site: {', '.join(missing)}")
    test_layout.site_pages = lambda _site: wanted
    explanation = tuple(dict.fromkeys([*test_layout.EXPLANATION, *wanted]))
    test_layout.EXPLANATION = explanation
    with site_audit.chromium() as browser, site_audit.serve(site) as url:
        phone = test_layout.readers(browser, url, site, test_layout.PHONE)
        table, broken = test_layout.reader_first_table(phone)
    print(table)
    return 1 if any(broken.get(p) for p in wanted) else 0


if __name__ == "__main__":
    sys.exit(main())
