"""The claims of docs/questions.md, each with what makes it true (see tests/claimcheck.py).

The page's list is generated from snippets/questions/data.py; tests/test_questions.py holds the checks of the list
(answers, anchors, sources, the share left open) and of the built page (links, search)."""

import re
from urllib.parse import urlparse

import test_questions as tq
from claimcheck import DOCS, Ledger, computed, passes, prose
from questions.data import QUESTIONS
from support import text, values


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


LEDGER = Ledger("questions.md", [
    prose('questions-people-ask', 'the page title'),
    computed('questions-learners-practitioners-asked-public', in_our_words_with_an_answer_and_a_source, backs=['each']),
    computed('there-are-them-topics-stay', counts_as_quoted,
             backs=['each', 'gen.questions.listing.open', 'gen.questions.listing.topics', 'gen.questions.listing.total']),
    prose('scan-topics-yours-or-use', 'an invitation; that the search indexes the questions is checked over the built '
          'site by tests/test_questions.py::test_the_built_page_links_every_question_to_its_answer_and_search_finds_it'),
    computed('shorter-answers-most-common-ones', faq_has_shorter_answers, backs=['most', 'shorter']),
    computed('list-generated-from-by-like', generated_and_checked_as_said, backs=['every']),
    computed('fails-when-question-has-neither', generated_and_checked_as_said, backs=['more', 'neither', 'nor']),
    computed('count-by-topic-as-prints', counts_printed),
    prose('how-page-made-checked', 'an admonition title: it names the note folded inside'),
])

test_claims_hold = LEDGER.test
