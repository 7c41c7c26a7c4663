"""The built site: strict build, every local link and anchor resolves, nothing is loaded from the network."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

LOADED = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src"),
          ("audio", "src"), ("video", "src"), ("embed", "src"), ("object", "data"), ("image", "href")}


class Page(HTMLParser):
    """The ids of one HTML page and the references it makes."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for key in ("id", "name"):
            if attributes.get(key):
                self.ids.add(attributes[key])
        for key in ("href", "src", "data", "srcset", "poster"):
            if attributes.get(key):
                self.refs.append((tag, key, attributes[key]))


def is_external(value: str) -> bool:
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", value, re.I))


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


def test_strict_build_fails_on_a_missing_include(tmp_path):
    """pymdownx.snippets runs with check_paths: a page that includes a missing file must fail the build."""
    import shutil
    import subprocess
    import sys

    from conftest import ROOT

    copy = tmp_path / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "site", ".cache", "__pycache__"))
    page = copy / "docs" / "reference.md"
    page.write_text(page.read_text() + '\n```text\n--8<-- "no_such_output.txt"\n```\n')
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=copy, capture_output=True, text=True,
    )
    assert proc.returncode != 0 and "no_such_output.txt" in proc.stdout + proc.stderr


def test_no_page_includes_a_line_range_of_a_generated_output():
    """A line range of an output shifts silently when a print is added; pages include named parts instead."""
    from conftest import ROOT

    pattern = re.compile(r'--8<--\s+"([^"]+\.(?:txt|md|json)):-?\d')
    found = [
        f"{page.relative_to(ROOT)}: {match.group(0)}"
        for page in sorted((ROOT / "docs").rglob("*.md"))
        for match in pattern.finditer(page.read_text(encoding="utf-8"))
    ]
    assert not found, "use _docenv.output_part and include NAME-part.txt:\n" + "\n".join(found)
