"""Read the type sizes of a matplotlib SVG as a reader sees them: every text, at the size of its smallest glyph, in
the SVG's own units.

The figures keep their text as paths (`svg.fonttype: path`, so they look the same without DejaVu Sans installed).
matplotlib draws each text as `<g id="text_N">`, a comment holding the text, then a group whose transform ends in
`scale(s -s)`: the glyphs are outlines at size 100, so the text's font size is 100·s user units. Each glyph is a
`<use>` whose own transform may scale it again: the exponent of a mathtext power (the "3" of 10³ on a log axis) and a
subscript are drawn at 70 % of the font size (matplotlib's convention), so a log axis's tick labels set at 11.5 pt
show their exponents at 8 pt. A text's size here is its smallest glyph's (`Label.size`), the font size it was set in
`Label.set_in`. An SVG with real `<text>` elements is read through their font-size instead (and the size of a
`<tspan>` inside one, where it sets its own).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
SCALE = re.compile(r"scale\(\s*([\d.]+)[\s,]+-\s*([\d.]+)\s*\)")
GLYPH_SCALE = re.compile(r"scale\(\s*([\d.eE+-]+)(?:[\s,]+([\d.eE+-]+))?\s*\)")
FONT_SIZE = re.compile(r"font-size:\s*([\d.]+)(px)?|font:[^;]*?([\d.]+)px")


@dataclass(frozen=True)
class Label:
    text: str
    size: float  # the smallest glyph's size in the SVG's user units (points for matplotlib): what a reader sees
    set_in: float = 0.0  # the font size the text was set in (its exponents and subscripts are 70 % of it)


def view_width(svg: str) -> float:
    """The width of the SVG's coordinate system (its viewBox), which the browser scales to the displayed width."""
    root = ET.fromstring(svg.encode())
    box = root.get("viewBox")
    if not box:
        raise ValueError("the SVG has no viewBox: its text cannot be scaled to a displayed width")
    return float(box.split()[2])


def glyph_scale(transform: str) -> float:
    """The factor by which a glyph's own transform scales it (1 when it does not): the larger of its two axes'
    factors is its height's for text (matplotlib scales a glyph uniformly)."""
    factor = 1.0
    for match in GLYPH_SCALE.finditer(transform or ""):
        sx = abs(float(match[1]))
        sy = abs(float(match[2])) if match[2] else sx
        factor *= min(sx, sy)
    return factor


def _font_size(element) -> float | None:
    match = FONT_SIZE.search(element.get("style") or "")
    if not match and element.get("font-size"):
        match = FONT_SIZE.search(f"font-size:{element.get('font-size')}")
    return float(match[1] or match[3]) if match else None


def labels(svg: str) -> list[Label]:
    """Every text of a matplotlib SVG with its smallest glyph's size and the size it was set in, in user units."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.fromstring(svg.encode(), parser=parser)
    found = []
    for group in root.iter(f"{SVG}g"):
        if not (group.get("id") or "").startswith("text_"):
            continue
        comment = next((c for c in group if c.tag is ET.Comment), None)
        text = (comment.text or "").strip() if comment is not None else ""
        for inner in group.iter(f"{SVG}g"):
            match = SCALE.search(inner.get("transform") or "")
            if match:
                set_in = 100 * float(match[1])
                glyphs = [glyph_scale(use.get("transform")) for use in inner.iter(f"{SVG}use")]
                found.append(Label(text, round(set_in * min(glyphs, default=1.0), 4), round(set_in, 4)))
                break
        else:
            raise ValueError(f"text {text!r} has no glyph scale: cannot read its size")
    for element in root.iter(f"{SVG}text"):
        size = _font_size(element)
        if size is None:
            raise ValueError(f"<text> {''.join(element.itertext())!r} has no font size")
        spans = [s for s in (_font_size(span) for span in element.iter(f"{SVG}tspan")) if s is not None]
        found.append(Label("".join(element.itertext()).strip(), min([size, *spans]), size))
    return found


def smallest(path: Path) -> tuple[Label, float]:
    """The smallest text of the SVG file, as a reader sees it (an exponent counts at its own size), and the viewBox
    width."""
    svg = path.read_text(encoding="utf-8")
    found = labels(svg)
    if not found:
        raise ValueError(f"{path.name} has no text")
    return min(found, key=lambda label: label.size), view_width(svg)
