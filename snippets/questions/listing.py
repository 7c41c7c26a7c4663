"""The page of questions people ask, built from data.py: the questions by topic, each linked to its answer."""

from pelib import docenv
from collections import Counter
from urllib.parse import urlparse

from questions.data import QUESTIONS, TOPICS


def source_label(url: str) -> str:
    """Where a question was asked, short: owner/repo#number for GitHub, the site's name otherwise."""
    address = urlparse(url)
    parts = address.path.strip("/").split("/")
    if address.netloc == "github.com" and len(parts) >= 4 and parts[2] in ("issues", "pull"):
        return f"{parts[0]}/{parts[1]}#{parts[3]}"
    return address.netloc.removeprefix("www.")


def plain(text: str) -> str:
    """The text as Markdown shows it literally: `10000 ** (2i / d)` is not bold, `[0, 1]` not a link."""
    return "".join("\\" + c if c in "\\`*_[]<>" else c for c in text)


# --8<-- [start:page]
def entry(question) -> str:
    """One line of the list: the question linked to its answer (or marked open, with the reason), then its source."""
    asked = f"asked at [{source_label(question.source)}]({question.source})"
    if question.answer:
        return f"- [{plain(question.text)}]({question.answer}) ({asked})"
    return f"- {plain(question.text)} ({asked})  \n  *Open:* {plain(question.open)}"


counts = Counter(q.topic for q in QUESTIONS)
index = " · ".join(f"[{title}](#{key}) ({counts[key]})" for key, title in TOPICS.items() if counts[key])
sections = []
for key, title in TOPICS.items():
    asked = [q for q in QUESTIONS if q.topic == key]
    if asked:
        sections.append(f"## {title} {{ #{key} }}\n\n" + "\n".join(entry(q) for q in asked))
page = f"**Topics:** {index}\n\n" + "\n\n".join(sections) + "\n"
# --8<-- [end:page]

docenv.save_markdown(page)
docenv.save_values({
    "total": str(len(QUESTIONS)),
    "topics": str(len(counts)),
    "open": str(sum(1 for q in QUESTIONS if not q.answer)),
})
