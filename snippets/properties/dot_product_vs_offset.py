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
    # --8<-- [end:run]
    # --8<-- [start:left_right_and_rise]
    p = torch.arange(500, 1000)
    left_right = ((pe[p] * pe[p + 37]).sum(1) - (pe[p] * pe[p - 37]).sum(1)).abs().max().item()
    print(f"max over p |PE(p).PE(p+37) - PE(p).PE(p-37)| {docenv.bound(left_right, 1e-11)}")
    curve = dot_by_offset(torch.arange(0, 2001), d_model)
    k_up = first_rise(curve)
    print(f"the curve falls from k = 0 to k = {k_up - 1} ({curve[k_up - 1].item():.4f}) and rises at k = {k_up} ({curve[k_up].item():.4f})")
    # --8<-- [end:left_right_and_rise]

    # What the figure draws, saved for the page's checks (dot_product_vs_offset-figure.json): the dot product computed
    # from the table for several starting positions p, the zoom on the first local minimum, the curve to k = 2,000.
    starts = (120, 1000, 2500)
    ks = torch.arange(-120, 121)
    from_table = {p0: (pe[p0] * pe[p0 + ks]).sum(dim=1) for p0 in starts}
    k_min = k_up - 1
    zoom_ks = torch.arange(k_min - 3, k_min + 5)
    rises = int((curve.diff() > 0).sum())  # steps that rise, anywhere to k = 2,000 (not first_rise: all of them)
    docenv.save_json({
        "d_model": d_model, "offsets": ks.tolist(), "starts": list(starts),
        "by_start": {str(p0): [round(v, 6) for v in d.tolist()] for p0, d in from_table.items()},  # 6: same on every CPU
        "zoom_offsets": zoom_ks.tolist(), "zoom": [round(v, 6) for v in curve[zoom_ks].tolist()],
        "first_min": k_min, "far": [round(v, 6) for v in curve.tolist()], "rises": rises,
    }, "figure")

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
        with layout.style():
            fig, (near, zoom, far) = plt.subplots(*layout.grid(3), figsize=layout.size(wide=(9.5, 4.1),
                                                  narrow_height=10.4),
                                                  gridspec_kw={} if layout.narrow else {"width_ratios": [1.2, 0.75, 1.3]})
            styles = [dict(lw=4, color=CONTEXT), dict(lw=1.8, color=PALETTE["offset"], ls="--"),
                      dict(lw=1.2, ls=":", color=INK)]  # lines, not 241 markers: a lighter file
            for (p0, d), style in zip(from_table.items(), styles):
                near.plot(ks, d, label=f"p = {p0:,}", **style)
            near.legend(loc="lower center", fontsize=plt.rcParams["xtick.labelsize"], frameon=False, ncol=1,
                        handlelength=1.6)
            near.set_ylim(0, curve[0].item() * 1.08)
            near.set_xlabel("offset k")
            near.set_ylabel("PE(p) · PE(p+k)")
            near.set_title(layout.wrap(f"{len(starts)} starting positions p, one curve, symmetric in k", 26))
            low = curve[k_min].item()
            zoom.plot(zoom_ks, curve[zoom_ks], "o-", color=INK, ms=6, lw=1.2)
            zoom.plot([k_min], [low], "o", color=PALETTE["offset"], ms=9, zorder=3)
            zoom.set_ylim(low - 0.05, low + 0.07)
            zoom.set_xlim(k_min - 2.5, k_min + 3.5)
            rise = curve[k_up].item() - low
            zoom.annotate(f"k = {k_min}", (k_min, low), xytext=(0, -16), textcoords="offset points", ha="center",
                          va="top", color=PALETTE["offset"])
            zoom.annotate(f"+{rise:.3f}", (k_up, curve[k_up].item()), xytext=(6, 8), textcoords="offset points",
                          ha="left", va="bottom", color=INK)
            zoom.set_xlabel("offset k")
            if layout.narrow:
                zoom.set_ylabel("PE(p) · PE(p+k)")
            ticks = [round(low, 2) + step for step in (-0.04, 0.0, 0.04)]
            zoom.set_yticks(ticks, [f"{t:.2f}" for t in ticks])
            zoom.set_title(layout.wrap(f"zoomed: first local minimum at k = {k_min}, {rise:.2f} deep", 22))
            far.plot(torch.arange(0, 2001), curve, lw=0.9, color=INK)
            far.axhline(0, color=CONTEXT, lw=0.8)
            far.set_xlabel("offset k")
            if layout.narrow:
                far.set_ylabel("PE(p) · PE(p+k)")
            far.set_title(layout.wrap(f"to k = 2,000: falling overall, yet {rises:,} of the 2,000 steps rise", 34))
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
