"""MkDocs hook: typeset every formula at build time with the pinned KaTeX, so that no page runs math in the browser.

What it does to each page:

- Markdown pages: pymdownx.arithmatex (generic mode) leaves `<span class="arithmatex">\\(...\\)</span>` and
  `<div class="arithmatex">\\[...\\]</div>`; notebook pages (mkdocs-jupyter) leave raw `$...$` and `$$...$$` in
  their rendered Markdown cells. Every formula goes to KaTeX on Node (scripts/katex_render.js, the version of
  package-lock.json); its HTML and MathML replace the TeX. A formula KaTeX rejects fails the build, naming page and
  formula.
- The search index and the table of contents get plain text (`PE(p + k) = M_k PE(p)`), never TeX: the page is
  indexed with a plain-text rendering of each formula, and the typeset HTML goes in after the search plugin has run.
- `page.has_math` tells overrides/main.html to link KaTeX's CSS (and so its fonts) on that page only, and
  `page.katex_fonts` which fonts to preload there.

Results are cached in .cache/katex/ keyed by KaTeX's version, the options and the TeX, so `make serve` re-renders
only what changed.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.katex")

ROOT = Path(__file__).resolve().parent.parent
RENDERER = ROOT / "scripts" / "katex_render.js"
CACHE = ROOT / ".cache" / "katex" / "cache.json"
OPTIONS = "htmlAndMathml;strict=error;throwOnError;allowbreak"  # part of every cache key: keep in step with katex_render.js

ARITHMATEX = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">(?P<body>.*?)</(?P=tag)>', re.S
)
INLINE = re.compile(r"^\\\((?P<tex>.*)\\\)$", re.S)
DISPLAY = re.compile(r"^\\\[(?P<tex>.*)\\\]$", re.S)
NOTEBOOK_MARKDOWN = re.compile(r'(<div class="[^"]*\bjp-RenderedMarkdown\b[^"]*"[^>]*>)(?P<body>.*?)(?=</div>)', re.S)
CODE = re.compile(r"<(pre|code)\b.*?</\1>", re.S)
DOLLARS = re.compile(r"\$\$(?P<display>.+?)\$\$|\$(?P<inline>[^$<]+?)\$", re.S)
PLACEHOLDER = re.compile(r'<(span|div) class="arithmatex" data-katex="(\d+)">.*?</\1>', re.S)


def katex_version() -> str:
    package = ROOT / "node_modules" / "katex" / "package.json"
    if not package.exists():
        raise PluginError(
            "KaTeX is not installed: run `make setup` (npm ci installs the version pinned in package-lock.json)"
        )
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def breakable(tex: str) -> str:
    """Let a display break between its statements: `\\allowbreak` after each top-level `\\qquad`, `\\quad` and
    comma. KaTeX already lets a line break after a top-level relation or binary operator; with
    `white-space: normal` on displays (docs/stylesheets/extra.css) a long display wraps to the column instead of
    being cut. Only what KaTeX receives changes: the page's TeX, and so its mathematics, stays as written."""
    out, depth, i = [], 0, 0
    while i < len(tex):
        match = re.match(r"\\(?:begin|left)\b|\\(?:end|right)\b|\\q?quad\b|\\[A-Za-z]+|\\.|[{}]|,|.", tex[i:], re.S)
        token = match.group(0)
        i += len(token)
        out.append(token)
        if token in ("{", "(", "\\begin", "\\left"):
            depth += 1
        elif token in ("}", ")", "\\end", "\\right"):
            depth -= 1
        elif depth == 0 and token == "," and re.match(r"\s*\\q?quad\b", tex[i:]):
            continue
        elif depth == 0 and token in ("\\qquad", "\\quad", ","):
            out.append("\\allowbreak ")
    return "".join(out)


def statements(tex: str) -> list[str]:
    """A display's statements, split where it separates them with a top-level `\\qquad` or `\\quad` (a comma
    before the space stays with its statement). They are typeset one by one and laid out side by side while they
    fit, one under the other when they do not."""
    pieces, depth, start, i = [], 0, 0, 0
    while i < len(tex):
        match = re.match(r"\\(?:begin|left)\b|\\(?:end|right)\b|\\q?quad\b|\\[A-Za-z]+|\\.|.", tex[i:], re.S)
        token = match.group(0)
        if token in ("{", "(", "\\begin", "\\left"):
            depth += 1
        elif token in ("}", ")", "\\end", "\\right"):
            depth -= 1
        elif depth == 0 and token in ("\\qquad", "\\quad"):
            pieces.append(tex[start:i].strip())
            start = i + len(token)
        i += len(token)
    pieces.append(tex[start:].strip())
    return [p for p in pieces if p]


class Renderer:
    """One Node process for the whole build, started on the first cache miss; a JSON cache on disk."""

    def __init__(self) -> None:
        self.version = katex_version()
        self.process: subprocess.Popen | None = None
        self.cache: dict[str, str] = {}
        self.dirty = False
        try:
            stored = json.loads(CACHE.read_text(encoding="utf-8"))
            if stored.get("version") == self.version and stored.get("options") == OPTIONS:
                self.cache = stored["html"]
        except (OSError, ValueError, KeyError):
            pass

    def key(self, tex: str, display: bool) -> str:
        return hashlib.sha256(f"{display}\0{tex}".encode()).hexdigest()[:40]

    def render(self, items: list[tuple[str, bool]], where: str) -> list[str]:
        missing = [(t, d) for t, d in dict.fromkeys(items) if self.key(t, d) not in self.cache]
        if missing:
            reply = self._ask([{"tex": breakable(t) if d else t, "display": d} for t, d in missing])
            if "error" in reply:
                tex = missing[reply["index"]][0]
                raise PluginError(f"KaTeX cannot typeset a formula on {where}: {reply['error']}\n  formula: {tex}")
            if reply["version"] != self.version:
                raise PluginError(f"node_modules holds KaTeX {reply['version']}, package.json says {self.version}")
            for (t, d), out in zip(missing, reply["html"]):
                self.cache[self.key(t, d)] = out
            self.dirty = True
        return [self.cache[self.key(t, d)] for t, d in items]

    def _ask(self, request: list[dict]) -> dict:
        if self.process is None:
            node = shutil.which("node") or shutil.which("nodejs")
            if not node:
                raise PluginError("Node.js is needed to typeset the math at build time: `make setup` installs it")
            self.process = subprocess.Popen(
                [node, str(RENDERER)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                encoding="utf-8",
            )
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise PluginError("the KaTeX renderer (scripts/katex_render.js) stopped without an answer")
        return json.loads(line)

    def close(self) -> None:
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=30)
            self.process = None
        if self.dirty:
            CACHE.parent.mkdir(parents=True, exist_ok=True)
            tmp = CACHE.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"version": self.version, "options": OPTIONS, "html": self.cache}))
            tmp.replace(CACHE)
            self.dirty = False


# Plain text of a formula, from KaTeX's MathML: for the search index, the table of contents and the page title.
SUPERSCRIPTS = str.maketrans("0123456789+-−=()in", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁱⁿ")
SUBSCRIPTS = str.maketrans("0123456789+-−=()aeijkmnopstx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑᵢⱼₖₘₙₒₚₛₜₓ")
MATHML = "{http://www.w3.org/1998/Math/MathML}"


def _script(text: str, table: dict, mark: str) -> str:
    converted = text.translate(table)
    if all(ord(c) > 127 for c in converted) and "−" not in converted:
        return converted
    return f"{mark}{text}" if len(text) == 1 else f"{mark}({text})"


def _group(text: str) -> str:
    return text if re.fullmatch(r"[\w.·]+", text) else f"({text})"


def _text(node: ET.Element) -> str:
    tag = node.tag.removeprefix(MATHML)
    parts = [_text(child) for child in node]
    if tag == "annotation":
        return ""
    if tag == "mi" and len(node.text or "") > 1:  # a name (sin, PE): a space from what stands before it
        return "\u2063" + node.text
    if tag in ("mi", "mn", "mo", "mtext", "ms"):
        return (node.text or "").replace("\u2062", "").replace("\u00a0", " ").replace("⏟", "").replace("⏞", "")
    if tag == "mspace":
        return " "
    if tag == "mfrac":
        return f"{_group(parts[0])}/{_group(parts[1])}"
    if tag == "msqrt":
        return f"√{_group(''.join(parts))}"
    if tag == "mroot":
        return f"{_group(parts[0])}^(1/{parts[1]})"
    if tag == "msup":
        return parts[0] + _script(parts[1], SUPERSCRIPTS, "^")
    if tag == "msub":
        return parts[0] + _script(parts[1], SUBSCRIPTS, "_")
    if tag == "msubsup":
        return parts[0] + _script(parts[1], SUBSCRIPTS, "_") + _script(parts[2], SUPERSCRIPTS, "^")
    if tag in ("munder", "mover", "munderover"):
        return parts[0] + "".join(_script(p, SUBSCRIPTS if i == 0 else SUPERSCRIPTS, "_" if i == 0 else "^")
                                  for i, p in enumerate(parts[1:]))
    if tag == "mtd":
        return "".join(parts).strip()
    if tag == "mtr":
        return ", ".join(p for p in parts if p)
    if tag == "mtable":
        return "; ".join(parts)
    return "".join(parts)


def plain_text(katex_html: str) -> str:
    """`\\mathrm{PE}(p+k) = M_k\\,\\mathrm{PE}(p)` as `PE(p+k) = Mₖ PE(p)`: readable, searchable, no TeX."""
    match = re.search(r"<math\b.*?</math>", katex_html, re.S)
    if not match:
        return ""
    text = _text(ET.fromstring(match.group(0)))
    text = text.replace("\u2061(", "(").replace("\u2061", " ")  # function application: sin(x), sin x
    text = re.sub(r"(?<=[\w)\]])\u2063", " ", text).replace("\u2063", "")
    text = re.sub(r"\s*([=<>≤≥≈≠→])\s*", r" \1 ", text)
    text = re.sub(r"(?<=[\w)\]⁾₎'])\s*([+−×·])\s*", r" \1 ", text)
    text = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", text))
    return re.sub(r"\s+", " ", text).strip()


class Page:
    """The formulas of one page, rendered; the plain text goes in first, the typeset HTML after indexing."""

    def __init__(self) -> None:
        self.typeset: list[str] = []

    def collect(self, content: str, renderer: Renderer, where: str) -> str:
        found: list[tuple[str, bool, str]] = []  # (tex, display, tag)

        def arithmatex(match: re.Match) -> str:
            body = match.group("body").strip()
            form = DISPLAY.match(body) or INLINE.match(body)
            if not form:
                return match.group(0)
            display = form.re is DISPLAY
            found.append((html.unescape(form.group("tex")).strip(), display, match.group("tag")))
            return f"\0{len(found) - 1}\0"

        content = ARITHMATEX.sub(arithmatex, content)

        def notebook_cell(match: re.Match) -> str:
            body = match.group("body")
            kept: list[str] = []

            def keep(code: re.Match) -> str:
                kept.append(code.group(0))
                return f"\1{len(kept) - 1}\1"

            body = CODE.sub(keep, body)

            def dollars(m: re.Match) -> str:
                display = m.group("display") is not None
                tex = m.group("display") if display else m.group("inline")
                found.append((html.unescape(tex).strip(), display, "div" if display else "span"))
                return f"\0{len(found) - 1}\0"

            body = DOLLARS.sub(dollars, body)
            body = re.sub("\1(\\d+)\1", lambda m: kept[int(m.group(1))], body)
            return match.group(1) + body

        content = NOTEBOOK_MARKDOWN.sub(notebook_cell, content)
        if not found:
            return content
        pieces = [statements(tex) if display else [tex] for tex, display, _ in found]
        rendered = iter(renderer.render([(p, d) for ps, (_, d, _) in zip(pieces, found) for p in ps], where))
        self.typeset = []
        texts = []
        for (_tex, _display, tag), parts in zip(found, pieces):
            outs = [next(rendered) for _ in parts]
            if len(outs) == 1:
                out = outs[0]
            else:  # one display of several statements: each a unit that wraps whole before it wraps inside
                inner = "".join(re.fullmatch(r'<span class="katex-display">(.*)</span>', o, re.S).group(1) for o in outs)
                out = f'<span class="katex-display katex-statements">{inner}</span>'
            self.typeset.append(f'<{tag} class="arithmatex">{out}</{tag}>')
            text = "    ".join(plain_text(o) for o in outs)
            texts.append(f'<{tag} class="arithmatex" data-katex="{len(texts)}">{html.escape(text)}</{tag}>')
        return re.sub("\0(\\d+)\0", lambda m: texts[int(m.group(1))], content)

    def swap(self, content: str) -> str:
        return PLACEHOLDER.sub(lambda m: self.typeset[int(m.group(2))], content)


# The KaTeX fonts a page's formulas draw with, from the classes of KaTeX's HTML (katex.min.css names the font of
# each): overrides/main.html preloads them, so that the formulas do not shift when the fonts arrive. Main-Regular
# sets every formula; "size1" to "size4" name a font only on a sized delimiter (elsewhere they are type sizes).
FONT_CLASSES = (
    ("KaTeX_Math-Italic", lambda c: "mathnormal" in c),
    ("KaTeX_Size1-Regular", lambda c: "small-op" in c or "delim-size1" in c or {"delimsizing", "size1"} <= c),
    ("KaTeX_Size2-Regular", lambda c: "large-op" in c or {"delimsizing", "size2"} <= c),
    ("KaTeX_Size3-Regular", lambda c: {"delimsizing", "size3"} <= c),
    ("KaTeX_Size4-Regular", lambda c: "delim-size4" in c or {"delimsizing", "size4"} <= c),
    ("KaTeX_AMS-Regular", lambda c: bool({"amsrm", "mathbb", "textbb"} & c)),
)


def fonts_used(typeset: list[str]) -> list[str]:
    """The KaTeX fonts (file names without .woff2) that formulas typeset as `typeset` use; none without formulas."""
    if not typeset:
        return []
    classes = [set(attr.split()) for attr in re.findall(r'class="([^"]*)"', "".join(typeset))]
    return ["KaTeX_Main-Regular", *(font for font, uses in FONT_CLASSES if any(uses(c) for c in classes))]


_renderer: Renderer | None = None
_pages: dict[str, Page] = {}


def _tex_in_toc(items) -> None:
    for item in items:
        item.title = re.sub(
            r'<(span|div) class="arithmatex">\\[\(\[](.*?)\\[\)\]]</\1>',
            lambda m: plain_text(_renderer.render([(html.unescape(m.group(2)), False)], "the table of contents")[0]),
            item.title,
        )
        _tex_in_toc(item.children)


def on_pre_build(config) -> None:
    global _renderer
    _renderer = Renderer()
    _pages.clear()


def on_page_content(content: str, page, config, files) -> str:
    assert _renderer is not None
    state = Page()
    content = state.collect(content, _renderer, page.file.src_uri)
    _pages[page.file.src_uri] = state
    page.has_math = bool(state.typeset)
    page.katex_fonts = fonts_used(state.typeset)
    _tex_in_toc(page.toc.items)
    return content


def on_page_context(context, page, config, nav):
    state = _pages.pop(page.file.src_uri, None)
    if state and state.typeset:
        page.content = state.swap(page.content)
    return context


def on_post_build(config) -> None:
    if _renderer is not None:
        _renderer.close()


def on_build_error(error) -> None:
    if _renderer is not None and _renderer.process is not None:
        _renderer.process.kill()
        _renderer.process = None
