"""The add-or-concatenate experiment's figure: tokens right for each variant, one dot per seed, a bar at the median."""

from pelib import docenv
import matplotlib.pyplot as plt
import math
import statistics
from pelib.figures import LAYOUTS, encoding_colour
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

scores = {v: [results[f"{v}/{s}"]["right"] / results[f"{v}/{s}"]["total"] for s in seeds] for v in variants}
medians = {v: statistics.median(got) for v, got in scores.items()}
lowest = min(variants, key=lambda v: min(scores[v]))
FINDING = {"lowest_median": min(medians.values()), "lowest_seed": min(scores[lowest]), "lowest_variant": lowest,
           "title": f"Token {cfg['k']} back: every variant's median is "
                    + ("100%" if min(medians.values()) == 1 else f"at least {math.floor(100 * min(medians.values()))}%")
                    + f"; lowest seed {min(scores[lowest]):.0%} ({LABELS[lowest].replace(chr(10), ' ')})"}
docenv.save_json(FINDING, "figure")  # what the title states, for the checks

for layout in LAYOUTS:
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 3.8), narrow_height=4.4), constrained_layout=True)
        for index, variant in enumerate(variants):
            got = scores[variant]
            colour = encoding_colour(cfg["variants"][variant][0])  # added or concatenated sinusoids: their colour
            ax.scatter([index] * len(got), got, color=colour, s=22)
            ax.hlines(medians[variant], index - 0.3, index + 0.3, color=colour)
        ax.set_xticks(range(len(variants)), [(NARROW_LABELS if layout.narrow else LABELS)[v] for v in variants])
        ax.set_xlim(-0.5, len(variants) - 0.5)
        ax.set_ylim(0, 1.02)
        ax.set_ylabel("tokens right")
        ax.set_title(layout.wrap(FINDING["title"] + f"\n(vocabulary {cfg['vocab']}, length {cfg['max_len']}: "
                                 "a dot per seed, a bar at the median)", 60))
        docenv.save_figure(fig, layout.name())
