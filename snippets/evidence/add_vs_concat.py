"""The add-or-concatenate experiment's figure: tokens right for each variant, one dot per seed, a bar at the median."""

from pelib import docenv
import matplotlib.pyplot as plt
import statistics
from pelib.figures import LAYOUTS
from pelib.saved_results import load

READS = ("add_vs_concat.json",)
LABELS = {"add_8": "add,\nwidth 8", "concat_4_4": "concatenate\n4 + 4, width 8",
          "concat_8_8": "concatenate\n8 + 8, width 16", "add_16": "add,\nwidth 16"}
# A phone's panel leaves each variant about 65 px: one short word a line
NARROW_LABELS = {"add_8": "add,\nwidth 8", "concat_4_4": "concat.\n4 + 4,\nwidth 8",
                 "concat_8_8": "concat.\n8 + 8,\nwidth 16", "add_16": "add,\nwidth 16"}

data = load("add_vs_concat.json")
cfg, results = data["config"], data["results"]
seeds, variants = cfg["seeds"], list(LABELS)  # the JSON sorts its keys: the page's order is LABELS'
assert set(variants) == set(cfg["variants"]), sorted(cfg["variants"])

for layout in LAYOUTS:
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 3.8), narrow_height=4.4), constrained_layout=True)
        for index, variant in enumerate(variants):
            got = [results[f"{variant}/{s}"]["right"] / results[f"{variant}/{s}"]["total"] for s in seeds]
            ax.scatter([index] * len(got), got, color=f"C{index}", s=22)
            ax.hlines(statistics.median(got), index - 0.3, index + 0.3, color=f"C{index}")
        ax.set_xticks(range(len(variants)), [(NARROW_LABELS if layout.narrow else LABELS)[v] for v in variants])
        ax.set_xlim(-0.5, len(variants) - 0.5)
        ax.set_ylim(0, 1.02)
        ax.set_ylabel("tokens right")
        ax.set_title(layout.wrap(f"Token {cfg['k']} back, vocabulary {cfg['vocab']}, length {cfg['max_len']}: "
                                 "one dot per seed, bar at the median"))
        docenv.save_figure(fig, layout.name())
