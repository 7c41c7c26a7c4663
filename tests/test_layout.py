"""Every page works offline, nothing is cut off and every figure reads: each page in Chromium, with the network cut
off, at 390 and 1300 px and on A4 paper.

A display formula must fit its column (no hidden part, no scrolling: a reader who does not know it scrolls loses
its end). A table or code block may scroll sideways only where the reader can see and reach it: a visible scroll
region that takes keyboard focus. A figure fits its column. No element pushes the page wider than the screen.

The smallest text of every figure (the notebook's inline ones too) shows at MIN_TEXT_PX (11 CSS px) or more in
every view: the browser says which SVG each `<img>` shows and how wide, the SVG its smallest font size
(tests/test_figures.py tests the narrow and wide versions and the `<picture>` without a browser). A figure holds its box before it loads. Each view is one visit of every page
(`sweep`), which all these tests read.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import PAGE_STATE, OfflinePage, offline_problems, read_through
from pelib.figures import MIN_TEXT_PX
from svgtext import smallest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (390, 1300)
A4_WIDTH = 718

MEASURE = r"""() => {
  const out = [];
  const name = (e) => {
    const t = (e.closest('[id]') || {}).id || '';
    const text = e.matches('img') ? e.getAttribute('alt') || e.getAttribute('src')
      : (e.querySelector('annotation') || e).textContent;
    return `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')} in #${t}: `
      + (text || '').replace(/\s+/g, ' ').trim().slice(0, 70);
  };
  const article = document.querySelector('article');
  if (!article) return out;
  const screen = document.documentElement.clientWidth;
  const paper = matchMedia('print').matches;  // paper does not scroll
  // The part of a box that shows: its own rectangle, less what clipping ancestors and the screen hide.
  const check = (e, box, formula) => {
    let left = box.left, right = box.right;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible') continue;
      const r = a.getBoundingClientRect();
      const hidden = Math.max(right - r.right, r.left - left);
      if (hidden <= 1) continue;
      const reachable = !paper && ['auto', 'scroll'].includes(style.overflowX)
        && (a.tabIndex >= 0 || a.querySelector('a[href], button, [tabindex]:not([tabindex="-1"])'));
      if (formula) return out.push(`formula cut by ${Math.round(hidden)} px: ${name(e)}`);
      if (!reachable) return out.push(`${Math.round(hidden)} px hidden, no reachable scroll: ${name(e)}`);
      return;  // a scroll region the reader sees and reaches
    }
    if (right > screen + 1 || left < -1)
      out.push(`${Math.round(Math.max(right - screen, -left))} px off the screen: ${name(e)}`);
  };
  for (const d of article.querySelectorAll('.katex-display .katex-html')) {
    const parts = [...d.querySelectorAll(':scope > :is(.katex-base, .base, .tag, .katex-tag)')].map(b => b.getBoundingClientRect());
    const left = Math.min(...parts.map(r => r.left)), right = Math.max(...parts.map(r => r.right));
    check(d, { left, right }, true);
  }
  for (const img of article.querySelectorAll('img')) check(img, img.getBoundingClientRect(), false);
  for (const t of article.querySelectorAll('table, pre')) check(t, t.getBoundingClientRect(), false);
  for (const e of article.querySelectorAll('p, li, h1, h2, h3, h4, dt, dd')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > screen + 1)) check(e, r, false);
  }
  // The copy button sits over the code's top right corner: no character of the first line may lie under it. (Material
  // 9.7 puts the code's buttons in a <nav class="md-code__nav">; the older .md-clipboard matched nothing.)
  for (const button of article.querySelectorAll('pre > .md-code__nav')) {
    const code = button.parentElement.querySelector('code');
    const first = code && code.querySelector('span[id^="__span-"]');
    if (!first) continue;
    const b = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(first);
    const under = [...range.getClientRects()].some(r => r.width && r.top < b.bottom && r.bottom > b.top
      && r.left < b.right && r.right > b.left && Math.abs(r.top - first.getBoundingClientRect().top) < 2);
    if (under) out.push(`copy button covers the first line: ${name(code)}`);
  }
  return out;
}"""


def site_pages(site):
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


STILL_SKIPPED = r"""() => [...document.querySelectorAll(
    'article > *, article > .tabbed-set > .tabbed-content, article .jp-Notebook > .jp-Cell')]
  .filter((e) => getComputedStyle(e).contentVisibility !== 'visible')
  .map((e) => `${e.tagName.toLowerCase()}: ${e.textContent.trim().slice(0, 60)}`)"""
NO_COPY_BUTTON = r"""() => [...document.querySelectorAll('article pre > code')]
  // a block inside a closed solution or an unselected tab gets its buttons when the reader opens it
  .filter((code) => code.checkVisibility() && !code.parentElement.querySelector('.md-code__nav .md-code__button'))
  .map((code) => `a code block seen by the reader has no copy button: ${code.textContent.trim().slice(0, 60)}`)"""


BOXES = r"""() => [...document.querySelectorAll('article img')].map((img) => {
  const r = img.getBoundingClientRect();
  return { src: img.getAttribute('src'), width: r.width, height: r.height, loaded: img.complete && img.naturalWidth > 0 };
})"""
SHOWN = r"""() => [...document.querySelectorAll('article img')]
  .filter((img) => /\.svg$/.test(img.currentSrc || img.src) || /^data:image\/svg\+xml;base64,/.test(img.src))
  .map((img) => {
    const style = getComputedStyle(img);
    const pad = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth']
      .reduce((sum, key) => sum + parseFloat(style[key]), 0);
    return { src: img.currentSrc || img.src, width: img.getBoundingClientRect().width - pad,
             alt: img.getAttribute('alt') || '' };
  })"""


@dataclass
class Seen:
    """One page in one view, as the sweep below saw it."""

    problems: list[str]  # what is cut off or not laid out, and code blocks a reader sees without their buttons
    figures: list[tuple[Path, float, str]]  # (SVG file, displayed width in CSS px, alt) of every SVG figure shown
    boxes: list[tuple[dict, dict]]  # (before it loads, once loaded) of every figure: src, width, height, loaded
    offline: list[str]  # what went wrong with the network cut off: console errors, math, fonts, images
    external: list[str]  # requests that tried to leave the machine (refused)


INLINE_FIGURES = Path(tempfile.gettempdir()) / "pe-inline-figures"


def figure_file(built_site: Path, src: str) -> Path:
    """The SVG file an `<img>` shows: a file of the site, or (a notebook's output, inlined as a data: URI) the
    decoded SVG written to a file named after its hash, so that every figure is measured the same way."""
    if not src.startswith("data:"):
        return built_site / unquote(urlparse(src).path).lstrip("/")
    data = base64.b64decode(src.split(",", 1)[1])
    INLINE_FIGURES.mkdir(exist_ok=True)
    path = INLINE_FIGURES / f"inline-{hashlib.sha256(data).hexdigest()[:16]}.svg"
    path.write_bytes(data)
    return path


@functools.cache  # each view is visited once, for every test of this file that looks at it
def sweep(browser, site_url, built_site, width, media="screen") -> dict[str, Seen]:
    """Every page in this view, loaded and read through once, with the network cut off."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    offline = OfflinePage(context)
    page = offline.page
    page.emulate_media(media=media)
    seen = {}
    try:
        for path in site_pages(built_site):
            offline.console_errors.clear()
            offline.external.clear()
            page.goto(f"{site_url}/{path}", wait_until="load")
            page.evaluate("document.fonts.ready")
            before = page.evaluate(BOXES)
            page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
            problems = [f"still not laid out after load: {s}" for s in page.evaluate(STILL_SKIPPED)]
            read_through(page)  # lazily loaded: a figure picks its version when it loads; Material adds code buttons
            if media == "screen":
                problems += page.evaluate(NO_COPY_BUTTON)
            problems += page.evaluate(MEASURE)
            figures = [(figure_file(built_site, img["src"]), img["width"], img["alt"]) for img in page.evaluate(SHOWN)]
            offline_seen = offline_problems(page.evaluate(PAGE_STATE), offline.console_errors)
            seen[path] = Seen([f"{media} {width} px {path}: {p}" for p in problems], figures,
                              list(zip(before, page.evaluate(BOXES), strict=True)),
                              [f"{media} {width} px {path}: {p}" for p in offline_seen], list(offline.external))
    finally:
        context.close()
    return seen


@pytest.mark.parametrize(("width", "media"), [(w, "screen") for w in WIDTHS] + [(A4_WIDTH, "print")])
def test_every_page_offline_in_a_real_browser(browser, built_site, site_url, width, media):
    """With the network cut off, in every view: no request leaves the machine, no console error, every formula
    typeset (at build time: no KaTeX JavaScript runs in the page) and drawn in KaTeX's fonts, exactly the fonts the
    page preloads, and every image loaded once scrolled to (figures load lazily)."""
    seen = sweep(browser, site_url, built_site, width, media)
    external = sorted({url for s in seen.values() for url in s.external})
    assert not external, f"requests that tried to leave the machine: {external}"
    problems = [p for s in seen.values() for p in s.offline]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_is_cut_off(browser, built_site, site_url, width):
    problems = [p for s in sweep(browser, site_url, built_site, width).values() for p in s.problems]
    assert not problems, f"{len(problems)} clipped:\n" + "\n".join(problems)


def test_nothing_is_cut_off_on_a4_paper(browser, built_site, site_url):
    """Printed to A4 (210 mm less 10 mm margins each side: 718 CSS px), with the print stylesheet."""
    problems = [p for s in sweep(browser, site_url, built_site, A4_WIDTH, "print").values() for p in s.problems]
    assert not problems, f"{len(problems)} clipped:\n" + "\n".join(problems)


# --- figures: their text reads at 11 px in every view, and they hold their box before they load ----------------------

# Figures an experiment or a benchmark draws: they take pelib.figures' 11 px type only when the lead re-runs them
# (`make experiments`, `make bench`, on an idle machine; tests/test_figures.py's AWAITING_REGEN lists the same files).
# Each stays listed only while it falls short (the test says when to take one off).
AWAITING_BENCH: dict[str, str] = {
    name: "drawn by an experiment or benchmark before MIN_TEXT_PX became 11: re-run it"
    for name in ("add_vs_concat.svg", "add_vs_concat-narrow.svg", "build_table-narrow.svg", "extrapolation.svg",
                 "extrapolation-narrow.svg", "extrapolation-by_position.svg", "extrapolation-by_position-narrow.svg",
                 "forward_cached_vs_recomputed-narrow.svg", "learned_shift_matrix.svg",
                 "learned_shift_matrix-narrow.svg", "position_probe.svg", "position_probe-narrow.svg")
}
VIEWS = [(390, "screen"), (1300, "screen"), (A4_WIDTH, "print")]


def shown_figures(browser, site_url, built_site, width, media):
    """(page, SVG file, displayed width in CSS px, alt) of every SVG figure of every page in this view."""
    return [(path, *figure) for path, seen in sweep(browser, site_url, built_site, width, media).items()
            for figure in seen.figures]


@pytest.mark.parametrize(("width", "media"), VIEWS, ids=[f"{w}px-{m}" for w, m in VIEWS])
def test_figure_text_reads_at_min_text_px(browser, built_site, site_url, width, media):
    """The browser says which SVG each `<img>` shows (a `<picture>` picks the narrow version on a phone) and how wide
    it shows it; the SVG says its smallest font size and its viewBox width; the displayed size is their product."""
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
    if width in (390, 1300):  # a phone shows the narrow versions, a desktop the wide ones (A4's column is wider)
        fixed = sorted(set(AWAITING_BENCH) & {f.name for _, f, _, _ in shown} - awaiting)
        assert not fixed, f"{fixed} now read at {MIN_TEXT_PX} px on a phone: take them off AWAITING_BENCH"


def test_a_phone_gets_the_narrow_version_and_paper_the_wide_one(browser, built_site, site_url):
    phone = {(p, f.name) for p, f, _, _ in shown_figures(browser, site_url, built_site, 390, "screen")}
    paper = {(p, f.name) for p, f, _, _ in shown_figures(browser, site_url, built_site, A4_WIDTH, "print")}
    assert ("linearity.html", "rotation-narrow.svg") in phone
    assert ("linearity.html", "rotation.svg") in paper
    assert not any(name.endswith("-narrow.svg") for _, name in paper)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_figure_holds_its_box_before_it_loads(browser, built_site, site_url, width):
    """No layout shift from figures: the box of every figure not yet loaded (lazily, far down the page) is the box
    it has once loaded, within 2 px (the attributes are whole CSS px, so the ratio is rounded), and some figures wait
    (lazy loading is on)."""
    problems, waited = [], 0
    for path, seen in sweep(browser, site_url, built_site, width).items():
        for before, after in seen.boxes:
            assert after["loaded"], f"{path}: {after['src']} did not load"
            waited += not before["loaded"]
            if abs(before["width"] - after["width"]) > 2 or abs(before["height"] - after["height"]) > 2:
                problems.append(f"{width} px {path}: {before['src']} {before['width']:.0f}x{before['height']:.0f} "
                                f"before it loads, {after['width']:.0f}x{after['height']:.0f} after")
    assert waited, "every figure loaded with the page: is loading=lazy gone?"
    assert not problems, "\n".join(problems)


SMALLEST_CODE = r"""() => Math.min(...[...document.querySelectorAll('article code')]
  .map((c) => parseFloat(getComputedStyle(c).fontSize)))"""


def test_code_is_never_below_12_px_on_a_phone(browser, site_url):
    """docs/stylesheets/extra.css: code inside solutions, admonitions and tables (0.64rem text) stays at 12 px or more
    at 390 px, the smallest size Lighthouse counts as legible (it was 10.9 px on exercises.html)."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        found = {}
        for path in ("exercises.html", "variants/index.html", "reference.html"):
            page.goto(f"{site_url}/{path}", wait_until="load")
            found[path] = page.evaluate(SMALLEST_CODE)
    finally:
        context.close()
    assert all(size >= 12 for size in found.values()), f"smallest code text in px: {found}"
