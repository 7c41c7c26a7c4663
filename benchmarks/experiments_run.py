"""Time a forced run of every experiment (`make experiments` with every result stale), on a copy of the repository,
against issue 26's budget: 30 minutes on 2 cores, as many jobs at once as cores, one thread each.

Its own job, not a figure of `contributor_loop`: it takes half an hour, and the contributor's loop never trains a
model (`make test` runs reduced versions). A figure, not a timed test: the report names the machine and its load.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _bench
from pelib import docenv  # noqa: F401  (fixed settings; the report goes where regen says)

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 1800.0  # issue 26: the forced run of every experiment within 30 minutes on 2 cores
EXPERIMENTS = sorted(p.stem for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
IGNORED = shutil.ignore_patterns(".git", ".venv", "site", ".cache", "__pycache__", ".pytest_cache", "_snippet_output",
                                 "node_modules")
# Without regen's REGEN_* variables: the copy's experiments write the copy's outputs, not this job's.
ENV = {k: v for k, v in os.environ.items() if not k.startswith("REGEN_")} | {"PYTHONDONTWRITEBYTECODE": "1"}


def timed(*command: str, cwd: Path) -> tuple[float, str]:
    """Wall time of one run of `command`, which must succeed, and what it printed."""
    started = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=ENV)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return elapsed, proc.stdout + proc.stderr


def main() -> None:
    baseline = min(timed(sys.executable, "-c", "import torch", cwd=ROOT)[0] for _ in range(3))
    # The copy lives in the job's own temporary folder, which regen removes with its staging folder.
    copy = Path(tempfile.mkdtemp(prefix="experiments_run-")) / "repo"
    shutil.copytree(ROOT, copy, ignore=IGNORED, symlinks=True)
    (copy / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    jobs = str(min(2, os.cpu_count() or 1))
    seconds, printed = timed(sys.executable, "scripts/regen.py", "--experiments", "--force", "--jobs", jobs,
                             "--timeout", "3600", *EXPERIMENTS, cwd=copy)
    each = {name: float(m.group(1)) for name in EXPERIMENTS
            for m in [re.search(rf"ran experiments/{name}\.py \(([\d.]+) s\)", printed)] if m}
    if set(each) != set(EXPERIMENTS):
        raise SystemExit(f"regen did not report every experiment: {sorted(set(EXPERIMENTS) - set(each))}")
    results = [{
        "what": f"regen.py --experiments --force: the {len(EXPERIMENTS)} experiments' full training runs"
                f" ({', '.join(EXPERIMENTS)}), {jobs} jobs at once, one thread each",
        "key": "forced_experiments", "seconds": round(seconds, 1), "budget_seconds": BUDGET,
        "within_budget": seconds <= BUDGET, "ratio": round(_bench.ratio(seconds, baseline), 1),
    }]
    _bench.save_report(
        "experiments_run", _bench.machine(), {"cpu": baseline}, results,
        baseline="start Python and import torch (best of 3)",
        method={"runs": "one forced run of every experiment on a copy of the repository in a temporary folder",
                "each_seconds": each, "load": f"load average {os.getloadavg()[0]:.1f} at the end", "cpus": os.cpu_count()},
    )


if __name__ == "__main__":
    main()
