"""Draw the reference table for 128 positions and d_model = 128 as a heatmap."""

from pelib import docenv
import matplotlib.pyplot as plt
from reference import positional_encoding

# --8<-- [start:heatmap]
pe = positional_encoding(128, 128)  # [positions, dimensions]

fig, ax = plt.subplots(figsize=(7, 4.2))
image = ax.imshow(pe.T, aspect="auto", origin="lower", cmap="RdBu_r", vmin=-1, vmax=1, interpolation="nearest")
ax.set_xlabel("position p")
ax.set_ylabel("dimension (column 2i = sin, 2i+1 = cos)")
ax.set_title("PE(p) for d_model = 128: fast waves at the bottom, slow at the top")
ax.grid(False)
fig.colorbar(image, ax=ax, label="value")
# --8<-- [end:heatmap]
docenv.save_figure(fig)
