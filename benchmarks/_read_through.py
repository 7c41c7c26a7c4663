"""Scrolling through a built page as a reader does, shared by the browser tests (tests/conftest.py) and
scripts/screenshots.py. Kept out of _site_audit.py, which the budget benchmarks import: a change here does not make
their reports stale."""

# A page is not all there until a reader scrolls through it: figures load lazily (scripts/figures_hook.py), math
# fonts are fetched when the formulas that use them are drawn, and Material adds a code block's buttons when it first
# comes into view (content.lazy). This scrolls
# down a screen at a time, then to each figure in turn until it has loaded (or failed: the caller's checks report it),
# waits for the fonts, and goes back to the top. Each wait is bounded (Playwright's evaluate has none): one that runs
# out fails, naming the page and what did not come, instead of hanging the run.
READ_THROUGH = r"""async () => {
  const within = (promise, ms, what) => {
    let timer;
    const late = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${location.pathname}: ${what} did not come within ${ms} ms`)), ms);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  };
  const frame = () => within(new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))), 10000,
                             'a frame');
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
  await within(document.fonts.ready, 20000, 'the web fonts');
}"""


def read_through(page) -> None:
    """Scroll through the page as a reader does, so that all of it is laid out and loaded (see READ_THROUGH)."""
    page.evaluate(READ_THROUGH)
