"""Read the type sizes of a matplotlib SVG: every label, at the font size it was set in, in the SVG's own units.

The figures keep their text as paths (`svg.fonttype: path`, so they look the same without DejaVu Sans installed).
matplotlib draws each text as `<g id="text_N">`, a comment holding the text, then a group whose transform ends in
`scale(s -s)`: the glyphs are outlines at size 100, so the font size is 100·s user units. The exponent of a mathtext
power is drawn at 70 % of that inside the same group (matplotlib's convention); the label's size is what is read
here. An SVG with real `<text>` elements is read through their font-size instead.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
SCALE = re.compile(r"scale\(\s*([\d.]+)[\s,]+-\s*([\d.]+)\s*\)")
FONT_SIZE = re.compile(r"font-size:\s*([\d.]+)(px)?|font:[^;]*?([\d.]+)px")


@dataclass(frozen=True)
class Label:
    text: str
    size: float  # font size in the SVG's user units (points for matplotlib)


def view_width(svg: str) -> float:
    """The width of the SVG's coordinate system (its viewBox), which the browser scales to the displayed width."""
    root = ET.fromstring(svg.encode())
    box = root.get("viewBox")
    if not box:
        raise ValueError("the SVG has no viewBox: its text cannot be scaled to a displayed width")
    return float(box.split()[2])


def labels(svg: str) -> list[Label]:
    """Every text of a matplotlib SVG with its font size in user units."""
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
                found.append(Label(text, round(100 * float(match[1]), 4)))
                break
        else:
            raise ValueError(f"text {text!r} has no glyph scale: cannot read its size")
    for element in root.iter(f"{SVG}text"):
        match = FONT_SIZE.search(element.get("style") or "") or FONT_SIZE.search(f"font-size:{element.get('font-size')}")
        if not match:
            raise ValueError(f"<text> {''.join(element.itertext())!r} has no font size")
        found.append(Label("".join(element.itertext()).strip(), float(match[1] or match[3])))
    return found


def smallest(path: Path) -> tuple[Label, float]:
    """The smallest label of the SVG file and the viewBox width."""
    svg = path.read_text(encoding="utf-8")
    found = labels(svg)
    if not found:
        raise ValueError(f"{path.name} has no text")
    return min(found, key=lambda label: label.size), view_width(svg)
