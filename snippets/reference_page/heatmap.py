"""Draw the reference table for 128 positions and d_model = 128 as a heatmap."""

from pelib import docenv
import matplotlib.pyplot as plt
from pelib.figures import LAYOUTS
from reference import positional_encoding

# --8<-- [start:heatmap]
pe = positional_encoding(128, 128)  # [positions, dimensions]

for layout in LAYOUTS:  # drawn twice: wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 4.2), narrow_height=3.6))
        image = ax.imshow(pe.T, aspect="auto", origin="lower", cmap="RdBu_r", vmin=-1, vmax=1, interpolation="nearest")
        ax.set_xlabel("position p")
        ax.set_ylabel(layout.wrap("dimension (column 2i = sin, 2i+1 = cos)") if not layout.narrow else "dimension")
        ax.set_title(layout.wrap("PE(p) for d_model = 128: fast waves at the bottom, slow at the top"))
        ax.grid(False)
        fig.colorbar(image, ax=ax, label="value")
        docenv.save_figure(fig, layout.name())
# --8<-- [end:heatmap]
