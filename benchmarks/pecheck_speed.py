"""Time pecheck's verdict on a 4096 x 1024 table (after loading), as a ratio to sin+cos over as many outputs, and the
command end to end (a fresh interpreter reading a .npy file: numpy only, no torch).

The issue asks for well under a second on one core: the report records the seconds and the machine, each case
timed against torch's sin and cos in the same rounds; issue 39 asks for the command itself in at most a second.
"""

import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pelib import docenv
import _bench
import numpy as np
import torch
from pecheck import check_table
from pelib.variants.registry import BY_KEY
from reference import positional_encoding

SEQ_LEN, D_MODEL = 4096, 1024
PECHECK = Path(__file__).resolve().parent.parent / "snippets" / "pecheck.py"


def command_seconds(rounds: int = 5) -> float:
    """The shortest wall time of `python pecheck.py table.npy` over `rounds` runs (warm disk cache): import, read,
    judge, print."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pe.npy"
        np.save(path, positional_encoding(SEQ_LEN, D_MODEL).numpy())
        best = math.inf
        for _ in range(rounds + 1):  # the first run warms the disk cache
            start = time.perf_counter()
            subprocess.run([sys.executable, str(PECHECK), str(path)], check=True, capture_output=True)
            best = min(best, time.perf_counter() - start)
    return best


def tables() -> dict[str, object]:
    """What a user passes: the reference table, another family's, a float16 copy, and a random matrix (refused)."""
    reference = positional_encoding(SEQ_LEN, D_MODEL)
    return {
        "reference table (float32)": reference,
        "tensor2tensor table (float32)": BY_KEY["tensor2tensor"].build(SEQ_LEN, D_MODEL),
        "reference table stored in float16": reference.half(),
        "random matrix (refused)": torch.from_numpy(np.random.default_rng(0).standard_normal((SEQ_LEN, D_MODEL))).float(),
    }


def measure(device: str) -> tuple[dict[str, float], list[dict[str, object]]]:
    if device != "cpu":  # pecheck runs in NumPy on the CPU: there is nothing to time on a GPU
        return {}, []
    calls = {"baseline": _bench.sin_cos_baseline(SEQ_LEN * D_MODEL)}
    for name, table in tables().items():
        assert check_table(table).ok == ("random" not in name), name
        calls[name] = lambda table=table: check_table(table)
    best = _bench.interleaved_seconds(calls, rounds=5)
    baseline = best.pop("baseline")
    results = [{"device": device, "variant": name, "seq_len": SEQ_LEN, "d_model": D_MODEL, "seconds": seconds,
                "ratio": _bench.ratio(seconds, baseline)} for name, seconds in best.items()]
    return {str(SEQ_LEN): baseline}, results


if __name__ == "__main__":
    description, baselines, results = _bench.measure_everywhere(measure)
    command = command_seconds()
    _bench.save_report(
        "pecheck_speed", description, baselines, results,
        baseline="torch.sin + torch.cos over seq_len * d_model / 2 float32 angles each (one table)",
        method={"time": "shortest wall time (time.perf_counter) of check_table over 5 rounds that call the baseline "
                        "and every case in turn, after one warm-up call each; the table is already in memory",
                "input": f"[{SEQ_LEN}, {D_MODEL}] tables",
                "command": f"python pecheck.py pe.npy ([{SEQ_LEN}, {D_MODEL}] float32), end to end in a fresh "
                           f"interpreter: {command:.2f} s (shortest of 5 runs, warm disk cache)"},
    )
    for result in results:
        print(f"{result['variant']:36s} {result['seconds']:.2f} s  ({result['ratio']:.0f}x sin+cos)")
    print(f"{'the command, end to end (.npy)':36s} {command:.2f} s")
