"""The probe experiment's figure: both probes' held-out scores against layer, beside their random-feature control."""

from pelib import docenv
import matplotlib.pyplot as plt
from pelib.figures import LAYOUTS, encoding_colour
from pelib.saved_results import band, load

READS = ("position_probe.json",)
KEY = {"none": "no encoding", "learned": "learned", "sin_add": "sinusoidal added", "rope": "RoPE", "alibi": "ALiBi"}

data = load("position_probe.json")
cfg = data["config"]
seeds, layers = cfg["seeds"], ["embedding"] + [f"layer {i + 1}" for i in range(cfg["n_layers"])]
CELLS = [key.rsplit("/", 1)[0] for key in data["results"] if key.endswith(f"/{seeds[0]}")]


def causal(cell: str) -> bool:
    position, mask = cell.split("/")
    return position == "none_causal" or mask == "True"


PANELS = [(probe, mask) for probe in ("r2", "accuracy") for mask in (False, True)]


def finding(probe: str, mask: bool) -> dict:
    """What a panel shows, from the medians it draws: the encodings highest and lowest at the last layer."""
    last = {}
    for cell in (c for c in CELLS if causal(c) == mask):
        last[cell.split("/")[0].removesuffix("_causal")] = band([data["results"][f"{cell}/{s}"][probe]
                                                                  for s in seeds])[1][-1]
    shown = (lambda v: f"{v:.2f}") if probe == "r2" else (lambda v: f"{v:.0%}")
    # every encoding at the top (bottom) as drawn, so that a tie is named whole, not by the order of the cells
    best = sorted(k for k in last if shown(last[k]) == shown(max(last.values())))
    worst = sorted(k for k in last if shown(last[k]) == shown(min(last.values())))
    what = ("R²" if probe == "r2" else "named exactly") + (", causal mask" if mask else ", no mask")
    names = lambda keys: " and ".join(KEY[k] for k in keys)  # noqa: E731
    return {"best": best, "best_value": max(last.values()), "worst": worst, "worst_value": min(last.values()),
            "title": f"{what}: at {layers[-1]}, {names(best)} {shown(max(last.values()))}, "
                     f"{names(worst)} {shown(min(last.values()))}"}


FINDINGS = {f"{probe}/{mask}": finding(probe, mask) for probe, mask in PANELS}
docenv.save_json(FINDINGS, "figure")  # what the titles state, for the checks

for layout in LAYOUTS:  # wide: 2 x 2 panels (probe by mask); narrow: four panels stacked
    with layout.style():
        rows, cols = (4, 1) if layout.narrow else (2, 2)
        fig, axes = plt.subplots(rows, cols, figsize=layout.size(wide=(9.5, 7.2), narrow_height=13.5), sharey="row"
                                 if not layout.narrow else False, constrained_layout=True)
        for ax, (probe, mask) in zip(axes.flat, PANELS):
            for cell in (c for c in CELLS if causal(c) == mask):
                name = cell.split("/")[0].removesuffix("_causal")
                colour = encoding_colour(name)  # one colour per encoding, as on every evidence chart
                low, mid, high = band([data["results"][f"{cell}/{s}"][probe] for s in seeds])
                ax.fill_between(range(len(layers)), low, high, color=colour, alpha=0.18, linewidth=0)
                ax.plot(range(len(layers)), mid, "o-", color=colour, label=KEY[name], markersize=4)
            control = sorted(data["controls"][str(s)][probe] for s in seeds)
            ax.axhspan(control[0], control[-1] + 0.005, color="grey", alpha=0.3, label="control: random features")
            ax.set_xticks(range(len(layers)), layers)
            ax.set_ylim(-0.1 if probe == "r2" else 0, 1.05)
            ax.set_ylabel("R² (held out)" if probe == "r2" else layout.wrap("position named exactly", 18))
            ax.set_title(layout.wrap(FINDINGS[f"{probe}/{mask}"]["title"], 40))
        handles = {}
        for ax in axes.flat:
            handles.update(zip(*reversed(ax.get_legend_handles_labels())))
        fig.legend(list(handles.values()), list(handles), loc="outside lower center", ncol=2 if layout.narrow else 4)
        fig.suptitle(layout.wrap(f"Linear probes for the position, median and min–max over {len(seeds)} seeds"))
        docenv.save_figure(fig, layout.name())
