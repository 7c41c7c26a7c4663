"""Time one forward pass that slices a cached table against ones that rebuild the table, as ratios to sin+cos."""

from pelib import docenv

import _bench
import torch
from build_table import float32_angles
from performance.fast_table import fast_table
from reference import PositionalEncoding, positional_encoding

D_MODEL = 512
BATCH = 8
LENGTHS = (128, 1_024, 4_096)


# --8<-- [start:modules]
class Recomputed(torch.nn.Module):
    """Add a table rebuilt on every call by `build(seq_len, d_model)`, moved to the input's device."""

    def __init__(self, d_model: int, build) -> None:
        super().__init__()
        self.d_model, self.build = d_model, build

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.build(x.size(1), self.d_model).to(x.device, x.dtype)


def forward_passes(device: str, max_len: int) -> dict[str, torch.nn.Module]:
    """The cached reference module and three that recompute, all on `device`, in eval mode."""
    on_device = lambda build: (lambda n, d: build(n, d, device=device))  # noqa: E731
    modules = {
        "cached buffer, sliced (reference module)": PositionalEncoding(D_MODEL, max_len),
        "recomputed: reference recipe (float64, on the CPU)": Recomputed(D_MODEL, positional_encoding),
        "recomputed: float32 angles (seeds)": Recomputed(D_MODEL, on_device(float32_angles)),
        "recomputed: fast_table": Recomputed(D_MODEL, on_device(fast_table)),
    }
    return {name: m.to(device).eval() for name, m in modules.items()}
# --8<-- [end:modules]


def measure(device: str) -> tuple[dict[str, float], list[dict[str, object]]]:
    baselines, results = {}, []
    modules = forward_passes(device, max(LENGTHS))
    for seq_len in LENGTHS:
        x = torch.randn(BATCH, seq_len, D_MODEL, device=device)
        calls = {"baseline": _bench.sin_cos_baseline(seq_len * D_MODEL, device)}
        ready = modules["cached buffer, sliced (reference module)"].pe[:seq_len].clone()
        calls["the addition alone: x + a ready table"] = lambda x=x, ready=ready: x + ready
        calls |= {name: (lambda m=m, x=x: m(x)) for name, m in modules.items()}
        with torch.no_grad():
            best = _bench.interleaved_seconds(calls, device=device, rounds=21 if seq_len < 4096 else 11)
        baselines[str(seq_len)] = best.pop("baseline")
        for name, seconds in best.items():
            results.append({"device": device, "variant": name, "seq_len": seq_len, "batch": BATCH,
                            "d_model": D_MODEL, "seconds": seconds,
                            "ratio": _bench.ratio(seconds, baselines[str(seq_len)])})
    return baselines, results


if __name__ == "__main__":
    description, baselines, results = _bench.measure_everywhere(measure)
    _bench.save_report(
        "forward_cached_vs_recomputed", description, baselines, results,
        baseline="torch.sin + torch.cos over seq_len * d_model / 2 float32 angles each (one table)",
        method={"time": "shortest wall time (time.perf_counter) over rounds that call the baseline and every "
                        "forward in turn, under torch.no_grad, after one warm-up call each",
                "input": f"x of shape [{BATCH}, seq_len, {D_MODEL}], float32"},
    )

    names = ["the addition alone: x + a ready table"] + list(forward_passes("cpu", 1))
    header = ["device", "forward"] + [f"seq_len {n:,}" for n in LENGTHS]
    rows = []
    for device in _bench.devices():
        rows.append([device, "baseline (one table of sin + cos)"]
                    + [f"1 ({baselines[device][str(n)] * 1e3:,.2f} ms)" for n in LENGTHS])
        for name in names:
            rows.append([device, name] + [
                f"{r['ratio']:,.2f}" for n in LENGTHS for r in results
                if r["device"] == device and r["variant"] == name and r["seq_len"] == n])
    docenv.save_markdown(docenv.markdown_table(header, rows, align="ll" + "r" * len(LENGTHS)))

    # The figure is drawn from the saved report by snippets/performance/timings.py: restyling it re-times nothing.

    def seconds(name: str, n: int) -> float:
        return next(r["seconds"] for r in results if r["device"] == "cpu" and r["variant"] == name and r["seq_len"] == n)

    add, cached, reference, float32, fast = names
    last = LENGTHS[-1]
    docenv.save_values({
        "batch": str(BATCH),
        "gpu": description["gpu"],
        "longest": f"{last:,}",
        "cached_vs_add_1k": f"{seconds(cached, 1024) / seconds(add, 1024):.1f}",
        "cached_vs_add_last": f"{seconds(cached, last) / seconds(add, last):.1f}",
        "reference_slowdown_1k": f"{seconds(reference, 1024) / seconds(cached, 1024):.1f}",
        "reference_slowdown_last": f"{seconds(reference, last) / seconds(cached, last):.1f}",
        "float32_slowdown_1k": f"{seconds(float32, 1024) / seconds(cached, 1024):.1f}",
        "fast_slowdown_1k": f"{seconds(fast, 1024) / seconds(cached, 1024):.1f}",
        "fast_slowdown_last": f"{seconds(fast, last) / seconds(cached, last):.1f}",
    })
    print("machine:", ", ".join(f"{k} = {v}" for k, v in description.items()))
    for r in results:
        print(f"{r['device']:5} {r['variant']:52} seq_len {r['seq_len']:>6,}: {r['ratio']:8,.2f} x baseline")
