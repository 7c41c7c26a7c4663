"""No two integer positions share an encoding: pair 0 alone comes close to repeating, the whole vector never does."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, log_labels

from base.comparison import distance_by_offset

D_MODEL, N = 512, 100_000
SHOWN = 2000  # the figure's offsets: 1 .. SHOWN

# --8<-- [start:distances]
k = torch.arange(1, N)  # every offset between two positions in 0 .. N - 1
pair0 = 2 * torch.sin(k.double() / 2).abs()  # |(sin, cos)(p + k) - (sin, cos)(p)| for omega_0 = 1
full = distance_by_offset(k, D_MODEL, 10000.0)  # ||PE(p + k) - PE(p)||, the same for every p
# --8<-- [end:distances]

closest0 = int(pair0.argmin()) + 1
closestf = int(full.argmin()) + 1
print(f"positions 0 .. {N - 1:,}, d_model = {D_MODEL}")
print(f"pair 0 alone: closest at offset {closest0}")
print(f"  {closest0 / (2 * math.pi):.5f} turns; distance {pair0.min().item():.1e}")
print(f"whole encoding: closest at offset {closestf}")
print(f"  distance {full.min().item():.4f}")

for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 3.6), narrow_height=3.6))
        shown = k <= SHOWN
        ax.semilogy(k[shown], pair0[shown], ".", ms=2, color="C0", label="pair 0 alone: 2|sin(k/2)|")
        ax.semilogy(k[shown], full[shown], "-", lw=0.8, color="C3", label=f"whole encoding, d_model = {D_MODEL}")
        log_labels(ax.yaxis)
        ax.axvline(closest0, color="grey", lw=0.6, ls=":")
        ax.text(closest0 + 20, 2e-4, f"k = {closest0} ≈ {closest0 / (2 * math.pi):.0f} · 2π", color="grey")
        ax.set_xlabel("offset k between two positions")
        ax.set_ylabel("distance (log scale)" if layout.narrow else "distance between encodings (log)")
        ax.set_title(layout.wrap("One pair nearly repeats; the whole vector stays apart"))
        ax.set_ylim(top=2e3)  # room above the curves for their names
        ax.text(SHOWN * 0.5, full[shown].max().item() * 3, f"whole encoding, d_model = {D_MODEL}", color="C3",
                ha="center", va="bottom")
        ax.text(SHOWN * 0.5, 6, "pair 0 alone: 2|sin(k/2)|", color="C0", ha="center", va="center")
        docenv.save_figure(fig, layout.name())

docenv.save_values({
    "n": f"{N:,}", "d_model": str(D_MODEL), "pair0_offset": str(closest0),
    "pair0_turns": f"{closest0 / (2 * math.pi):.5f}", "pair0_distance": f"{pair0.min().item():.1e}",
    "full_offset": str(closestf), "full_distance": f"{full.min().item():.4f}", "shown": f"{SHOWN:,}",
})
