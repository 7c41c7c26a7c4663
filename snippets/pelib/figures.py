"""Two layouts of one figure, so that its text reads at any width: wide for a desktop column and paper, narrow (panels
stacked, titles wrapped) for a phone.

A script draws its figure once per layout and saves both (`<name>.svg` and `<name>-narrow.svg`); pages name the wide
one, and scripts/figures_hook.py serves the narrow one through `<picture>` on screens up to NARROW_MEDIA's width.
Each layout's type is sized so that its smallest text shows at MIN_TEXT_PX or more where that layout is shown: a
narrow figure of NARROW_WIDTH inches (about 300 pt once matplotlib trims it) fills a 358 px phone column at about
1.2 px per pt, a wide figure of up to 9.5 inches fills the 688 px desktop column at 1 px per pt or more.
tests/test_figures.py measures every figure of every page in the browser.
"""

from __future__ import annotations

import contextlib
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field

MIN_TEXT_PX = 9  # the smallest text a figure may show, in CSS px, at 390 px, at 1300 px and on A4
NARROW_MEDIA = "screen and (max-width: 44.9375em)"  # Material's one-column layout: the article spans the screen
NARROW_WIDTH = 4.0  # inches


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
        """Draw and save inside this block: the layout's type sizes apply to everything created in it."""
        import matplotlib.pyplot as plt

        with plt.rc_context(self.rc):
            yield self


_TYPE = ("font.size", "axes.titlesize", "axes.labelsize", "xtick.labelsize", "ytick.labelsize", "legend.fontsize",
         "figure.titlesize", "legend.title_fontsize")  # fmt: skip

WIDE = Layout(narrow=False, width=0.0, rc=dict(zip(_TYPE, (10.5, 11, 10.5, 10, 10, 10, 12, 10))))
NARROW = Layout(narrow=True, width=NARROW_WIDTH, rc=dict(zip(_TYPE, (9.5, 10, 9.5, 9, 9, 9, 10.5, 9))), wrap_at=40)
LAYOUTS = (WIDE, NARROW)


def narrow_name(filename: str) -> str:
    """The narrow version's file name for a wide figure's file name: `heatmap.svg` -> `heatmap-narrow.svg`."""
    stem, dot, suffix = filename.rpartition(".")
    if not dot or not stem:
        raise ValueError(f"a figure's file name has a suffix, got {filename!r}")
    return f"{stem}-narrow.{suffix}"
