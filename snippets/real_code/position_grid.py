"""The picture of the page: which position each token gets in a left-padded batch, and in cached decoding."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from matplotlib.patches import Rectangle
from pelib.figures import LAYOUTS, PALETTE

mask = torch.tensor([[1, 1, 1, 1, 1, 1],
                     [0, 0, 1, 1, 1, 1],
                     [0, 0, 0, 0, 1, 1]])
slot = torch.arange(mask.size(1)).expand_as(mask)
from_mask = (mask.cumsum(-1) - 1).masked_fill(mask == 0, 0)
panels = {"position = slot index (wrong)": slot, "position from the attention mask (correct)": from_mask}

for layout in LAYOUTS:
    with layout.style():
        rows, cols = layout.grid(2)
        fig, axes = plt.subplots(rows, cols, figsize=layout.size(wide=(8, 2.6), narrow_height=4.4))
        for ax, (title, ids) in zip(axes, panels.items()):
            for r, c in torch.cartesian_prod(torch.arange(3), torch.arange(6)).tolist():  # a real token, or a pad
                real = bool(mask[r, c])
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=PALETTE["other"] if real else "#eeeeee",
                                       alpha=0.35 if real else 1.0, edgecolor="white", linewidth=2))
            ax.set_xlim(-0.5, 5.5)
            ax.set_ylim(2.5, -0.5)
            for (r, c), value in zip(torch.cartesian_prod(torch.arange(3), torch.arange(6)).tolist(), ids.flatten()):
                label = "pad" if mask[r, c] == 0 else str(int(value))
                ax.text(c, r, label, ha="center", va="center", color="black" if mask[r, c] else "dimgrey")
            ax.set_xticks(range(6), [str(i) for i in range(6)])
            ax.set_yticks(range(3), [f"seq {i}" for i in range(3)])
            ax.set_xlabel("slot in the padded batch")
            ax.set_title(layout.wrap(title, 40))
        fig.tight_layout()
        docenv.save_figure(fig, layout.name())

