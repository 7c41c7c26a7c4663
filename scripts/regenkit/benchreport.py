"""The benchmark report: the one place that says what every benchmark's NAME.json holds.

benchmarks/_bench.py builds reports with `build()`; regen's --check and the tests check them with `problems()`.
Timings differ from run to run; the structure pages rely on does not. Plain Python: regen imports it without torch.
"""

from __future__ import annotations

import json
from pathlib import Path

KEYS = ("benchmark", "machine", "gpu", "baseline", "results", "method")
MACHINE_KEYS = ("cpu_model", "logical_cpus", "torch_threads", "torch", "gpu")


def build(name: str, machine: dict, baselines: dict, results: list, *, baseline: str, method: dict) -> dict:
    """A report: which benchmark, on what machine, the baseline's timings by device, the results and the method."""
    return {
        "benchmark": name,
        "machine": machine,
        "gpu": machine["gpu"],
        "baseline": {"what": baseline, "seconds": baselines},
        "results": results,
        "method": method,
    }


def problems(report: object) -> list[str]:
    """What a report lacks, as phrases ("lacks the key 'gpu'"); empty when it has the required structure."""
    if not isinstance(report, dict):
        return [f"must hold a JSON object, got {type(report).__name__}"]
    found = [f"lacks the key {key!r}" for key in KEYS if key not in report]
    machine = report.get("machine")
    if isinstance(machine, dict):
        found += [f"machine lacks {key!r}" for key in MACHINE_KEYS if key not in machine]
    elif "machine" in report:
        found.append("machine must be an object describing the machine")
    results = report.get("results")
    if "results" in report and (
        not isinstance(results, list) or not results or not all(isinstance(r, dict) for r in results)
    ):
        found.append("results must be a non-empty list of objects")
    return found


def file_problems(path: Path) -> list[str]:
    """problems() of the report stored at `path`, or why it cannot be read."""
    if not path.is_file():
        return ["is missing (every benchmark writes NAME.json; make bench)"]
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return [f"is not JSON ({error})"]
    return problems(report)
