"""The markup of the built pages: the description survives its quotes, 404.html works under a subpath."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
import yaml
from conftest import ROOT, site_audit


class _Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and "name" in attrs:
            self.meta[attrs["name"]] = attrs.get("content") or ""
        for key in ("href", "src"):
            if attrs.get(key):
                self.urls.append(attrs[key])


def parse(html: str) -> _Head:
    head = _Head()
    head.feed(html)
    return head


def site_description() -> str:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return re.search(r"^site_description: >-\n((?:  .*\n)+)", text, re.M).group(1).replace("\n  ", " ").strip()


def test_every_page_carries_the_whole_description(built_site):
    """The description quotes a paper title: unescaped, its quotes would end the attribute early."""
    description = site_description()
    assert '"' in description
    for page in built_site.rglob("*.html"):
        meta = parse(page.read_text(encoding="utf-8")).meta
        assert meta.get("description") == description, f"{page.name}: {meta.get('description')!r}"


@pytest.mark.slow
def test_404_page_links_under_the_published_subpath(tmp_path):
    """On GitHub Pages the site lives under /REPO/ and 404.html is served at any depth: its links must carry
    the subpath (site_url comes from SITE_URL, set by the Pages workflow)."""
    site = tmp_path / "site"
    site_audit.build(site, env={"SITE_URL": "https://example.org/REPO/"})  # the shared strict build, another site_url
    urls = [u for u in parse((site / "404.html").read_text(encoding="utf-8")).urls
            if not re.match(r"(https?:|#|data:|mailto:)", u)]
    assert urls and all(u.startswith("/REPO/") for u in urls), [u for u in urls if not u.startswith("/REPO/")]
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    build = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("name", "").startswith("Build"))
    assert "SITE_URL" in build.get("env", {}), "the Pages workflow must give the build its site_url"
