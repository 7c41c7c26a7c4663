"""Figures read at any width, without a browser: every figure has a narrow version for a phone
(snippets/pelib/figures.py) whose smallest text fills a phone column at 9 CSS px or more, and the page shows it
through `<picture>`, with its size and lazy loading (scripts/figures_hook.py).

In the browser, tests/test_layout.py measures the smallest text of every figure on every page as shown on a phone
(390 px), on a desktop (1300 px) and printed to A4, in the same visit that checks nothing is cut off.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from svgtext import labels, smallest, view_width

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "docs" / "generated"
sys.path.insert(0, str(ROOT / "scripts"))

from figures_hook import picture, svg_size  # noqa: E402
from pelib.figures import LAYOUTS, MIN_TEXT_PX, NARROW, NARROW_MEDIA, WIDE, narrow_name  # noqa: E402

# --- without a browser ---------------------------------------------------------------------------------------------


def test_every_narrow_figure_has_its_wide_one_and_is_narrower():
    narrow = sorted(GENERATED.rglob("*-narrow.svg"))
    assert len(narrow) >= 16, [p.name for p in narrow]
    for path in narrow:
        wide = path.with_name(path.name.removesuffix("-narrow.svg") + ".svg")
        assert wide.is_file(), f"{path.name} has no wide version {wide.name}"
        assert view_width(path.read_text(encoding="utf-8")) < view_width(wide.read_text(encoding="utf-8"))


def test_narrow_figures_fill_a_phone_column_with_text_of_9_px():
    """Without a browser: the narrow SVG in the 350 px a 390 px page gives a figure (what
    test_layout.py's test_figure_text_reads_at_9_px measures in Chromium), its smallest label at MIN_TEXT_PX or more."""
    for path in sorted(GENERATED.rglob("*-narrow.svg")):
        label, units = smallest(path)
        shown = min(350, units * 4 / 3)  # pt to CSS px; an image is never stretched beyond its own width
        assert label.size * shown / units >= MIN_TEXT_PX, f"{path.name}: {label.text!r} at {label.size} pt"


def test_labels_reads_matplotlib_type_sizes():
    import matplotlib

    matplotlib.use("Agg")
    import io

    import matplotlib.pyplot as plt

    with plt.rc_context({"svg.fonttype": "path"}):
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.set_title("big", fontsize=14)
        ax.set_xlabel("small", fontsize=7)
        ax.set_xscale("log")
        ax.set_xlim(1, 100)
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
        plt.close(fig)
    found = {label.text: label.size for label in labels(buffer.getvalue())}
    assert found["big"] == 14 and found["small"] == 7
    assert found[r"$\mathdefault{10^{1}}$"] == 10  # a tick label at the default size; its exponent is drawn smaller


def test_layouts_stack_panels_and_name_the_narrow_version():
    assert WIDE.grid(3) == (1, 3) and NARROW.grid(3) == (3, 1)
    assert NARROW.size((9, 3), 7.5) == (NARROW.width, 7.5) and WIDE.size((9, 3), 7.5) == (9, 3)
    with pytest.raises(ValueError, match="positive inches"):
        WIDE.size((9, 0), 3)
    assert WIDE.name(None) is None and NARROW.name(None) == "narrow" and NARROW.name("cosine") == "cosine-narrow"
    assert narrow_name("variants_layouts-heatmaps.svg") == "variants_layouts-heatmaps-narrow.svg"
    assert all(min(layout.rc.values()) >= 8.5 for layout in LAYOUTS)
    with pytest.raises(ValueError, match="panels must be a positive int, got 0"):
        NARROW.grid(0)
    with pytest.raises(ValueError, match="suffix"):
        narrow_name("heatmap")


def test_the_hook_wraps_a_figure_with_a_narrow_version_in_picture():
    page = '<p><img alt="A heatmap" src="../generated/heatmap.svg" /> and <img alt="x" src="../generated/plain.svg" /></p>'
    exists = {"generated/heatmap-narrow.svg"}.__contains__
    out = picture(page, "formula/", exists)
    assert out == (
        f'<p><picture><source media="{NARROW_MEDIA}" srcset="../generated/heatmap-narrow.svg" type="image/svg+xml">'
        '<img alt="A heatmap" src="../generated/heatmap.svg" /></picture> and <img alt="x" src="../generated/plain.svg" /></p>'
    )
    assert picture(page, "", {"generated/heatmap-narrow.svg"}.__contains__) == page  # resolved from the site root
    assert picture(page.replace("../", ""), "", exists).count("<picture>") == 1


# Pages whose figures another branch rewords; remove an entry once that branch is merged.
POSITIONAL_ALT_PENDING: set[str] = set()


def test_alt_texts_of_stacking_figures_name_panels_by_title_not_position():
    """A figure with a narrow version stacks its panels on a phone: 'Left:' or 'Right:' would point at the wrong one,
    so its alt text names each panel by its title (or by what it plots)."""
    import re

    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = page.relative_to(ROOT / "docs").as_posix()
        if "generated" in page.parts or name in POSITIONAL_ALT_PENDING:
            continue
        for alt, src in re.findall(r"!\[([^\]]*)\]\(([^)]+\.svg)\)", page.read_text(encoding="utf-8")):
            stacks = (GENERATED / narrow_name(src.split("generated/", 1)[-1])).is_file()
            if stacks and re.search(r"\b(Left|Right|Middle|Top|Bottom)\b:|\b(left|right|middle) panel\b", alt):
                found.append(f"{name}: {src}: {alt[:60]}…")
    assert not found, "alt texts that name panels by position:\n" + "\n".join(found)


def test_the_hook_gives_every_figure_its_size_and_lazy_loading():
    page = '<p><img alt="A heatmap" src="../generated/heatmap.svg" /> and <img alt="x" src="../generated/plain.svg" /></p>'
    sizes = {"generated/heatmap.svg": (600, 347), "generated/heatmap-narrow.svg": (400, 520), "generated/plain.svg": (90, 60)}
    out = picture(page, "formula/", {"generated/heatmap-narrow.svg"}.__contains__, sizes.get)
    assert out == (
        f'<p><picture><source media="{NARROW_MEDIA}" srcset="../generated/heatmap-narrow.svg" type="image/svg+xml" '
        'width="400" height="520"><img alt="A heatmap" src="../generated/heatmap.svg" width="600" height="347" '
        'loading="lazy" decoding="async"/></picture> and <img alt="x" src="../generated/plain.svg" width="90" '
        'height="60" loading="lazy" decoding="async"/></p>'
    )


def test_svg_size_is_the_css_px_a_browser_shows():
    assert svg_size('<svg xmlns="http://www.w3.org/2000/svg" width="450.00082pt" height="259.843102pt"/>') == (600, 346)
    assert svg_size('<svg xmlns="http://www.w3.org/2000/svg" width="90" height="60px"/>') == (90, 60)
    with pytest.raises(ValueError, match="needs height in pt or px, got '10em'"):
        svg_size('<svg xmlns="http://www.w3.org/2000/svg" width="90" height="10em"/>')
    for path in sorted(GENERATED.rglob("*.svg")):
        width, height = svg_size(path.read_bytes())
        assert width > 0 and height > 0, path.name
