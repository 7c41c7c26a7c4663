"""Compute the wavelength of every pair for d_model = 512: a geometric progression from 2*pi to 2*pi * base^((d-2)/d)."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS
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
            fig, ax = plt.subplots(figsize=layout.size(wide=(7, 3.8), narrow_height=3.9))
            ax.semilogy(torch.arange(lam.numel()), lam, ".", ms=3, label="2π · 10000^(2i/512)")
            ax.axhline(2 * math.pi * 10000, color="C3", ls="--", lw=1, label="2π · 10000 (the paper's upper end)")
            ax.axhline(2 * math.pi, color="grey", ls=":", lw=1, label="2π")
            ax.set_xlabel("pair index i (columns 2i and 2i+1)")
            ax.set_ylabel(layout.wrap("wavelength (positions, log scale)"))
            ax.set_title(layout.wrap("d_model = 512: a straight line on a log scale is a geometric progression"))
            ax.legend(loc="upper left")
            zoom = ax.inset_axes([0.55, 0.1, 0.41, 0.38] if layout.narrow else [0.58, 0.1, 0.38, 0.38])
            last = torch.arange(lam.numel() - 8, lam.numel())
            zoom.plot(last, lam[last], "o", ms=3)
            zoom.axhline(2 * math.pi * 10000, color="C3", ls="--", lw=1)
            zoom.set_title(f"last pairs: {lam[-1].item():,.0f} < {2 * math.pi * 10000:,.0f}")
            if layout.narrow:  # room for the labels: fewer ticks
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
