"""MkDocs hook for notebook pages (mkdocs-jupyter): one shared, trimmed stylesheet and a download that works offline.

- mkdocs-jupyter inlines about 590 kB of JupyterLab CSS into every notebook page. This hook takes those `<style>`
  blocks out, keeps only the rules whose classes the notebook pages use and the custom properties those rules read,
  and writes the result once to assets/notebook.css, linked where the first block stood (so the cascade is
  unchanged). A block that is not CSS at all (mkdocs-jupyter writes a Python list's repr) is dropped.
- "Download this notebook" links to the plain file beside the page. Chromium ignores `download` on file:// links and
  would open the JSON, so from file:// (the unzipped site) a script beside the page, `<name>.ipynb.js`, gives the
  link the notebook as a data: URL, which downloads everywhere. Over http the script is never requested: the page
  does not carry the notebook a second time (it was 200 kB of a 456 kB page, all before the first paint).
- The figures of the outputs, which the notebook shows as base64 SVG data: URLs, become files beside the page
  (`<page>.files/<hash>.svg`), loaded lazily in a box of their size: the page's text no longer waits for them.
- Markup the Nu HTML Checker rejects in mkdocs-jupyter's template goes: the MathJax loader with an empty `src` and
  its configuration (the math is typeset at build time), and a stray `,=""` attribute on each cell's copy button,
  which gets the `role="button"` and `tabindex="0"` its script would add, so that its `aria-label` is allowed.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import os
import posixpath
import re
from pathlib import Path

import tinycss2

log = logging.getLogger("mkdocs.hooks.notebook")

CSS_PATH = "assets/notebook.css"
# Trimming takes about a second; `make serve` rebuilds on every save with the same notebook CSS, so the result is kept
# on disk under the hash of its inputs (the stylesheets, the classes and this file).
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "notebook-css"
STYLE = re.compile(r"[ \t]*<style[^>]*>(.*?)</style>\n?", re.S)
DOWNLOAD = re.compile(r'<a href="(?P<name>[^"/]+\.ipynb)" download>')
MATHJAX = re.compile(
    r'<!-- Load mathjax -->\s*<script src=""> </script>\s*'
    r'<!-- MathJax configuration -->\s*<script type="text/x-mathjax-config">.*?</script>\s*', re.S
)
COPY_BUTTON = '<clipboard-copy ,="" aria-label='
INLINE_IMAGE = re.compile(r'<img (?P<before>[^>]*?)src="data:image/svg\+xml;base64,(?P<data>[^"]+)"(?P<after>[^>]*)>')
SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="(?P<w>[\d.]+)(?P<wu>pt|px)?"[^>]*?\bheight="(?P<h>[\d.]+)(?P<hu>pt|px)?"')
# From file:// only: the script beside the page that gives the download link its data: URL.
DOWNLOAD_LOADER = """<script>
  // From file://, Chromium ignores `download` on a link to a file and shows the JSON: there the link gets the
  // notebook as a data: URL, from a script beside the page (over http the plain link downloads, and nothing loads).
  if (location.protocol === "file:") {
    document.head.appendChild(Object.assign(document.createElement("script"), {src: NAME_JS}));
  }
</script>
"""

_css: list[str] = []
_classes: set[str] = set()


def _selector_used(selector: str, classes: set[str]) -> bool:
    selector = re.sub(r":not\([^)]*\)", "", selector)  # :not(.x) matches where .x is absent: no constraint
    return all(name in classes for name in re.findall(r"\.(-?[_a-zA-Z][\w-]*)", selector))


def _declarations_text(content) -> str:
    return tinycss2.serialize(content).strip()


def trim(css: str, classes: set[str]) -> str:
    """The rules of `css` whose selectors could match an element with these classes, then without the custom
    properties that no kept rule reads."""

    def rules(nodes) -> list[tuple[str, str] | tuple[str, list]]:
        kept = []
        for node in nodes:
            if node.type == "qualified-rule":
                selectors = [s.strip() for s in re.split(r",(?![^()]*\))", tinycss2.serialize(node.prelude))]
                used = [s for s in selectors if s and _selector_used(s, classes)]
                if used:
                    kept.append((",".join(used), _declarations_text(node.content)))
            elif node.type == "at-rule" and node.lower_at_keyword in ("media", "supports") and node.content:
                inner = rules(tinycss2.parse_rule_list(node.content, skip_whitespace=True, skip_comments=True))
                if inner:
                    kept.append((f"@{node.at_keyword} {tinycss2.serialize(node.prelude).strip()}", inner))
            elif node.type == "at-rule" and node.lower_at_keyword == "keyframes":
                kept.append((f"@keyframes {tinycss2.serialize(node.prelude).strip()}", _declarations_text(node.content)))
        return kept

    tree = rules(tinycss2.parse_stylesheet(css, skip_whitespace=True, skip_comments=True))

    def flat(items):
        for _head, body in items:
            if isinstance(body, list):
                yield from flat(body)
            else:
                yield body

    # custom properties: keep those read by var() in kept rules, and those read by the kept ones, to a fixpoint
    defined: dict[str, list[str]] = {}
    for body in flat(tree):
        for name, value in re.findall(r"(--[\w-]+)\s*:\s*([^;]*)", body):
            defined.setdefault(name, []).append(value)
    needed = {n for body in flat(tree) for n in re.findall(r"var\(\s*(--[\w-]+)", re.sub(r"--[\w-]+\s*:[^;]*;?", "", body))}
    frontier = set(needed)
    while frontier:
        new = {n for name in frontier for v in defined.get(name, []) for n in re.findall(r"var\(\s*(--[\w-]+)", v)}
        frontier = new - needed
        needed |= new

    def strip_unused(body: str) -> str:
        keep = []
        for d in tinycss2.parse_blocks_contents(body, skip_whitespace=True, skip_comments=True):
            if d.type != "declaration" or (d.name.startswith("--") and d.name not in needed):
                continue
            important = " !important" if d.important else ""
            keep.append(f"{d.name}:{tinycss2.serialize(d.value).strip()}{important}")
        return ";".join(keep)

    def write(items) -> str:
        out = []
        for head, body in items:
            if isinstance(body, list):
                inner = write(body)
                if inner:
                    out.append(f"{head}{{{inner}}}")
            elif head.startswith("@keyframes"):
                out.append(f"{head}{{{body}}}")
            else:
                body = strip_unused(body)
                if body:
                    out.append(f"{head}{{{body}}}")
        return "\n".join(out)

    return write(tree) + "\n"


def on_post_page(output: str, page, config) -> str:
    if not page.file.src_uri.endswith(".ipynb"):
        return output
    blocks = STYLE.findall(output)
    if not blocks:
        return output
    _classes.update(c for attr in re.findall(r'class="([^"]*)"', output) for c in attr.split())
    if not _css:
        _css.extend(b for b in blocks if not b.lstrip().startswith("['"))
    href = posixpath.relpath(CSS_PATH, posixpath.dirname(page.url) or ".")
    first = True

    def replace(match: re.Match) -> str:
        nonlocal first
        if first:
            first = False
            return f'<link rel="stylesheet" href="{href}">\n'
        return ""

    output = STYLE.sub(replace, output)
    output = MATHJAX.sub("", output)
    output = output.replace(COPY_BUTTON, '<clipboard-copy role="button" tabindex="0" aria-label=')

    site = Path(config["site_dir"]) / posixpath.dirname(page.file.dest_uri)
    stem = posixpath.basename(page.file.dest_uri).rsplit(".", 1)[0]
    names = []

    def download(match: re.Match) -> str:
        name = match.group("name")
        names.append(name)
        data = base64.b64encode(Path(page.file.abs_src_path).with_name(name).read_bytes()).decode("ascii")
        selector = repr(f'a[download="{name}"]')
        _write(site / f"{name}.js", f"document.querySelectorAll({selector}).forEach(function (a) {{\n"
                                   f'  a.href = "data:application/x-ipynb+json;base64,{data}";\n}});\n')
        return f'<a href="{name}" download="{name}">'

    output = DOWNLOAD.sub(download, output)
    if names:
        loaders = "".join(DOWNLOAD_LOADER.replace("NAME_JS", repr(f"{n}.js")) for n in names)
        output = output.replace("</body>", loaders + "</body>", 1)
    return INLINE_IMAGE.sub(lambda m: _image_file(m, site, f"{stem}.files"), output)


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def _image_file(match: re.Match, folder: Path, sub: str) -> str:
    """An inline SVG figure as a file under `folder/sub`, named by its content; an <img> that loads it lazily, with
    the figure's size as width and height so that its box is held before it loads. (The notebook shows its figures
    as SVG; any other inline image stays inline, and the notebook page's test refuses it.)"""
    data = base64.b64decode(match.group("data"))
    name = f"{hashlib.sha256(data).hexdigest()[:16]}.svg"
    _write(folder / sub / name, data)
    attrs = f'{match.group("before")}{match.group("after")}'.strip().removesuffix("/").rstrip()
    size = ""
    if m := SVG_SIZE.search(data[:2000].decode("utf-8", "replace")):
        scale_w = 4 / 3 if m.group("wu") == "pt" else 1  # 1 pt = 4/3 CSS px
        scale_h = 4 / 3 if m.group("hu") == "pt" else 1
        size = f' width="{round(float(m.group("w")) * scale_w)}" height="{round(float(m.group("h")) * scale_h)}"'
    return f'<img {attrs} src="{sub}/{name}"{size} loading="lazy" decoding="async">'


def cached_trim(css: str, classes: set[str]) -> str:
    """`trim`, read from .cache/notebook-css/ when these inputs were trimmed before."""
    key = hashlib.sha256("\0".join([Path(__file__).read_text(encoding="utf-8"), css, *sorted(classes)]).encode())
    path = CACHE / f"{key.hexdigest()}.css"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    trimmed = trim(css, classes)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(trimmed, encoding="utf-8")
    tmp.replace(path)
    return trimmed


def on_post_build(config) -> None:
    if not _css:
        return
    css = cached_trim("\n".join(_css), _classes)
    target = Path(config.site_dir) / CSS_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(css, encoding="utf-8")
    log.info("notebook CSS: %d kB inline per page -> %d kB shared", sum(map(len, _css)) // 1000, len(css) // 1000)
    _css.clear()
    _classes.clear()
