"""mkdocs-macros hook: exposes the numbers snippets saved, so prose quotes them instead of retyping them.

A snippet calls `_docenv.save_values({"longest": "60,611"})`; regen writes docs/generated/<snippet>.values.json;
a page writes `{{ gen.<snippet>.longest }}`. An unknown snippet or key fails the build (on_undefined: strict).
"""

import json
from pathlib import Path

GENERATED = Path(__file__).resolve().parent.parent / "docs" / "generated"


def load_values(folder: Path = GENERATED) -> dict[str, dict[str, str]]:
    """Every saved value, by snippet name and key."""
    suffix = ".values.json"
    return {
        path.name[: -len(suffix)]: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(folder.glob(f"*{suffix}"))
    }


def define_env(env) -> None:
    env.variables["gen"] = load_values()
