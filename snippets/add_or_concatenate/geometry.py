"""The geometry of adding against concatenating: concatenated parts are orthogonal, added parts nearly so."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from matplotlib.patches import Arc
from pelib.figures import CONTEXT, LAYOUTS

from reference import positional_encoding

# --8<-- [start:geometry]
torch.manual_seed(0)
d, tokens, positions = 512, 512, 64
e = torch.randn(tokens, d, dtype=torch.float64) * math.sqrt(0.5)  # ||e|| close to ||PE|| = sqrt(d/2) = 16
pe = positional_encoding(positions, d, dtype=torch.float64)
cos = (e @ pe.T) / (e.norm(dim=1)[:, None] * pe.norm(dim=1)[None, :])  # every token against every position
added = (e[:, None, :] + pe[None, :, :]).norm(dim=-1) ** 2  # ||e + PE||^2
pythagoras = e.norm(dim=1)[:, None] ** 2 + pe.norm(dim=1)[None, :] ** 2  # ||[e | PE]||^2, exactly
gap = (added - pythagoras) / pythagoras
print(f"cosine of token and position: largest |cos| {cos.abs().max().item():.3f}"
      f" (1/sqrt(d) = {1 / math.sqrt(d):.3f})")
print(f"||e + PE||^2 against ||e||^2 + ||PE||^2: largest relative gap {gap.abs().max().item():.3f}")
# --8<-- [end:geometry]

# The sketch draws one real pair at its true angle: the token and position whose cosine is largest in absolute value
# (the least orthogonal of all), in the plane they span, lengths relative to the encoding's, in equal units.
worst = int(cos.abs().argmax())
token_i, position_i = divmod(worst, positions)
worst_cos = cos[token_i, position_i].item()
angle = math.acos(worst_cos)
scale = pe[position_i].norm().item()
token_len = e[token_i].norm().item() / scale
token_add = (2.4, 0.0)  # the add sketch starts here, beside the concatenate one
drawn = {
    "concatenate": {"origin": [0.0, 0.0], "token": [round(token_len, 6), 0.0], "position": [0.0, 1.0]},
    "add": {"origin": list(token_add), "token": [round(token_len, 6), 0.0],
            "position": [round(math.cos(angle), 6), round(math.sin(angle), 6)]},
    "pair": [token_i, position_i], "cos": round(worst_cos, 6), "pairs": tokens * positions,
}
sketch_aspects = []
for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.0, 3.6), narrow_height=5.6),
                                 constrained_layout=True,
                                 gridspec_kw={"height_ratios": [1, 2.6]} if layout.narrow else {"width_ratios": [1.1, 1]})
        ax = axes[0]
        for at in (drawn["concatenate"], drawn["add"]):
            ox, oy = at["origin"]
            (tx, ty), (px, py) = at["token"], at["position"]
            arrow = dict(arrowstyle="-|>", lw=2, mutation_scale=14, shrinkA=0, shrinkB=0)
            ax.annotate("", xy=(ox + tx, oy + ty), xytext=(ox, oy), arrowprops=dict(arrow, color="C0"))
            ax.annotate("", xy=(ox + px, oy + py), xytext=(ox, oy), arrowprops=dict(arrow, color="C3"))
            ax.annotate("", xy=(ox + tx + px, oy + ty + py), xytext=(ox, oy),
                        arrowprops=dict(arrow, color="black", lw=1.4))
        cx, cy = drawn["add"]["origin"]
        for ox, degrees in ((0.0, 90.0), (cx, math.degrees(angle))):  # the angle between token and position, as arc
            ax.add_patch(Arc((ox, 0), 0.5, 0.5, theta1=0, theta2=degrees, color=CONTEXT, lw=1.2))
            sum_at = math.atan2(math.sin(math.radians(degrees)), token_len + math.cos(math.radians(degrees)))
            mid = (sum_at + math.radians(degrees)) / 2  # between the sum and the position: clear of both arrows
            ax.text(ox + 0.42 * math.cos(mid), 0.42 * math.sin(mid), f"{degrees:.0f}°", ha="center", va="center")
        ax.text(0.5, -0.08, "token", color="C0", ha="center", va="top")
        ax.text(-0.08, 0.5, "position", color="C3", ha="right", va="center", rotation=90)
        ax.text(token_len + 0.05, 1.0, "[e | PE]", ha="left", va="center")
        ax.text(cx + 0.5, -0.08, "e", color="C0", ha="center", va="top")
        px, py = drawn["add"]["position"]
        ax.text(cx + px / 2 - 0.08, py / 2, "PE", color="C3", ha="right", va="center")
        ax.text(cx + token_len + px + 0.05, py, "e + PE", ha="left", va="center")
        ax.set_xlim(-0.4, cx + token_len + px + 0.75)
        ax.set_ylim(-0.35, 1.1)
        ax.set_aspect("equal")  # data units: the angles drawn are the angles computed
        sketch_aspects.append(ax.get_aspect())
        ax.axis("off")
        ax.set_title(layout.wrap(f"concatenate: 90°; add: the least orthogonal of {tokens * positions:,} pairs, "
                                 f"{math.degrees(angle):.0f}°", 34))
        ax = axes[1]
        counts, edges, _ = ax.hist(cos.flatten(), bins=60, color="C0", alpha=0.8)
        ax.axvline(0, color="C3", lw=2)
        top = counts.max().item()
        ax.set_ylim(top=top * 1.45)  # room above the bars for the two names
        ax.annotate(f"added, d = {d}:\nspread around 0", (edges[40].item(), counts[40].item()),
                    xytext=(edges[44].item(), top * 0.9), color="C0", arrowprops=dict(arrowstyle="-", color="C0"))
        ax.text(0.004, top * 1.38, "concatenated: exactly 0", color="C3", va="top")  # beside its line
        ax.set_xlabel(layout.wrap("cosine between a token embedding and a position's encoding"))
        ax.set_ylabel("pairs")
        ax.set_title(layout.wrap("every token against every position", 34))
        docenv.save_figure(fig, layout.name())
drawn["sketch_aspect"] = sketch_aspects
# rounded: the last bits of a matmul differ between CPU kernels, and outputs must not
drawn["histogram"] = {"counts": [int(c) for c in counts.tolist()], "edges": [round(v, 6) for v in edges.tolist()]}
docenv.save_json(drawn, "figure")
docenv.save_values({"least_angle": f"{math.degrees(angle):.0f}", "largest_cos": f"{cos.abs().max().item():.3f}", "largest_gap": f"{gap.abs().max().item():.3f}",
                     "inv_sqrt_d": f"{1 / math.sqrt(d):.3f}"})
