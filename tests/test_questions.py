"""The questions people ask (snippets/questions/data.py, issue 41): each answered by an anchor that exists, or left
open with a reason; at most one in ten open; the generated page lists them all, and the built site links and indexes
every one."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest
from markdown.extensions.toc import slugify
from questions.data import QUESTIONS, TOPICS, Question
from support import DOCS, generated

HEADING = re.compile(r"^#{1,6} (?P<title>.*?)(?:\s*\{\s*#(?P<id>[\w-]+)\s*\})?\s*$")


def page_anchors(page: Path) -> set[str]:
    """The ids of a page's headings, as the site gives them: an explicit `{ #id }`, else the toc extension's slug of
    the title. Headings in code blocks are skipped; a page that includes generated Markdown gets its headings too."""
    text, anchors, fenced = page.read_text(encoding="utf-8"), set(), False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        include = re.match(r'^--8<-- "(?P<path>[^"]+\.md)"$', line.strip())
        if include and not fenced:
            anchors |= page_anchors(DOCS / "generated" / include["path"])
        heading = HEADING.match(line)
        if heading and not fenced:
            anchors.add(heading["id"] or slugify(heading["title"], "-"))
    return anchors


def missing_answers(questions: tuple[Question, ...] | list[Question]) -> list[str]:
    """Every answer whose page or anchor does not exist, as 'answer (source)'."""
    cache: dict[Path, set[str]] = {}
    missing = []
    for q in questions:
        if not q.answer:
            continue
        page, _, anchor = q.answer.partition("#")
        path = DOCS / page
        if path.suffix != ".md" or not path.is_file():
            missing.append(f"{q.answer} ({q.source}): no such page")
            continue
        anchors = cache.setdefault(path, page_anchors(path))
        if anchor and anchor not in anchors:
            missing.append(f"{q.answer} ({q.source}): no such anchor")
    return missing


def test_every_question_has_an_answer_or_a_reason_to_stay_open():
    neither = [q.source for q in QUESTIONS if bool(q.answer) == bool(q.open)]
    assert not neither, f"each question needs an answer anchor or a reason to stay open, not both or neither: {neither}"


def test_every_answer_anchor_exists():
    """A question whose section was renamed or removed has lost its answer: this fails until its anchor is fixed."""
    assert not missing_answers(QUESTIONS), "\n".join(missing_answers(QUESTIONS))


def test_losing_an_answer_fails():
    """The guard above, on a question whose answer's heading is gone."""
    lost = [Question("Where did the answer go?", "https://example.org/q/1", "why", "formula.md#no-such-section"),
            Question("And this page?", "https://example.org/q/2", "why", "no-such-page.md#x")]
    assert missing_answers(lost) == ["formula.md#no-such-section (https://example.org/q/1): no such anchor",
                                     "no-such-page.md#x (https://example.org/q/2): no such page"]


def test_at_most_one_question_in_ten_stays_open():
    still_open = [q for q in QUESTIONS if not q.answer]
    assert 10 * len(still_open) <= len(QUESTIONS), f"{len(still_open)} of {len(QUESTIONS)} open"


def test_there_are_at_least_150_distinct_questions_from_real_sources():
    assert len(QUESTIONS) >= 150
    assert len({q.text for q in QUESTIONS}) == len(QUESTIONS), "a question is listed twice"
    assert len({q.source for q in QUESTIONS}) == len(QUESTIONS), "two entries share one source"
    assert all(urlparse(q.source).scheme == "https" and urlparse(q.source).netloc for q in QUESTIONS)
    assert {q.topic for q in QUESTIONS} <= set(TOPICS)


def test_no_topic_is_empty():
    counts = Counter(q.topic for q in QUESTIONS)
    assert all(counts[key] for key in TOPICS), f"empty topics: {[k for k in TOPICS if not counts[k]]}"


def test_the_generated_list_is_the_data_file():
    """Every question of the file is on the page, once, under its topic, with its answer link (or its reason) and its
    source; nothing else is listed."""
    from questions.listing import plain

    listing = generated("questions/listing", "md").read_text(encoding="utf-8")
    entries = [line for line in listing.splitlines() if line.startswith("- ")]
    assert len(entries) == len(QUESTIONS)
    sections = {m["key"]: m["body"] for m in re.finditer(r"^## .*? \{ #(?P<key>[\w-]+) \}\n\n(?P<body>(?:.+\n?)+)",
                                                         listing, flags=re.M)}
    for q in QUESTIONS:
        shown = f"[{plain(q.text)}]({q.answer})" if q.answer else f"- {plain(q.text)} "
        assert shown in sections[q.topic] and f"]({q.source})" in sections[q.topic], q.source


def built_links(page: Path) -> list[str]:
    return re.findall(r'<a href="([^"]+)"', page.read_text(encoding="utf-8"))


def test_the_built_page_links_every_question_to_its_answer_and_search_finds_it(built_site):
    page = built_site / "questions.html"
    links = set(built_links(page))
    for q in QUESTIONS:
        if q.answer:
            page_name, _, anchor = q.answer.partition("#")
            target = page_name.removesuffix(".md") + ".html" + (f"#{anchor}" if anchor else "")
            assert target in links, f"{q.answer}: not linked from questions.html"
            html = (built_site / target.split("#")[0]).read_text(encoding="utf-8")
            assert not anchor or f'id="{anchor}"' in html, f"{q.answer}: no such id in the built page"
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("questions.html"))
    words = re.compile(r"[A-Za-z]{4,}")
    for q in QUESTIONS:
        assert all(w in text for w in words.findall(q.text)[:6]), f"search does not index: {q.text}"


@pytest.mark.parametrize("page", ["index.md", "faq.md", "tour.md"])
def test_home_the_faq_and_the_tours_end_link_the_questions(page):
    assert "](questions.md)" in (DOCS / page).read_text(encoding="utf-8")


def test_questions_are_in_the_learn_section_and_on_homes_play_card():
    """The navigation puts the page under Learn, after the FAQ; Home's "Play and practise" card links the tour, the
    explorer and every page of the Learn section."""
    from conftest import ROOT

    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    learn = re.findall(r"([\w/-]+\.md)", re.search(r"- Learn:\n((?:\s{6,}- .*\n)+)", nav).group(1))
    assert learn[:2] == ["faq.md", "questions.md"], learn
    card = (DOCS / "index.md").read_text(encoding="utf-8").split("**Play and practise**", 1)[1].split("</div>", 1)[0]
    assert sorted(re.findall(r"\]\(([\w/-]+\.md)\)", card)) == sorted(["tour.md", "explorer.md", *learn])
