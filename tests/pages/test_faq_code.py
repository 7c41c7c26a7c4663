"""The FAQ's numbers, recomputed here independently of the snippet that prints them, and its form (docs/faq.md)."""

from __future__ import annotations

import math
import re

from support import ROOT, values


def omegas(d: int) -> list[float]:
    """The frequencies written out from the paper's formula: an oracle independent of the library."""
    return [10000 ** (-2 * i / d) for i in range(d // 2)]


def test_faq_numbers():
    v = values("faq/quoted_numbers")
    w = omegas(512)
    assert v["longest_512"] == f"{2 * math.pi / w[-1]:,.0f}" and v["stated_512"] == f"{2 * math.pi * 10000:,.0f}"
    sims = [sum(math.cos(x * k) for x in w) for k in range(int(v["first_rise_512"]) + 1)]
    assert all(sims[k + 1] < sims[k] for k in range(len(sims) - 2))  # strictly falling up to the first rise
    assert sims[-1] > sims[-2]


def test_faq_every_question_has_an_anchor_and_a_link():
    page = (ROOT / "docs" / "faq.md").read_text(encoding="utf-8")
    sections = re.split(r"^### ", page, flags=re.M)[1:]
    assert len(sections) >= 12
    for section in sections:
        question, answer = section.split("\n", 1)
        assert question.rstrip().endswith("?"), question
        assert re.search(r"\]\([\w/.-]+\.md(#[\w-]+)?\)", answer), f"no link to a page in: {question}"
