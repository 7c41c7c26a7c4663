"""Math is typeset at build time (scripts/katex_hook.py): the built pages carry KaTeX's HTML and MathML, no math
JavaScript, KaTeX's CSS only where there is math, and plain text instead of TeX in the search index and the TOC.
The browser test (tests/test_browser.py) checks in Chromium that every formula is drawn."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import katex_hook  # noqa: E402

TEX = re.compile(r"\\[A-Za-z]+|\\[()\[\]]|\$[^$\s][^$]*\$")
VENDOR_CSS = ROOT / "docs" / "javascripts" / "vendor" / "katex" / "katex.min.css"


def pages(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in site.rglob("*.html")}


def without_code(html: str) -> str:
    return re.sub(r"<(code|pre)\b.*?</\1>", "", html, flags=re.S)


class _Visible(HTMLParser):
    """The text of a page that is neither code nor KaTeX's MathML copy (its TeX annotation is meant for tools)."""

    SKIP = {"code", "pre", "script", "style", "annotation", "textarea"}

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "input", "meta", "link", "hr", "source", "col", "wbr"):
            return
        self.stack.append(tag)
        self.depth += tag in self.SKIP

    def handle_endtag(self, tag):
        while self.stack:
            top = self.stack.pop()
            self.depth -= top in self.SKIP
            if top == tag:
                break

    def handle_data(self, data):
        if not self.depth:
            self.text.append(data)


def test_no_page_ships_math_javascript_and_css_goes_only_where_math_is(built_site):
    built = pages(built_site)
    assert not list(built_site.rglob("katex*.js")) and not list(built_site.rglob("auto-render*")), "KaTeX JS shipped"
    with_math = [p for p, html in built.items() if 'class="katex"' in html]
    assert len(with_math) >= 15 and "notebooks/playground.html" in with_math
    for path, html in built.items():
        assert not re.search(r"<script[^>]*katex", html, re.I), f"{path} loads KaTeX JavaScript"
        linked = "katex.min.css" in html
        assert linked == (path in with_math), f"{path}: KaTeX CSS linked {linked}, has math {path in with_math}"


def test_no_tex_is_left_for_the_reader(built_site):
    """Every formula became KaTeX HTML: no \\( \\) or $ $ delimiters and no TeX command in the visible text."""
    for path, html in pages(built_site).items():
        body = html[html.find('<article'):html.find('</article>')]
        parser = _Visible()
        parser.feed(body)
        left = TEX.findall("".join(parser.text))
        assert not left, f"{path}: TeX left in the text: {left[:5]}"


def test_search_index_and_toc_hold_plain_text(built_site):
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    for entry in docs:
        for field in ("title", "text"):
            left = TEX.findall(without_code(entry[field]))
            assert not left, f"{entry['location']} {field}: TeX in the search index {left[:5]}"
    theorem = next(e for e in docs if e["location"] == "linearity.html#the-statement")
    assert "PE(p + k) = Mₖ PE(p)" in theorem["text"], theorem["text"][:400]
    for path, html in pages(built_site).items():
        toc = html[html.find('data-md-component="toc"'):html.find('class="md-content"')]
        left = TEX.findall(re.sub(r"<[^>]+>", "", toc))
        assert not left, f"{path}: TeX in the table of contents {left[:5]}"


def test_plain_text_of_formulas():
    renderer = katex_hook.Renderer()
    try:
        cases = {
            r"\mathrm{PE}(p+k) = M_k\,\mathrm{PE}(p)": "PE(p + k) = Mₖ PE(p)",
            r"\omega_i = 10000^{-2i/d}": "ωᵢ = 10000^(−2i/d)",
            r"\sin a \cos b": "sin a cos b",
            r"M_{-k} = M_k^{\top}": "M₋ₖ = Mₖ⊤",
            r"\frac{QK^\top}{\sqrt{d_k}}": "(QK⊤)/(√dₖ)",
        }
        for tex, text in cases.items():
            assert katex_hook.plain_text(renderer.render([(tex, False)], "a test")[0]) == text, tex
    finally:
        renderer.close()


def test_a_formula_katex_rejects_fails_the_build_naming_it():
    renderer = katex_hook.Renderer()
    renderer.cache = {}
    try:
        with pytest.raises(Exception, match=r"formula.md.*\n.*\\frac\{1\}"):
            renderer.render([(r"\frac{1}", True)], "formula.md")
    finally:
        renderer.dirty = False
        renderer.close()


def test_build_time_katex_is_the_vendored_css_version():
    """The CSS the pages link is KaTeX's own for the version that typesets them (less its woff/ttf fallbacks)."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    version = lock["packages"]["node_modules/katex"]["version"]
    assert lock["packages"][""]["dependencies"]["katex"] == version, "pin KaTeX exactly in package.json"
    assert katex_hook.katex_version() == version, "node_modules is stale: run make setup"
    assert f"katex {version}" in (VENDOR_CSS.parent.parent / "VERSIONS").read_text()
    npm_css = (ROOT / "node_modules" / "katex" / "dist" / "katex.min.css").read_text(encoding="utf-8")
    stripped = re.sub(r',url\(fonts/[\w-]+\.woff\) format\("woff"\),url\(fonts/[\w-]+\.ttf\) format\("truetype"\)',
                      "", npm_css)
    assert VENDOR_CSS.read_text(encoding="utf-8") == stripped, "re-run scripts/vendor.sh"
    fonts = set(re.findall(r"url\((fonts/[^)]+)\)", stripped))
    assert fonts and all((VENDOR_CSS.parent / f).is_file() for f in fonts)


def test_renderer_runs_on_node():
    proc = subprocess.run(["node", str(katex_hook.RENDERER)], input='[{"tex": "x^2", "display": false}]\n',
                          capture_output=True, text=True, timeout=60)
    reply = json.loads(proc.stdout)
    assert reply["version"] == katex_hook.katex_version() and "<math" in reply["html"][0]
