"""The benchmarks' figures, drawn from their saved reports: time against seq_len as a multiple of the baseline."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
from matplotlib.ticker import NullLocator
from pelib.figures import CONTEXT, INK, LAYOUTS, PALETTE, label_ends
from pelib.saved_results import load

READS = ("build_table.json", "forward_cached_vs_recomputed.json")
# Each variant's short name (written where its line ends; a shorter one on a phone), colour and dash, by its name in
# the report: the reference in ink, fast_table in the pair's colour (it turns each (sin, cos) pair as one complex
# number), the others in the palette's colours for series that are neither sine, cosine, pair nor offset.
BUILD = {
    "nested Python loop (seed style)": (("nested loop (extrapolated)", "nested loop\n(extrapolated)"),
                                        PALETTE["other"], "--"),
    "float32 angles, vectorised (seeds)": (("float32 angles", "float32"), PALETTE["accent"], "-"),
    "float64 angles, cast (reference)": (("reference (float64)", "reference"), INK, "-"),
    "linearity: fast_table": ("fast_table", PALETTE["pair"], "-"),
}
FORWARD = {
    "the addition alone: x + a ready table": ("x + a ready table", "#666666", "--"),
    "cached buffer, sliced (reference module)": ("cached, sliced", INK, "-"),
    "recomputed: reference recipe (float64, on the CPU)": ("rebuilt: reference", PALETTE["other"], "-"),
    "recomputed: float32 angles (seeds)": ("rebuilt: float32", PALETTE["accent"], "-"),
    "recomputed: fast_table": ("rebuilt: fast_table", PALETTE["pair"], "-"),
}


def timed(report: dict, styles: dict) -> dict[tuple[str, str], list[tuple[int, float]]]:
    """(device, variant) -> [(seq_len, time / baseline)] of every timing in a benchmark's report, in the report's
    order; a variant the figure has no style for is refused by name."""
    lines: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for r in report["results"]:
        if "ratio" not in r:  # a memory measurement
            continue
        if r["variant"] not in styles:
            raise ValueError(f"{report['benchmark']}: no style for the variant {r['variant']!r}; name it in "
                             f"snippets/performance/timings.py (known: {sorted(styles)})")
        lines.setdefault((r["device"], r["variant"]), []).append((r["seq_len"], r["ratio"]))
    return lines


def figure(layout, report: dict, styles: dict, title: str, xlabel: str):
    """One benchmark: each variant's time / baseline against seq_len (log scales), named where its line ends."""
    lines = timed(report, styles)
    devices = list(dict.fromkeys(device for device, _ in lines))
    fig, ax = plt.subplots(figsize=layout.size(wide=(8.5, 4.4), narrow_height=5.0), constrained_layout=True)
    ends, names, colours = [], [], []
    for (device, variant), points in lines.items():
        name, colour, dash = styles[variant]
        xs = [math.log10(n) for n, _ in points]  # log scales drawn as logarithms, so that labels space evenly
        ys = [math.log10(ratio) for _, ratio in points]
        ax.plot(xs, ys, dash if device == devices[0] else ":", marker="o", color=colour, markersize=5)
        ends.append((xs[-1], ys[-1]))
        if isinstance(name, tuple):
            name = name[layout.narrow]
        names.append(name if len(devices) == 1 else f"{name} ({device})")
        colours.append(colour)
    ax.axhline(0.0, color=CONTEXT, linewidth=1)
    ends.append((ends[0][0], 0.0))
    names.append("baseline" if layout.narrow else "baseline: sin + cos")
    colours.append("#666666")
    lengths = sorted({n for points in lines.values() for n, _ in points})
    low, high = min(y for _, y in ends), max(y for _, y in ends)
    gap = (high - low) * (0.1 if layout.narrow else 0.085)
    last = max(x for x, _ in ends)
    label_ends(ax, last, [y for _, y in ends], names, colours, gap=gap,
               x_text=last + (0.06 if layout.narrow else 0.1) * (last - math.log10(lengths[0])))
    crowded = layout.narrow and max(lengths) >= 100_000  # three six-digit labels do not fit a phone's axis
    ax.set_xticks([math.log10(n) for n in lengths], [f"{n:,}" for n in lengths], rotation=30 if crowded else 0,
                  ha="right" if crowded else "center")
    ax.xaxis.set_minor_locator(NullLocator())
    ratios = [r for points in lines.values() for _, r in points]
    top, bottom = math.log10(max(ratios)), min(0.0, math.log10(min(ratios)))
    steps = (1, 2, 5) if top - bottom <= 2 else (1,)  # 1, 2, 5, 10, 20 ... over two decades or less, else decades
    ticks = [m * 10.0**e for e in range(math.floor(bottom), math.ceil(top) + 1) for m in steps
             if bottom - 0.1 <= math.log10(m * 10.0**e) <= top + 0.1]
    ax.set_yticks([math.log10(t) for t in ticks], [f"{t:,g}" for t in ticks])
    room = gap * len(ends) / 2  # the names stacked around the highest ends stay inside the axes
    ax.set_ylim(bottom - max(0.08, room / 2), top + max(0.08, room))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(layout.wrap("time / baseline (same run)"))
    ax.set_title(layout.wrap(title))
    ax.grid(axis="y", alpha=0.5)
    return fig


if __name__ == "__main__":  # tests import the styles and `timed` without drawing
    build, forward = load("build_table.json"), load("forward_cached_vs_recomputed.json")
    batch, d_model = forward["results"][0]["batch"], forward["results"][0]["d_model"]
    for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
        with layout.style():
            docenv.save_figure(figure(layout, build, BUILD, "Building the table, as a multiple of torch's own sin + cos",
                                      "seq_len (d_model = 512)"), layout.name("build_table"))
            docenv.save_figure(figure(layout, forward, FORWARD, "One forward pass: slice a cached table, or rebuild it",
                                      f"seq_len (batch {batch}, d_model {d_model})"), layout.name("forward"))
