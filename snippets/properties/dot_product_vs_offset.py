"""Show that PE(p) . PE(p+k) = sum_i cos(omega_i k): it depends only on k, is even in k, and decreases only locally."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import CONTEXT, INK, LAYOUTS, PALETTE
from pelib.similarity import dot_by_offset, first_rise
from reference import positional_encoding


# --8<-- [start:measure]
def spread_over_positions(pe: torch.Tensor, k: int) -> float:
    """max - min over p of PE(p) . PE(p + k): 0 when the dot product does not depend on p."""
    dots = (pe[: pe.size(0) - k] * pe[k:]).sum(dim=1)
    return (dots.max() - dots.min()).item()
# --8<-- [end:measure]


if __name__ == "__main__":
    # --8<-- [start:run]
    d_model = 512
    pe = positional_encoding(3000, d_model, dtype=torch.float64)
    for k in (1, 5, 20, 500):
        dots = (pe[: 3000 - k] * pe[k:]).sum(dim=1)
        closed = dot_by_offset(torch.tensor([k]), d_model).item()
        print(f"k = {k:3d}: PE(p).PE(p+k) over p = 0..{2999 - k}: from {dots.min().item():.4f} to {dots.max().item():.4f};"
              f" sum cos(w_i k) = {closed:.4f}")
    p = torch.arange(500, 1000)
    left_right = ((pe[p] * pe[p + 37]).sum(1) - (pe[p] * pe[p - 37]).sum(1)).abs().max().item()
    print(f"max over p |PE(p).PE(p+37) - PE(p).PE(p-37)| {docenv.bound(left_right, 1e-11)}")
    curve = dot_by_offset(torch.arange(0, 2001), d_model)
    k_up = first_rise(curve)
    print(f"the curve falls from k = 0 to k = {k_up - 1} ({curve[k_up - 1].item():.4f}) and rises at k = {k_up} ({curve[k_up].item():.4f})")
    # --8<-- [end:run]

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
        with layout.style():
            fig, (near, far) = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 3.8), narrow_height=6.6),
                                            gridspec_kw={} if layout.narrow else {"width_ratios": [1, 1.4]})
            ks = torch.arange(-120, 121)
            near.plot(ks, dot_by_offset(ks, d_model), lw=1.8, color=INK)
            low = curve[k_up - 1].item()
            near.plot([-(k_up - 1), k_up - 1], [low, low], "o", color=PALETTE["offset"], ms=7, zorder=3)
            near.annotate(f"first minima,\nk = ±{k_up - 1}", (k_up - 1, low), xytext=(0, low - 0.28 * curve[0].item()),
                          ha="center", va="top", color=PALETTE["offset"],
                          arrowprops=dict(arrowstyle="->", color=PALETTE["offset"], lw=1.2))
            near.annotate("", (-(k_up - 1), low), xytext=(0, low - 0.28 * curve[0].item()),
                          arrowprops=dict(arrowstyle="->", color=PALETTE["offset"], lw=1.2))
            near.set_ylim(low - 0.55 * curve[0].item(), curve[0].item() * 1.08)
            near.set_xlabel("offset k")
            near.set_ylabel("PE(p) · PE(p+k)")
            near.set_title(layout.wrap(f"symmetric in k; first local minimum at |k| = {k_up - 1}", 34))
            far.plot(torch.arange(0, 2001), curve, lw=0.9, color=INK)
            far.axhline(0, color=CONTEXT, lw=0.8)
            far.set_xlabel("offset k")
            if layout.narrow:
                far.set_ylabel("PE(p) · PE(p+k)")
            far.set_title(layout.wrap("over 2,000 positions: the decrease is only local", 50))
            fig.suptitle(layout.wrap("d_model = 512: the dot product of two encodings depends only on their offset"))
            fig.tight_layout()
            docenv.save_figure(fig, layout.name())

    docenv.save_values(
        {
            "first_min": str(k_up - 1),
            "first_rise": str(k_up),
            "at_zero": f"{curve[0].item():.0f}",
            "at_one": f"{curve[1].item():.2f}",
            "at_first_min": f"{curve[k_up - 1].item():.2f}",
            "at_first_rise": f"{curve[k_up].item():.2f}",
            "left_right": docenv.bound(left_right, 1e-11),
        }
    )
