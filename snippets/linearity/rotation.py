"""The proof drawn, one idea per figure: pair 0's (sin, cos) point turning clockwise by the angle omega_0 k
(rotation.svg); M_3 as a picture of its blocks (rotation-matrix.svg); the dot product as a sum of cosines
(rotation-dots.svg)."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch

from matplotlib.patches import Arc, Rectangle
from pelib.figures import DIVERGING, INK, CONTEXT, LAYOUTS, PALETTE, colorbar, label_ends, label_line
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

P = 1  # the position whose turn is drawn: PE(P) goes to PE(P + K)
wrong = textbook @ point[P]  # the textbook matrix on the (sin, cos) order lands on PE(P - K)
behind = torch.tensor([math.sin(P - K), math.cos(P - K)], dtype=torch.float64)
m3 = shift_matrix(8, 3)


def bracket_matrix(ax, x, y, rows, *, cell=2.2, height=1.0, colour=INK, **text):
    """A 2 x 2 matrix between square brackets, its top left corner at (x, y) in the data coordinates of `ax`."""
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            ax.text(x + (c + 0.5) * cell, y - (r + 0.5) * height, value, ha="center", va="center", color=colour, **text)
    top, bottom, left, right, tick = y, y - 2 * height, x, x + 2 * cell, 0.25
    for edge, sign in ((left, 1), (right, -1)):
        ax.plot([edge + sign * tick, edge, edge, edge + sign * tick], [top, top, bottom, bottom], color=colour, lw=1.5)


def circle_figure(layout):
    """Pair 0 on its circle: p and p + k labelled, the clockwise angle omega_0 k as an arc, p - k where the textbook
    rotation lands."""
    # The circle alone: M_k's blocks, their values, are the picture beside the theorem (matrix_figure) and R_0(k) is
    # live in the widget; one panel keeps linearity.html within its byte budget.
    fig, ax = plt.subplots(figsize=(layout.width, 3.9) if layout.narrow else (6.4, 4.6))
    circle = torch.linspace(0, 2 * math.pi, 97, dtype=torch.float64)  # float64: the same curve on every CPU
    ax.plot(torch.sin(circle), torch.cos(circle), color=CONTEXT, lw=1)
    ax.plot(point[:, 0], point[:, 1], "o", color=PALETTE["pair"], ms=6, zorder=3)
    for j, (x, y) in enumerate(point.tolist()):
        if j not in (P, P + K):
            ax.annotate(f"{j}", (x, y), xytext=(10 * x, 10 * y), textcoords="offset points", ha="center",
                        va="center", color=PALETTE["pair"])
    for j, text, colour in ((P, f"p = {P}", PALETTE["pair"]), (P + K, f"p + k = {P + K}", PALETTE["offset"])):
        x, y = point[j].tolist()
        ax.plot([0, x], [0, y], color=colour, lw=1.5)
        ax.plot([x], [y], "o", color=colour, ms=11, zorder=4)
        ax.annotate(text, (x, y), xytext=(10 + 6 * x, 14 * y), textcoords="offset points", color=colour,
                    ha="left", va="center")  # regular weight: one glyph set, a lighter file
    start = 90 - math.degrees(P)  # matplotlib measures angles counter-clockwise from the x axis
    ax.add_patch(Arc((0, 0), 0.64, 0.64, theta1=start - math.degrees(K), theta2=start, color=PALETTE["offset"], lw=2.5))
    end = math.radians(start - math.degrees(K))
    ax.annotate("", xy=(0.32 * math.cos(end), 0.32 * math.sin(end)),
                xytext=(0.32 * math.cos(end + 0.12), 0.32 * math.sin(end + 0.12)),
                arrowprops=dict(arrowstyle="-|>", color=PALETTE["offset"], lw=2, mutation_scale=16))
    ax.text(0.36, -0.08, f"ω₀k = {K} rad", color=PALETTE["offset"], ha="left", va="center",
            bbox=dict(fc="white", ec="none", pad=1))
    ax.plot([behind[0]], [behind[1]], "o", mfc="white", mec="#555555", ms=9, mew=1.5, zorder=3)
    ax.annotate(f"{P - K}".replace("-", "−"), behind.tolist(), xytext=(-12, 4), textcoords="offset points",
                color="#555555", ha="right", va="center")
    ax.set_aspect("equal")
    global circle_drawn
    circle_drawn = {  # what the circle figure draws, read back from its artists, for the page's check
        "points": [[round(x, 9), round(y, 9)] for x, y in ax.lines[1].get_xydata().tolist()],
        "p": P, "k": K, "arc_degrees": [ax.patches[0].theta1, ax.patches[0].theta2],
        "open_dot": [round(v, 9) for v in ax.lines[-1].get_xydata()[0].tolist()], "aspect": ax.get_aspect(),
        "labels": sorted(t.get_text() for t in ax.texts),
    }
    ax.set_xlim(-1.3, 1.95)
    ax.set_ylim(-1.25, 1.25)
    ax.set_xticks([-1, 0, 1])
    ax.set_yticks([-1, 0, 1])
    ax.set_xlabel("sin pω₀ (column 0)")
    ax.set_ylabel("cos pω₀ (column 1)")
    ax.set_title("pair 0 turns clockwise as p grows")
    ax.grid(False)

    fig.tight_layout()
    return fig


def matrix_figure(layout):
    """M_3 for d_model = 8 as a picture: its 2 x 2 blocks outlined and their values written in."""
    global matrix_drawn
    size = (layout.width, 5.2) if layout.narrow else (6.2, 5.0)
    fig, ax = plt.subplots(figsize=size, constrained_layout=True)
    image = ax.imshow(m3, cmap=DIVERGING, vmin=-1, vmax=1)
    for (r, c), value in zip(((r, c) for r in range(8) for c in range(8)), m3.flatten().tolist()):
        if r // 2 == c // 2:
            text = f"{value:.1f}" if layout.narrow else f"{value:.2f}"  # a phone's cells hold 4 characters
            text = text.replace("-", "") if float(text) == 0 else text  # no "−0.0"
            ax.text(c, r, text.replace("-", "−"), ha="center", va="center",
                    color="white" if abs(value) > 0.6 else INK, fontsize=10.5 if layout.narrow else 11.5)
    for i in range(4):
        ax.add_patch(Rectangle((2 * i - 0.5, 2 * i - 0.5), 2, 2, fill=False, ec=INK, lw=1.5))
    matrix_drawn = {"k": 3, "d_model": 8, "matrix": image.get_array().tolist(),  # read back from the image drawn
                    "outlined": [[round(p.get_x() + 0.5), round(p.get_y() + 0.5), round(p.get_width()),
                                  round(p.get_height())] for p in ax.patches],
                    "written": [[t.get_position()[1], t.get_position()[0], t.get_text()] for t in ax.texts],
                    "scale": list(image.get_clim())}  # the colour scale's ends
    ax.set_xticks([0.5, 2.5, 4.5, 6.5], ["pair 0", "1", "2", "3"])  # one tick per block: light to load
    ax.set_yticks([0.5, 2.5, 4.5, 6.5], ["0", "1", "2", "3"])
    ax.tick_params(length=0)
    ax.grid(False)
    # No title: the figure follows the theorem that defines M_k and its alt text says what it shows (fewer glyphs:
    # linearity.html stays within its byte budget).
    colorbar(fig, image, ax, ticks=[-1, 0, 1], shrink=0.8, location="bottom" if layout.narrow else "right",
             aspect=30 if layout.narrow else 20)
    return fig


def dots_figure(layout):
    """PE(p).PE(p+k) against k and the four cosines it sums, each line named where it ends."""
    fig, ax = plt.subplots(figsize=(layout.width, 3.8) if layout.narrow else (8.5, 4.0), constrained_layout=True)
    for i in range(d // 2):  # the pair colour, fainter for slower pairs
        ax.plot(offsets, terms[:, i], lw=1.5, color=PALETTE["pair"], alpha=1 - 0.2 * i)
    end = offsets[-1].item()
    label_ends(ax, end, terms[-1].tolist(), [f"cos ω{'₀₁₂₃'[i]}k" for i in range(d // 2)], [PALETTE["pair"]] * 4,
               gap=0.45, x_text=end + 2)
    ax.plot(offsets, dots, color=INK, lw=2.5)
    top = int(dots.argmax())
    label_line(ax, offsets[top].item() + 0.5, dots[top].item(), "PE(p)·PE(p+k), their sum", colour=INK)
    ax.set_xlabel("offset k")
    ax.set_xlim(0, end + (12 if layout.narrow else 9))
    ax.set_title(layout.wrap("the dot product is a sum of cosines (d_model = 8)"))
    return fig


for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone; one idea per figure
    with layout.style():
        docenv.save_figure(circle_figure(layout), layout.name())
        docenv.save_figure(matrix_figure(layout), layout.name("matrix"))
        docenv.save_figure(dots_figure(layout), layout.name("dots"))
docenv.save_json(matrix_drawn, "matrix")  # what the M_3 picture draws, for the page's check
docenv.save_json(circle_drawn, "circle")  # what the circle figure draws, for the page's check
