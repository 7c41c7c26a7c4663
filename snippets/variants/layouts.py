"""Draw the layouts side by side, and the frequencies of the paper against tensor2tensor's, from the variants' own tables."""

from pelib import docenv
import matplotlib.pyplot as plt
from pelib.figures import LAYOUTS, log_labels

from pelib.variants.registry import BY_KEY, sinusoids_in

# --8<-- [start:layouts]
panels = {
    "reference: interleaved": BY_KEY["reference"].build(64, 32),
    "TF text: [sin | cos]": BY_KEY["split_sin_cos"].build(64, 32),
    "diffusers: [cos | sin]": BY_KEY["diffusers_flipped"].build(64, 32),
    "tensor2tensor: [sin | cos]": BY_KEY["tensor2tensor"].build(64, 32),
}
for layout in LAYOUTS:  # wide: four in a row, for a desktop and paper; narrow: two by two, for a phone
    with layout.style():
        fig, axes = plt.subplots(*((2, 2) if layout.narrow else (1, 4)), sharey=True, constrained_layout=True,
                                 figsize=layout.size(wide=(9.5, 3.6), narrow_height=6.6))
        for ax, (title, table) in zip(axes.flat, panels.items()):
            image = ax.imshow(table.T, aspect="auto", cmap="RdBu_r", vmin=-1, vmax=1, origin="lower")
            ax.set_title(title.replace(": ", ":\n"))  # the library, then its layout
            ax.set_xlabel("position p")
            ax.grid(False)
        for ax in axes.flat[:: 2 if layout.narrow else 4]:
            ax.set_ylabel("column (d_model = 32)")
        fig.colorbar(image, ax=axes, shrink=0.8, label="value", ticks=[-1, -0.5, 0, 0.5, 1])
        docenv.save_figure(fig, layout.name("heatmaps"))
# --8<-- [end:layouts]

# --8<-- [start:frequencies]
def fitted(key: str, d_model: int) -> list[float]:
    """The angular frequency of every sin/cos pair of a variant's table, fitted from its values."""
    return [pair.omega for pair in sinusoids_in(BY_KEY[key].build(256, d_model))]


for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig, (left, right) = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 3.8), narrow_height=6.8))
        for key, label, marker in (("reference", "paper", "o"), ("tensor2tensor", "tensor2tensor", "x")):
            omega = fitted(key, 64)
            left.semilogy(range(len(omega)), omega, marker, label=label, markersize=5)
        left.axhline(1e-4, color="gray", linewidth=0.8, linestyle="--")
        log_labels(left.yaxis)  # 1e-4 … 0.1, 1: no exponent drawn at 70 %
        left.set_xlabel("pair i (d_model = 64)")
        left.set_ylabel("angular frequency ω_i (fitted)")
        left.legend()
        for d_model in (64, 512):
            ratio = [p / t for p, t in zip(fitted("reference", d_model), fitted("tensor2tensor", d_model))]
            half = len(ratio)
            right.plot([i / (half - 1) for i in range(half)], ratio, label=f"d_model = {d_model}")
        right.set_xlabel(layout.wrap("i / (h - 1): from the highest frequency to the lowest"))
        right.set_ylabel("ω_paper / ω_tensor2tensor")
        right.legend()
        fig.tight_layout()
        docenv.save_figure(fig, layout.name("frequencies"))
# --8<-- [end:frequencies]
