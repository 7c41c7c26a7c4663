"""One visual language for every figure of the site: two layouts so that text reads at any width, one palette whose
colours mean the same thing on every page, and helpers for direct labels and colour bars.

Layouts. A script draws its figure once per layout and saves both (`<name>.svg` and `<name>-narrow.svg`); pages name
the wide one, and scripts/figures_hook.py serves the narrow one through `<picture>` on screens up to NARROW_MEDIA's
width. Each layout's type is sized so that its smallest text shows at MIN_TEXT_PX or more where that layout is shown:
a narrow figure of NARROW_WIDTH inches (about 300 pt once matplotlib trims it) fills the 350 px a 390 px phone gives
a figure at about 1.17 px per pt, so its smallest type is 10.5 pt (room for one that trims to 330 pt); a wide
figure of up to WIDE_MAX_WIDTH inches fills the 688 px desktop column and the 678 px of A4 at about 1 px per pt, so
its smallest type is 11.5 pt.
tests/test_figures.py measures every figure at both widths without a browser, tests/test_layout.py in the browser
at 390 px, 1300 px and on A4.

Palette. Okabe and Ito's colour-blind-safe colours (Color Universal Design, 2008), each with one meaning:
PALETTE["sine"] for a sine column (2i), "cosine" for a cosine column (2i + 1), "pair" for a (sin, cos) pair drawn as
one thing (a point on its circle, a pair's curve), "offset" for an offset k, a shifted position p + k or M_k, and
"accent" / "other" for a second and third series that are none of these. Greys (and black, white) are for context:
axes, grids, reference lines. `Layout.style()` makes the palette matplotlib's colour cycle (C0 = sine, C1 = cosine,
C2 = pair, C3 = offset, C4 = accent, C5 = other, C6 black for a seventh series), so "C3" means "the offset" everywhere. The evidence charts add a second mapping, ENCODING_COLOURS (`encoding_colour`):
one colour per encoding, the same on every chart, whatever the order in which a chart draws them. Heatmaps use DIVERGING for
signed values (-1 .. 1) and SEQUENTIAL otherwise, always with a colour bar (`colorbar`). tests/test_figures.py checks
that every vector colour of every figure is one of these.

Log axes. matplotlib labels a log axis's decades 10⁰, 10¹, …, drawing each exponent at 70 % of the label's size: at
11.5 pt a reader sees it at 8 px. `log_labels(ax.yaxis)` writes the decades in type of full size instead (1, 10,
100, 1,000, 10,000; 0.1, 0.01; 1e-4, 1e-8 below a thousandth and 1e6 from a million), as tests/svgtext.py measures.

Labels. Where a line can carry its name, `label_line` writes it at the line's end in the line's colour instead of a
legend; a legend that remains goes outside the axes or where the data leave room (`legend_outside`).
"""

from __future__ import annotations

import contextlib
import math
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

MIN_TEXT_PX = 11  # the smallest text a figure may show, in CSS px, at 390 px, at 1300 px and on A4
NARROW_MEDIA = "screen and (max-width: 44.9375em)"  # Material's one-column layout: the article spans the screen
NARROW_WIDTH = 4.0  # inches
WIDE_MAX_WIDTH = 9.5  # inches: a wide figure up to this width shows its smallest type at MIN_TEXT_PX in 688 px
PHONE_FIGURE_PX = 350  # CSS px a 390 px screen gives a figure (the column less its padding)
DESKTOP_FIGURE_PX = 688  # CSS px of Material's content column at 1300 px
A4_FIGURE_PX = 678  # CSS px of the column printed on A4 (the narrower of the two wide views)

PALETTE: dict[str, str] = {  # Okabe & Ito (2008): distinguishable in the common forms of colour blindness
    "sine": "#0072B2",  # blue
    "cosine": "#D55E00",  # vermilion
    "pair": "#009E73",  # bluish green
    "offset": "#CC79A7",  # reddish purple
    "accent": "#E69F00",  # orange
    "other": "#56B4E9",  # sky blue
}
CYCLE: tuple[str, ...] = (*PALETTE.values(), "#000000")  # C0 .. C5 in PALETTE's order; C6, black, for a 7th series
# A second mapping, for the evidence pages' charts only: one colour per encoding, the same on every chart (the
# explanation figures keep PALETTE's meanings). Keys are the experiments' names for the encodings; the sinusoids keep
# the sine's blue (concatenated: the lighter blue), RoPE the pair's green (it turns each pair), ALiBi the offset's
# colour (a bias by offset), learned the accent, no encoding a grey (drawn dashed).
ENCODING_COLOURS: dict[str, str] = {
    "sin_add": PALETTE["sine"],
    "sin_concat": PALETTE["other"],
    "rope": PALETTE["pair"],
    "alibi": PALETTE["offset"],
    "learned": PALETTE["accent"],
    "none": "#666666",
}
ENCODING_NAMES: dict[str, str] = {"sin_add": "sinusoidal, added", "sin_concat": "sinusoidal, concatenated",
                                  "rope": "RoPE", "alibi": "ALiBi", "learned": "learned", "none": "no encoding"}
INK = "#222222"  # text and the one black line a figure may draw (a sum, a total)
CONTEXT = "#999999"  # reference lines, unit circles, the things the eye should pass over
DIVERGING = "RdBu_r"  # signed values, -1 .. 1: blue below zero, red above, white at zero
SEQUENTIAL = "viridis"  # values of one sign


@dataclass(frozen=True)
class Layout:
    """How one version of a figure is drawn: its width, whether panels stack, and its type sizes (rcParams)."""

    narrow: bool
    width: float  # inches, of the narrow layout (each wide figure keeps the width it was designed for)
    rc: dict[str, float] = field(default_factory=dict)
    wrap_at: int = 0  # characters per line of a title or label; 0 keeps lines whole

    def grid(self, panels: int) -> tuple[int, int]:
        """(rows, columns) for `panels` panels: side by side when wide, one above the other when narrow."""
        if not isinstance(panels, int) or panels < 1:
            raise ValueError(f"panels must be a positive int, got {panels!r}")
        return (panels, 1) if self.narrow else (1, panels)

    def size(self, wide: tuple[float, float], narrow_height: float) -> tuple[float, float]:
        """figsize in inches: `wide` (width, height) for the wide layout; the narrow width and `narrow_height`."""
        if not (len(wide) == 2 and all(v > 0 for v in wide) and narrow_height > 0):
            raise ValueError(f"figure sizes must be positive inches, got wide={wide!r}, narrow_height={narrow_height!r}")
        return (self.width, narrow_height) if self.narrow else tuple(wide)

    def wrap(self, text: str, wide_at: int = 0) -> str:
        """A title or label broken over lines of `wrap_at` characters in the narrow layout (of `wide_at` in the wide
        one, for the title of a panel that is one of several side by side; 0 keeps lines whole)."""
        width = self.wrap_at if self.narrow else wide_at
        if not width:
            return text
        return "\n".join(textwrap.fill(line, width) for line in text.split("\n"))

    def name(self, name: str | None = None) -> str | None:
        """The output name `docenv.save_figure` takes: the wide figure keeps `name`, the narrow one adds `-narrow`."""
        if not self.narrow:
            return name
        return "narrow" if name is None else f"{name}-narrow"

    @contextlib.contextmanager
    def style(self) -> Iterator[Layout]:
        """Draw and save inside this block: the layout's type sizes and the site's palette (as the colour cycle, so
        "C0".."C6" are CYCLE's colours) apply to everything created in it."""
        import matplotlib.pyplot as plt
        from cycler import cycler

        with plt.rc_context({**HOUSE, **self.rc, "axes.prop_cycle": cycler(color=list(CYCLE))}):
            yield self


_TYPE = ("font.size", "axes.titlesize", "axes.labelsize", "xtick.labelsize", "ytick.labelsize", "legend.fontsize",
         "figure.titlesize", "legend.title_fontsize")  # fmt: skip

HOUSE: dict[str, object] = {  # the look every figure shares, on top of docenv's deterministic settings
    "text.color": INK,
    "axes.labelcolor": INK,
    "axes.edgecolor": "#555555",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "xtick.color": "#555555",
    "ytick.color": "#555555",
    "xtick.labelcolor": INK,
    "ytick.labelcolor": INK,
    "grid.color": "#BBBBBB",
    "lines.linewidth": 2.0,
    "image.cmap": SEQUENTIAL,
    "image.interpolation": "nearest",
}

WIDE = Layout(narrow=False, width=0.0, rc=dict(zip(_TYPE, (11.5, 13, 12, 11.5, 11.5, 11.5, 13.5, 11.5))))
NARROW = Layout(narrow=True, width=NARROW_WIDTH, rc=dict(zip(_TYPE, (10.5, 11.5, 11, 10.5, 10.5, 10.5, 12, 10.5))), wrap_at=36)
LAYOUTS = (WIDE, NARROW)


def narrow_name(filename: str) -> str:
    """The narrow version's file name for a wide figure's file name: `heatmap.svg` -> `heatmap-narrow.svg`."""
    stem, dot, suffix = filename.rpartition(".")
    if not dot or not stem:
        raise ValueError(f"a figure's file name has a suffix, got {filename!r}")
    return f"{stem}-narrow.{suffix}"


def colour(meaning: str) -> str:
    """The palette's colour for a meaning ("sine", "cosine", "pair", "offset", "accent", "other")."""
    if meaning not in PALETTE:
        raise ValueError(f"colour meaning must be one of {sorted(PALETTE)}, got {meaning!r}")
    return PALETTE[meaning]


def encoding_colour(encoding: str) -> str:
    """The one colour of an encoding on every evidence chart: "sin_add", "sin_concat", "rope", "alibi", "learned",
    "none" (an experiment's "none_causal", the causal mask alone, is "none")."""
    key = encoding.removesuffix("_causal")
    if key not in ENCODING_COLOURS:
        raise ValueError(f"encoding must be one of {sorted(ENCODING_COLOURS)}, got {encoding!r}")
    return ENCODING_COLOURS[key]


def allowed_colour(hex_colour: str) -> bool:
    """True for a palette colour, INK, CONTEXT or any grey (equal red, green and blue, black and white included)."""
    h = hex_colour.strip().lower().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6 or any(c not in "0123456789abcdef" for c in h):
        raise ValueError(f"a colour is #rgb or #rrggbb, got {hex_colour!r}")
    if h[0:2] == h[2:4] == h[4:6]:
        return True
    return f"#{h}" in {c.lower() for c in (*CYCLE, INK, CONTEXT)}


def label_line(ax, x: float, y: float, text: str, colour: str | None = None, *, line=None,
               dx: float = 4, dy: float = 0, ha: str = "left", va: str = "center", **kwargs):
    """Name a line where it ends (or at (x, y) in data coordinates) in its own colour, instead of a legend entry.
    `dx`, `dy` shift the label in points; pass `line` to take its colour."""
    if colour is None:
        colour = line.get_color() if line is not None else INK
    return ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points", color=colour, ha=ha, va=va,
                       **kwargs)


def legend_outside(ax, layout: Layout, ncol: int | None = None, **kwargs):
    """A legend below the axes (narrow) or to their right (wide): never over the data."""
    if layout.narrow:
        return ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=ncol or 1, **kwargs)
    return ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), ncol=ncol or 1, **kwargs)


def colorbar(fig, image, ax, label: str | None = None, ticks: Sequence[float] | None = None, **kwargs):
    """The colour bar every heatmap has: `label` names what the colour measures."""
    bar = fig.colorbar(image, ax=ax, ticks=ticks, **kwargs)
    if label:
        bar.set_label(label)
    bar.outline.set_visible(False)
    return bar


def label_ends(ax, x: float, ys: Sequence[float], texts: Sequence[str], colours: Sequence[str], *,
               gap: float, x_text: float | None = None):
    """Name several lines at their right ends (x, ys[i]) in their colours, the labels (at `x_text`, data units)
    pushed apart to at least `gap` (data units) so that none covers another, each joined to its line's end by a
    thin leader that meets the label's left edge (never crossing its text)."""
    if not (len(ys) == len(texts) == len(colours)) or gap <= 0:
        raise ValueError(f"label_ends needs as many ys, texts and colours and a positive gap, got {len(ys)}, "
                         f"{len(texts)}, {len(colours)} and gap={gap!r}")
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed: list[float] = []
    for i in order:  # bottom up, each at least `gap` above the one below ...
        placed.append(max(ys[i], placed[-1] + gap) if placed else ys[i])
    shift = max(0.0, (placed[-1] - max(ys)) / 2)  # ... then the stack moved down to centre it on the ends
    x_text = x if x_text is None else x_text
    for rank, i in enumerate(order):
        ax.annotate(texts[i], (x, ys[i]), xytext=(x_text, placed[rank] - shift), color=colours[i], va="center",
                    ha="left", annotation_clip=False,
                    arrowprops=dict(arrowstyle="-", color=colours[i], lw=0.8, shrinkA=2, shrinkB=2, relpos=(0, 0.5)))


def decade_text(value: float) -> str:
    """A log axis's tick label in type of full size: 1, 10, 100, 1,000 … 100,000, then 1e6; 0.1, 0.01, 0.001, then
    1e-4 (a value between decades keeps its digits: 2, 0.5, 3e-5). No exponent drawn smaller than the label."""
    if not math.isfinite(value) or value <= 0:
        return ""
    exponent = math.floor(math.log10(value) + 1e-9)
    mantissa = round(value / 10.0**exponent, 6)
    if -3 <= exponent <= 5:
        return f"{value:,.0f}" if exponent >= 0 and value == round(value) else f"{value:.3g}"
    return f"{mantissa:g}e{exponent}"


def log_labels(axis, numticks: int | None = None) -> None:
    """Label the decades of a log axis (`ax.xaxis`, `ax.yaxis`) with `decade_text`, the minor ticks unlabelled;
    `numticks` caps how many decades are labelled (matplotlib picks every second or third on a crowded axis)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, numticks=numticks or "auto"))
    axis.set_major_formatter(FuncFormatter(lambda value, _position: decade_text(value)))
    axis.set_minor_formatter(NullFormatter())
