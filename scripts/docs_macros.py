"""mkdocs-macros hook: exposes the numbers snippets saved, so prose quotes them instead of retyping them.

A snippet calls `_docenv.save_values({"longest": "60,611"})`; regen writes docs/generated/<snippet>.values.json
(a page script snippets/<page>/<name>.py: docs/generated/<page>/<name>.values.json); a page writes
`{{ gen.<snippet>.longest }}` or `{{ gen.<page>.<name>.longest }}`. An unknown name or key fails the build
(on_undefined: strict).
"""

import json
from pathlib import Path

GENERATED = Path(__file__).resolve().parent.parent / "docs" / "generated"
SUFFIX = ".values.json"


def _read(folder: Path) -> dict[str, dict[str, str]]:
    return {
        path.name[: -len(SUFFIX)]: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(folder.glob(f"*{SUFFIX}"))
    }


def load_values(folder: Path = GENERATED) -> dict[str, dict]:
    """Every saved value: gen[<snippet>][<key>] for flat jobs, gen[<page>][<name>][<key>] for page scripts."""
    values: dict[str, dict] = _read(folder)
    for page in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")) if folder.is_dir() else []:
        nested = _read(page)
        if not nested:
            continue
        if page.name in values:
            raise ValueError(f"docs/generated/{page.name}/ and {page.name}{SUFFIX} both claim gen.{page.name}; rename one")
        values[page.name] = nested
    return values


def define_env(env) -> None:
    env.variables["gen"] = load_values()
