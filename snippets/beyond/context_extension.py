"""RoPE's wavelengths under context extension (head_dim 128, base 10000, 4,096 trained positions, 4x longer)."""

from pelib import docenv

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, legend_outside, log_labels

from pelib.context_extension import ntk_aware, position_interpolation, rope_wavelengths, yarn, yarn_attention_factor

HEAD_DIM, BASE, TRAINED, SCALE = 128, 10000.0, 4096, 4.0

# --8<-- [start:methods]
methods = {
    "RoPE as trained": rope_wavelengths(HEAD_DIM, BASE),
    "position interpolation": position_interpolation(HEAD_DIM, BASE, SCALE),
    "NTK-aware base": ntk_aware(HEAD_DIM, BASE, SCALE),
    "YaRN": yarn(HEAD_DIM, BASE, SCALE, TRAINED),
}
# --8<-- [end:methods]

# --8<-- [start:growth]
trained = methods["RoPE as trained"]
short = {"position interpolation": "position interp."}  # names short enough for a phone's line
print(f"{'wavelength':17s}{'pair 0':>7s}{'pair 63':>10s}")
for name, lam in methods.items():
    print(f"{short.get(name, name):17s}{lam[0].item():7.2f}{lam[-1].item():10,.0f}")
print("growth over RoPE as trained:")
for name, lam in methods.items():
    growth = lam / trained
    print(f"  {short.get(name, name):17s}{growth.min().item():.3f}x to {growth.max().item():.3f}x")
# --8<-- [end:growth]

slow = int((trained > TRAINED).sum())
kept = int(((methods["YaRN"] / trained - 1).abs() < 1e-12).sum())
interpolated = int(((methods["YaRN"] / trained - SCALE).abs() < 1e-9).sum())
print(f"pairs with no full turn in {TRAINED:,}: {slow}")
print(f"YaRN keeps {kept} pairs as trained,")
print(f"  interpolates {interpolated} by {SCALE:g}x")
print(f"NTK-aware base: {BASE * SCALE ** (HEAD_DIM / (HEAD_DIM - 2)):,.0f}")

for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(7, 4), narrow_height=4.4))
        styles = {"RoPE as trained": "k-", "position interpolation": "C0--", "NTK-aware base": "C1-.", "YaRN": "C3:"}
        for name, lam in methods.items():
            ax.semilogy(torch.arange(lam.numel()), lam, styles[name], lw=1.6, label=name)
        log_labels(ax.yaxis)
        ax.axhline(TRAINED, color="grey", lw=0.8)
        ax.axhline(TRAINED * SCALE, color="grey", lw=0.8, ls="--")
        ax.text(1, TRAINED * 1.15, f"trained length {TRAINED:,}", color="grey")
        ax.text(1, TRAINED * SCALE * 1.15, f"extended length {int(TRAINED * SCALE):,}", color="grey")
        ax.set_xlabel("rotary pair i (head_dim = 128)")
        ax.set_ylabel(layout.wrap("wavelength in positions (log scale)"))
        ax.set_title(layout.wrap(f"Stretching RoPE {SCALE:g}x: which wavelengths each method changes"))
        legend_outside(ax, layout, ncol=2 if layout.narrow else 1)  # beside (or below) the lines, never over them
        docenv.save_figure(fig, layout.name())

docenv.save_values({
    "head_dim": str(HEAD_DIM), "trained": f"{TRAINED:,}", "scale": f"{SCALE:g}", "extended": f"{int(TRAINED * SCALE):,}",
    "slow_pairs": str(slow), "pairs": str(trained.numel()),
    "yarn_kept": str(kept), "yarn_interpolated": str(interpolated),
    "ntk_base": f"{BASE * SCALE ** (HEAD_DIM / (HEAD_DIM - 2)):,.0f}",
    "pi_shortest": f"{methods['position interpolation'][0].item():.2f}",
    "yarn_attention": f"{yarn_attention_factor(SCALE):.4f}",
})
