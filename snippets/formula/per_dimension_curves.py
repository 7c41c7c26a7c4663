"""Plot a few columns of the table against position: each pair is a sine and a cosine of one frequency."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS
from reference import frequencies, positional_encoding

if __name__ == "__main__":
    # --8<-- [start:curves]
    d_model, seq_len = 128, 64
    pe = positional_encoding(seq_len, d_model, dtype=torch.float64)  # the table: integer positions only
    p = torch.arange(seq_len)
    x = torch.linspace(0, seq_len - 1, 2000, dtype=torch.float64)  # the waves the table samples
    # --8<-- [end:curves]
    # --8<-- [start:plot]
    for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
        with layout.style():
            fig, axes = plt.subplots(3, 1, figsize=layout.size(wide=(8, 6.4), narrow_height=7.2), sharex=True)
            for ax, i in zip(axes, (0, 6, 20)):  # three pairs: fast, medium, slow
                omega = frequencies(d_model)[i].item()
                ax.plot(x, torch.sin(omega * x), color="C0", lw=0.6, alpha=0.5)
                ax.plot(x, torch.cos(omega * x), color="C1", lw=0.6, alpha=0.5)
                ax.plot(p, pe[:, 2 * i], "o", color="C0", ms=3.5 - layout.narrow, label=f"column {2 * i} = sin")
                ax.plot(p, pe[:, 2 * i + 1], "s", color="C1", ms=3.5 - layout.narrow, label=f"column {2 * i + 1} = cos")
                ax.set_title(f"pair i = {i}: wavelength 2π / ω = {2 * torch.pi / omega:.1f} positions")
                ax.set_ylim(-1.8, 1.15)  # room below the waves for the legend
                ax.set_yticks([-1, 0, 1])
                ax.legend(loc="lower left", ncol=2)
            axes[-1].set_xlabel("position p")
            fig.suptitle(layout.wrap("d_model = 128: both columns of a pair share one frequency, a quarter wave apart"))
            fig.tight_layout()
            docenv.save_figure(fig, layout.name())
    # --8<-- [end:plot]
