"""Time and peak memory of building a [seq_len, 512] table, each way, as ratios to torch's own sin+cos."""

from pelib import docenv
import math

import _bench
import torch
from performance.fast_table import fast_table
from reference import positional_encoding

D_MODEL = 512
LENGTHS = (1_000, 10_000, 100_000)
LOOP_ROWS = (8, 16)  # the nested loop is timed at these lengths only, and extrapolated per entry
BASE = 10000.0


# --8<-- [start:variants]
def nested_loop(seq_len: int, d_model: int, device: str = "cpu") -> torch.Tensor:
    """One entry at a time, with torch scalar operations (the style of the seed that loops)."""
    pe = torch.zeros(seq_len, d_model)
    for pos in torch.arange(seq_len):
        for i in range(d_model // 2):
            angle = pos * (1 / BASE ** (2 * i / d_model))
            pe[pos, 2 * i] = torch.sin(angle)
            pe[pos, 2 * i + 1] = torch.cos(angle)
    return pe


def float32_angles(seq_len: int, d_model: int, device: str = "cpu") -> torch.Tensor:
    """Vectorised, everything in float32 (the other seeds' recipe)."""
    position = torch.arange(seq_len, dtype=torch.float32, device=device)[:, None]
    div_term = torch.exp(torch.arange(0, d_model, 2, device=device) * (-math.log(BASE) / d_model))
    pe = torch.empty(seq_len, d_model, device=device)
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe


def reference(seq_len: int, d_model: int, device: str = "cpu") -> torch.Tensor:
    """The reference: float64 angles, cast to float32 (built on the CPU, then moved, as the module does)."""
    return positional_encoding(seq_len, d_model).to(device)


def linearity(seq_len: int, d_model: int, device: str = "cpu") -> torch.Tensor:
    """fast_table: float64 sin/cos of about 2 sqrt(seq_len) angles per frequency, combined by angle addition."""
    return fast_table(seq_len, d_model, device=device)


def baseline(seq_len: int, d_model: int, device: str = "cpu") -> tuple[torch.Tensor, torch.Tensor]:
    """torch.sin and torch.cos of seq_len * d_model / 2 float32 angles: as many outputs as the table has."""
    return _bench.sin_cos_baseline(seq_len * d_model, device)()
# --8<-- [end:variants]


VARIANTS = {
    "nested Python loop (seed style)": nested_loop,
    "float32 angles, vectorised (seeds)": float32_angles,
    "float64 angles, cast (reference)": reference,
    "linearity: fast_table": linearity,
}


def measure(device: str) -> tuple[dict[str, float], list[dict[str, object]]]:
    """Baseline seconds per length, and one result per (variant, length) on `device`."""
    baselines, results = {}, []
    for seq_len in LENGTHS:
        calls = {"baseline": _bench.sin_cos_baseline(seq_len * D_MODEL, device)}
        calls |= {name: (lambda b=build, n=seq_len: b(n, D_MODEL, device))
                  for name, build in VARIANTS.items() if build is not nested_loop}
        best = _bench.interleaved_seconds(calls, device=device, rounds=5 if seq_len >= 100_000 else 9)
        baselines[str(seq_len)] = best.pop("baseline")
        if device == "cpu":
            # Timed at LOOP_ROWS rows only; its cost is per entry, so it scales with seq_len * d_model.
            per_entry = [_bench.seconds_per_call(lambda n=n: nested_loop(n, D_MODEL), repeats=3, warmup=0)
                         / (n * D_MODEL) for n in LOOP_ROWS]
            best["nested Python loop (seed style)"] = per_entry[-1] * seq_len * D_MODEL
        for name in VARIANTS:
            if name in best:
                extrapolated = ({"rows_timed": list(LOOP_ROWS), "seconds_per_entry": per_entry}
                                if name.startswith("nested") else None)
                results.append({"device": device, "variant": name, "seq_len": seq_len, "d_model": D_MODEL,
                                "seconds": best[name], "ratio": _bench.ratio(best[name], baselines[str(seq_len)]),
                                "extrapolated": extrapolated})
    largest = LENGTHS[-1]
    for name, target in [("baseline", "baseline"), ("float32 angles, vectorised (seeds)", "float32_angles"),
                         ("float64 angles, cast (reference)", "reference"), ("linearity: fast_table", "linearity")]:
        memory = _bench.peak_memory(f"build_table:{target}", largest, D_MODEL, device, device=device)
        results.append({"device": device, "variant": name, "seq_len": largest, "d_model": D_MODEL, "memory": memory})
    return baselines, results


if __name__ == "__main__":
    description, baselines, results = _bench.measure_everywhere(measure)

    timed = [r for r in results if "seconds" in r]
    memory = {(r["device"], r["variant"]): r["memory"] for r in results if "memory" in r}
    _bench.save_report(
        "build_table", description, baselines, results,
        baseline="torch.sin + torch.cos over seq_len * d_model / 2 float32 angles each",
        method={"time": "shortest wall time (time.perf_counter) over rounds that call the baseline and every variant in turn, after one warm-up call each",
                "memory": "CPU: growth of the peak resident set (VmHWM, reset before the call) over the resident set before the call, in a fresh process; "
                          "GPU: torch.cuda.max_memory_allocated",
                "nested_loop": f"timed at {list(LOOP_ROWS)} rows, extrapolated linearly per entry"},
    )

    # --- the page's table: ratio to the baseline per length, then memory at the largest length --------------
    header = ["device", "variant"] + [f"seq_len {n:,}" for n in LENGTHS] + [f"peak memory at {LENGTHS[-1]:,}"]
    rows = []
    for device in _bench.devices():
        out_mb = LENGTHS[-1] * D_MODEL * 4 / 2**20
        for name in ["baseline"] + list(VARIANTS):
            cells = []
            for n in LENGTHS:
                if name == "baseline":
                    cells.append(f"1 ({baselines[device][str(n)] * 1e3:,.1f} ms)")
                    continue
                match = [r for r in timed if r["device"] == device and r["variant"] == name and r["seq_len"] == n]
                if not match:
                    cells.append("not run")
                    continue
                r = match[0]
                star = " (extrapolated)" if r["extrapolated"] else ""
                cells.append(f"{r['ratio']:,.1f}{star}")
            m = memory.get((device, name))
            if m is None:
                cells.append("not measured")
            else:
                cells.append(f"{m['peak_bytes'] / 2**20:,.0f} MiB ({m['peak_bytes'] / (out_mb * 2**20):.1f} x the table)"
                             + ("" if m["valid"] else " (not valid)"))
            rows.append([device, name] + cells)
    docenv.save_markdown(docenv.markdown_table(header, rows, align="ll" + "r" * (len(header) - 2)))

    # The figure is drawn from the saved report by snippets/performance/timings.py: restyling it re-times nothing.

    def ratio_at(name: str, n: int = LENGTHS[-1], device: str = "cpu") -> float:
        return next(r["ratio"] for r in timed if r["device"] == device and r["variant"] == name and r["seq_len"] == n)

    loop = next(r for r in timed if r["variant"].startswith("nested") and r["seq_len"] == LENGTHS[-1])
    docenv.save_values({
        "cpu_model": description["cpu_model"],
        "torch_threads": str(description["torch_threads"]),
        "logical_cpus": str(description["logical_cpus"]),
        "torch": description["torch"],
        "gpu": description["gpu"],
        "baseline_ms_largest": f"{baselines['cpu'][str(LENGTHS[-1])] * 1e3:,.0f}",
        "reference_ratio": f"{ratio_at('float64 angles, cast (reference)'):.1f}",
        "float32_ratio": f"{ratio_at('float32 angles, vectorised (seeds)'):.1f}",
        "fast_ratio": f"{ratio_at('linearity: fast_table'):.2f}",
        "fast_vs_reference": f"{ratio_at('float64 angles, cast (reference)') / ratio_at('linearity: fast_table'):.0f}",
        "loop_ratio": f"{loop['ratio']:,.0f}",
        "loop_seconds": f"{loop['seconds']:,.0f}",
        "loop_rows": " and ".join(str(n) for n in LOOP_ROWS),
        "table_mib": f"{LENGTHS[-1] * D_MODEL * 4 / 2**20:,.0f}",
        "reference_memory_x": f"{memory[('cpu', 'float64 angles, cast (reference)')]['peak_bytes'] / (LENGTHS[-1] * D_MODEL * 4):.1f}",
        "fast_memory_x": f"{memory[('cpu', 'linearity: fast_table')]['peak_bytes'] / (LENGTHS[-1] * D_MODEL * 4):.1f}",
    })
    print("machine:", ", ".join(f"{k} = {v}" for k, v in description.items()))
    for r in timed:
        print(f"{r['device']:5} {r['variant']:36} seq_len {r['seq_len']:>7,}: {r['ratio']:10,.2f} x baseline"
              + (" (extrapolated)" if r["extrapolated"] else ""))
