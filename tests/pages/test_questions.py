"""The claims of docs/questions.md, each with what makes it true (see tests/claimcheck.py).

The page's list is generated from snippets/questions/data.py; tests/test_questions.py holds the checks of the list
(answers, anchors, sources, the share left open) and of the built page (links, search)."""

import json
import re
import statistics
from urllib.parse import urlparse

import test_questions as tq
from claim_words import Compare, Count, Number
from claimcheck import DOCS, Ledger, computed, passes, prose
from questions.data import QUESTIONS, Question
from support import GENERATED, text, values


def in_our_words_with_an_answer_and_a_source() -> bool:
    """Each entry: a question of our own wording (the data file's rule), an answer anchor that exists or a reason,
    and the https address where it was asked; the sources are issue trackers and Q&A sites."""
    hosts = {urlparse(q.source).netloc for q in QUESTIONS}
    trackers = sum(1 for q in QUESTIONS if urlparse(q.source).netloc == "github.com")
    qa = hosts & {"datascience.stackexchange.com", "ai.stackexchange.com", "stats.stackexchange.com",
                  "community.deeplearning.ai"}
    return (passes(tq.test_every_answer_anchor_exists)() and passes(tq.test_there_are_at_least_150_distinct_questions_from_real_sources)()
            and trackers > len(QUESTIONS) // 2 and len(qa) >= 3
            and "never the asker's words" in (DOCS.parent / "snippets" / "questions" / "data.py").read_text(encoding="utf-8"))


def counts_as_quoted() -> bool:
    v = values("questions/listing")
    still_open = [q for q in QUESTIONS if not q.answer]
    return (v["total"] == str(len(QUESTIONS)) and v["topics"] == str(len({q.topic for q in QUESTIONS}))
            and v["open"] == str(len(still_open)) and all(q.open for q in still_open))


def faq_has_shorter_answers() -> bool:
    """The FAQ answers in a paragraph what the linked sections answer at length; the common topics are its own."""
    faq = (DOCS / "faq.md").read_text(encoding="utf-8")
    entries = re.split(r"\n### ", faq)[1:]
    to_faq = sum(1 for q in QUESTIONS if q.answer.startswith("faq.md#"))
    return len(entries) >= 25 and all(len(e) < 2500 for e in entries) and to_faq >= 20


def generated_and_checked_as_said() -> bool:
    page = (DOCS / "questions.md").read_text(encoding="utf-8")
    return ('--8<-- "questions/listing.md"' in page and passes(tq.test_the_generated_list_is_the_data_file)()
            and passes(tq.test_every_question_has_an_answer_or_a_reason_to_stay_open)()
            and passes(tq.test_at_most_one_question_in_ten_stays_open)() and passes(tq.test_losing_an_answer_fails)())


def counts_printed() -> bool:
    """data.py's output: one line per topic with its count and title, then the total and the number open."""
    from collections import Counter

    from questions.data import TOPICS
    counts = Counter(q.topic for q in QUESTIONS)
    lines = text("questions/data").splitlines()
    return (lines[:-1] == [f"{counts[k]:3}  {title}" for k, title in TOPICS.items()]
            and lines[-1].split()[:3] == [str(len(QUESTIONS)), "in", "all,"])


# --- checks that return what they measured (tests/claim_words.py) -------------------------------------------------


def each_question_measured():
    """"each written here in our own words and, unless it stays open, linked to the section ... that answers it,
    with the address where it was asked": the questions with an https source and either an answer anchor that
    exists or no answer and a reason to stay open (the wording rule is the data file's, checked as before)."""
    if not in_our_words_with_an_answer_and_a_source():
        return False
    lost = set(tq.missing_answers(QUESTIONS))
    holding = sum(1 for q in QUESTIONS if urlparse(q.source).scheme == "https" and urlparse(q.source).netloc
                  and ((q.answer and not any(m.startswith(q.answer + " (" + q.source) for m in lost))
                       or (not q.answer and q.open)))
    return Count(holding, len(QUESTIONS))


def open_with_reason_measured():
    """"N stay open, each with the reason": the open questions (no answer) that give a reason."""
    if not counts_as_quoted():
        return False
    still_open = [q for q in QUESTIONS if not q.answer]
    return Count(sum(1 for q in still_open if q.open.strip()), len(still_open))


def _sections(page: str) -> dict[str, str]:
    """anchor -> the section's text, from its heading to the next heading of the same or a higher level."""
    found = {}
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    heads = [(n, len(m["hashes"]), m["title"]) for n, line in enumerate(lines)
             if (m := re.match(r"(?P<hashes>#{2,6}) (?P<title>.*)", line))]
    for k, (n, level, title) in enumerate(heads):
        end = next((m for m, lv, _t in heads[k + 1:] if lv <= level), len(lines))
        explicit = re.search(r"\{ *#([\w-]+) *\}", title)
        anchor = explicit.group(1) if explicit else re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-")
        found[anchor] = "\n".join(lines[n:end])
    return found


def faq_shorter_measured():
    """"Shorter answers ... are in the FAQ": the median length (characters) of the FAQ's answers against that of the
    sections they link to with "See" (the pages' own sections, which answer at length)."""
    if not faq_has_shorter_answers():
        return False
    faq = (DOCS / "faq.md").read_text(encoding="utf-8")
    entries = re.split(r"\n### ", faq)[1:]
    mine, theirs = [], []
    for entry in entries:
        body = entry.split("\n## ")[0]
        links = re.findall(r"See \[[^\]]*\]\(([\w/.-]+\.md)#([\w-]+)\)", body.replace("\n", " "))
        lengths = [len(_sections(page).get(anchor, "")) for page, anchor in links]
        lengths = [n for n in lengths if n]
        if lengths:
            mine.append(len(body))
            theirs.append(max(lengths))
    assert len(mine) >= 20, f"only {len(mine)} FAQ answers link a section"
    return Compare(statistics.median(mine), statistics.median(theirs))


def every_output_generated_measured():
    """"like every other output of the site": the files under docs/generated that a job's manifest records as its
    output, against all of them."""
    if not generated_and_checked_as_said():
        return False
    recorded = set()
    for manifest in (GENERATED / ".manifest").rglob("*.json"):
        recorded |= set(json.loads(manifest.read_text(encoding="utf-8")).get("outputs", {}))
    files = {p.relative_to(GENERATED).as_posix() for p in GENERATED.rglob("*")
             if p.is_file() and ".manifest" not in p.parts}
    return Count(len(files & recorded), len(files))


def _fails(test, questions) -> bool:
    """Does the test of tests/test_questions.py fail on this list of questions in place of the data file's?"""
    kept = tq.QUESTIONS
    tq.QUESTIONS = tuple(questions)
    try:
        test()
    except AssertionError:
        return True
    finally:
        tq.QUESTIONS = kept
    return False


def what_fails_measured():
    """"fails when a question has neither an answer nor a reason ..., or when more than one question in ten stays
    open": the fields filled (answer, reason) of the emptiest question the test fails on; the fewest open questions
    out of ten that fail the test; the fewest questions among which one open one passes."""
    if not generated_and_checked_as_said():
        return False

    def q(n, answer="", reason=""):
        return Question(f"q{n}?", f"https://example.org/q/{n}", "why", answer, reason)

    filled = [(a, r) for a in (0, 1) for r in (0, 1)
              if _fails(tq.test_every_question_has_an_answer_or_a_reason_to_stay_open,
                        [q(0, "faq.md#x" if a else "", "why not" if r else "")])]
    emptiest = min(a + r for a, r in filled)

    def batch(total, still_open):
        return [q(n, "" if n < still_open else "faq.md#x", "why not" if n < still_open else "")
                for n in range(total)]

    most_open = next(k for k in range(11) if _fails(tq.test_at_most_one_question_in_ten_stays_open, batch(10, k)))
    fewest = next(n for n in range(1, 100)
                  if not _fails(tq.test_at_most_one_question_in_ten_stays_open, batch(n, 1)))
    return [Count(emptiest, 2), Number(most_open, at=0), Number(fewest, at=1)]


LEDGER = Ledger("questions.md", [
    prose('questions-people-ask', 'the page title'),
    computed('questions-learners-practitioners-asked-public', each_question_measured, backs=['each']),
    computed('there-are-them-topics-stay', open_with_reason_measured,
             backs=['each', 'gen.questions.listing.open', 'gen.questions.listing.topics', 'gen.questions.listing.total']),
    prose('scan-topics-yours-or-use', 'an invitation; that the search indexes the questions is checked over the built '
          'site by tests/test_questions.py::test_the_built_page_links_every_question_to_its_answer_and_search_finds_it'),
    computed('shorter-answers-most-common-ones', faq_shorter_measured, backs=['most', 'shorter']),
    computed('list-generated-from-by-like', every_output_generated_measured, backs=['every']),
    computed('fails-when-question-has-neither', what_fails_measured, backs=['more', 'neither', 'nor']),
    computed('count-by-topic-as-prints', counts_printed),
    prose('how-page-made-checked', 'an admonition title: it names the note folded inside'),
])

test_claims_hold = LEDGER.test
