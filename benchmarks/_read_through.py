"""Scrolling through a built page as a reader does, shared by the browser tests (tests/conftest.py) and
scripts/screenshots.py. Kept out of _site_audit.py, which the budget benchmarks import: a change here does not make
their reports stale."""

# A page is not all there until a reader scrolls through it: figures load lazily (scripts/figures_hook.py), math
# fonts are fetched when the formulas that use them are drawn, and Material adds a code block's buttons when it first
# comes into view (content.lazy). This scrolls
# down a screen at a time, then to each figure in turn until it has loaded (or failed: the caller's checks report it),
# waits for the fonts, and goes back to the top.
READ_THROUGH = r"""async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
    window.scrollTo(0, y);
    await frame();
  }
  const settled = (img) => img.complete && (img.naturalWidth > 0 || img.currentSrc !== '');
  for (const img of document.querySelectorAll('article img')) {
    img.scrollIntoView({ block: 'center' });
    const start = performance.now();
    while (!settled(img) && performance.now() - start < 10000) await new Promise((r) => setTimeout(r, 25));
  }
  window.scrollTo(0, 0);
  await frame();
  await document.fonts.ready;
}"""


def read_through(page) -> None:
    """Scroll through the page as a reader does, so that all of it is laid out and loaded (see READ_THROUGH)."""
    page.evaluate(READ_THROUGH)
