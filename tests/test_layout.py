"""Nothing is cut off: every display formula, figure, table and code block measured in Chromium at 390 and 1300 px.

A display formula must fit its column (no hidden part, no scrolling: a reader who does not know it scrolls loses
its end). A table or code block may scroll sideways only where the reader can see and reach it: a visible scroll
region that takes keyboard focus. A figure fits its column. No element pushes the page wider than the screen.
"""

from __future__ import annotations

import pytest
from conftest import read_through

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


def measure(browser, site_url, pages, width, media="screen"):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.emulate_media(media=media)
    problems = []
    try:
        for path in pages:
            page.goto(f"{site_url}/{path}", wait_until="load")
            page.evaluate("document.fonts.ready")
            page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
            skipped = page.evaluate(STILL_SKIPPED)  # extra.css skips blocks only until the page has loaded
            problems += [f"{media} {width} px {path}: still not laid out after load: {s}" for s in skipped]
            if media == "screen":  # Material adds the buttons as the reader scrolls to each block
                read_through(page)
                problems += [f"{media} {width} px {path}: {p}" for p in page.evaluate(NO_COPY_BUTTON)]
            problems += [f"{media} {width} px {path}: {p}" for p in page.evaluate(MEASURE)]
    finally:
        context.close()
    return problems


@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_is_cut_off(browser, built_site, site_url, width):
    problems = measure(browser, site_url, site_pages(built_site), width)
    assert not problems, f"{len(problems)} clipped:\n" + "\n".join(problems)


def test_nothing_is_cut_off_on_a4_paper(browser, built_site, site_url):
    """Printed to A4 (210 mm less 10 mm margins each side: 718 CSS px), with the print stylesheet."""
    problems = measure(browser, site_url, site_pages(built_site), A4_WIDTH, media="print")
    assert not problems, f"{len(problems)} clipped:\n" + "\n".join(problems)


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
