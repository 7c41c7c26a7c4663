"""One way for every test to read what the code generated: values quoted by prose, data, printed text.

Jobs are named as regen names them: `reference` for snippets/reference.py, `linearity/shift_matrix` for
snippets/linearity/shift_matrix.py. Their outputs lie under docs/generated/ with the same relative name.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GENERATED = DOCS / "generated"
SNIPPETS = ROOT / "snippets"

# The jobs whose outputs have been read (by generated, values, data, text): a claim's check is run with this set
# cleared, so that claimcheck knows which jobs the check read (a conclusion from an experiment must be `measured`).
READ: set[str] = set()


def generated(job: str, suffix: str, part: str | None = None) -> Path:
    """Path of one output of `job`: `<job>.<suffix>` or `<job>-<part>.<suffix>` under docs/generated/."""
    READ.add(job)
    name = job if part is None else f"{job}-{part}"
    path = GENERATED / f"{name}.{suffix}"
    if not path.is_file():
        raise FileNotFoundError(f"{path.relative_to(ROOT)} does not exist: is {job!r} a job that writes it? (make regen)")
    return path


def values(job: str) -> dict[str, str]:
    """The numbers `job` saved for the prose (`{{ gen.<job>.<key> }}`), as the strings the pages show."""
    READ.add(job)
    return _values(job)


@functools.cache
def _values(job: str) -> dict[str, str]:
    return json.loads(generated(job, "values.json").read_text(encoding="utf-8"))


def data(job: str, part: str | None = None) -> object:
    """The structured results `job` saved with `docenv.save_json`."""
    READ.add(job)
    return _data(job, part)


@functools.cache
def _data(job: str, part: str | None = None) -> object:
    return json.loads(generated(job, "json", part).read_text(encoding="utf-8"))


@functools.cache
def repo_text(relative: str) -> str:
    """A file of the repository, read once, when a test first needs it: a module that reads a page on import makes
    every test depend on it in `make test-fast` (tests/resultcache.py), one that calls this only the tests that do."""
    return (ROOT / relative).read_text(encoding="utf-8")


def text(job: str, part: str | None = None) -> str:
    """What `job` printed (or one named part of it)."""
    return generated(job, "txt", part).read_text(encoding="utf-8")


def macro(job: str, key: str) -> str:
    """How a page quotes `key` of `job`: `gen.<job>.<key>` (`gen.<page>.<name>.<key>` for a page script); with an
    empty key, the prefix every quote of the job starts with."""
    return f"gen.{job.replace('/', '.')}.{key}"


QUOTE = re.compile(r"\bgen\.((?:\w+\.)+\w+)")


def quotes(markdown: str) -> list[tuple[str, str, str]]:
    """Every value a page quotes, in order: (job, key, the quote as written), `gen.linearity.odd.gap` giving
    ("linearity/odd", "gap", ...): a flat job's quote has two parts, a page script's three."""
    found = []
    for match in QUOTE.finditer(markdown):
        *job, key = match.group(1).split(".")
        found.append(("/".join(job), key, match.group(0)))
    return found


def quoted_jobs(markdown: str) -> set[str]:
    """The jobs whose values a page quotes."""
    return {job for job, _key, _quote in quotes(markdown)}


def cheat_sheet_lines() -> list[str]:
    """The non-blank lines of CONTRIBUTING.md's cheat sheet, fences left out: what docs/contributing.md must show."""
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    sheet = guide.split("[start:cheatsheet] -->", 1)[1].split("<!-- --8<-- [end:cheatsheet]", 1)[0]
    return [line.strip() for line in sheet.splitlines() if line.strip() and not line.startswith("```")]


def assert_quoted_not_typed(page: str, jobs: list[str]) -> None:
    """`page` (relative to docs/) quotes something of each job, and types none of a job's longer values by hand."""
    markdown = (DOCS / page).read_text(encoding="utf-8")
    for job in jobs:
        quoted = values(job)
        assert [key for key in quoted if macro(job, key) in markdown], f"{page} quotes nothing from {job}"
        for key, literal in quoted.items():  # every value the job saved, quoted here or not
            if len(literal.replace(",", "").replace(".", "")) >= 4:  # long enough not to occur by chance
                assert literal not in markdown, f"{page} types {literal!r} instead of quoting {macro(job, key)}"


def quoted_equals(job: str, key: str, value: float, fmt: str) -> bool:
    """The value `job` saved under `key`, as the page quotes it, is `value` recomputed here and formatted with `fmt`
    (`quoted_equals("faq/quoted_numbers", "longest_512", 2 * math.pi / w[-1], ",.0f")`)."""
    return values(job)[key] == format(value, fmt)


def number(shown: str) -> float:
    """A quoted value as a number: '1,024' -> 1024.0, '4.9×' -> 4.9; a bound '< 1e-15' -> its limit."""
    cleaned = shown.replace(",", "").replace("×", "").replace("%", "").strip()
    if cleaned.startswith("< "):
        cleaned = cleaned[2:]
    return float(cleaned)
