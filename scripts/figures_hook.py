"""MkDocs hook: figures load lazily in a box of their own size, and one with a narrow version is served through
`<picture>`, so a phone shows the narrow one.

A page names the wide figure (`![alt](generated/heatmap.svg)`). Every figure's `<img>` gets its size in CSS px
(`width`, `height`, read from the SVG) so that the page keeps the figure's box before it loads (no layout shift),
and `loading="lazy"`: the browser fetches a figure as it nears the screen, so a reader who stops at the first screen
does not download the figures further down (printing loads them all). When the figure's script also saved
`heatmap-narrow.svg` (snippets/pelib/figures.py: panels stacked, type sized for a phone column), the `<img>` is
wrapped:

    <picture><source media="screen and (max-width: 44.9375em)" srcset="generated/heatmap-narrow.svg"
    type="image/svg+xml" width="400" height="520"><img alt="…" src="generated/heatmap.svg" width="600" height="347"
    loading="lazy" decoding="async"></picture>

The `<img>` keeps its alt text and its src, so the wide figure stays what prints, what a desktop shows and what a
browser without `<picture>` shows. Figures without a narrow version are not wrapped.
"""

from __future__ import annotations

import html
import posixpath
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "snippets"))

from pelib.figures import NARROW_MEDIA, narrow_name  # noqa: E402  (found through the sys.path entry above)

IMG = re.compile(r'<img\b[^>]*?\bsrc="(?P<src>[^"]+\.svg)"[^>]*>')
LENGTH = re.compile(r"^\s*(?P<value>[0-9]*\.?[0-9]+)\s*(?P<unit>pt|px)?\s*$")
PX_PER_UNIT = {"pt": 4 / 3, "px": 1.0, None: 1.0}

Size = Callable[[str], "tuple[int, int] | None"]


def svg_size(svg: bytes | str) -> tuple[int, int]:
    """The size in CSS px (rounded) at which a browser shows an SVG whose root has `width` and `height` in pt or px
    (what matplotlib writes); ValueError naming the attributes when they are missing or in another unit."""
    root = ET.fromstring(svg.encode() if isinstance(svg, str) else svg)
    found = {}
    for name in ("width", "height"):
        match = LENGTH.match(root.get(name) or "")
        if not match:
            raise ValueError(f"an SVG figure needs {name} in pt or px, got {root.get(name)!r}")
        found[name] = round(float(match["value"]) * PX_PER_UNIT[match["unit"]])
    return found["width"], found["height"]


def dimensions(size: tuple[int, int] | None) -> str:
    return "" if size is None else f' width="{size[0]}" height="{size[1]}"'


def picture(page_html: str, page_url: str, exists: Callable[[str], bool], size: Size | None = None) -> str:
    """`page_html` with each `<img>` of a figure whose narrow version `exists` (a predicate on site paths) wrapped in
    `<picture>`; `page_url` is the page's URL relative to the site root, against which `src` is resolved. With
    `size` (site path to (width, height) in CSS px, or None), every figure's `<img>`, and the narrow `<source>`, get
    their size, and the `<img>` loads lazily."""

    def wrap(match: re.Match) -> str:
        src = html.unescape(match["src"])
        if "://" in src or src.startswith(("/", "data:")):
            return match[0]
        site_path = posixpath.normpath(posixpath.join(posixpath.dirname(page_url), src))
        img = match[0]
        if size is not None and " loading=" not in img:
            end = -2 if img.endswith("/>") else -1
            img = img[:end].rstrip() + dimensions(size(site_path)) + ' loading="lazy" decoding="async"' + img[end:]
        folder, _, filename = site_path.rpartition("/")
        narrow = narrow_name(filename)
        narrow_path = f"{folder}/{narrow}" if folder else narrow
        if not exists(narrow_path):
            return img
        src_folder = src.rpartition("/")[0]
        narrow_src = f"{src_folder}/{narrow}" if src_folder else narrow
        narrow_size = dimensions(size(narrow_path)) if size is not None else ""
        source = f'<source media="{NARROW_MEDIA}" srcset="{html.escape(narrow_src)}" type="image/svg+xml"{narrow_size}>'
        return f"<picture>{source}{img}</picture>"

    return IMG.sub(wrap, page_html)


def on_page_content(html_text: str, page, config, files) -> str:
    def size(path: str) -> tuple[int, int] | None:
        file = files.get_file_from_path(path)
        return None if file is None else svg_size(Path(file.abs_src_path).read_bytes())

    return picture(html_text, page.url, lambda path: files.get_file_from_path(path) is not None, size)
