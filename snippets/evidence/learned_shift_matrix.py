"""The shift-matrix experiment's figures: the trained W beside M_k with each pair's rotation angle, W against every
shift M_j, and the rotation shares beside what random blocks give."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import DIVERGING, LAYOUTS, colorbar
from pelib.shift import shift_matrix
from pelib.saved_results import load

READS = ("learned_shift_matrix.json",)

data = load("learned_shift_matrix.json")
cfg, results, expected = data["config"], data["results"], data["expected_angles"]
seeds, k, d, fast = cfg["seeds"], cfg["k"], cfg["d_model"], cfg["fast_pairs"]
pairs, offsets = d // 2, range(len(results[f"trained/{seeds[0]}"]["cosine_with_M"]))

learned = torch.tensor(results[f"trained/{seeds[0]}"]["w_fast"])
# Each pair rescaled by its own block's norm (D^-1/2 W D^-1/2): pair 0's block is the largest, and on one colour scale
# the others would fade; the rescaling keeps a rotation a rotation and shows the blocks between pairs in proportion.
scale = torch.tensor([float(learned[2 * i : 2 * i + 2, 2 * i : 2 * i + 2].norm()) for i in range(fast)]).repeat_interleave(2)
learned = learned / (scale[:, None] * scale[None, :]).sqrt()
target = shift_matrix(d, k)[: 2 * fast, : 2 * fast]
for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig = plt.figure(figsize=layout.size(wide=(9.5, 3.9), narrow_height=8.6), constrained_layout=True)
        grid = fig.add_gridspec(2, 2, height_ratios=[1, 1.3]) if layout.narrow else \
            fig.add_gridspec(1, 3, width_ratios=[1, 1, 1.5])
        axes = [fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1]),
                fig.add_subplot(grid[1, :] if layout.narrow else grid[0, 2])]
        for ax, matrix, title in ((axes[0], learned / learned.abs().max(), f"trained W (seed {seeds[0]}), pairs 0-3, each rescaled"),
                                  (axes[1], target, f"M_{k}, pairs 0-3")):
            image = ax.imshow(matrix.numpy(), cmap=DIVERGING, vmin=-1, vmax=1)
            if ax is axes[1]:  # one bar for both panels: they share the scale -1 .. 1
                colorbar(fig, image, axes[:2], ticks=[-1, 0, 1], shrink=0.8)
            ax.set_title(title.replace(", ", ",\n"))
            ax.set_xticks(range(0, 2 * fast, 2))
            ax.set_yticks(range(0, 2 * fast, 2))
            ax.grid(False)
        ax = axes[2]
        ax.plot(range(pairs), expected, "k-", label=f"w_i k (k = {k}), wrapped", zorder=1)
        for label, marker, colour in (("trained", "o", "C0"), ("random_init", "x", "C3")):
            for n, seed in enumerate(seeds):
                ax.scatter(range(pairs), results[f"{label}/{seed}"]["angles"], marker=marker, color=colour, s=18,
                           label=("trained, sinusoidal" if label == "trained" else "random init") if n == 0 else None)
        ax.axvline(fast - 0.5, color="grey", linestyle=":")
        ax.set_xlabel(layout.wrap("pair i (frequency w_i falls left to right)"))
        ax.set_ylabel(layout.wrap("angle of the block's rotation (rad)", 0))
        ax.set_title(layout.wrap(f"Each pair's rotation angle, {len(seeds)} seeds each"))
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22 if layout.narrow else -0.2), ncol=2)
        docenv.save_figure(fig, layout.name())

        fig, ax = plt.subplots(figsize=layout.size(wide=(6.5, 3.6), narrow_height=4.4))
        for label, name, colour in (("trained", "trained, sinusoidal", "C0"), ("random_init", "random init", "C3"),
                                    ("learned", "trained, learned absolute", "C2")):
            for n, seed in enumerate(seeds):
                ys = [results[f"{label}/{seed}"]["cosine_with_M"][str(j)] for j in offsets]
                ax.plot(list(offsets), ys, "o-", color=colour, markersize=3, label=name if n == 0 else None)
        ax.axvline(k, color="grey", linestyle=":")
        ax.set_xlabel("j")
        ax.set_ylabel("cosine similarity of W and M_j")
        ax.set_title(layout.wrap(f"W against every shift M_j; the task's offset is k = {k}"))
        ax.legend()
        docenv.save_figure(fig, layout.name("cosine"))
