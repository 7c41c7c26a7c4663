"""Compute the wavelength of every pair for d_model = 512: a geometric progression from 2*pi to 2*pi * base^((d-2)/d)."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import CONTEXT, LAYOUTS, PALETTE, log_labels
from pelib.spectrum import wavelengths

if __name__ == "__main__":
    # --8<-- [start:numbers]
    d_model = 512
    lam = wavelengths(d_model)
    ratios = lam[1:] / lam[:-1]
    # --8<-- [end:numbers]
    # --8<-- [start:numbers_printed]
    print(f"pairs: {lam.numel()}  (i = 0 .. {lam.numel() - 1})")
    print(f"shortest wavelength (pair 0):       2*pi                    = {lam[0].item():,.3f}")
    print(f"longest wavelength (pair {lam.numel() - 1}):     2*pi * 10000^(510/512)  = {lam[-1].item():,.1f}")
    print(f"the paper's upper end:              2*pi * 10000            = {2 * math.pi * 10000:,.1f}")
    print(f"ratio of neighbouring wavelengths:  10000^(2/512)           = {ratios[0].item():.6f}"
          f"  (all {ratios.numel()} ratios differ from it by {docenv.bound((ratios - ratios[0]).abs().max(), 1e-15)})")
    # --8<-- [end:numbers_printed]

    top = 2 * math.pi * 10000
    last = torch.arange(lam.numel() - 8, lam.numel())
    # What the figure draws, for the page's checks: every pair's wavelength, the zoomed last 8 and the paper's line.
    docenv.save_json({"pair": list(range(lam.numel())), "wavelength": [round(v, 6) for v in lam.tolist()],
                      "zoom_pairs": last.tolist(), "paper_upper": top}, "figure")
    for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone (the zoom below the whole)
        with layout.style():
            fig, (ax, zoom) = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4.2), narrow_height=7.4),
                                           gridspec_kw=({"height_ratios": [1.7, 1]} if layout.narrow else
                                                        {"width_ratios": [2.1, 1]}))
            ax.semilogy(torch.arange(lam.numel()), lam, "-", color=PALETTE["pair"], lw=2.5)
            ax.axhline(top, color=PALETTE["offset"], ls="--", lw=1.2)
            ax.axhline(2 * math.pi, color=CONTEXT, ls=":", lw=1.2)
            ax.text(2, top * 1.35, "2π · 10000: the paper's upper end", color=PALETTE["offset"], va="bottom")
            ax.text(250, 2 * math.pi * 1.35, "2π: the shortest", color="#555555", va="bottom", ha="right")
            ax.text(255, 25, "wavelength of pair i:\n2π · 10000^(2i/512)", color=PALETTE["pair"], va="bottom",
                    ha="right", fontweight="bold")  # below the line, where nothing else is
            ax.set_ylim(3, top * 8)
            log_labels(ax.yaxis)
            ax.set_xlabel("pair index i (columns 2i and 2i+1)")
            ax.set_ylabel(layout.wrap("wavelength (positions, log scale)"))
            ax.set_title(layout.wrap("d_model = 512: a straight line on a log scale is a geometric progression",
                                     46))
            zoom.plot(last, lam[last], "o", ms=5, color=PALETTE["pair"])
            zoom.axhline(top, color=PALETTE["offset"], ls="--", lw=1.2)
            zoom.set_ylim(lam[last[0]].item() * 0.97, top * 1.03)
            zoom.set_title(layout.wrap(f"last 8 pairs: all below {top:,.0f}", 20))
            zoom.set_xticks(last.tolist()[::7], [str(v) for v in last.tolist()[::7]])
            zoom.set_xlabel("pair index i")
            zoom.set_yticks([50000, 55000, 60000], ["50,000", "55,000", "60,000"])
            zoom.grid(axis="y", alpha=0.5)
            fig.tight_layout()
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
