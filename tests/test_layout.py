"""Every page works offline, nothing is cut off and every figure reads: each page in Chromium, with the network cut
off, at 390 and 1300 px and on A4 paper.

Nothing is hidden without a cue: a display formula, a table, an output or a code line that does not fit its column
scrolls sideways in its own box, which shows a shadow at the edge with more behind it and is a keyboard stop with a
name. A figure fits its column. No element pushes the page wider than the screen, from 320 to 430 px.

Read as a learner on a phone (390 x 844, folded blocks closed; issue 24), every explanation page is measured: screens
tall, where its key figure starts, the share of the page that is code, test names on the first screen, and each
display's height against the desktop's (1300 x 900). The limits stand in one place, `LIMITS`: the phone craft (no
sideways overflow, displays at most 3 x taller, outputs not wrapped, theorem boxes at body size, folded blocks open
on paper and when a link points into them) holds on every page; the length, first figure, code share and test names
hold on the pages of `READER_FIRST` (the pages already restructured) and are reported for the others.

The smallest text of every figure (the notebook's inline ones too) shows at MIN_TEXT_PX (11 CSS px) or more in
every view: the browser says which SVG each `<img>` shows and how wide, the SVG its smallest glyph (an exponent too)
(tests/test_figures.py tests the narrow and wide versions and the `<picture>` without a browser). A figure holds
its box before it loads. Nothing moves while a page loads (the layout shifts Lighthouse adds up, from the end of
parsing, at both widths; a page that moved while a KaTeX font arrived after its first paint is loaded again, and
fails if it moves every time). Each view is one visit of every page (`sweep`), which all these tests read.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import FONTS_READY, PAGE_STATE, WAIT_MS, OfflinePage, offline_problems, read_through
from pelib.figures import MIN_TEXT_PX
from svgtext import smallest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (390, 1300)
A4_WIDTH = 718
PHONE, DESKTOP = 390, 1300
SCREEN_HEIGHT = {PHONE: 844, DESKTOP: 900}  # a phone's screen, a desktop's window (paper: the default)
PHONE_RANGE = (320, 430)  # the narrowest and widest phones: the 390 px visit is also laid out at these widths

# Every limit of the reader-first layout (issue 24), in one place.
LIMITS = {
    "overflow_px": 0,  # sideways page overflow at 320, 390 and 430 px
    "display_ratio": 3.0,  # a display's height at 390 px over its height at 1300 px
    # at 390 x 844; beyond.html 16 (was 15): its outputs print their punch lines to fit a phone, as more lines (issue 40)
    "screens": {"index.html": 8, "linearity.html": 14, "evidence.html": 15, "beyond.html": 16},
    "screens_other": 12,  # every other explanation page
    "figure_screen": 2.0,  # the key figure (or the live chart) starts within the first two phone screens
    "code_share": 0.20,  # of the phone page's height: code and output blocks not folded
    "test_names_first_screen": 0,  # test names and test files on the first phone screen
    # the orientation pages show their picture on the first screen, on a phone (390 x 844) and on a desktop
    # (1300 x 900): this many px of it at least, or all of it (issue 40: the tour opened with a 571 px code block)
    "picture_first_screen_px": {"tour.html": 150, "explorer.html": 150},
}
EXPLANATION = ("index.html", "tour.html", "why-positions.html", "formula.html", "base.html", "linearity.html",
               "properties.html", "add-or-concatenate.html", "beyond.html", "evidence.html",
               "evidence/extrapolation.html", "evidence/shift-matrix.html", "evidence/probes.html",
               "evidence/add-or-concatenate.html", "explorer.html", "input-step.html", "beyond-indices.html")
# The pages whose length, first figure, code share and first screen are held to LIMITS (issue 24: the point and a
# picture first, code folded, the checking last): since the restructuring of this round, every explanation page.
READER_FIRST = {"index.html", "tour.html", "properties.html", "base.html", "linearity.html", "why-positions.html",
                "formula.html", "evidence.html", "evidence/extrapolation.html", "evidence/shift-matrix.html",
                "evidence/probes.html", "evidence/add-or-concatenate.html",
                "add-or-concatenate.html", "explorer.html", "beyond.html", "input-step.html",
                "beyond-indices.html"}

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
      const cue = /gradient/.test(style.backgroundImage) && /local/.test(style.backgroundAttachment);
      if (!reachable) return out.push(`${formula ? 'formula ' : ''}${Math.round(hidden)} px hidden, no reachable scroll: ${name(e)}`);
      if (!cue) return out.push(`${Math.round(hidden)} px hidden without a cue at the edge: ${name(e)}`);
      return;  // a scroll region the reader sees, is shown that it scrolls, and reaches
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


# What a learner on this screen meets (issue 24): the page's length in screens, where its key figure starts, the share
# of it that is code (code and output blocks a reader sees, folded ones not), test names on the first screen, every
# display's height and the breaks of its lines (a break inside a bracket is counted), every block that scrolls
# sideways (it needs a keyboard stop, a name and the cue; an output must not wrap) and theorem and result boxes
# whose text is smaller than the page's.
READER = r"""() => {
  const article = document.querySelector('article');
  const doc = document.documentElement;
  const screen = innerHeight, top = scrollY;
  const shows = (e) => e.checkVisibility();
  const out = { screens: doc.scrollHeight / screen, overflow: doc.scrollWidth - doc.clientWidth, figure: null,
                code: 0, testNames: [], displays: [], problems: [], outputs: 0 };
  if (!article) return out;
  const key = [...article.querySelectorAll('img, svg.pe-chart')].find(shows);
  if (key) out.figure = (key.getBoundingClientRect().top + top) / screen;
  if (key) {  // how much of it the first screen shows, in px, and its whole height
    const box = key.getBoundingClientRect();
    out.figureFirstScreen = Math.max(0, Math.min(box.bottom + top, screen) - (box.top + top));
    out.figureHeight = box.height;
  }
  let code = 0;
  for (const block of article.querySelectorAll('div.highlight, .jp-InputArea, .jp-OutputArea'))
    if (shows(block) && !block.parentElement.closest('div.highlight, .jp-InputArea, .jp-OutputArea'))
      code += block.getBoundingClientRect().height;
  out.code = code / doc.scrollHeight;
  const walk = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const found = t.textContent.match(/\btest_[a-z0-9_]+|\btests\/[\w/.]+/g);
    if (!found || !shows(t.parentElement)) continue;
    const r = t.parentElement.getBoundingClientRect();
    if (r.height && r.top + top < screen) out.testNames.push(...found);
  }
  const depth = (e) => e.querySelectorAll('.mopen').length - e.querySelectorAll('.mclose').length;
  article.querySelectorAll('div.arithmatex').forEach((box, index) => {
    if (!shows(box)) return;
    const inside = [];
    for (const html of box.querySelectorAll('.katex-html')) {
      let level = 0, previous = null;
      for (const base of html.querySelectorAll(':scope > :is(.base, .katex-base)')) {
        const r = base.getBoundingClientRect();
        if (previous && r.top >= previous.bottom - 2 && level > 0) inside.push(base.textContent.slice(0, 24));
        level += depth(base);
        previous = r;
      }
    }
    out.displays.push({ index, height: box.getBoundingClientRect().height, breaksInside: inside,
                        tex: (box.querySelector('annotation') || box).textContent.replace(/\s+/g, ' ').trim().slice(0, 60) });
  });
  const scrollers = article.querySelectorAll(
    'div.arithmatex, .arithmatex--wide, .md-typeset__scrollwrap, pre > code, .highlight-ipynb, .jp-OutputArea-output pre');
  for (const s of scrollers) {
    if (!shows(s) || s.scrollWidth <= s.clientWidth + 1) continue;
    const style = getComputedStyle(s);
    const what = `${s.tagName.toLowerCase()}.${[...s.classList].slice(0, 2).join('.')}: `
      + s.textContent.replace(/\s+/g, ' ').trim().slice(0, 50);
    if (s.tabIndex < 0) out.problems.push(`scrolls sideways without a keyboard stop: ${what}`);
    if (!(s.getAttribute('aria-label') || '').trim()) out.problems.push(`scrolls sideways without a name: ${what}`);
    if (!(/gradient/.test(style.backgroundImage) && /local/.test(style.backgroundAttachment)))
      out.problems.push(`scrolls sideways without a cue at the edge: ${what}`);
  }
  const outputs = [...article.querySelectorAll('div.language-text > pre > code')].filter(shows);
  out.outputs = outputs.length;
  for (const output of outputs)
    if (getComputedStyle(output).whiteSpace !== 'pre')
      out.problems.push(`an output wraps its lines (its columns break): ${output.textContent.trim().slice(0, 50)}`);
  const body = [...article.querySelectorAll(':scope > p')].map((p) => getComputedStyle(p).fontSize)[0];
  for (const box of article.querySelectorAll(':is(.admonition, details):is(.abstract, .success) > p:not(.admonition-title)'))
    if (body && shows(box) && getComputedStyle(box).fontSize !== body)
      out.problems.push(`a theorem or result box at ${getComputedStyle(box).fontSize}, the text at ${body}: `
        + box.textContent.trim().slice(0, 50));
  return out;
}"""
# Every wait inside a page is bounded (WAIT_MS, FONTS_READY: benchmarks/_read_through.py).
# Resized in the same visit: wait until the page has re-marked what scrolls (overrides/main.html, on resize).
SETTLED = r"""async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const start = performance.now();
  while (document.documentElement.dataset.scrollables !== 'marked') {
    if (performance.now() - start > WAIT_MS)
      throw new Error(`${location.pathname}: scrollable blocks not marked after WAIT_MS ms`
                      + ` (data-scrollables is ${document.documentElement.dataset.scrollables})`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return document.documentElement.scrollWidth - document.documentElement.clientWidth;
}""".replace("WAIT_MS", str(WAIT_MS))
# On paper every folded block shows its content, even one left closed (Material's script opens them for printing;
# extra.css shows them without it): each is closed, looked at, and put back.
FOLDED_ON_PAPER = r"""() => [...document.querySelectorAll('article details')].filter((fold) => {
    const open = fold.open;
    fold.open = false;
    const hidden = [...fold.children].some((c) => c.tagName !== 'SUMMARY' && !c.checkVisibility());
    fold.open = open;
    return hidden;
  }).map((fold) => `a folded block does not print open: ${fold.textContent.trim().slice(0, 60)}`)"""
# A link into a folded block opens it (Material's details component does, and Chromium's fragment navigation): the
# first closed block of the page gets a target inside it, the address that fragment; then all is put back.
LINK_INTO_FOLD = r"""async () => {
  const fold = document.querySelector('article details:not([open])');
  const inside = fold && [...fold.children].find((c) => c.tagName !== 'SUMMARY');
  if (!inside) return [];
  const id = inside.id;
  inside.id = 'layout-test-fold-target';
  const changed = await new Promise((done) => {
    addEventListener('hashchange', () => setTimeout(() => done(true), 0), { once: true });
    setTimeout(() => done(false), WAIT_MS);
    location.hash = '#layout-test-fold-target';
  });
  const opened = fold.open;
  fold.open = false;
  inside.id = id;
  if (!id) inside.removeAttribute('id');
  history.replaceState(null, '', location.pathname + location.search);
  window.scrollTo(0, 0);
  if (!changed) return [`the address's fragment changed and no hashchange came within WAIT_MS ms`];
  return opened ? [] : [`a link into a folded block leaves it closed: ${fold.textContent.trim().slice(0, 60)}`];
}""".replace("WAIT_MS", str(WAIT_MS))


# Every layout shift of a page as it loads (what Lighthouse adds up as cumulative layout shift), recorded from the
# end of parsing (the moment the deferred scripts, Material's bundle and ours, start): the element that moved, from
# where to where. What moves while the parser still runs is left out: the parser pauses to paint where the CPU's
# time runs out (a loaded machine painted beyond.html's navigation half-parsed once), so it differs from run to run.
SHIFTS = r"""
window.peShifts = [];
(() => {
  let parsed = Infinity;
  document.addEventListener('readystatechange', () => { if (parsed === Infinity) parsed = performance.now(); });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) for (const source of entry.sources) {
      if (entry.startTime < parsed) continue;
      const node = source.node, box = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      const name = !node ? '(gone)' : node.nodeType === 1 ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
        : `text "${node.textContent.trim().slice(0, 40)}"`;
      const element = node && (node.nodeType === 1 ? node : node.parentElement);
      const where = element && element.closest('article') ? 'text' : 'theme';
      window.peShifts.push(`${where}: ${name} moved from ${box(source.previousRect)} to ${box(source.currentRect)} (${entry.value.toFixed(4)})`);
    }
  }).observe({type: 'layout-shift', buffered: true});
  // The races a page can lose on a loaded machine, which move its lines without our code or CSS moving anything:
  // a web font (KaTeX's) that finished loading after the first paint lays its lines out again, and a page painted
  // before the parser finished (it pauses where the CPU's time runs out: once in a table's header row, the body not
  // yet parsed) moves what the rest of the parse widens, in the first frame after it ends, which the record keeps.
  // The first paint is timed when the main thread painted (paintTime), not when the frame reached the screen
  // (startTime, tens of milliseconds later on a loaded machine): a paint in the middle of a table whose frame was
  // shown after the parse ended looked like no race (CI, variants/seeds.html at 1300 px: its third column 25 px
  // further left in the frame painted with the table's body only partly parsed).
  const fontsDone = [];
  document.fonts.addEventListener('loadingdone', () => fontsDone.push(performance.now()));
  window.peRaces = () => {
    const paint = performance.getEntriesByName('first-paint')[0], races = [];
    const painted = paint && (paint.paintTime ?? paint.startTime);
    if (fontsDone.some((t) => !paint || t > painted)) races.push('a web font arrived after the first paint');
    if (paint && painted < parsed) races.push('the page painted before it was parsed');
    return races;
  };
})();
"""


@dataclass
class Seen:
    """One page in one view, as the sweep below saw it."""

    problems: list[str]  # what is cut off or not laid out, and code blocks a reader sees without their buttons
    figures: list[tuple[Path, float, str]]  # (SVG file, displayed width in CSS px, alt) of every SVG figure shown
    boxes: list[tuple[dict, dict]]  # (before it loads, once loaded) of every figure: src, width, height, loaded
    offline: list[str]  # what went wrong with the network cut off: console errors, math, fonts, images
    external: list[str]  # requests that tried to leave the machine (refused)
    reader: dict  # what a learner meets on a screen (READER; overflow at the PHONE_RANGE widths too); {} on paper
    folds: list[str]  # folded blocks that stay closed on paper, or when a link points into them (1300 px)
    shifts: list[str]  # layout shifts from the end of parsing until the page is laid out (before reading through)
    races: list[str] = field(default_factory=list)  # races it lost that move lines by themselves (window.peRaces)


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


def sweep(browser, site_url, built_site, width, media="screen") -> dict[str, Seen]:
    """Every page in this view, loaded and read through once, with the network cut off: each view is visited once,
    for every test of this file that looks at it, however the call spells the view (a cache keyed on the arguments
    as given took `sweep(..., 390)` and `sweep(..., 390, "screen")` for two views and swept twice, 60 s a run)."""
    return _swept(browser, site_url, built_site, width, media)


@functools.cache
def _swept(browser, site_url, built_site, width, media) -> dict[str, Seen]:
    return visit_every_page(browser, site_url, built_site, width, media)


def visit_every_page(browser, site_url, built_site, width, media) -> dict[str, Seen]:
    context = browser.new_context(viewport={"width": width, "height": SCREEN_HEIGHT.get(width, 900)})
    context.add_init_script(SHIFTS)
    offline = OfflinePage(context)
    page = offline.page
    page.emulate_media(media=media)
    seen = {}
    try:
        for path in site_pages(built_site):
            offline.console_errors.clear()
            offline.external.clear()
            page.goto(f"{site_url}/{path}", wait_until="load")
            page.evaluate(FONTS_READY)
            before = page.evaluate(BOXES)
            page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
            problems = [f"still not laid out after load: {s}" for s in page.evaluate(STILL_SKIPPED)]
            shifts = page.evaluate("window.peShifts") if media == "screen" else []
            races = page.evaluate("window.peRaces()")
            read_through(page)  # lazily loaded: a figure picks its version when it loads; Material adds code buttons
            page.evaluate(SETTLED)  # the blocks the buttons made wider are measured again (overrides/main.html)
            if media == "screen":
                problems += page.evaluate(NO_COPY_BUTTON)
            problems += page.evaluate(MEASURE)
            figures = [(figure_file(built_site, img["src"]), img["width"], img["alt"]) for img in page.evaluate(SHOWN)]
            offline_seen = offline_problems(page.evaluate(PAGE_STATE), offline.console_errors)
            boxes = list(zip(before, page.evaluate(BOXES), strict=True))
            reader, folds = {}, []
            if media == "screen":
                reader = page.evaluate(READER)
            if width == PHONE and media == "screen":  # the same visit laid out at the narrowest and widest phones
                for narrow_or_wide in PHONE_RANGE:
                    page.set_viewport_size({"width": narrow_or_wide, "height": SCREEN_HEIGHT[PHONE]})
                    reader[f"overflow {narrow_or_wide}"] = page.evaluate(SETTLED)
                page.set_viewport_size({"width": PHONE, "height": SCREEN_HEIGHT[PHONE]})
                page.evaluate(SETTLED)
            elif width == DESKTOP and media == "screen":
                folds = page.evaluate(LINK_INTO_FOLD)
            elif media == "print":
                folds = page.evaluate(FOLDED_ON_PAPER)
            seen[path] = Seen([f"{media} {width} px {path}: {p}" for p in problems], figures, boxes,
                              [f"{media} {width} px {path}: {p}" for p in offline_seen], list(offline.external),
                              reader, [f"{media} {width} px {path}: {p}" for p in folds],
                              [f"{media} {width} px {path}: {p}" for p in shifts], races)
    finally:
        context.close()
    return seen


def test_each_view_is_swept_once(monkeypatch):
    """However a test spells the view, the pages are visited once per view."""
    visits = []
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "visit_every_page", lambda *view: visits.append(view) or {})
    monkeypatch.setattr(here, "_swept", functools.cache(lambda *view: visit_every_page(*view)))  # an empty cache
    for spelling in [(PHONE,), (PHONE, "screen"), (A4_WIDTH, "print"), (A4_WIDTH, "print"), (DESKTOP,)]:
        sweep("browser", "url", "site", *spelling)
    assert visits == [("browser", "url", "site", PHONE, "screen"), ("browser", "url", "site", A4_WIDTH, "print"),
                      ("browser", "url", "site", DESKTOP, "screen")]


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


# --- read on a phone: the phone craft on every page, the reader-first limits on the restructured ones ----------------


def readers(browser, site_url, built_site, width) -> dict[str, dict]:
    return {path: seen.reader for path, seen in sweep(browser, site_url, built_site, width).items()}


def test_no_page_is_wider_than_a_phone(browser, built_site, site_url):
    """From the narrowest phone to the widest (320 to 430 px), no page scrolls sideways: a wide table, output or
    formula scrolls in its own box (beyond.html overflowed by 38 px at 390 px: an inline tuple that cannot break)."""
    problems = [f"{path} is {r[key]} px wider than the screen at {key.removeprefix('overflow').strip() or PHONE} px"
                for path, r in readers(browser, site_url, built_site, PHONE).items()
                for key in ("overflow", *(f"overflow {w}" for w in PHONE_RANGE)) if r[key] > LIMITS["overflow_px"]]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_what_scrolls_sideways_shows_it_and_takes_the_keyboard(browser, built_site, site_url, width):
    """A display, table, output or notebook line that scrolls sideways is a keyboard stop with a name and shows a
    shadow at the edge with more behind it; an output keeps its columns (it scrolls, never wraps: the 6 x 6 M_2 of
    linearity stays block-diagonal); theorem and result boxes are at the text's size."""
    seen = readers(browser, site_url, built_site, width)
    assert sum(r["outputs"] for r in seen.values()) >= 30, "too few outputs found: is `.language-text` gone?"
    problems = [f"{width} px {path}: {p}" for path, r in seen.items() for p in r["problems"]]
    assert not problems, f"{len(problems)} found:\n" + "\n".join(problems)


def test_displays_break_only_between_terms_and_at_most_3x_taller_on_a_phone(browser, built_site, site_url):
    """Material's `width: min-content` broke every display at every operator on a phone (7 lines for ω_i's
    definition, a break inside "PE(p, 2i + 1)"): a display breaks where its line is full, between top-level terms,
    never inside a bracket, and is at most LIMITS["display_ratio"] times as tall as on the desktop."""
    phone, desktop = readers(browser, site_url, built_site, PHONE), readers(browser, site_url, built_site, DESKTOP)
    problems, compared = [], 0
    for path, seen in phone.items():
        wide = {d["index"]: d for d in desktop[path]["displays"]}
        for display in seen["displays"]:
            if display["breaksInside"]:
                problems.append(f"{path}: {display['tex']!r} breaks inside a bracket before {display['breaksInside']}")
            if display["index"] in wide and wide[display["index"]]["height"]:
                compared += 1
                ratio = display["height"] / wide[display["index"]]["height"]
                if ratio > LIMITS["display_ratio"]:
                    problems.append(f"{path}: {display['tex']!r} is {ratio:.1f} x as tall at {PHONE} px "
                                    f"({display['height']:.0f} px) as at {DESKTOP} px")
    assert compared >= 20, f"only {compared} displays compared: are the displays found?"
    assert not problems, "\n".join(problems)


def test_folded_blocks_print_open_and_open_for_a_link(browser, built_site, site_url):
    """Printed on A4, every folded block (`???`, <details>) is open, even without a script; a link into a folded
    block opens it (tried on the first folded block of every page that has one)."""
    paper = sweep(browser, site_url, built_site, A4_WIDTH, "print")
    screen = sweep(browser, site_url, built_site, DESKTOP)
    problems = [p for seen in (*paper.values(), *screen.values()) for p in seen.folds]
    assert not problems, "\n".join(problems)


def reader_first_table(phone: dict[str, dict]) -> tuple[str, dict[str, list[str]]]:
    """The reader-first measurements of every explanation page as a Markdown table, and each page's broken limits."""
    rows = ["| page | screens (limit) | key figure at screen | code share | test names on screen 1 | limits broken |",
            "|---|---|---|---|---|---|"]
    broken: dict[str, list[str]] = {}
    for path in EXPLANATION:
        if path not in phone:
            continue
        r = phone[path]
        cap = LIMITS["screens"].get(path, LIMITS["screens_other"])
        out = []
        if r["screens"] > cap:
            out.append(f"{r['screens']:.1f} screens > {cap}")
        if r["figure"] is None or r["figure"] > LIMITS["figure_screen"]:
            out.append(f"no key figure in the first {LIMITS['figure_screen']:g} screens")
        if r["code"] > LIMITS["code_share"]:
            out.append(f"code {r['code']:.0%} > {LIMITS['code_share']:.0%}")
        if len(r["testNames"]) > LIMITS["test_names_first_screen"]:
            out.append(f"test names on the first screen: {sorted(set(r['testNames']))}")
        broken[path] = out
        figure = "none" if r["figure"] is None else f"{r['figure']:.1f}"
        rows.append(f"| {path}{' (enforced)' if path in READER_FIRST else ''} | {r['screens']:.1f} ({cap}) | {figure} "
                    f"| {r['code']:.0%} | {len(r['testNames'])} | {'; '.join(out) or 'none'} |")
    return "\n".join(rows), broken


def test_reader_first_pages_meet_their_limits(browser, built_site, site_url):
    """At 390 x 844 with folded blocks closed, the pages of READER_FIRST keep to LIMITS: screens tall, the key figure
    within the first two screens, code at most a fifth of the page, no test name on the first screen. Every other
    explanation page is measured and reported (printed; `pytest -rP` shows it): what is left to restructure."""
    phone = readers(browser, site_url, built_site, PHONE)
    table, broken = reader_first_table(phone)
    print(f"Reader-first limits at {PHONE} x {SCREEN_HEIGHT[PHONE]} (LIMITS in tests/test_layout.py):\n{table}")
    assert READER_FIRST <= set(EXPLANATION), f"not an explanation page: {READER_FIRST - set(EXPLANATION)}"
    assert READER_FIRST == set(EXPLANATION), f"explanation pages not held to the limits: {set(EXPLANATION) - READER_FIRST}"
    assert set(EXPLANATION) <= set(phone), f"explanation pages not built: {set(EXPLANATION) - set(phone)}"
    failing = {path: broken[path] for path in sorted(READER_FIRST) if broken[path]}
    assert not failing, f"pages of READER_FIRST break their limits: {failing}\n{table}"


@pytest.mark.parametrize("width", WIDTHS)
def test_orientation_pages_show_their_picture_on_the_first_screen(browser, built_site, site_url, width):
    """The guided tour (where "New here?" sends a reader) and the explorer show their first picture on the first
    screen of a phone (390 x 844) and of a desktop (1300 x 900): at least LIMITS["picture_first_screen_px"] of it, or
    all of it (the tour's first picture was at 1.5 phone screens, behind a code block; the explorer's first chart at
    1.86)."""
    seen = readers(browser, site_url, built_site, width)
    problems = []
    for path, least in LIMITS["picture_first_screen_px"].items():
        r = seen[path]
        shown, height = r.get("figureFirstScreen", 0), r.get("figureHeight", 0)
        if r["figure"] is None or shown < min(least, height):
            where = "no picture" if r["figure"] is None else f"the first picture starts at screen {r['figure']:.2f}"
            problems.append(f"{width} px {path}: {where}, {shown:.0f} px of it on the first screen (limit {least})")
    assert not problems, "\n".join(problems)


# --- figures: their text reads at 9 px in every view, and they hold their box before they load -----------------------

# --- figures: their text reads at 11 px in every view, and they hold their box before they load ----------------------

# Figures that fall short of pelib.figures' 11 px type until the lead re-runs a benchmark or an experiment (name: why).
# None now: their figures are page scripts that draw from the saved results (snippets/evidence/*.py,
# snippets/performance/timings.py), which a plain regen redraws. One stays listed only while it falls short (the test
# says when to take one off).
AWAITING_BENCH: dict[str, str] = {}
VIEWS = [(390, "screen"), (1300, "screen"), (A4_WIDTH, "print")]


def shown_figures(browser, site_url, built_site, width, media):
    """(page, SVG file, displayed width in CSS px, alt) of every SVG figure of every page in this view."""
    return [(path, *figure) for path, seen in sweep(browser, site_url, built_site, width, media).items()
            for figure in seen.figures]


@pytest.mark.parametrize(("width", "media"), VIEWS, ids=[f"{w}px-{m}" for w, m in VIEWS])
def test_figure_text_reads_at_min_text_px(browser, built_site, site_url, width, media):
    """The browser says which SVG each `<img>` shows (a `<picture>` picks the narrow version on a phone) and how wide
    it shows it; the SVG says its smallest glyph's size (tests/svgtext.py: a log axis's exponent at its own 70 %) and
    its viewBox width; the displayed size is their product."""
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


def shifts_of_another_visit(browser, site_url, path, width) -> tuple[list[str], list[str]]:
    """Load one page again as the sweep does, in a context of its own that has loaded it once already (as the
    sweep's context has loaded other pages: a first load in a new context paints later, and hides shifts the sweep
    sees); return (its layout shifts, the races it lost that move lines by themselves)."""
    context = browser.new_context(viewport={"width": width, "height": SCREEN_HEIGHT.get(width, 900)})
    context.add_init_script(SHIFTS)
    page = OfflinePage(context).page
    try:
        for _ in range(2):
            page.goto(f"{site_url}/{path}", wait_until="load")
            page.evaluate(FONTS_READY)
        page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
        shifts = [f"screen {width} px {path}: {shift}" for shift in page.evaluate("window.peShifts")]
        return shifts, page.evaluate("window.peRaces()")
    finally:
        context.close()


VISITS = 3  # a page that moves, having lost a race (window.peRaces) each time, moves on this many visits


@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_moves_while_a_page_loads(browser, built_site, site_url, width):
    """No layout shift from the end of parsing until the page has laid out its deferred blocks, Material's
    deferred start-up included (it shows the search box: the palette toggle shown before it moved aside on every
    page, a shift Lighthouse counted), on a phone and on a desktop, in the theme's parts and in the text (the
    widgets' captions, written after the first paint, moved the text below them by 58 px at 1300 px on base and
    linearity: explorer.css keeps their lines).

    On a loaded machine a page can lose a race that moves its lines with no help from our code or CSS: a KaTeX font
    (preloaded by overrides/main.html) still arrives after the first paint (seen once: evidence/shift-matrix.html,
    inline formulas 4 to 38 px wider), or the parser pauses to paint in the middle of a table and the rest of its
    rows widen its first column (seen once in CI: evidence/add-or-concatenate.html at 1300 px, a header cell moved
    89 px right). When a page that moved lost such a race, it is loaded again, up to VISITS times in all: a shift
    our code or CSS makes comes back on every visit, a race lost once does not. A shift with no race lost fails at
    once."""
    moved = {}
    for path, seen in sweep(browser, site_url, built_site, width).items():
        shifts, races, visits = seen.shifts, seen.races, 1
        while shifts and races and visits < VISITS:
            shifts, races = shifts_of_another_visit(browser, site_url, path, width)
            visits += 1
        if shifts:
            lost = f" (races lost: {'; '.join(races)})" if races else " (no race lost)"
            moved[path] = [f"(visit {visits}) {shift}{lost}" for shift in shifts]
    assert not moved, "\n".join(shift for shifts in moved.values() for shift in shifts)


# A first paint that the main thread made before the parse ended and the screen showed after it (the frame waits for
# the compositor): its paintTime and its startTime stand either side of the end of parsing.
SHOWN_LATE = r"""() => {
  const real = performance.getEntriesByName.bind(performance);
  performance.getEntriesByName = (name, ...rest) => name === 'first-paint'
    ? [{ name, startTime: performance.now() + 1e6, paintTime: 0 }] : real(name, ...rest);
  return window.peRaces();
}"""


def test_a_paint_shown_after_the_parse_still_counts_as_painted_before_it(browser):
    """The race is timed when the main thread painted (paintTime), not when the frame reached the screen
    (startTime): CI's variants/seeds.html at 1300 px was painted partway through its first table's body and shown
    after the parse ended, and the shift it then made was failed as 'no race lost' (seen red with startTime)."""
    context = browser.new_context()
    context.add_init_script(SHIFTS)
    page = context.new_page()
    try:
        page.goto("data:text/html,<p>one paragraph</p>", wait_until="load")  # parsed: readystatechange came
        assert page.evaluate("document.readyState") == "complete"
        assert "the page painted before it was parsed" in page.evaluate(SHOWN_LATE)
    finally:
        context.close()


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
