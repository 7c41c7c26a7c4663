"""The experiments: a reduced configuration (a few training steps) runs through every experiment's code path and
writes the same bytes twice. The full runs are `make experiments`; their committed results are checked by
`regen.py --check` (test_regen.py) and the pages' claims about them by test_evidence.py."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SNIPPETS

EXPERIMENTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
BOOT = "import runpy, sys; sys.path[:0] = [sys.argv[2], sys.argv[3]]; runpy.run_path(sys.argv[1], run_name='__main__')"


def run_reduced(script: Path, out: Path) -> dict[str, str]:
    """Run `script` in its reduced configuration into `out`, as regen would; return the hashes of what it wrote."""
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("REGEN_OUT", "REGEN_STEM")}
    env |= {"EXPERIMENT_REDUCED": "1", "REGEN_OUT": str(out), "REGEN_STEM": script.stem, "MPLBACKEND": "Agg",
            "OMP_NUM_THREADS": "1", "SOURCE_DATE_EPOCH": "0", "PYTHONHASHSEED": "0"}
    proc = subprocess.run([sys.executable, "-c", BOOT, str(script), str(SNIPPETS), str(script.parent)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    (out / f"{script.stem}.txt").write_text(proc.stdout)
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}


def test_there_are_experiments():
    assert {p.stem for p in EXPERIMENTS} >= {"extrapolation"}


@pytest.mark.slow
@pytest.mark.parametrize("script", EXPERIMENTS, ids=lambda p: p.stem)
def test_reduced_run_writes_the_same_outputs_twice(script, tmp_path):
    first = run_reduced(script, tmp_path / "first")
    second = run_reduced(script, tmp_path / "second")
    assert first == second, f"{script.name}: two reduced runs wrote different bytes"
    assert {f"{script.stem}.json", f"{script.stem}.values.json"} <= first.keys()
    committed = {p.name for p in (ROOT / "docs" / "generated").glob(f"{script.stem}[.-]*")}
    assert first.keys() == committed, "the reduced run writes other files than the committed full run"
