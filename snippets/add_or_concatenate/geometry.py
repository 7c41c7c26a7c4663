"""The geometry of adding against concatenating: concatenated parts are orthogonal, added parts nearly so."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch

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

fig, axes = plt.subplots(1, 2, figsize=(9, 3.4), constrained_layout=True)
ax = axes[0]
ax.annotate("", xy=(1, 0), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="C0", lw=2))
ax.annotate("", xy=(0, 1), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="C3", lw=2))
ax.annotate("", xy=(1, 1), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="k", lw=1.5))
ax.annotate("", xy=(2.6 + 0.98, 0.15), xytext=(2.6, 0), arrowprops=dict(arrowstyle="->", color="C3", lw=2))
ax.annotate("", xy=(3.6, 0), xytext=(2.6, 0), arrowprops=dict(arrowstyle="->", color="C0", lw=2))
ax.text(0.3, -0.2, "token (own axes)", color="C0", fontsize=8)
ax.text(-0.1, 1.08, "position (own axes)", color="C3", fontsize=8)
ax.text(0.55, 0.75, "[e | PE]", fontsize=8)
ax.text(2.6, -0.2, "e and PE in one space:\nnearly orthogonal, not exactly", fontsize=8)
ax.set_xlim(-0.3, 4.2)
ax.set_ylim(-0.5, 1.3)
ax.axis("off")
ax.set_title("concatenate (left) or add (right)", fontsize=9)
ax = axes[1]
ax.hist(cos.flatten(), bins=60, color="C0", alpha=0.8, label=f"added, d = {d}")
ax.axvline(0, color="C3", lw=2, label="concatenated: exactly 0")
ax.set_xlabel("cosine between a token embedding and a position's encoding")
ax.set_ylabel("pairs")
ax.legend(fontsize=8)
docenv.save_figure(fig)
docenv.save_values({"largest_cos": f"{cos.abs().max().item():.3f}", "largest_gap": f"{gap.abs().max().item():.3f}",
                     "inv_sqrt_d": f"{1 / math.sqrt(d):.3f}"})
