"""The geometry of adding against concatenating: concatenated parts are orthogonal, added parts nearly so."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS

from reference import positional_encoding

# --8<-- [start:geometry]
torch.manual_seed(0)
d, tokens, positions = 512, 512, 64
e = torch.randn(tokens, d, dtype=torch.float64) * math.sqrt(0.5)  # ||e|| close to ||PE|| = sqrt(d/2) = 16
pe = positional_encoding(positions, d, dtype=torch.float64)
cos = (e @ pe.T) / (e.norm(dim=1)[:, None] * pe.norm(dim=1)[None, :])  # every token against every position
added = (e[:, None, :] + pe[None, :, :]).norm(dim=-1) ** 2  # ||e + PE||^2
pythagoras = e.norm(dim=1)[:, None] ** 2 + pe.norm(dim=1)[None, :] ** 2  # ||[e | PE]||^2, exactly
gap = (added - pythagoras) / pythagoras
print(f"cosine of token and position: largest |cos| {cos.abs().max().item():.3f}"
      f" (1/sqrt(d) = {1 / math.sqrt(d):.3f})")
print(f"||e + PE||^2 against ||e||^2 + ||PE||^2: largest relative gap {gap.abs().max().item():.3f}")
# --8<-- [end:geometry]

for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9, 3.4), narrow_height=6.4),
                                 constrained_layout=True)
        ax = axes[0]
        ax.annotate("", xy=(1, 0), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="C0", lw=2))
        ax.annotate("", xy=(0, 1), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="C3", lw=2))
        ax.annotate("", xy=(1, 1), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="k", lw=1.5))
        ax.annotate("", xy=(2.6 + 0.98, 0.15), xytext=(2.6, 0), arrowprops=dict(arrowstyle="->", color="C3", lw=2))
        ax.annotate("", xy=(3.6, 0), xytext=(2.6, 0), arrowprops=dict(arrowstyle="->", color="C0", lw=2))
        ax.text(0.0, -0.25, "token (own axes)", color="C0")
        ax.text(-0.1, 1.08, "position (own axes)", color="C3")
        ax.text(0.62, 0.55, "[e | PE]")
        ax.text(2.3, -0.45, "e and PE in one space:\nnearly orthogonal,\nnot exactly")
        ax.set_xlim(-0.3, 4.2)
        ax.set_ylim(-0.75, 1.3)
        ax.axis("off")
        ax.set_title("concatenate (left) or add (right)")
        ax = axes[1]
        counts, edges, _ = ax.hist(cos.flatten(), bins=60, color="C0", alpha=0.8)
        ax.axvline(0, color="C3", lw=2)
        top = counts.max().item()
        ax.set_ylim(top=top * 1.45)  # room above the bars for the two names
        ax.annotate(f"added, d = {d}:\nspread around 0", (edges[40].item(), counts[40].item()),
                    xytext=(edges[44].item(), top * 0.9), color="C0", arrowprops=dict(arrowstyle="-", color="C0"))
        ax.text(0.004, top * 1.38, "concatenated: exactly 0", color="C3", va="top")  # beside its line
        ax.set_xlabel(layout.wrap("cosine between a token embedding and a position's encoding"))
        ax.set_ylabel("pairs")
        docenv.save_figure(fig, layout.name())
docenv.save_values({"largest_cos": f"{cos.abs().max().item():.3f}", "largest_gap": f"{gap.abs().max().item():.3f}",
                     "inv_sqrt_d": f"{1 / math.sqrt(d):.3f}"})
