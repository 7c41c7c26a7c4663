"""The plumbing of the playground notebook (docs/notebooks/playground.ipynb), so that its cells show only the encoding.

`use_site_style()` gives every later figure the site's narrow layout (NARROW's type sizes, which read at 11 px or more
in a phone's notebook column, and the palette as matplotlib's colour cycle); `show(fig, alt)` embeds a figure as an SVG
image with alt text, the same bytes on every run, so `scripts/regen.py` can check the executed notebook for drift.
Import it after `pelib.docenv`, which fixes the seeds, the thread count and matplotlib's deterministic settings.
"""

from __future__ import annotations

import base64
import html
import io

import matplotlib.pyplot as plt
from cycler import cycler
from IPython.display import HTML
from matplotlib.figure import Figure

from .figures import CYCLE, HOUSE, NARROW


def use_site_style() -> None:
    """Draw every later figure in the site's narrow layout and palette (what `NARROW.style()` does inside a block)."""
    plt.rcParams.update({**HOUSE, **NARROW.rc, "axes.prop_cycle": cycler(color=list(CYCLE))})


def show(fig: Figure, alt: str) -> HTML:
    """Show `fig` as an SVG image with alt text `alt` (byte-identical from run to run) and close it."""
    if not alt.strip():
        raise ValueError("show() needs alt text that says what the figure shows, got an empty string")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return HTML(f'<img alt="{html.escape(alt)}" src="data:image/svg+xml;base64,{data}">')
