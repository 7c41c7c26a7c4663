"""The built site in a real browser (Playwright + Debian's headless Chromium) with the network cut off.

Math is typeset at build time, also in the notebook. Search finds a word from a page, and its index loads only when
a reader reaches for search. The offline bundle (`make bundle`), unzipped, works from file:// as on a laptop with no
network: every page, search, the explorer and the notebook download. Every page served over http, with no request
leaving the machine, is tests/test_layout.py's (one visit of each page per view serves all its checks).
"""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import FONTS_READY, ROOT, OfflinePage, offline_problems, read_through, site_audit
from conftest import PAGE_STATE as STATE

sys.path.insert(0, str(ROOT / "scripts"))
import bundle  # noqa: E402  (scripts/bundle.py: what `make bundle` runs)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def site_pages(site: Path) -> list[str]:
    return site_audit.site_pages(site, with_404=False)


def test_math_is_typeset_on_the_reference_page(site_url, offline_page):
    offline_page.page.goto(f"{site_url}/reference.html", wait_until="networkidle")
    state = offline_page.page.evaluate(STATE)
    assert state["math"] >= 3 and state["typeset"] == state["math"]


def test_notebook_math_is_typeset(built_site, site_url, offline_page):
    notebooks = [p for p in site_pages(built_site) if p.startswith("notebooks/")]
    assert notebooks, "no notebook page was built"
    for path in notebooks:
        offline_page.page.goto(f"{site_url}/{path}", wait_until="networkidle")
        state = offline_page.page.evaluate(STATE)
        assert state["notebookMath"] > 0 and not state["untypeset"] and not state["errors"], (path, state)


# Counts the times a page sets `data-md-color-switching` (the attribute that holds every colour transition off while
# the palette switches): set before the page's first script runs.
SWITCHES = """
  window.peSwitches = 0;
  new MutationObserver((records) => {
    for (const r of records) if (r.target.hasAttribute('data-md-color-switching')) window.peSwitches++;
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-md-color-switching']});
"""
PALETTE = """() => ({
  scheme: document.body.getAttribute('data-md-color-scheme'),
  shown: [...document.querySelectorAll('form[data-pe-palette] label')].filter((l) => !l.hidden).map((l) => l.title),
  stored: (__md_get('__palette') || {index: null}).index,
  switches: window.peSwitches,
  themeColor: document.querySelector('meta[name=theme-color]').content,
  colorScheme: document.querySelector('meta[name=color-scheme]').content,
})"""


@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_palette_follows_the_system_switches_and_remembers(site_url, browser, system):
    """The palette toggle (ours, overrides/partials/javascripts/palette.html): a page opens in the palette the
    reader's system asks for, showing the toggle to the other one, with nothing stored and without re-setting the
    palette once the page has loaded (Material's own component set it again at start-up, and the style
    recalculation of the whole page that followed was most of its start-up's blocking time). A click on the toggle
    switches, keeps the choice for the next page; Enter on the toggle switches back."""
    context = browser.new_context(color_scheme=system)
    try:
        page = OfflinePage(context).page
        page.add_init_script(SWITCHES)
        page.goto(f"{site_url}/index.html", wait_until="load")
        page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'")  # the bundle has run
        light, dark = ({"scheme": "default", "shown": ["Switch to dark mode"], "colorScheme": "light"},
                       {"scheme": "slate", "shown": ["Switch to light mode"], "colorScheme": "dark"})
        start, other = (light, dark) if system == "light" else (dark, light)
        state = page.evaluate(PALETTE)
        assert state | start == state and state["stored"] is None and state["switches"] == 0, state
        assert re.fullmatch(r"#[0-9a-f]{6}", state["themeColor"]), state
        page.locator("form[data-pe-palette] label:not([hidden])").click()
        page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
        state = page.evaluate(PALETTE)
        assert state | other == state and state["stored"] == ["light", "dark"].index(system) ^ 1, state
        assert state["switches"] == 1, state
        page.goto(f"{site_url}/formula.html", wait_until="load")
        state = page.evaluate(PALETTE)
        assert state | other == state and state["switches"] == 0, state
        page.locator("form[data-pe-palette] input:checked").focus()
        page.keyboard.press("Enter")
        assert page.evaluate(PALETTE) | start == page.evaluate(PALETTE)
    finally:
        context.close()


def search(page, query: str) -> list[str]:
    page.keyboard.press("/")  # Material's shortcut opens the search box, as a reader would
    page.locator("input.md-search__input").press_sequentially(query)
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    return page.locator(".md-search-result__item").all_inner_texts()


def test_search_finds_a_word_from_a_page(site_url, offline_page):
    offline_page.page.goto(f"{site_url}/index.html", wait_until="networkidle")
    results = search(offline_page.page, "persistent")
    assert any("reference implementation" in r.lower() for r in results), results
    assert not offline_page.external


def index_requests(page) -> list[str]:
    return [url for url in page.requests if "search_index" in url]


def test_the_search_index_loads_when_a_reader_reaches_for_search(site_url, offline_page):
    """A page load leaves the search index (every page's text) alone; pointing at or clicking the search button
    requests it, and the search finds a word; a page opened from a result (?h=) requests it at once to highlight."""
    page = offline_page.page
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))
    page.set_viewport_size({"width": 390, "height": 800})  # a phone: search is a button in the header
    page.goto(f"{site_url}/index.html", wait_until="networkidle")
    page.wait_for_timeout(500)
    assert not index_requests(page), page.requests
    page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").press_sequentially("persistent")
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    assert len(index_requests(page)) == 1, page.requests
    assert any("reference implementation" in r.lower() for r in page.locator(".md-search-result__item").all_inner_texts())
    page.requests.clear()
    page.goto(f"{site_url}/reference.html?h=persistent", wait_until="networkidle")
    assert len(index_requests(page)) == 1, page.requests
    page.wait_for_selector("article mark", timeout=15000)  # search.highlight marks the term on the page


@pytest.fixture(scope="module")
def unzipped(built_site, tmp_path_factory) -> Path:
    """The offline bundle of `make bundle` (the built site zipped by scripts/bundle.py), unzipped into a temporary
    folder as a reader would: the folder the zip holds."""
    folder = tmp_path_factory.mktemp("bundle")
    archive = bundle.zip_site(built_site, folder / "site.zip")
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder / "unzipped")
    return folder / "unzipped" / bundle.FOLDER


def test_every_page_of_the_unzipped_bundle_works_from_file_urls(unzipped, offline_page):
    """From file:// after unzipping, the checks of a served page (tests/test_layout.py) but the preloads: every formula
    typeset at build time in KaTeX's fonts, every figure shown, no console error."""
    problems = []
    pages = site_pages(unzipped)
    assert "index.html" in pages and "explorer.html" in pages
    for path in pages:
        offline_page.console_errors.clear()
        offline_page.page.goto((unzipped / path).as_uri(), wait_until="load")
        # The page has laid out its deferred blocks (overrides/main.html, after load); the reading-through then waits
        # for each figure and the fonts. (Waiting for the network to be idle cost half a second a page, 16 s a run.)
        offline_page.page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
        read_through(offline_page.page)
        state = offline_page.page.evaluate(STATE)
        problems += [f"{path} from file://: {p}" for p in offline_problems(state, offline_page.console_errors,
                                                                           preloads=False)]
    assert not offline_page.external, f"requests that tried to leave the machine: {offline_page.external}"
    assert not problems, "\n".join(problems)


def test_search_works_in_the_unzipped_bundle(unzipped, offline_page):
    offline_page.page.goto((unzipped / "index.html").as_uri(), wait_until="load")
    offline_page.page.wait_for_load_state("networkidle")
    state = offline_page.page.evaluate(STATE)
    assert state["math"] >= 1 and state["typeset"] == state["math"] and state["images"] >= 1
    results = search(offline_page.page, "persistent")
    assert any("reference implementation" in r.lower() for r in results), results
    assert not offline_page.external, offline_page.external
    assert not offline_page.console_errors, offline_page.console_errors


def test_explorer_computes_in_the_unzipped_bundle(unzipped, offline_page):
    """The explorer's script runs from file:// and draws its charts for the settings a reader types."""
    page = offline_page.page
    page.goto((unzipped / "explorer.html").as_uri(), wait_until="load")
    page.wait_for_function("window.peExplorer && window.peExplorer.settings() !== null")
    field = page.locator("#pe-d-model")
    field.click()
    field.press("Control+a")
    field.press_sequentially("16")
    field.press("Tab")
    assert page.evaluate("window.peExplorer.settings()")["d_model"] == 16
    assert page.locator("#pe-explorer").get_attribute("data-valid") == "true"
    assert len(page.evaluate("window.peExplorer.row(0)")) == 16
    assert page.locator("#pe-curves path, #pe-curves polyline").count() > 0, "no curve drawn"
    assert not offline_page.external and not offline_page.console_errors, (offline_page.external,
                                                                           offline_page.console_errors)


def test_notebook_downloads_from_the_unzipped_bundle(unzipped, offline_page):
    """Chromium ignores `download` on a file:// link and would show the JSON: the link carries a data: URL."""
    offline_page.page.goto((unzipped / "notebooks" / "playground.html").as_uri(), wait_until="load")
    with offline_page.page.expect_download(timeout=15000) as info:
        offline_page.page.get_by_role("link", name=re.compile("Download this notebook")).click()
    download = info.value
    assert download.suggested_filename == "playground.ipynb"
    got = Path(download.path()).read_bytes()
    assert got == (ROOT / "docs" / "notebooks" / "playground.ipynb").read_bytes()
    assert not offline_page.external and not offline_page.console_errors


def test_notebook_css_is_shared_and_trimmed(built_site):
    page = (built_site / "notebooks" / "playground.html").read_text(encoding="utf-8")
    inline = sum(len(m) for m in re.findall(r"<style[^>]*>(.*?)</style>", page, re.S))
    assert inline < 5_000, f"{inline} bytes of CSS inlined in the notebook page"
    assert 'href="../assets/notebook.css"' in page
    assert (built_site / "assets" / "notebook.css").stat().st_size < 60_000


# --- read on a phone: the output line a sentence points to, and the wide tables (issue 40) ---------------------------

# The output lines a page's sentence refers to (the punch lines), found by a piece of their text: each shows whole,
# nothing of it past the right edge of its block, on a phone from 320 to 430 px wide. A block may still scroll for its
# other lines (a matrix keeps its columns), never for these.
PUNCH_LINES = {
    "tour.html": ["shuffled in, shuffled out"],
    "why-positions.html": ["without PE:", "with PE:", "causal, without PE", "position 5:", "binary ", "sinusoidal "],
    "beyond-indices.html": ["turn < 1 rad", "a full turn", "turn < 0.1 rad"],
    "variants/real-code.html": ["with offset, equal", "largest error", "RoPE scores at 3, 4", "same scores",
                                "without perm:", "rotated:"],
    "beyond.html": ["max |M_k - R_(-k)|", "RoPE's rotation", "pair 0 alone", "turns; distance",
                    "whole encoding", "ValueError", "pair 63", "x to ", "causal=", "0.5000"],
    "add-or-concatenate.html": ["width 512", "width 1024", "as many"],
}
# The wide tables a sentence reads from, by their first header cell: on a phone each fits its column, or scrolls with
# its row names kept in view and a strong cue at the edge.
WIDE_TABLES = {
    "why-positions.html": "code (width 16)",
    "base.html": "base",
    "add-or-concatenate.html": "token embedding initialisation",
    "evidence/extrapolation.html": "encoding",
    "evidence/shift-matrix.html": "model",
}
PHONES = (320, 390, 430)

CUT_LINES = r"""(wanted) => {
  const found = {}, cut = [];
  for (const code of document.querySelectorAll('article div.language-text > pre > code')) {
    const edge = code.getBoundingClientRect().left + code.clientWidth;  // the block's visible right edge
    for (const line of code.querySelectorAll(':scope > span[id^="__span-"]')) {
      const text = line.textContent.replace(/\n$/, '');
      const pieces = wanted.filter((piece) => text.includes(piece));
      if (!pieces.length) continue;
      pieces.forEach((piece) => { found[piece] = true; });
      const range = document.createRange();
      range.selectNodeContents(line);
      const right = Math.max(...[...range.getClientRects()].filter((r) => r.width).map((r) => r.right));
      if (right > edge + 1) cut.push(`${Math.round(right - edge)} px past the edge: ${text.trim()}`);
    }
  }
  return { missing: wanted.filter((piece) => !found[piece]), cut };
}"""
TABLE_READS = r"""(header) => {
  const table = [...document.querySelectorAll('article table')]
    .find((t) => (t.querySelector('th') || {}).textContent.trim() === header);
  if (!table) return [`no table whose first header is ${header}`];
  const wrap = table.closest('.md-typeset__scrollwrap') || table.parentElement;
  if (wrap.scrollWidth <= wrap.clientWidth + 1) return [];
  const problems = [];
  const style = getComputedStyle(wrap);
  const shadow = style.backgroundImage.match(/rgba?\([^)]*\)/g) || [];
  if (!/local/.test(style.backgroundAttachment) || !shadow.some((c) => /, 0\.[5-9]\d*\)$|, 1\)$/.test(c)))
    problems.push(`scrolls ${wrap.scrollWidth - wrap.clientWidth} px with a faint cue (${shadow})`);
  wrap.scrollLeft = wrap.scrollWidth;  // at the far end, each row still shows what it is
  const box = wrap.getBoundingClientRect();
  for (const row of table.querySelectorAll('tr')) {
    const first = row.cells[0].getBoundingClientRect();
    if (first.left < box.left - 1 || first.right > box.right + 1)
      problems.push(`scrolled to its end, the row "${row.cells[0].textContent.trim()}" no longer shows its name`);
  }
  wrap.scrollLeft = 0;
  return problems;
}"""


def test_the_output_lines_and_tables_a_sentence_points_to_read_on_a_phone(browser, site_url):
    """On a phone (320, 390 and 430 px) no punch line of an output has text past the right edge of its block (the
    tour's "shuffled: True" was 215 px off at 390 px, beyond's context extension 404 px), and a wide table a sentence
    reads from fits or keeps its row names in view with a strong cue at the edge."""
    problems = []
    for width in PHONES:
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = OfflinePage(context).page
        try:
            for path in sorted(set(PUNCH_LINES) | set(WIDE_TABLES)):
                page.goto(f"{site_url}/{path}", wait_until="load")
                page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
                page.evaluate(FONTS_READY)
                if path in PUNCH_LINES:
                    seen = page.evaluate(CUT_LINES, PUNCH_LINES[path])
                    problems += [f"{width} px {path}: no output line holds {piece!r}" for piece in seen["missing"]]
                    problems += [f"{width} px {path}: {cut}" for cut in seen["cut"]]
                if path in WIDE_TABLES:
                    problems += [f"{width} px {path}: table {WIDE_TABLES[path]!r} {p}"
                                 for p in page.evaluate(TABLE_READS, WIDE_TABLES[path])]
        finally:
            context.close()
    assert not problems, f"{len(problems)} found:\n" + "\n".join(problems)


# variants/index.html's "Find yours" table: the reader looks up the code they have and reads the variant it is.
LOOKUP = r"""() => {
  const heading = document.getElementById('find-yours');
  let table = heading;
  while (table && !(table.matches('table') || table.querySelector && table.querySelector('table'))) table = table.nextElementSibling;
  table = table && (table.matches('table') ? table : table.querySelector('table'));
  if (!table) return ['no table after "Find yours"'];
  const problems = [], screen = document.documentElement.clientWidth;
  const range = document.createRange();
  for (const code of table.querySelectorAll('code')) {  // every identifier on one line
    const text = code.firstChild;
    if (!text || text.nodeType !== 3) continue;
    for (const m of text.textContent.matchAll(/[A-Za-z0-9_]{2,}/g)) {
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`"${m[0]}" of \`${text.textContent}\` is broken across ${lines.size} lines`);
    }
    const box = code.getBoundingClientRect(), cell = code.closest('td, th').getBoundingClientRect();
    if (box.right > cell.right + 1) problems.push(`\`${text.textContent}\` runs ${Math.round(box.right - cell.right)} px out of its cell`);
  }
  for (const row of table.querySelectorAll('tbody tr')) {  // the answer column shows whole, with no scrolling
    const answer = row.cells[row.cells.length - 1], r = answer.getBoundingClientRect();
    let clipped = r.right > screen + 1 || r.left < -1;
    for (let a = answer.parentElement; a && a !== document.body && !clipped; a = a.parentElement) {
      const box = a.getBoundingClientRect();
      if (getComputedStyle(a).overflowX !== 'visible' && (r.right > box.right + 1 || r.left < box.left - 1)) clipped = true;
    }
    if (clipped) problems.push(`the answer "${answer.textContent.trim()}" is cut at the right edge`);
  }
  return problems;
}"""


def test_the_find_yours_table_reads_on_a_phone(browser, site_url):
    """On a phone (320 to 430 px) variants/index's lookup table breaks no identifier inside a word (it broke
    `flip_sin_to_cos=True` over four lines at 320 px) and shows its answer column, the closest variant, whole
    (it was cut at the right edge, behind a scroll)."""
    problems = []
    for width in PHONES:
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = OfflinePage(context).page
        try:
            page.goto(f"{site_url}/variants/index.html", wait_until="load")
            page.wait_for_function("document.documentElement.dataset.scrollables === 'marked'", timeout=10_000)
            page.evaluate(FONTS_READY)
            problems += [f"{width} px: {p}" for p in page.evaluate(LOOKUP)]
        finally:
            context.close()
    assert not problems, f"{len(problems)} found:\n" + "\n".join(problems[:40])
