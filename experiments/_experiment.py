"""Helpers shared by the experiments: the seeds, the spread over seeds, the numerical path a run took, and stable
formatting of what they report.

Every experiment trains its models in float64 on one CPU thread. Training carries a last-bit difference between
CPU kernels into another result, so regen runs experiments on a pinned numerical path (PINNED_NUMERICS in
scripts/regenkit/config.py: torch's portable kernels, MKL's compatible branch, libm without FMA), whatever the
caller's CPU or ATEN_CPU_CAPABILITY; each experiment records that path in its JSON (`numerics`), and
tests/test_experiments.py checks it and re-runs the experiments under every kernel this CPU offers.
"""

from __future__ import annotations

import ctypes
import math
import os
import statistics

SEEDS = (0, 1, 2, 3, 4)  # every measurement is repeated with these seeds; pages show the spread over them
RATES = (1e-3, 3e-3, 1e-2, 3e-2, 1e-1)  # the learning-rate grid each encoding is tuned on before its seeds are
# trained: wide enough that every choice has a tried rate on each side (tests/test_evidence.py checks it)
TUNE_SEED = 100  # the grid's one run per rate uses its own seed (and its own validation batch), not one of SEEDS
TUNE_FRACTION = 2  # the grid's runs are 1/TUNE_FRACTION of the full run's steps
# MKL's conditional numerical reproducibility branches (mkl_cbwr_get's codes, from mkl_cbwr.h).
MKL_BRANCHES = {0: "OFF", 1: "BRANCH_OFF", 2: "AUTO", 3: "COMPATIBLE", 4: "SSE2", 6: "SSSE3", 7: "SSE4_1",
                8: "SSE4_2", 9: "AVX", 10: "AVX2", 11: "AVX512_MIC", 12: "AVX512", 13: "AVX512_MIC_E1",
                14: "AVX512_E1"}


def numerics() -> dict[str, str]:
    """The numerical path this run takes, as the libraries report it: torch's CPU kernel, the branch MKL (torch's
    BLAS and LAPACK) runs, and glibc's tunables, which keep libm off its FMA variants. Recorded in every
    experiment's JSON: a run off the pinned path writes other bytes, and the tests say so."""
    import torch

    try:  # torch links MKL statically and exports its mkl_cbwr_get under MKL's internal name
        library = ctypes.CDLL(os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so"))
        get = library.mkl_serv_cbwr_get
        get.restype, get.argtypes = ctypes.c_int, [ctypes.c_int]
        branch = get(1)  # MKL_CBWR_BRANCH
        mkl = MKL_BRANCHES.get(branch, f"code {branch}")
    except (OSError, AttributeError):
        mkl = "unknown (no MKL in this torch)"
    return {"torch_cpu_kernel": torch.backends.cpu.get_cpu_capability(), "mkl_cbwr": mkl,
            "glibc_tunables": os.environ.get("GLIBC_TUNABLES", "")}


def seeds() -> tuple[int, ...]:
    """The seeds of a run: SEEDS, or the first two in the reduced configuration (the code path, not the result)."""
    return SEEDS[:2] if reduced() else SEEDS


def tune(cfg, rates: tuple[float, ...] | None = None) -> dict:
    """The learning rate for `cfg`'s encoding and task: one shortened run (half the steps, seed TUNE_SEED) per rate
    in `rates`, each scored by its cross-entropy on a validation batch at the longest training length (never a
    longer one: the choice sees only what training sees). Returns {"lr": the rate of the lowest loss at the three
    decimals it is reported to (on a tie, the smaller rate; a run whose loss is not a number, None, loses), "losses":
    {rate: loss at 3 decimals}}; every seed is then trained at that rate with the full budget."""
    from pelib import training

    rates = rates or ((RATES[0], RATES[-1]) if reduced() else RATES)
    steps = max(1, cfg.steps // TUNE_FRACTION)
    losses: dict[float, float | None] = {}
    for rate in rates:
        model = training.train(cfg.replace(lr=rate, steps=steps, seed=TUNE_SEED))
        loss = training.loss(model, *training.eval_batch(model.cfg, cfg.max_len, 64, TUNE_SEED))
        losses[rate] = round(loss, 3) + 0.0 if math.isfinite(loss) else None
    best = min(rates, key=lambda r: (math.inf if losses[r] is None else losses[r], r))
    return {"lr": best, "losses": {f"{r:g}": v for r, v in losses.items()}}


def interior(tuned: dict) -> bool:
    """Whether a tuning's choice has a tried rate below it and one above it (not at an edge of the grid)."""
    tried = sorted(float(r) for r in tuned["losses"])
    return tried[0] < tuned["lr"] < tried[-1]


def reduced() -> bool:
    """True when the tests ask for the reduced configuration (a few steps: the code path, not the result)."""
    return os.environ.get("EXPERIMENT_REDUCED") == "1"


def percent(fraction: float) -> str:
    """A fraction as a whole percentage: two significant digits for the values that matter."""
    return f"{100 * fraction:.0f}%"


def spread(values: list[float]) -> dict[str, float]:
    """Median, minimum and maximum over seeds."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def percent_spread(values: list[float]) -> str:
    """'median (min–max)' in whole percent, or just the value when every seed agrees at that precision."""
    s = spread(values)
    low, mid, high = percent(s["min"]), percent(s["median"]), percent(s["max"])
    return mid if low == high else f"{mid} ({low}–{high})"


def median_range(values: list[float], decimals: int = 2) -> str:
    """'median (min to max)' at `decimals`, or just the value when every seed agrees at that precision."""
    s = spread(values)
    low, mid, high = (num(s[k], decimals) for k in ("min", "median", "max"))
    return mid if low == high else f"{mid} ({low} to {high})"


def num(value: float, decimals: int = 2) -> str:
    """`value` at `decimals` decimals, never as a negative zero (-0.00 would flicker in sign between machines)."""
    return f"{round(value, decimals) + 0.0:.{decimals}f}"
