"""Reading what the experiments saved: a figure script names the files in its READS (regen then re-draws it when
they change) and loads them with `load`."""

from __future__ import annotations

import json
import os
import statistics
from pathlib import Path

from pelib import docenv

# Where the saved results are: docs/generated/; the tests point EVIDENCE_RESULTS at a reduced run's outputs.
GENERATED = Path(os.environ.get("EVIDENCE_RESULTS") or docenv.ROOT / "docs" / "generated")


def load(name: str) -> dict:
    """The experiment's saved JSON `name` (e.g. "extrapolation.json") from docs/generated/."""
    path = GENERATED / name
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: `make experiments` writes it")
    return json.loads(path.read_text(encoding="utf-8"))


def band(per_seed: list[list[float]]) -> tuple[list[float], list[float], list[float]]:
    """Minimum, median and maximum over seeds (the rows of `per_seed`) at each point (its columns)."""
    columns = list(zip(*per_seed))
    return [min(c) for c in columns], [statistics.median(c) for c in columns], [max(c) for c in columns]
