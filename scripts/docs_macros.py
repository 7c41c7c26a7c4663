"""mkdocs-macros hook: exposes the numbers snippets saved, so prose quotes them instead of retyping them.

A snippet calls `docenv.save_values({"longest": "60,611"})`; regen writes docs/generated/<snippet>.values.json
(a page script snippets/<page>/<name>.py: docs/generated/<page>/<name>.values.json); a page writes
`{{ gen.<snippet>.longest }}` or `{{ gen.<page>.<name>.longest }}`. An unknown name or key fails the build
(on_undefined: strict).
"""

import json
import os
import re
from pathlib import Path

GENERATED = Path(__file__).resolve().parent.parent / "docs" / "generated"
SUFFIX = ".values.json"
# Set by `make serve` (scripts/serve.py): the failing jobs `regen --watch` recorded; never set for a build.
SERVE_STATUS = "REGEN_SERVE_STATUS"


def _read(folder: Path) -> dict[str, dict[str, str]]:
    return {
        path.name[: -len(SUFFIX)]: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(folder.glob(f"*{SUFFIX}"))
    }


def load_values(folder: Path = GENERATED) -> dict[str, dict]:
    """Every saved value: gen[<snippet>][<key>] for flat jobs, gen[<page>][<name>][<key>] for page scripts."""
    values: dict[str, dict] = _read(folder)
    pages = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")) if folder.is_dir() else []
    for page in pages:
        nested = _read(page)
        if not nested:
            continue
        if page.name in values:
            raise ValueError(
                f"docs/generated/{page.name}/ and {page.name}{SUFFIX} both claim gen.{page.name}; rename one"
            )
        values[page.name] = nested
    return values


def feeds(markdown: str, name: str) -> bool:
    """Does a page include job `name`'s code or outputs (`--8<-- "<name>.txt"`, "<name>-part.txt", "<name>.py:core",
    with or without "generated/") or quote its values (`gen.<name>.key`, `gen.<page>.<stem>.key`)?"""
    page, _, stem = name.rpartition("/")
    quoted = f"gen.{page}.{stem}." if page else f"gen.{name}."
    included = re.search(rf'["/]{re.escape(name)}[.-]', markdown)
    return bool(included) or quoted in markdown.replace(" ", "")


def failure_notes(markdown: str, status: dict) -> str:
    """An admonition for each failing job the page draws on: in `make serve`, the error shows where it matters."""
    notes = []
    for name, failure in sorted(status.get("failed", {}).items()):
        if feeds(markdown, name):
            message = "\n".join("        " + line for line in failure["message"].splitlines())
            notes.append(
                f'!!! failure "{failure["job"]} failed: this page shows its last good output"\n\n'
                f"    ```text\n{message}\n    ```\n"
            )
    return "\n".join(notes)


def define_env(env) -> None:
    env.variables["gen"] = load_values()


def on_pre_page_macros(env) -> None:
    """Find the failing jobs the page draws on before its macros are rendered (they name them); the notes are added
    after rendering, so that an error message is never read as a macro."""
    env.variables["_regen_failures"] = ""
    path = os.environ.get(SERVE_STATUS)
    if not path or not Path(path).is_file():
        return
    try:
        status = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return
    env.variables["_regen_failures"] = failure_notes(env.markdown, status)


def on_post_page_macros(env) -> None:
    notes = env.variables.get("_regen_failures")
    if notes:
        env.markdown = notes + "\n" + env.markdown
