#!/usr/bin/env python3
"""Copy the generated conventions (docs/generated/variants/conventions.json) into snippets/pecheck.py's data section.

pecheck.py is a file readers copy on its own, so it carries the conventions instead of reading the site's files;
tests/test_pecheck.py fails when its copy differs from what snippets/variants/conventions.py generates.
Run after `scripts/regen.py variants/conventions`: python scripts/sync_pecheck.py [--check]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PECHECK = ROOT / "snippets" / "pecheck.py"
GENERATED = ROOT / "docs" / "generated" / "variants" / "conventions.json"
SECTION = re.compile(r'(CONVENTIONS = json\.loads\(r""")\n.*?\n(""")', re.S)


def synced(text: str, conventions: list) -> str:
    data = json.dumps(conventions, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    lines = ["[" + "\n,".join(json.dumps(f, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
                              for f in conventions) + "]"] if conventions else [data]
    new, count = SECTION.subn(lambda m: m.group(1) + "\n" + "\n".join(lines) + "\n" + m.group(2), text)
    if count != 1:
        raise SystemExit(f"sync_pecheck: found {count} data sections in {PECHECK}, expected 1")
    return new


def main(argv: list[str]) -> int:
    conventions = json.loads(GENERATED.read_text(encoding="utf-8"))
    text = PECHECK.read_text(encoding="utf-8")
    new = synced(text, conventions)
    if "--check" in argv:
        if new != text:
            print("sync_pecheck: snippets/pecheck.py's conventions differ from the generated ones; "
                  "run python scripts/sync_pecheck.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        PECHECK.write_text(new, encoding="utf-8")
        print(f"sync_pecheck: updated {PECHECK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
