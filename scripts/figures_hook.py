"""MkDocs hook: a figure that has a narrow version is served through `<picture>`, so a phone shows the narrow one.

A page names the wide figure (`![alt](generated/heatmap.svg)`). When its script also saved `heatmap-narrow.svg`
(snippets/pelib/figures.py: panels stacked, type sized for a phone column), the `<img>` is wrapped:

    <picture><source media="screen and (max-width: 44.9375em)" srcset="generated/heatmap-narrow.svg"
    type="image/svg+xml"><img alt="…" src="generated/heatmap.svg"></picture>

The `<img>` keeps its alt text and its src, so the wide figure stays what prints, what a desktop shows and what a
browser without `<picture>` shows. Figures without a narrow version are left as they are.
"""

from __future__ import annotations

import html
import posixpath
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "snippets"))

from pelib.figures import NARROW_MEDIA, narrow_name  # noqa: E402  (found through the sys.path entry above)

IMG = re.compile(r'<img\b[^>]*?\bsrc="(?P<src>[^"]+\.svg)"[^>]*>')


def picture(page_html: str, page_url: str, exists) -> str:
    """`page_html` with each `<img>` of a figure whose narrow version `exists` (a predicate on site paths) wrapped in
    `<picture>`; `page_url` is the page's URL relative to the site root, against which `src` is resolved."""

    def wrap(match: re.Match) -> str:
        src = html.unescape(match["src"])
        if "://" in src or src.startswith(("/", "data:")):
            return match[0]
        site_path = posixpath.normpath(posixpath.join(posixpath.dirname(page_url), src))
        folder, _, filename = site_path.rpartition("/")
        narrow = narrow_name(filename)
        if not exists(f"{folder}/{narrow}" if folder else narrow):
            return match[0]
        src_folder = src.rpartition("/")[0]
        narrow_src = f"{src_folder}/{narrow}" if src_folder else narrow
        source = f'<source media="{NARROW_MEDIA}" srcset="{html.escape(narrow_src)}" type="image/svg+xml">'
        return f"<picture>{source}{match[0]}</picture>"

    return IMG.sub(wrap, page_html)


def on_page_content(html_text: str, page, config, files) -> str:
    return picture(html_text, page.url, lambda path: files.get_file_from_path(path) is not None)
