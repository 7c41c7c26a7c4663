"""Figures read at any width: the smallest text of every figure on every page shows at 9 CSS px or more, on a phone
(390 px), on a desktop (1300 px) and printed to A4.

The browser says which SVG each `<img>` shows (a `<picture>` picks the narrow version on a phone) and how wide it
shows it; the SVG says its smallest font size and its viewBox width; the displayed size is their product. The
narrow versions (snippets/pelib/figures.py) and the `<picture>` around them (scripts/figures_hook.py) are tested too.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from svgtext import labels, smallest, view_width

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "docs" / "generated"
sys.path.insert(0, str(ROOT / "scripts"))

from conftest import read_through  # noqa: E402
from figures_hook import picture, svg_size  # noqa: E402
from pelib.figures import LAYOUTS, MIN_TEXT_PX, NARROW, NARROW_MEDIA, WIDE, narrow_name  # noqa: E402

SHOWN = r"""() => [...document.querySelectorAll('article img')]
  .filter((img) => /\.svg$/.test(img.currentSrc || img.src))
  .map((img) => {
    const style = getComputedStyle(img);
    const pad = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth']
      .reduce((sum, key) => sum + parseFloat(style[key]), 0);
    return { src: img.currentSrc || img.src, width: img.getBoundingClientRect().width - pad,
             alt: img.getAttribute('alt') || '' };
  })"""

VIEWS = [(390, "screen"), (1300, "screen"), (718, "print")]  # 718 CSS px: A4 less 10 mm margins

# Figures a benchmark draws from its timings: drawing a narrow version means re-running the benchmark, which
# re-measures (`make bench`, on an idle machine). Until then they show their wide layout on a phone, too small; each
# stays listed only while it is (the test says when to take one off).
AWAITING_BENCH: dict[str, str] = {}


@functools.cache  # the tests below look at the same views: each is measured once
def shown_figures(browser, site_url, built_site, width, media):
    """(page, SVG file, displayed width in CSS px, alt) of every SVG figure of every page in this view."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.emulate_media(media=media)
    found = []
    try:
        for path in sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")):
            if path.endswith("404.html"):
                continue
            page.goto(f"{site_url}/{path}", wait_until="load")
            read_through(page)  # lazily loaded: a figure picks its version when it loads
            for img in page.evaluate(SHOWN):
                file = built_site / unquote(urlparse(img["src"]).path).lstrip("/")
                found.append((path, file, img["width"], img["alt"]))
    finally:
        context.close()
    return found


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize(("width", "media"), VIEWS, ids=[f"{w}px-{m}" for w, m in VIEWS])
def test_figure_text_reads_at_9_px(browser, built_site, site_url, width, media):
    shown = shown_figures(browser, site_url, built_site, width, media)
    assert len({f.name for _, f, _, _ in shown}) >= 20, f"too few figures found: {shown}"
    problems, awaiting = [], set()
    for path, file, displayed, alt in shown:
        assert alt.strip(), f"{path}: {file.name} has no alt text"
        label, units = smallest(file)
        px = label.size * displayed / units
        if px < MIN_TEXT_PX and file.name in AWAITING_BENCH:
            awaiting.add(file.name)
        elif px < MIN_TEXT_PX:
            problems.append(f"{media} {width} px {path}: {file.name} shown {displayed:.0f} px wide: "
                            f"{label.text!r} at {px:.1f} px")
    assert not problems, f"{len(problems)} figures with text under {MIN_TEXT_PX} px:\n" + "\n".join(problems)
    if width == 390:
        fixed = sorted(set(AWAITING_BENCH) - awaiting)
        assert not fixed, f"{fixed} now read at {MIN_TEXT_PX} px on a phone: take them off AWAITING_BENCH"


@pytest.mark.browser
@pytest.mark.slow
def test_a_phone_gets_the_narrow_version_and_paper_the_wide_one(browser, built_site, site_url):
    phone = {(p, f.name) for p, f, _, _ in shown_figures(browser, site_url, built_site, 390, "screen")}
    paper = {(p, f.name) for p, f, _, _ in shown_figures(browser, site_url, built_site, 718, "print")}
    assert ("linearity.html", "rotation-narrow.svg") in phone
    assert ("linearity.html", "rotation.svg") in paper
    assert not any(name.endswith("-narrow.svg") for _, name in paper)


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
    test_figure_text_reads_at_9_px measures in Chromium), its smallest label at MIN_TEXT_PX or more."""
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


BOXES = r"""() => [...document.querySelectorAll('article img')].map((img) => {
  const r = img.getBoundingClientRect();
  return { src: img.getAttribute('src'), width: r.width, height: r.height, loaded: img.complete && img.naturalWidth > 0 };
})"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 1300])
def test_a_figure_holds_its_box_before_it_loads(browser, built_site, site_url, width):
    """No layout shift from figures: the box of every figure not yet loaded (lazily, far down the page) is the box
    it has once loaded, within 2 px (the attributes are whole CSS px, so the ratio is rounded), and at least one figure
    per view waits (lazy loading is on)."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems, waited = [], 0
    try:
        for path in ("beyond.html", "evidence.html", "formula.html", "linearity.html", "tour.html"):
            page.goto(f"{site_url}/{path}", wait_until="load")
            page.evaluate("document.fonts.ready")
            before = page.evaluate(BOXES)
            read_through(page)
            after = page.evaluate(BOXES)
            for b, a in zip(before, after, strict=True):
                assert a["loaded"], f"{path}: {a['src']} did not load"
                waited += not b["loaded"]
                if abs(b["width"] - a["width"]) > 2 or abs(b["height"] - a["height"]) > 2:
                    problems.append(f"{width} px {path}: {b['src']} {b['width']:.0f}x{b['height']:.0f} before it "
                                    f"loads, {a['width']:.0f}x{a['height']:.0f} after")
    finally:
        context.close()
    assert waited, "every figure loaded with the page: is loading=lazy gone?"
    assert not problems, "\n".join(problems)
