"""Paths, the environment every job runs in, and the small helpers the other parts share."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SNIPPETS = ROOT / "snippets"
BENCHMARKS = ROOT / "benchmarks"
EXPERIMENTS = ROOT / "experiments"
NOTEBOOKS = ROOT / "docs" / "notebooks"
GENERATED = ROOT / "docs" / "generated"
MANIFEST_DIR = ".manifest"
CACHE = ROOT / ".cache" / "regen"
# Files whose change re-runs every job: the pinned environment and the shared snippet settings.
GLOBAL_INPUTS = ("requirements.txt", "snippets/pelib/docenv.py")
# Bump when the way jobs are run changes in a way that changes their outputs.
RECIPE = "1"
# The caller's choice of torch's CPU kernel reaches the jobs, so that a run can show what another CPU would print.
# Outputs must not depend on it (tests/test_portability.py); regen does not pin it, which would hide such outputs.
PASSED_THROUGH = ("ATEN_CPU_CAPABILITY",)
# Experiments are the exception. Hundreds of training steps carry a last-bit difference into another result, so no
# rounding of what they print can hide it: their numerical path is pinned instead, to code every x86-64 CPU runs
# alike (whatever the caller sets). Each library picks its code from the CPU it finds, so each is pinned on its own:
PINNED_NUMERICS = {
    "ATEN_CPU_CAPABILITY": "default",  # torch's portable kernels, not its AVX2 or AVX-512 ones
    "MKL_CBWR": "COMPATIBLE",  # MKL (torch's BLAS and LAPACK) ignores the above: its SSE2 branch, on Intel and AMD alike
    "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4",  # libm's exp, log, pow, sin, cos without FMA: the
    # portable kernels call libm, whose FMA variants (picked where FMA and AVX2 are usable) round differently
}
# oneDNN would need ONEDNN_MAX_CPU_ISA, but torch calls it for none of the experiments' float64 operations.
# How to bring each kind of job up to date; benchmarks and experiments run only when asked for, never when forced.
HOW = {"snippet": "make regen", "notebook": "make regen", "bench": "make bench", "experiment": "make experiments"}
MEASURING = ("bench", "experiment")
MAX_OUTPUT_BYTES = 16 * 2**20  # one output file; the largest committed one is about 0.3 MB


_HASHES: dict[tuple, str] = {}


def sha256(path: Path) -> str:
    """The file's SHA-256, remembered while its modification time and size stay the same (a no-op regen hashes
    each shared module once, not once per job that imports it)."""
    info = path.stat()
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _HASHES:
        _HASHES[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _HASHES[key]


def rel(path: Path | str) -> str:
    """`path` relative to the repository root where it lies inside it (tests write outside it)."""
    path = Path(path).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def fixed_env(staging: Path, stem: str, scratch: Path | None = None) -> dict[str, str]:
    """The environment every job runs in: nothing from the caller's shell but PATH, HOME and PASSED_THROUGH.
    A job writes into `staging` (REGEN_OUT) and may use `scratch` (TMPDIR) and the matplotlib cache, nothing else."""
    mplconfig = CACHE / "mplconfig"
    mplconfig.mkdir(parents=True, exist_ok=True)
    scratch = scratch or staging
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(CACHE)),
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "SOURCE_DATE_EPOCH": "0",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": str(mplconfig),
        "TMPDIR": str(scratch),
        "JUPYTER_RUNTIME_DIR": str(scratch),
        "TZ": "UTC",
        "LC_ALL": "C.UTF-8",
        "COLUMNS": "100",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "CUDA_VISIBLE_DEVICES": "",  # snippets and notebooks: CPU only (measuring jobs: see jobs.measuring_jobs)
        "REGEN_OUT": str(staging),
        "REGEN_STEM": stem,
        "REGEN_WRITABLE": os.pathsep.join(map(str, (staging, scratch, mplconfig))),
    } | {k: os.environ[k] for k in PASSED_THROUGH if k in os.environ}
