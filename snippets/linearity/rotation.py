"""The proof drawn: pair 0's (sin, cos) point turning clockwise, M_k as a picture, the dot product as a sum of cosines."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch

from pelib.figures import LAYOUTS
from pelib.shift import shift_matrix
from reference import frequencies, positional_encoding

K = 2  # the offset drawn

# --8<-- [start:turns]
p = torch.arange(7, dtype=torch.float64)
point = torch.stack([torch.sin(p), torch.cos(p)], dim=1)  # pair 0 (omega = 1) of PE(0) .. PE(6)
turn = point[:-1, 0] * point[1:, 1] - point[:-1, 1] * point[1:, 0]  # z of the cross product of neighbours
c, s = math.cos(K), math.sin(K)
textbook = torch.tensor([[c, -s], [s, c]], dtype=torch.float64)  # counter-clockwise by K
print("cross product of consecutive points (negative: clockwise):", docenv.fmt(turn[:3]).tolist())
print(f"M_{K} takes PE(1) to PE({1 + K}):", bool(torch.allclose(shift_matrix(2, K) @ point[1], point[1 + K])))
print(f"the textbook rotation by {K} takes PE({1 + K}) back to PE(1):",
      bool(torch.allclose(textbook @ point[1 + K], point[1])))
# --8<-- [end:turns]

# --8<-- [start:dot]
d, offsets = 8, torch.arange(0, 41, dtype=torch.float64)
omega = frequencies(d)
terms = torch.cos(offsets[:, None] * omega[None, :])  # one cosine per pair
pe = positional_encoding(200, d, dtype=torch.float64)
dots = torch.stack([pe[100] @ pe[100 + int(k)] for k in offsets])
print("PE(100) . PE(100 + k) = sum of the cosines, largest gap:",
      docenv.bound((dots - terms.sum(dim=1)).abs().max(), 1e-12))
# --8<-- [end:dot]

for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(3), figsize=layout.size(wide=(10, 3.7), narrow_height=10.5),
                                 constrained_layout=True)
        ax = axes[0]
        circle = torch.linspace(0, 2 * math.pi, 200, dtype=torch.float64)  # float64: the same curve on every CPU
        ax.plot(torch.sin(circle), torch.cos(circle), color="0.8", lw=1)
        ax.plot(point[:, 0], point[:, 1], "o", color="C0")
        for j, (x, y) in enumerate(point.tolist()):  # p=6 lies next to p=0: its label goes to the left
            ax.annotate(f"p={j}", (x, y), textcoords="offset points", xytext=(-34, 2) if j == 6 else (6, 2))
        ax.annotate("", xy=point[1 + K].tolist(), xytext=point[1].tolist(),
                    arrowprops=dict(arrowstyle="->", color="C3", connectionstyle="arc3,rad=-0.35"))
        ax.annotate("", xy=(point[1] * 0.8).tolist(), xytext=(point[1 + K] * 0.8).tolist(),
                    arrowprops=dict(arrowstyle="->", color="C2", connectionstyle="arc3,rad=-0.35"))
        ax.text(0.03, 0.03, f"red: M_{K}, clockwise\ngreen: textbook R({K}), back", transform=ax.transAxes)
        ax.set_aspect("equal")
        ax.set_xlim(-1.3, 1.6)  # room for the labels of the points on the right
        ax.set_ylim(-1.85, 1.3)  # and for the key below the circle
        ax.set_xlabel("sin p (column 0)")
        ax.set_ylabel("cos p (column 1)")
        ax.set_title("pair 0 turns clockwise as p grows")

        ax = axes[1]
        m = shift_matrix(8, 3)
        im = ax.imshow(m, cmap="RdBu_r", vmin=-1, vmax=1)
        ax.set_title(layout.wrap("M_3 (d_model = 8): 2x2 rotations on the diagonal", 30))
        ax.set_xticks(range(8))
        ax.set_yticks(range(8))
        fig.colorbar(im, ax=ax, shrink=0.8, ticks=[-1, -0.5, 0, 0.5, 1])

        ax = axes[2]
        for i in range(d // 2):
            ax.plot(offsets, terms[:, i], lw=1, label=f"cos(ω{i} k)")
        ax.plot(offsets, dots, "k-", lw=2, label="PE(p)·PE(p+k)")
        ax.set_xlabel("offset k")
        ax.set_title(layout.wrap("the dot product is a sum of cosines (d_model = 8)", 30))
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2)  # below the curves, outside them
        docenv.save_figure(fig, layout.name())
