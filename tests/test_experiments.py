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
import torch
from conftest import ROOT, SNIPPETS
from test_portability import runnable_kernels

EXPERIMENTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
BOOT = "import runpy, sys; sys.path[:0] = [sys.argv[2], sys.argv[3]]; runpy.run_path(sys.argv[1], run_name='__main__')"


def run_reduced(script: Path, out: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """Run `script` in its reduced configuration into `out`, as regen would; return the hashes of what it wrote."""
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("REGEN_OUT", "REGEN_STEM")}
    env |= {"EXPERIMENT_REDUCED": "1", "REGEN_OUT": str(out), "REGEN_STEM": script.stem, "MPLBACKEND": "Agg",
            "OMP_NUM_THREADS": "1", "SOURCE_DATE_EPOCH": "0", "PYTHONHASHSEED": "0"} | (extra or {})
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


# --- the same outputs under every CPU kernel ------------------------------------------------------------------------

NATIVE = torch.backends.cpu.get_cpu_capability().lower()
OTHER_KERNELS = [k for k in runnable_kernels() if k != NATIVE]
# Experiments whose committed outputs are known to differ under torch's portable kernel (measured on an AVX-512
# machine, 2026-11-23; avx2 gave the same bytes as avx512). Training is chaotic where the loss leaves it free: a
# last-bit difference sends an unfinished run elsewhere, as another seed would.
NOT_PINNED = {
    "position_probe": "some R² values move by 0.01 to 0.05 and some counts by one percent under 'default'",
    "add_vs_concat": "reverse, unfinished after 400 steps, reorders under 'default' (concatenation ahead in the median)",
}


@pytest.mark.slow
@pytest.mark.skipif(not OTHER_KERNELS, reason=f"torch has no kernel but {NATIVE!r} on this CPU")
@pytest.mark.parametrize("kernel", OTHER_KERNELS)
@pytest.mark.parametrize("script", EXPERIMENTS, ids=lambda p: p.stem)
def test_reduced_run_is_the_same_under_every_cpu_kernel(script, kernel, tmp_path):
    """Ten steps already carry the kernels' last-bit differences into the weights (the evidence page's ledger,
    kernels-differ checks it): what an experiment prints of them must not show it."""
    native = run_reduced(script, tmp_path / NATIVE)
    other = run_reduced(script, tmp_path / kernel, {"ATEN_CPU_CAPABILITY": kernel})
    differ = sorted(name for name in native if native[name] != other.get(name))
    assert not differ, f"{script.name}: under ATEN_CPU_CAPABILITY={kernel} the reduced run writes other bytes: {differ}"


def _committed_case(kernel: str, stem: str):
    if kernel == "default" and stem in NOT_PINNED:
        return pytest.param(kernel, stem, id=f"{kernel}-{stem}",
                            marks=pytest.mark.xfail(strict=True, reason=NOT_PINNED[stem]))
    return pytest.param(kernel, stem, id=f"{kernel}-{stem}")


@pytest.mark.slow
@pytest.mark.skipif(not OTHER_KERNELS, reason=f"torch has no kernel but {NATIVE!r} on this CPU")
@pytest.mark.skipif(os.environ.get("EXPERIMENTS_FULL") != "1",
                    reason="the full runs take minutes each: EXPERIMENTS_FULL=1 runs them (make test does not)")
@pytest.mark.parametrize("kernel, stem", [_committed_case(k, p.stem) for k in OTHER_KERNELS for p in EXPERIMENTS])
def test_committed_results_are_the_same_under_every_cpu_kernel(kernel, stem, tmp_path):
    """The full run of one experiment (minutes) under another kernel writes exactly the committed bytes."""
    fresh = tmp_path / "generated"
    env = {k: v for k, v in os.environ.items() if not k.startswith("REGEN_")} | {"ATEN_CPU_CAPABILITY": kernel}
    proc = subprocess.run([sys.executable, "scripts/regen.py", "--experiments", "--force", "--timeout", "3600",
                           "--generated-dir", str(fresh), stem], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    written = sorted(p.name for p in fresh.iterdir() if p.is_file())
    assert written, "the forced run wrote nothing"
    generated = ROOT / "docs" / "generated"
    differ = [name for name in written if (fresh / name).read_bytes() != (generated / name).read_bytes()]
    assert not differ, f"under ATEN_CPU_CAPABILITY={kernel} these outputs of {stem} differ from the committed ones: {differ}"
