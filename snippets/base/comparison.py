"""Compare bases 10 to 1,000,000 for d_model = 512 over a window of 4,096 positions: what the base trades."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, label_line, log_labels
from pelib.similarity import distance_by_offset, first_rise, similarity_by_offset
from pelib.spectrum import wavelengths

BASES = (10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0)


# --8<-- [start:falls_until]
def falls_until(sim: torch.Tensor, window: int) -> int:
    """The last offset before the similarity first rises, or `window` if it falls all the way."""
    try:
        return first_rise(sim) - 1
    except ValueError:
        return window
# --8<-- [end:falls_until]


# --8<-- [start:measures]
def measure(d_model: int, base: float, window: int) -> dict[str, float]:
    """What a base does within `window` positions: wavelengths, wrapping pairs, resolution and similarity."""
    wavelength = wavelengths(d_model, base)
    k = torch.arange(1, window)
    dist = distance_by_offset(k, d_model, base)
    sim = similarity_by_offset(torch.arange(0, window), d_model, base)
    return {
        "longest": wavelength[-1].item(),
        "wrapping": int((wavelength < window).sum()),  # pairs that repeat inside the window
        "neighbour": dist[0].item(),  # ||PE(p) - PE(p+1)||
        "closest_offset": int(k[dist.argmin()]),  # offset of the closest pair of distinct positions
        "first_min": falls_until(sim, window),  # the similarity falls up to this offset
        "far_similarity": sim[window // 2 :].max().item() + 0.0,  # largest similarity at offsets window/2 .. window
    }
# --8<-- [end:measures]


if __name__ == "__main__":
    d_model, window = 512, 4096
    results = {base: measure(d_model, base, window) for base in BASES}
    rows = [
        [
            f"{base:,.0f}",
            f"{r['longest']:,.0f}",
            f"{r['wrapping']} of {d_model // 2}",
            f"{r['neighbour']:.2f}",
            str(r["closest_offset"]),
            str(r["first_min"]),
            f"{r['far_similarity']:.3f}",
        ]
        for base, r in results.items()
    ]
    header = [
        "base",
        "longest wavelength",
        "pairs that repeat within 4,096",
        "‖PE(p) − PE(p+1)‖",
        "offset of the closest two positions",
        "similarity falls until offset",
        "largest similarity, offsets 2,048–4,095",
    ]
    docenv.save_markdown(docenv.markdown_table(header, rows))

    # --8<-- [start:figure]
    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
        with layout.style():
            fig, (sim_ax, wave_ax) = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4.2), narrow_height=7.6))
            k = torch.arange(0, window)
            i = torch.arange(0, d_model, 2, dtype=torch.float64)
            for base in BASES:  # one colour per base in both panels, named where its wavelength line ends
                sim_ax.plot(k[1:], similarity_by_offset(k, d_model, base)[1:], lw=0.9)
                line = wave_ax.semilogy(i / 2, 2 * math.pi * base ** (i / d_model), lw=1.6)[0]
                label_line(wave_ax, i[-1].item() / 2, 2 * math.pi * base ** (i[-1].item() / d_model),
                           f"base {base:,.0f}", line=line)
            sim_ax.set_xscale("log")
            log_labels(sim_ax.xaxis)  # 1, 10, 100: no exponent drawn at 70 %
            log_labels(wave_ax.yaxis)
            sim_ax.set_xlabel("offset k (log scale)")
            sim_ax.set_ylabel(layout.wrap("cosine similarity of PE(p), PE(p+k)", 30))
            sim_ax.set_title(layout.wrap("how fast encodings stop resembling each other", 34))
            sim_ax.text(0.97, 0.95, "colours: the bases,\nnamed in the wavelength panel" if not layout.narrow else
                        "colours: the bases, named below", transform=sim_ax.transAxes, ha="right", va="top",
                        color="#555555")
            sim_ax.set_ylim(top=1.25)
            wave_ax.axhline(window, color="black", ls="--", lw=0.8)
            wave_ax.text(2, window * 1.4, "window: 4,096", va="bottom", zorder=5,
                         bbox=dict(fc="white", ec="none", pad=1, alpha=0.85))  # readable over the lines
            wave_ax.set_xlim(-5, 360)
            wave_ax.set_xlabel("pair index i")
            wave_ax.set_ylabel("wavelength (positions)")
            wave_ax.set_title(layout.wrap("pairs below the dashed line repeat inside the window", 40))
            fig.suptitle("d_model = 512: what the base changes")
            fig.tight_layout()
            docenv.save_figure(fig, layout.name())
    # --8<-- [end:figure]

    r = results[10000.0]
    docenv.save_values(
        {
            "wrapping_10000": str(r["wrapping"]),
            "slow_10000": str(d_model // 2 - r["wrapping"]),
            "first_min_10000": str(r["first_min"]),
            "first_min_10": str(results[10.0]["first_min"]),
            "neighbour_10": f"{results[10.0]['neighbour']:.2f}",
            "neighbour_1000000": f"{results[1000000.0]['neighbour']:.2f}",
            "far_10": f"{results[10.0]['far_similarity']:.3f}",
            "far_1000000": f"{results[1000000.0]['far_similarity']:.3f}",
        }
    )
