"""The extrapolation experiment's figures: tokens right against test length, and by position, for both tasks."""

from pelib import docenv
import matplotlib.pyplot as plt
from pelib.figures import LAYOUTS
from pelib.saved_results import band, load

READS = ("extrapolation.json",)
LABELS = {"none_causal": "none (causal mask)", "learned": "learned absolute", "sin_add": "sinusoidal, added",
          "sin_concat": "sinusoidal, concatenated", "rope": "RoPE", "alibi": "ALiBi"}
TASK_TITLES = {"k_back": "token 3 back", "local_max": "largest of the last 4 tokens"}

data = load("extrapolation.json")
cfg = data["config"]
seeds, lengths, L, count = cfg["seeds"], cfg["lengths"], cfg["max_len"], cfg["eval_sequences"]


def accuracy(task: str, position: str, seed: int, length: int) -> float:
    cell = data["results"][f"{task}/{position}/{seed}/{length}"]
    return cell["right"] / cell["total"]


for layout in LAYOUTS:  # wide: the two tasks side by side; narrow: one above the other, the key below
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(10, 4.4), narrow_height=8.4),
                                 sharey=True, constrained_layout=True)
        for ax, task in zip(axes, cfg["tasks"]):
            for index, position in enumerate(cfg["positions"]):
                low, mid, high = band([[accuracy(task, position, s, n) for n in lengths] for s in seeds])
                ax.fill_between(lengths, low, high, color=f"C{index}", alpha=0.18, linewidth=0)
                ax.plot(lengths, mid, "o-", color=f"C{index}", label=LABELS[position], markersize=4)
            ax.axvline(L, color="grey", linestyle=":")
            ax.set_xscale("log", base=2)
            ax.set_xticks(lengths, [str(n) for n in lengths])
            ax.set_ylim(0, 1.02)
            ax.set_xlabel("test length (tokens)")
            ax.set_title(TASK_TITLES[task])
            if layout.narrow or task == cfg["tasks"][0]:
                ax.set_ylabel("tokens right")
        fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=2 if layout.narrow else 6)
        fig.suptitle(layout.wrap(f"Median over {len(seeds)} seeds, band: min to max; dotted: training length L = {L}"))
        docenv.save_figure(fig, layout.name())

        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(10, 4.2), narrow_height=8.0),
                                 sharey=True, constrained_layout=True)
        for ax, task in zip(axes, cfg["tasks"]):
            axis = list(range(cfg["k"], lengths[-1]))
            for index, position in enumerate(cfg["positions"]):
                per_seed = [[r / count for r in data["by_position"][f"{task}/{position}/{s}"][cfg["k"]:]]
                            for s in seeds]
                low, mid, high = band(per_seed)
                ax.fill_between(axis, low, high, color=f"C{index}", alpha=0.18, linewidth=0)
                ax.plot(axis, mid, color=f"C{index}", label=LABELS[position])
            ax.axvline(L - 0.5, color="grey", linestyle=":")
            ax.set_xscale("log", base=2)
            ax.set_ylim(0, 1.02)
            ax.set_xlabel(f"position in a {lengths[-1]}-token test sequence")
            ax.set_title(TASK_TITLES[task])
            if layout.narrow or task == cfg["tasks"][0]:
                ax.set_ylabel(layout.wrap("test sequences right here", 30))
        fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=2 if layout.narrow else 6)
        fig.suptitle(layout.wrap(f"{count} test sequences; median and min–max over {len(seeds)} seeds"))
        docenv.save_figure(fig, layout.name("by_position"))
