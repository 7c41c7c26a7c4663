"""Scrolling through a built page as a reader does, shared by the browser tests (tests/conftest.py) and
scripts/screenshots.py. Kept out of _site_audit.py, which the budget benchmarks import: a change here does not make
their reports stale."""

# A page is not all there until a reader scrolls through it: figures load lazily (scripts/figures_hook.py), and
# Material adds a code block's buttons when it first comes into view (content.lazy, the only part of its bundle that
# waits for the screen). The web fonts do not wait for the screen: they are fetched when the formulas that use them
# are laid out, and the page lays out every block after load (overrides/main.html). So this brings each code block
# still without its buttons onto the screen for a frame, then each figure in turn until it has loaded (or failed: the
# caller's checks report it), waits for the fonts, and goes back to the top. (A screen at a time, all the way down,
# ends with the same buttons and figures and costs more: over the site, 14 s of wall and 9 s of CPU at 390 px against
# 4.4 s and 4.5 s now, 10 s and 9 s at 1300 px against 4 s and 5 s.) Each wait is bounded (Playwright's evaluate has
# none): one that runs out fails, naming the page and what did not come, instead of hanging the run.
WAIT_MS = 20_000  # the longest a page is waited for, here and in the browser tests' own waits (tests/conftest.py)
# A promise raced against a timer: the page's name and what did not come if the timer wins.
WITHIN = r"""(promise, ms, what) => {
    let timer;
    const late = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${location.pathname}: ${what} did not come within ${ms} ms`)), ms);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  }"""
# The web fonts, bounded the same way: for the tests that wait for them without reading through.
FONTS_READY = f"() => ({WITHIN})(document.fonts.ready.then(() => null), {WAIT_MS}, 'the web fonts')"
READ_THROUGH = r"""async () => {
  const within = WITHIN;
  const frame = () => within(new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))), 10000,
                             'a frame');
  for (const code of document.querySelectorAll('article pre > code')) {
    // one that has its buttons has been on screen; one in a closed fold or a hidden tab gets them when it is opened
    if (code.parentElement.querySelector('.md-code__nav') || !code.checkVisibility()) continue;
    code.parentElement.scrollIntoView({ block: 'start' });
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
  await within(document.fonts.ready, WAIT_MS, 'the web fonts');
}""".replace("WITHIN", WITHIN).replace("WAIT_MS", str(WAIT_MS))


def read_through(page) -> None:
    """Scroll through the page as a reader does, so that all of it is laid out and loaded (see READ_THROUGH)."""
    page.evaluate(READ_THROUGH)
