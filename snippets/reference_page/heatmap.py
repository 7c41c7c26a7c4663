"""Draw the reference table for 128 positions and d_model = 128 as two heatmaps: its sine columns and its cosine
columns, each by pair (the table interleaves them: column 2i is pair i's sine, column 2i + 1 its cosine)."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import DIVERGING, LAYOUTS, PALETTE, colorbar
from reference import positional_encoding

# --8<-- [start:heatmap]
pe = positional_encoding(128, 128)  # [positions, dimensions]
sines, cosines = pe[:, 0::2], pe[:, 1::2]  # [positions, pairs]: the interleaved columns taken apart

for layout in LAYOUTS:  # drawn twice: wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, axes = plt.subplots(2, 1, figsize=layout.size(wide=(7.5, 5.6), narrow_height=5.6), sharex=True,
                                 constrained_layout=True)
        for ax, part, name, meaning in ((axes[0], sines, "sin", "sine"), (axes[1], cosines, "cos", "cosine")):
            image = ax.imshow(part.T, aspect="auto", origin="lower", cmap=DIVERGING, vmin=-1, vmax=1)
            ax.set_ylabel(f"pair i\n(column {'2i' if name == 'sin' else '2i + 1'})")
            ax.set_title(f"{name}(p·ωᵢ): {meaning} columns", color=PALETTE[meaning])
            ax.grid(False)
        for ax in axes:  # what the sentence beside the figure says: fast at the bottom, slow at the top
            ax.set_yticks([0, 20, 40, 63], ["fast 0", "20", "40", "slow 63"])
        axes[1].set_xlabel("position p")
        fig.suptitle(layout.wrap("PE(p), d_model = 128: fast waves in the first pairs, slow in the last"),
                     x=0.02, ha="left", fontweight="bold")
        colorbar(fig, image, list(axes), label="value", ticks=[-1, 0, 1], shrink=0.7)
        docenv.save_figure(fig, layout.name())
# --8<-- [end:heatmap]


def sign_changes(row) -> int:
    signs = row[row != 0].sign()
    return int((signs[1:] != signs[:-1]).sum())


# What the figure draws, read back from its panels (the last layout drawn), for the pages' checks: the panels top to
# bottom with their titles and image origin, each image [pairs, positions]; per panel its first and last pairs' rows
# and how often each pair changes sign along the positions.
panels = sorted((ax for ax in fig.axes if ax.images), key=lambda ax: -ax.get_position().y0)
docenv.save_json({
    "positions": pe.shape[0], "d_model": pe.shape[1],
    "panels_top_to_bottom": [
        {"title": ax.get_title(), "origin": ax.images[0].origin, "shape": list(ax.images[0].get_array().shape),
         "first_pair": [round(float(v), 4) for v in ax.images[0].get_array()[0]],  # 4: float32, same on every CPU
         "last_pair": [round(float(v), 4) for v in ax.images[0].get_array()[-1]],
         "sign_changes": [sign_changes(torch.as_tensor(row)) for row in ax.images[0].get_array()]}
        for ax in panels
    ],
}, "figure")
