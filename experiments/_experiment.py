"""Helpers shared by the experiments: the seeds, the spread over seeds, and stable formatting of what they report.

Every experiment trains its models in float64 on one CPU thread; what it prints is an exact count (tokens right)
or a number rounded far above the rounding differences between CPU kernels, so its outputs are the same bytes on
every machine (checked by running under ATEN_CPU_CAPABILITY=default and =avx2).
"""

from __future__ import annotations

import os
import statistics

SEEDS = (0, 1, 2)  # every measurement is repeated with these seeds; pages show the spread over them


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


def num(value: float, decimals: int = 2) -> str:
    """`value` at `decimals` decimals, never as a negative zero (-0.00 would flicker in sign between machines)."""
    return f"{round(value, decimals) + 0.0:.{decimals}f}"
