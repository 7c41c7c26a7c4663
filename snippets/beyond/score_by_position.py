"""One query and one key three positions apart, moved along the sequence: RoPE's score stays put, the added table's moves."""

from pelib import docenv

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, label_ends

from beyond.rope_relative import added_pe_score, rope_score

D_MODEL, OFFSET, LAST = 8, 3, 200  # the key sits OFFSET positions after the query, whose position runs 0 .. LAST

# --8<-- [start:scores]
q, k = torch.randn(D_MODEL, dtype=torch.float64), torch.randn(D_MODEL, dtype=torch.float64)
w = torch.randn(D_MODEL, D_MODEL, dtype=torch.float64)  # the same draws as the demonstration's table
positions = range(LAST + 1)
rope = [rope_score(q, k, m, m + OFFSET) for m in positions]
added = [added_pe_score(q, k, m, m + OFFSET, w) for m in positions]
# --8<-- [end:scores]

for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 3.4), narrow_height=3.2))
        ax.plot(positions, added, "-", lw=1.2, color="C1")
        ax.plot(positions, rope, "-", lw=2.0, color="C2")
        ax.axhline(0, color="grey", lw=0.6)
        names = ["table\nadded" if layout.narrow else "table added", "RoPE"]  # a phone's figure stays narrow
        label_ends(ax, LAST, [added[-1], rope[-1]], names, ["C1", "C2"], gap=4.0, x_text=LAST * 1.03)
        ax.set_xlim(0, LAST)
        ax.set_xlabel(f"query position m (key at m + {OFFSET})")
        ax.set_ylabel("attention score")
        ax.set_title(layout.wrap(f"Same two tokens, {OFFSET} apart, moved along the sequence"))
        docenv.save_figure(fig, layout.name())

docenv.save_values({
    "d_model": str(D_MODEL), "offset": str(OFFSET), "last": str(LAST),
    "rope": f"{rope[0]:.2f}", "added_min": f"{min(added):.1f}", "added_max": f"{max(added):.1f}",
})
