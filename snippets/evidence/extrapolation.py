"""The extrapolation experiment's figures: tokens right against test length, and by position, for both tasks."""

from pelib import docenv
import matplotlib.pyplot as plt
from matplotlib.ticker import NullLocator, PercentFormatter
from pelib.figures import LAYOUTS, encoding_colour, label_ends
from pelib.saved_results import band, load

READS = ("extrapolation.json",)
# Each encoding keeps its one colour on every evidence chart (pelib.figures.ENCODING_COLOURS), named where its line
# ends (no legend); the causal mask alone, the baseline that has no encoding, dashed.
STYLE = {
    "none_causal": ("no encoding", encoding_colour("none"), "--"),
    "learned": ("learned", encoding_colour("learned"), "-"),
    "sin_add": ("sin, added", encoding_colour("sin_add"), "-"),
    "sin_concat": ("sin, concat.", encoding_colour("sin_concat"), "-"),
    "rope": ("RoPE", encoding_colour("rope"), "-"),
    "alibi": ("ALiBi", encoding_colour("alibi"), "-"),
}
TASK_TITLES = {"k_back": "token 3 back", "local_max": "largest of the last 4 tokens"}

data = load("extrapolation.json")
cfg = data["config"]
seeds, lengths, L, count = cfg["seeds"], cfg["lengths"], cfg["max_len"], cfg["eval_sequences"]


def accuracy(task: str, position: str, seed: int, length: int) -> float:
    cell = data["results"][f"{task}/{position}/{seed}/{length}"]
    return cell["right"] / cell["total"]


def panel(ax, xs: list[int], medians: dict[str, tuple[list[float], list[float], list[float]]], layout,
          tail: int = 1) -> None:
    """One task: a band (min to max over seeds) and the median line of each encoding, named at its right end (at the
    mean of its last `tail` points, where a line is noisy)."""
    for position, (low, mid, high) in medians.items():
        name, colour, dash = STYLE[position]
        ax.fill_between(xs, low, high, color=colour, alpha=0.15, linewidth=0)
        ax.plot(xs, mid, dash, color=colour, lw=2)
    ends = [sum(mid[-tail:]) / tail for _, mid, _ in medians.values()]
    label_ends(ax, xs[-1], ends, [STYLE[p][0] for p in medians], [STYLE[p][1] for p in medians],
               gap=0.085 if layout.narrow else 0.075, x_text=xs[-1] * 1.18)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xlim(xs[0] * 0.92, xs[-1] * 1.06)
    ax.set_ylim(0, 1.03)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.grid(axis="y", alpha=0.5)


def by_length(task: str) -> dict[str, tuple[list[float], list[float], list[float]]]:
    return {p: band([[accuracy(task, p, s, n) for n in lengths] for s in seeds]) for p in cfg["positions"]}


def by_position(task: str) -> dict[str, tuple[list[float], list[float], list[float]]]:
    return {p: band([[r / count for r in data["by_position"][f"{task}/{p}/{s}"][cfg["k"]:]] for s in seeds])
            for p in cfg["positions"]}


def finding_at_length(task: str) -> dict:
    """What the length chart shows for a task, from the medians it draws: the highest and lowest encoding at the
    longest test length."""
    last = {p: mid[-1] for p, (_, mid, _) in by_length(task).items()}
    best, worst = max(last, key=last.get), min(last, key=last.get)
    return {"length": lengths[-1], "best": best, "best_value": last[best], "worst": worst, "worst_value": last[worst],
            "title": f"{TASK_TITLES[task]}: at length {lengths[-1]}, {STYLE[best][0]} is highest ({last[best]:.0%}), "
                     f"{STYLE[worst][0]} lowest ({last[worst]:.0%})"}


def finding_by_position(task: str) -> dict:
    """What the by-position chart shows: the encoding whose median is highest on average past the training lengths."""
    past = {p: sum(mid[L - cfg["k"]:]) / len(mid[L - cfg["k"]:]) for p, (_, mid, _) in by_position(task).items()}
    best = max(past, key=past.get)
    return {"best": best, "best_value": past[best],
            "title": f"{TASK_TITLES[task]}: past position {L}, {STYLE[best][0]} is highest (mean {past[best]:.0%})"}


FINDINGS = {task: {"by_length": finding_at_length(task), "by_position": finding_by_position(task)}
            for task in cfg["tasks"]}
docenv.save_json(FINDINGS, "figure")  # what the titles state, for the checks

for layout in LAYOUTS:  # wide: the two tasks side by side; narrow: one above the other
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4.3), narrow_height=8.2),
                                 sharey=True, constrained_layout=True)
        for ax, task in zip(axes, cfg["tasks"]):
            panel(ax, lengths, by_length(task), layout)
            ax.axvline(L, color="#555555", linestyle=":", lw=1.5)
            ticks = [n for n in lengths if n in (L, 2 * L, 4 * L, 8 * L) or not layout.narrow]
            ax.set_xticks(ticks, [str(n) for n in ticks])
            ax.set_xlabel(f"test length (trained up to {L})")
            ax.set_title(layout.wrap(FINDINGS[task]["by_length"]["title"], 40))
            if layout.narrow or task == cfg["tasks"][0]:
                ax.set_ylabel("tokens right")
        fig.suptitle(layout.wrap(f"Median of {len(seeds)} seeds, band: min to max; dotted: L = {L}"))
        docenv.save_figure(fig, layout.name())

        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4.3), narrow_height=8.2),
                                 sharey=True, constrained_layout=True)
        positions = list(range(cfg["k"], lengths[-1]))
        for ax, task in zip(axes, cfg["tasks"]):
            panel(ax, positions, by_position(task), layout, tail=L)
            ax.axvline(L - 0.5, color="#555555", linestyle=":", lw=1.5)
            ticks = [t for t in ((4, 16, 64) if layout.narrow else (4, 8, 16, 32, 64)) if t < positions[-1] / 1.5]
            ticks += [] if layout.narrow else [positions[-1]]
            ax.set_xticks(ticks, [str(n) for n in ticks])
            ax.set_xlabel(f"position in a {lengths[-1]}-token test")
            ax.set_title(layout.wrap(FINDINGS[task]["by_position"]["title"], 40))
            if layout.narrow or task == cfg["tasks"][0]:
                ax.set_ylabel("test sequences right")
        fig.suptitle(layout.wrap(f"{count} test sequences; median of {len(seeds)} seeds, band: min to max; dotted: "
                                 f"end of the training lengths"))
        docenv.save_figure(fig, layout.name("by_position"))
