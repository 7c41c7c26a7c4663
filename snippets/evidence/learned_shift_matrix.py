"""The shift-matrix experiment's figures: the trained W beside M_k with each pair's rotation angle, and W against
every shift M_j for the sinusoidal heads."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from matplotlib.patches import Rectangle
from pelib.figures import CONTEXT, DIVERGING, LAYOUTS, PALETTE, colorbar, encoding_colour, legend_outside
from pelib.saved_results import load
from pelib.shift import shift_matrix

READS = ("learned_shift_matrix.json",)
WITHIN = 1 / 3  # rad: a block "turns by ω_i k" when its fitted angle is this close (the page's "a third of a radian")

data = load("learned_shift_matrix.json")
cfg, results, expected = data["config"], data["results"], data["expected_angles"]
seeds, k, d, fast = cfg["seeds"], cfg["k"], cfg["d_model"], cfg["fast_pairs"]
pairs, offsets = d // 2, range(len(results[f"trained/{seeds[0]}"]["cosine_with_M"]))


def angle_error(angle: float, target: float) -> float:
    """|angle - target| wrapped to [0, π]."""
    return abs((angle - target + math.pi) % (2 * math.pi) - math.pi)


def turns_like_m(label: str, seed: int) -> list[bool]:
    """For each fast pair, whether its fitted rotation angle is within WITHIN of ω_i k."""
    return [angle_error(a, e) < WITHIN for a, e in zip(results[f"{label}/{seed}"]["angles"][:fast], expected)]


learned = torch.tensor(results[f"trained/{seeds[0]}"]["w_fast"])
# Each pair rescaled by its own block's norm (D^-1/2 W D^-1/2): pair 0's block is the largest, and on one colour scale
# the others would fade; the rescaling keeps a rotation a rotation and shows the blocks between pairs in proportion.
scale = torch.tensor([float(learned[2 * i : 2 * i + 2, 2 * i : 2 * i + 2].norm()) for i in range(fast)]).repeat_interleave(2)
learned = learned / (scale[:, None] * scale[None, :]).sqrt()
target = shift_matrix(d, k)[: 2 * fast, : 2 * fast]
matching = turns_like_m("trained", seeds[0])  # the blocks of the shown W outlined as M_k's
trained_all = sum(all(turns_like_m("trained", s)) for s in seeds)
random_all = sum(all(turns_like_m("random_init", s)) for s in seeds)
peaks = [max(offsets, key=lambda j: results[f"trained/{s}"]["cosine_with_M"][str(j)]) for s in seeds]
peak_at_k = sum(p == k for p in peaks)
random_largest = max(abs(results[f"random_init/{s}"]["cosine_with_M"][str(j)]) for s in seeds for j in offsets)
angle_title = (f"{trained_all} of {len(seeds)} trained seeds turn pairs 0-{fast - 1} by ω_i k (within 1/3 rad); "
               f"at random init, {random_all}")
cosine_title = (f"{peak_at_k} of {len(seeds)} trained sinusoidal heads peak at j = {k}, the task's offset; "
                f"at random init |cos| ≤ {random_largest:.2f}")


def outline(ax, blocks: list[bool]) -> None:
    """Outline the diagonal 2x2 blocks (one per pair) that turn as M_k does."""
    for i, turns in enumerate(blocks):
        if turns:
            ax.add_patch(Rectangle((2 * i - 0.5, 2 * i - 0.5), 2, 2, fill=False, edgecolor=PALETTE["offset"], lw=2.5))


for layout in LAYOUTS:  # wide for a desktop and paper, narrow (each panel full width, one above the other) for a phone
    with layout.style():
        fig = plt.figure(figsize=layout.size(wide=(9.5, 4.2), narrow_height=12.4), constrained_layout=True)
        grid = fig.add_gridspec(3, 1, height_ratios=[1, 1, 1.25]) if layout.narrow else \
            fig.add_gridspec(1, 3, width_ratios=[1, 1, 1.5])
        axes = [fig.add_subplot(grid[i, 0] if layout.narrow else grid[0, i]) for i in range(3)]
        for ax, matrix, title in ((axes[0], learned / learned.abs().max(),
                                   f"trained W (seed {seeds[0]}), pairs 0-{fast - 1}, each rescaled"),
                                  (axes[1], target, f"M_{k}, pairs 0-{fast - 1}")):
            image = ax.imshow(matrix.numpy(), cmap=DIVERGING, vmin=-1, vmax=1)
            outline(ax, matching if ax is axes[0] else [True] * fast)
            colorbar(fig, image, ax, ticks=[-1, 0, 1], shrink=0.9)
            ax.set_title(layout.wrap(title, 18) if not layout.narrow else title)
            centres = [2 * i + 0.5 for i in range(fast)]  # each pair's 2x2 block
            ax.set_xticks(centres, [f"pair {i}" if layout.narrow else str(i) for i in range(fast)])
            ax.set_yticks(centres, [str(i) for i in range(fast)])
            ax.tick_params(length=0)
            ax.set_ylabel("pair")
            ax.grid(False)
        ax = axes[2]
        ax.plot(range(pairs), expected, "k-", label=f"ω_i k (k = {k}), wrapped", zorder=1)
        for label, marker, colour in (("trained", "o", encoding_colour("sin_add")), ("random_init", "x", CONTEXT)):
            for n, seed in enumerate(seeds):
                ax.scatter(range(pairs), results[f"{label}/{seed}"]["angles"], marker=marker, color=colour, s=18,
                           label=("trained, sinusoidal" if label == "trained" else "random init") if n == 0 else None)
        ax.axvline(fast - 0.5, color="grey", linestyle=":")
        ax.set_xlabel(layout.wrap("pair i (frequency ω_i falls left to right)"))
        ax.set_ylabel(layout.wrap("angle of the block's rotation (rad)", 0))
        ax.set_title(layout.wrap(angle_title, 36))
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2 if layout.narrow else -0.2), ncol=2)
        docenv.save_figure(fig, layout.name())

        # W against M_j for the sinusoidal heads only: M_j is written in the sinusoids' basis, so for a head on a
        # learned table the same number would measure nothing (issue 38, item 17).
        fig, ax = plt.subplots(figsize=layout.size(wide=(6.5, 3.8), narrow_height=4.6))
        for label, name, colour in (("trained", "trained, sinusoidal", encoding_colour("sin_add")),
                                    ("random_init", "random init", CONTEXT)):
            for n, seed in enumerate(seeds):
                ys = [results[f"{label}/{seed}"]["cosine_with_M"][str(j)] for j in offsets]
                ax.plot(list(offsets), ys, "o-", color=colour, markersize=3, label=name if n == 0 else None)
        ax.axvline(k, color="grey", linestyle=":")
        ax.set_xlabel("j")
        ax.set_ylabel("cosine similarity of W and M_j")
        ax.set_title(layout.wrap(cosine_title, 58 if not layout.narrow else 0))
        legend_outside(ax, layout, ncol=2 if layout.narrow else 1)  # never over the peak
        docenv.save_figure(fig, layout.name("cosine"))

# What the figures state, for the page's checks: the outlined blocks, the counts in the titles, the titles.
docenv.save_json({
    "within": WITHIN, "shown_seed": seeds[0], "outlined_pairs": [i for i, m in enumerate(matching) if m],
    "trained_all_fast": trained_all, "random_all_fast": random_all, "peaks": peaks, "peak_at_k": peak_at_k,
    "random_largest_cos": random_largest, "angle_title": angle_title, "cosine_title": cosine_title,
    "cosine_series": ["trained", "random_init"],
}, "figure")
