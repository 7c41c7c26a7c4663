"""The built site: strict build, every local link and anchor resolves, nothing is loaded from the network."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import ROOT, copy_checkout, site_audit

LOADED = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src"),
          ("audio", "src"), ("video", "src"), ("embed", "src"), ("object", "data"), ("image", "href")}


class Page(HTMLParser):
    """The ids of one HTML page and the references it makes."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.scripts: list[tuple[dict, bool]] = []  # (attributes of a <script src>, inside the page's <article>)
        self.inline: list[str] = []  # the text of each <script> without src
        self._article = 0
        self._script: dict | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self._article += tag == "article"
        if tag == "script":
            if attributes.get("src"):
                self.scripts.append((attributes, self._article > 0))
            else:
                self._script = attributes
                self.inline.append("")
        for key in ("id", "name"):
            if attributes.get(key):
                self.ids.add(attributes[key])
        for key in ("href", "src", "data", "srcset", "poster"):
            if attributes.get(key):
                self.refs.append((tag, key, attributes[key]))

    def handle_endtag(self, tag):
        self._article -= tag == "article"
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self.inline[-1] += data


def is_external(value: str) -> bool:
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", value, re.I))


@functools.cache  # the built site is read by several tests (each other folder is a test's own, written once)
def read_pages(site: Path) -> dict[Path, Page]:
    return {path.resolve(): Page(path.read_text(encoding="utf-8")) for path in sorted(site.rglob("*.html"))}


def broken_links(site: Path) -> list[str]:
    """Every local href/src of every page that points to a missing file or a missing #anchor."""
    site = site.resolve()
    pages = read_pages(site)
    broken = []
    for path, page in pages.items():
        for tag, key, value in page.refs:
            if key == "srcset" or is_external(value) or value.startswith(("mailto:", "javascript:", "data:")):
                continue
            url = urlparse(value)
            if url.scheme:
                continue
            if not url.path:
                target = path
            elif url.path.startswith("/"):  # root-relative (only the 404 page uses them): from the site's root
                target = (site / unquote(url.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(url.path)).resolve()
            if url.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(site)}: <{tag} {key}={value!r}> -> missing file")
                continue
            if url.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(url.fragment) not in ids:
                    broken.append(f"{path.relative_to(site)}: <{tag} {key}={value!r}> -> no such anchor")
    return broken


def external_loads(site: Path) -> list[str]:
    """Every resource a page or stylesheet would fetch from another host."""
    site = site.resolve()
    pages = read_pages(site)
    external = [
        f"{path.relative_to(site)}: <{tag} {key}={value!r}>"
        for path, page in pages.items()
        for tag, key, value in page.refs
        if (tag, key) in LOADED and is_external(value)
    ]
    for css in site.rglob("*.css"):
        for match in re.finditer(r"url\(\s*['\"]?((?:https?:)?//[^)'\"]+)", css.read_text(encoding="utf-8")):
            external.append(f"{css.relative_to(site)}: url({match.group(1)})")
    for path in pages:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"fonts\.googleapis|api\.github\.com|cdn\.jsdelivr|unpkg\.com|cdnjs", text):
            external.append(f"{path.relative_to(site)}: {match.group(0)}")
    return external


def test_every_nav_page_is_built(built_site):
    assert (built_site / "index.html").is_file()
    assert len(read_pages(built_site)) >= 3


def test_local_links_and_anchors_resolve(built_site):
    assert not broken_links(built_site), "\n".join(broken_links(built_site))


def test_nothing_is_loaded_from_the_network(built_site):
    assert not external_loads(built_site), "\n".join(external_loads(built_site))


def scripts_that_block_the_first_paint(pages: dict[Path, Page]) -> list[str]:
    """On every page of the theme (Material's `__config`): no deferred bundle, the theme's scripts (those outside the
    page's article) without defer, and inline code that uses Material's document$ before the page is parsed, when the
    deferred bundle has not run yet."""
    found = []
    for path, page in pages.items():
        if "__config" not in page.ids:
            continue  # a page without the theme (a notebook's download, a redirect)
        if not any("assets/javascripts/bundle." in a["src"] and "defer" in a for a, in_article in page.scripts):
            found.append(f"{path.name}: no deferred assets/javascripts/bundle.*.js")
        found += [f"{path.name}: <script src={attrs['src']!r}> without defer" for attrs, in_article in page.scripts
                  if not in_article and "defer" not in attrs and "async" not in attrs]
        code = [re.sub(r"^\s*//.*$", "", text, flags=re.M) for text in page.inline]  # comments run nothing
        found += [f"{path.name}: inline script uses document$ before DOMContentLoaded" for text in code
                  if "document$" in text and 'addEventListener("DOMContentLoaded"' not in text.split("document$")[0]]
    return found


def test_every_script_waits_for_the_page(built_site):
    """Material's bundle and the polyfills run once the page is parsed (overrides/main.html): a script at the end of
    the body without defer still held up the first paint while it downloaded (Lighthouse, simulated phone: first
    paint 1.9 s, 1.4 s deferred). Our code that needs the bundle waits for DOMContentLoaded, when it has run."""
    pages = read_pages(built_site.resolve())
    themed = [path.name for path, page in pages.items() if "__config" in page.ids]
    assert {"index.html", "linearity.html", "explorer.html"} <= set(themed)  # the check reads the theme's pages
    assert not scripts_that_block_the_first_paint(pages)
    config = '<script id="__config" type="application/json">{}</script>'
    blocking = Page(config + '<script src="assets/javascripts/bundle.1.min.js"></script><script>document$.subscribe(f)</script>')
    waiting = Page(config + '<script src="assets/javascripts/bundle.1.min.js" defer></script>'
                   '<script>document.addEventListener("DOMContentLoaded", () => document$.subscribe(f))</script>')
    assert len(scripts_that_block_the_first_paint({Path("a.html"): blocking})) == 3  # no deferred bundle, both faults
    assert not scripts_that_block_the_first_paint({Path("a.html"): waiting})


def test_the_palette_toggle_is_ours_on_every_page(built_site):
    """Every page of the theme carries the palette form for our toggle (overrides/partials/javascripts/palette.html)
    and none for Material's palette component, whose start-up re-set the palette and recalculated the style of the
    whole page (tests/test_browser.py switches the palette in a browser)."""
    pages = {p.relative_to(built_site).as_posix(): p.read_text(encoding="utf-8") for p in built_site.rglob("*.html")}
    themed = {path for path, html in pages.items() if 'id="__config"' in html}
    assert {"index.html", "linearity.html", "explorer.html", "404.html"} <= themed
    material = sorted(path for path, html in pages.items() if 'data-md-component="palette"' in html)
    ours = {path for path, html in pages.items() if "<form class=\"md-header__option\" data-pe-palette>" in html}
    assert not material, f"Material's palette component would start on {material}"
    assert themed <= ours, f"no palette toggle on {sorted(themed - ours)}"


def test_the_guards_catch_what_they_guard(tmp_path):
    """The two checkers above, on a tiny site with one defect of each kind."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "style.css").write_text("body { background: url(https://example.com/x.png) }")
    (tmp_path / "index.html").write_text(
        '<h2 id="here">x</h2><a href="#here">ok</a><a href="sub/page.html#there">ok</a>'
        '<a href="#nowhere">bad anchor</a><a href="missing.html">bad file</a>'
        '<a href="https://example.com/">a plain link is fine</a>'
        '<script src="https://cdn.example.com/lib.js"></script><img src="//example.com/i.png" alt="x">'
    )
    (tmp_path / "sub" / "page.html").write_text('<p id="there"><a href="../index.html#gone">bad</a></p>')
    broken = broken_links(tmp_path)
    assert len(broken) == 3 and all(("#nowhere" in b or "missing.html" in b or "#gone" in b) for b in broken)
    external = external_loads(tmp_path)
    assert len(external) == 3, external


def prose(html: str) -> str:
    """The page without its code: code blocks may show the macro syntax on purpose (the contributing page does)."""
    return re.sub(r"<pre\b.*?</pre>|<code\b.*?</code>", "", html, flags=re.S)


def test_no_macro_is_left_unrendered(built_site):
    leftovers = [str(p) for p in built_site.rglob("*.html") if "{{ gen." in prose(p.read_text(encoding="utf-8"))]
    assert not leftovers


@pytest.mark.slow
def test_strict_build_fails_on_a_missing_include(tmp_path):
    """pymdownx.snippets runs with check_paths: a page that includes a missing file must fail the build."""
    copy = copy_checkout(tmp_path / "repo")
    page = copy / "docs" / "reference.md"
    page.write_text(page.read_text() + '\n```text\n--8<-- "no_such_output.txt"\n```\n')
    with pytest.raises(RuntimeError, match="no_such_output.txt"):
        site_audit.build(tmp_path / "site", root=copy)


def test_no_page_includes_a_line_range_of_a_generated_output():
    """A line range of an output shifts silently when a print is added; pages include named parts instead."""
    from conftest import ROOT

    pattern = re.compile(r'--8<--\s+"([^"]+\.(?:txt|md|json)):-?\d')
    found = [
        f"{page.relative_to(ROOT)}: {match.group(0)}"
        for page in sorted((ROOT / "docs").rglob("*.md"))
        for match in pattern.finditer(page.read_text(encoding="utf-8"))
    ]
    assert not found, "use docenv.output_part and include NAME-part.txt:\n" + "\n".join(found)


# --- reading order, headings, lists ---------------------------------------------------------------------------------


def nav_pages() -> list[str]:
    """The pages of mkdocs.yml's nav, in reading order (the order of the footer's Previous / Next links)."""
    import yaml
    from conftest import ROOT

    def walk(items) -> list[str]:
        pages = []
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            pages += walk(value) if isinstance(value, list) else [value]
        return pages

    config = re.sub(r"!!python/\S+|!ENV", "", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"))  # tags safe_load refuses
    return walk(yaml.safe_load(config)["nav"])


def test_a_learner_meets_the_tour_then_the_why():
    """Home's Next is the guided tour, the tour's Next is Why positions, and the explanation reads in the order its
    pages announce, before the reference."""
    pages = nav_pages()
    # why-positions ends "the formula ... is next"
    assert pages[:4] == ["index.md", "tour.md", "why-positions.md", "formula.md"], pages[:4]
    assert pages.index("formula.md") + 1 == pages.index("base.md")  # formula ends "the subject of the next page"
    assert pages.index("why-positions.md") < pages.index("reference.md")


@pytest.mark.parametrize(("page", "following"), [("index.html", "tour"), ("tour.html", "why-positions")])
def test_the_footer_leads_home_to_the_tour_and_the_tour_to_why_positions(built_site, page, following):
    html = (built_site / page).read_text(encoding="utf-8")
    nxt = re.search(r'<a href="([^"]*)"[^>]*class="md-footer__link md-footer__link--next"', html)
    assert nxt and re.sub(r"(/|/index\.html|\.html)$", "", nxt.group(1)).endswith(following), nxt and nxt.group(0)


class Headings(HTMLParser):
    """The text of every heading (h1-h6, without its permalink) and of every table-of-contents link of a page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.entries: list[str] = []
        self._open: list[tuple[str, list[str]]] = []  # (tag, text parts) of the heading or TOC link being read
        self._skip = 0  # inside a heading's permalink
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") or (tag == "a" and "md-nav__link" in classes):
            self._open.append((tag, []))
        elif tag == "a" and "headerlink" in classes:
            self._skip += 1

    def handle_endtag(self, tag):
        if tag == "a" and self._skip:
            self._skip -= 1
        elif self._open and self._open[-1][0] == tag:
            self.entries.append(" ".join("".join(self._open.pop()[1]).split()))

    def handle_data(self, data):
        if self._open and not self._skip:
            self._open[-1][1].append(data)


def test_no_heading_or_toc_entry_shows_raw_tex(built_site):
    """A heading's math is not typeset in the table of contents: headings are plain text (no \\( \\[ ^ $)."""
    raw = [
        f"{page.relative_to(built_site)}: {entry!r}"
        for page in sorted(built_site.rglob("*.html"))
        for entry in Headings(page.read_text(encoding="utf-8")).entries
        if re.search(r"[\\^$]", entry)
    ]
    assert not raw, "\n".join(raw)


def test_headings_checker_sees_tex():
    found = Headings('<h2 id="x">Distance \\(|p - q|\\)<a class="headerlink" href="#x">¶</a></h2>'
                     '<a class="md-nav__link" href="#y">from 2π to 10000^(1/2)</a>').entries
    assert found == ["Distance \\(|p - q|\\)", "from 2π to 10000^(1/2)"]


class ListNesting(HTMLParser):
    """For the list item whose text contains `marker`: the number of items of each list nested directly in it."""

    VOID = {"br", "img", "hr", "input", "meta", "link", "wbr"}

    def __init__(self, text: str, marker: str) -> None:
        super().__init__()
        self.marker, self.stack, self.target, self.nested = marker, [], None, []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if tag == "li" and self.stack and self.stack[-1][0] in ("ol", "ul") and self.stack[-1][1] is not None:
            self.nested[self.stack[-1][1]] += 1
        index = None
        if tag in ("ol", "ul") and self.target is not None and self.stack and self.stack[-1] is self.target:
            self.nested.append(0)
            index = len(self.nested) - 1
        self.stack.append([tag, index])

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.target is None and self.marker in data:
            self.target = next((entry for entry in reversed(self.stack) if entry[0] == "li"), None)


def test_linearity_og_slips_are_a_nested_list(built_site):
    """The four numbered slips of "OG positional encoding" render as one list inside that bullet, not as four
    top-level bullets (Python-Markdown nests a list only at a 4-space indent)."""
    html = (built_site / "linearity.html").read_text(encoding="utf-8")
    assert ListNesting(html, "OG positional encoding").nested == [4]


LATER = """
import datetime, sys
import mkdocs.utils
from mkdocs.__main__ import cli


class ThreeDaysLater(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime.datetime.now(tz) + datetime.timedelta(days=3)


mkdocs.utils.datetime = ThreeDaysLater  # where mkdocs reads the clock for the build date
sys.argv = ["mkdocs", "build", "--strict", "--site-dir", sys.argv[1]]
cli()
"""


@pytest.mark.slow
def test_a_build_on_another_day_is_byte_identical(built_site, tmp_path):
    """Two builds of one commit are the same bytes, the dated sitemap.xml.gz included (scripts/build_date.py)."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"} | {"NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", LATER, str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    first, later = ({p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}
                    for site in (built_site, tmp_path / "site"))
    assert sorted(first) == sorted(later)
    assert [name for name in sorted(first) if first[name] != later[name]] == []
