"""Compute the wavelength of every pair for d_model = 512: a geometric progression from 2*pi to 2*pi * base^((d-2)/d)."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import CONTEXT, LAYOUTS, PALETTE
from pelib.spectrum import wavelengths

if __name__ == "__main__":
    # --8<-- [start:numbers]
    d_model = 512
    lam = wavelengths(d_model)
    ratios = lam[1:] / lam[:-1]
    print(f"pairs: {lam.numel()}  (i = 0 .. {lam.numel() - 1})")
    print(f"shortest wavelength (pair 0):       2*pi                    = {lam[0].item():,.3f}")
    print(f"longest wavelength (pair {lam.numel() - 1}):     2*pi * 10000^(510/512)  = {lam[-1].item():,.1f}")
    print(f"the paper's upper end:              2*pi * 10000            = {2 * math.pi * 10000:,.1f}")
    print(f"ratio of neighbouring wavelengths:  10000^(2/512)           = {ratios[0].item():.6f}"
          f"  (all {ratios.numel()} ratios differ from it by {docenv.bound((ratios - ratios[0]).abs().max(), 1e-15)})")
    # --8<-- [end:numbers]

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
        with layout.style():
            fig, ax = plt.subplots(figsize=layout.size(wide=(7, 4.2), narrow_height=4.4))
            top = 2 * math.pi * 10000
            ax.semilogy(torch.arange(lam.numel()), lam, "-", color=PALETTE["pair"], lw=2.5)
            ax.axhline(top, color=PALETTE["offset"], ls="--", lw=1.2)
            ax.axhline(2 * math.pi, color=CONTEXT, ls=":", lw=1.2)
            ax.text(2, top * 1.35, "2π · 10000: the paper's upper end", color=PALETTE["offset"], va="bottom")
            ax.text(40, 2 * math.pi * 1.35, "2π: the shortest", color="#555555", va="bottom")
            ax.text(4, 3000 if layout.narrow else 1200, "wavelength of pair i:\n2π · 10000^(2i/512)", color=PALETTE["pair"], va="bottom",
                    fontweight="bold")
            ax.set_ylim(3, top * 8)
            ax.set_xlabel("pair index i (columns 2i and 2i+1)")
            ax.set_ylabel(layout.wrap("wavelength (positions, log scale)"))
            ax.set_title(layout.wrap("d_model = 512: a straight line on a log scale is a geometric progression"))
            zoom = ax.inset_axes([0.6, 0.12, 0.36, 0.34] if layout.narrow else [0.62, 0.12, 0.34, 0.36])
            last = torch.arange(lam.numel() - 8, lam.numel())
            zoom.plot(last, lam[last], "o", ms=4, color=PALETTE["pair"])
            zoom.axhline(top, color=PALETTE["offset"], ls="--", lw=1.2)
            zoom.set_title(f"last 8 pairs:\nall below {top:,.0f}" if layout.narrow else
                           f"last 8 pairs: all below {top:,.0f}")
            zoom.set_xticks([last[0].item(), last[-1].item()])
            zoom.set_yticks([50000, 60000], ["50,000", "60,000"])
            docenv.save_figure(fig, layout.name())

    docenv.save_values(
        {
            "pairs": str(lam.numel()),
            "shortest": f"{lam[0].item():.3f}",
            "longest": f"{lam[-1].item():,.0f}",
            "longest_factor": f"{(lam[-1] / (2 * math.pi)).item():,.1f}",
            "paper_upper": f"{2 * math.pi * 10000:,.0f}",
            "shortfall_percent": f"{100 * (1 - lam[-1].item() / (2 * math.pi * 10000)):.1f}",
            "ratio": f"{ratios[0].item():.5f}",
        }
    )
