"""Helpers shared by the benchmarks: timing, the sin+cos baseline, peak memory, and a description of the machine.

Timings are never reported alone: every benchmark also times torch's own elementwise sin and cos over as many
outputs as the thing measured produces, in the same run, and reports each timing as a ratio to it.
"""

import gc
import importlib
import json
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
SNIPPETS = HERE.parent / "snippets"


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (Linux), else what platform reports."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def gpu_name() -> str:
    """The name of the CUDA device the benchmark uses, or "not available"."""
    return torch.cuda.get_device_name(0) if torch.cuda.is_available() else "not available"


def machine() -> dict[str, object]:
    """What the timings depend on: CPU, threads torch uses, versions, GPU."""
    return {
        "cpu_model": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "torch_threads": torch.get_num_threads(),
        "torch": torch.__version__,
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "gpu": gpu_name(),
    }


def devices() -> list[str]:
    """The devices to measure on: always the CPU, and the first GPU when there is one."""
    return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]


def measure_everywhere(measure: Callable[[str], tuple[dict, list]]) -> tuple[dict, dict, list]:
    """Run `measure(device)` on every device; return the machine description, baselines by device and all results."""
    description = machine()
    baselines, results = {}, []
    for device in devices():
        baselines[device], found = measure(device)
        results += found
    return description, baselines, results


def save_report(name: str, description: dict, baselines: dict, results: list, *, baseline: str, method: dict) -> None:
    """Write NAME.json with the structure `regen.py --check` requires of every benchmark report."""
    from pelib import docenv  # only the benchmark's own process writes reports; measuring subprocesses never get here

    docenv.save_json({
        "benchmark": name,
        "machine": description,
        "gpu": description["gpu"],
        "baseline": {"what": baseline, "seconds": baselines},
        "results": results,
        "method": method,
    })


def synchronize(device: str) -> None:
    if device.startswith("cuda"):
        torch.cuda.synchronize()


def seconds_per_call(fn: Callable[[], object], *, device: str = "cpu", repeats: int = 5, warmup: int = 1) -> float:
    """The shortest wall time of `repeats` calls of `fn` (after `warmup` calls), waiting for the GPU if used."""
    return interleaved_seconds({"fn": fn}, device=device, rounds=repeats, warmup=warmup)["fn"]


# --8<-- [start:timing]
def interleaved_seconds(calls: dict[str, Callable[[], object]], *, device: str = "cpu", rounds: int = 5,
                        warmup: int = 1) -> dict[str, float]:
    """The shortest wall time of each call over `rounds` rounds, each round calling every one once in turn.

    Interleaving puts the baseline and what is compared to it under the same load, and the minimum is the run
    least disturbed by other processes: on a shared machine both matter more than the mean.
    """
    if rounds < 1 or warmup < 0:
        raise ValueError(f"rounds must be >= 1 and warmup >= 0, got {rounds} and {warmup}")
    for fn in calls.values():
        for _ in range(warmup):
            fn()
    synchronize(device)
    best = {name: math.inf for name in calls}
    for _ in range(rounds):
        for name, fn in calls.items():
            gc.collect()
            started = time.perf_counter()
            fn()
            synchronize(device)
            best[name] = min(best[name], time.perf_counter() - started)
    return best


def sin_cos_baseline(outputs: int, device: str = "cpu") -> Callable[[], object]:
    """torch.sin and torch.cos over outputs // 2 float32 angles each: `outputs` results, like a table of that size."""
    if outputs < 2:
        raise ValueError(f"outputs must be >= 2, got {outputs}")
    angles = torch.rand(outputs // 2, device=device) * 100.0
    return lambda: (torch.sin(angles), torch.cos(angles))
# --8<-- [end:timing]


def _status_bytes(field: str) -> int:
    """A memory field of /proc/self/status (VmRSS, VmHWM), in bytes (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"/proc/self/status has no {field}")


def _reset_high_water() -> bool:
    """Reset this process's peak resident set (VmHWM) to its current size; False where the kernel refuses."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def peak_memory(target: str, *args: object, device: str = "cpu") -> dict[str, object]:
    """Peak memory added by one call of `target` ("module:function") with `args`, measured in a fresh process.

    CPU: the growth of the process's peak resident set (VmHWM in /proc/self/status, reset to the current size
    just before the call through /proc/self/clear_refs) over its resident set before the call, after one small
    warm-up call. It counts every page torch touches, the result included. (getrusage's ru_maxrss cannot be
    used: Linux carries it over from the parent across exec, so a child of a big process starts with a high
    one.) `valid` is False where the reset is refused and the peak was already higher before the call. GPU: torch.cuda.max_memory_allocated after reset_peak_memory_stats (exact, allocator bytes).
    """
    proc = subprocess.run(
        [sys.executable, str(Path(__file__)), "--peak", target, json.dumps(list(args)), device,
         str(torch.get_num_threads())],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"peak memory of {target}{args} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _measure_peak(target: str, args: list, device: str) -> dict[str, object]:
    module_name, function_name = target.split(":")
    function = getattr(importlib.import_module(module_name), function_name)
    if device.startswith("cuda"):
        function(*[min(a, 8) if isinstance(a, int) else a for a in args])
        torch.cuda.synchronize()
        before = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        result = function(*args)
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated() - before
        return {"peak_bytes": peak, "result_bytes": _bytes(result), "method": "torch.cuda.max_memory_allocated",
                "valid": True}
    function(*[min(a, 8) if isinstance(a, int) else a for a in args])  # warm up: lazy imports, kernels
    gc.collect()
    reset = _reset_high_water()
    rss_before, high_before = _status_bytes("VmRSS"), _status_bytes("VmHWM")
    result = function(*args)
    high_after = _status_bytes("VmHWM")
    return {"peak_bytes": high_after - rss_before, "result_bytes": _bytes(result),
            "method": "VmHWM growth over VmRSS before the call" + ("" if reset else " (peak not reset)"),
            "valid": reset or high_after > high_before}


def _bytes(result: object) -> int:
    tensors = result if isinstance(result, (tuple, list)) else [result]
    return sum(t.numel() * t.element_size() for t in tensors if isinstance(t, torch.Tensor))


def ratio(seconds: float, baseline: float) -> float:
    """A timing as a multiple of the baseline measured in the same run."""
    return seconds / baseline


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "--peak":
    sys.path[:0] = [str(SNIPPETS), str(HERE)]
    torch.set_num_threads(int(sys.argv[5]))
    print(json.dumps(_measure_peak(sys.argv[2], json.loads(sys.argv[3]), sys.argv[4])))
