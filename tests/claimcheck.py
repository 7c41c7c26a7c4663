"""Claims on the pages, tied to what makes them true.

A page states things: "the dot product falls until k = 44", "even columns hold the sine", "Marian does not save the
table", a displayed theorem. Each such statement is recorded in the page's ledger (`LEDGER` in
tests/pages/test_<page>.py) with the exact words it has on the page and what backs it:

- `computed(id, sentence, check)`: `check()` re-derives the statement from generated results or the library and
  returns True; it fails when the code under the claim changes so that the sentence is no longer true.
  `passes(test_function, *args)` makes a check of an existing test that asserts the same property.
- `equation(id, display)`: a displayed formula, parsed by tests/texmath.py and tested at random points.
- `formula(id, display, check)`: a displayed formula, with a check of the result it states (sympy or numbers).
- `cited(id, sentence, source)`: a fact taken from a paper or another project's source, with where to read it.
- `prose(id, sentence, why)`: words that flagged the sentence (a "first", a "row") but no fact that code or a
  source could back: a definition, a plan of the page, an instruction.
- pending: a sentence recorded word for word in tests/pages/<page>.pending.txt (one per line), so that editing it
  fails a test, but not yet tied to what makes it true. A ledger is finished when that file is gone;
  `python scripts/claims.py --all` counts what is left. `python scripts/claims.py --sync PAGE` rewrites the file
  after a deliberate edit of the page (review its diff: it is the list of sentences you changed).

Every sentence of a page is recorded, not only those that look like claims: a word list cannot foresee every way to
state something false ("the matrix is symmetric"). `is_claim` (a direction, comparison, inequality, parity,
ordering, storage or library word of `CLAIM_WORDS`, a relation symbol, or a typed number) only says which pending
sentences most need a check. The checks (tests/test_claims.py):

1. every sentence of every page is in that page's ledger, word for word: a sentence edited, added or turned
   around fails until its entry is updated, and whoever updates it sees the check that must agree;
2. every ledger entry still stands on its page (none is stale);
3. every check holds;
4. every displayed formula is in the ledger with a check;
5. no number a job saved for the prose is typed instead of quoted (`{{ gen.<job>.<key> }}`);
6. every generated output is shown by some page or declared data-only.

`python scripts/claims.py PAGE` lists what a page's ledger lacks, as entries to paste and complete.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES_DIR = Path(__file__).resolve().parent / "pages"


def page_stem(page: str) -> str:
    """`variants/seeds.md` -> `variants_seeds`, `add-or-concatenate.md` -> `add_or_concatenate`."""
    return re.sub(r"\.(md|ipynb)$", "", page).replace("/", "_").replace("-", "_")


def pending_file(page: str) -> Path:
    """tests/pages/<page>.pending.txt: the page's sentences not yet tied to a check, one per line."""
    return PAGES_DIR / f"{page_stem(page)}.pending.txt"

# --- what makes a sentence a claim ---------------------------------------------------------------------------------

_WORDS = """
larger smaller greater less more fewer higher lower faster slower bigger wider narrower longer shorter
increase increases increased increasing decrease decreases decreased decreasing grow grows growing grew
shrink shrinks rise rises rising fall falls falling drop drops above below before after first last earlier later
next previous even odd sine sines cosine cosines sin cos positive negative exceed exceeds exceeded never always only
same equal equals differ differs different identical clockwise anticlockwise counterclockwise left right ascending
descending monotone monotonic twice half double doubles doubled ratio times maximum minimum largest smallest highest
lowest fastest slowest best worst most least row rows column columns interleaved interleaves order ordered save
saves saved store stores stored persistent buffer buffers trainable frozen recomputed recomputes recompute float16
float32 float64 bfloat16 linear linearly rotation rotates rotate orthogonal unique distinct depend depends dependent
independent constant bounded periodic zero exact exactly exceeds within not no cannot
""".split()
_PHRASES = ["at most", "at least", "up to", "as many", "as much"]
_SYMBOLS = ["<", ">", "≤", "≥", "≈", "×", r"\le", r"\ge", r"\lt", r"\gt", r"\neq", r"\ne", r"\approx", r"\times"]
CLAIM_WORDS = re.compile(
    r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(_WORDS + _PHRASES, key=len, reverse=True)) + r")(?![\w-])",
    re.IGNORECASE,
)
CLAIM_SYMBOLS = re.compile("|".join(re.escape(s) for s in _SYMBOLS))
QUOTE = re.compile(r"\{\{.*?\}\}")
NUMBER = re.compile(r"(?<![\w.^_{])\d[\d,]*(?:\.\d+)?")  # a typed number (not inside an identifier)


def is_claim(sentence: str) -> bool:
    """Does the sentence state something a reader could find false: a claim word, a relation or a typed number?"""
    bare = QUOTE.sub("", sentence)
    bare = re.sub(r"\]\([^)]*\)", "]", bare)  # a link's target is not part of what the sentence states
    bare = re.sub(r"</?\w[^>]*>", "", bare)  # nor is inline HTML markup
    return bool(CLAIM_WORDS.search(bare) or CLAIM_SYMBOLS.search(bare) or NUMBER.search(bare))


# --- reading a page ------------------------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")
# an abbreviation, a digit, or an author's initial ("A. Vaswani") before a full stop does not end a sentence
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|Fig|Eq|eq|al|approx|resp|no|No|Sec|Vol|p|pp)\.|\d\.|(?<![\w.])[A-Z]\.)$")
# a sentence ends at . ! or ?, also when a closing bracket, quote or emphasis follows it ("(… as shown.) This")
_SPLIT = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][)\"”*_]))\s+(?=[A-Z(\[*`{\\\"“_])")


@dataclass(frozen=True)
class Page:
    """What a page states: its prose sentences (headings and table rows count as one each) and its displays."""

    sentences: list[str]
    displays: list[str]


def normalise(text: str) -> str:
    """Whitespace folded to single spaces: the ledger records words, not line breaks."""
    return " ".join(text.split())


def read_markdown(text: str) -> Page:
    """Split Markdown into sentences and displayed formulas, leaving out code, includes, raw HTML and front matter."""
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        text = text[end + 4 :] if end != -1 else text
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    blocks: list[str] = []
    displays: list[str] = []
    paragraph: list[str] = []
    display: list[str] | None = None
    fence: str | None = None
    in_item = False  # the paragraph being read is a list item

    def flush() -> None:
        if paragraph:
            blocks.append(" ".join(paragraph))
            paragraph.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if fence is not None:  # inside a code block: until the same fence closes it
            if line.startswith(fence):
                fence = None
            continue
        if match := _FENCE.match(raw):
            flush()
            fence = match.group(1)
            continue
        if display is not None:
            display.append(line)
            if line.endswith((r"\]", "$$")):
                displays.append(normalise(" ".join(display)))
                display = None
            continue
        if line.startswith((r"\[", "$$")):
            flush()
            single = len(line) > 2 and line.endswith((r"\]", "$$"))
            if single:
                displays.append(normalise(line))
            else:
                display = [line]
            continue
        if not line or line.startswith(("--8<--", "<", "{%", "!!!", "???", "===")) or set(line) <= set("|:- "):
            flush()
            continue
        if line.startswith("#"):
            flush()
            blocks.append(re.sub(r"\s*\{\s*[#.][^}]*\}\s*$", "", line.lstrip("#").strip()))  # drop {#anchor}
            continue
        if line.startswith("|"):
            flush()
            blocks.append(line)
            continue
        if line.startswith("[^"):  # a footnote: its text is prose
            flush()
            line = re.sub(r"^\[\^[^\]]+\]:\s*", "", line)
        if re.match(r"^([-*+]|\d+\.)\s+", line) and (not paragraph or in_item):
            # a list item starts a block of its own; inside a paragraph, as in Python-Markdown, a line that starts
            # like one ("+ 1 tokens") only continues the paragraph (a list needs a blank line before it)
            flush()
            line = re.sub(r"^([-*+]|\d+\.)\s+", "", line)
            in_item = True
        elif not paragraph:
            in_item = False
        if re.match(r"^[*_]{2}[^*_]+[*_]{2}$", line):  # a bold line on its own is a label
            flush()
        paragraph.append(line)
    flush()
    sentences = [normalise(s) for block in blocks for s in split_sentences(block)]
    return Page([s for s in sentences if s], displays)


def split_sentences(block: str) -> list[str]:
    """Sentences of a paragraph; a full stop after an abbreviation or a digit does not end one."""
    if block.startswith("|"):
        return [block]
    out: list[str] = []
    for piece in _SPLIT.split(block):
        if out and _ABBREVIATION.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def read_page(page: str) -> Page:
    """A page under docs/ by its path there (`linearity.md`, `variants/seeds.md`, `notebooks/playground.ipynb`)."""
    path = DOCS / page
    if path.suffix == ".ipynb":
        import json

        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        markdown = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                    for c in cells if c["cell_type"] == "markdown"]
        return read_markdown("\n\n".join(markdown))
    return read_markdown(path.read_text(encoding="utf-8"))


# --- the ledger ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    id: str
    text: str
    kind: str  # computed | formula | cited | prose | pending
    check: Callable[[], object] | None = None
    note: str = ""  # the source of a cited fact, or why a prose sentence needs no check
    slow: bool = False  # the check trains or re-runs for seconds: `make test` runs it, `make test-fast` leaves it out
    # A conclusion drawn from the experiments (`measured`): the words of the sentence that say where it holds ("in
    # these 2-layer models on token-k-back"), and, for each general word it still uses (cannot, never, always, every,
    # all, no difference, does not ...), the proof or source that backs that word beyond the experiment.
    scope: str = ""
    general: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", normalise(self.text))
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", self.id):
            raise ValueError(f"claim ids are lowercase words joined by '-', got {self.id!r}")
        if self.kind in ("computed", "formula") and not callable(self.check):
            raise ValueError(f"claim {self.id!r}: a {self.kind} claim needs a check")
        if self.kind in ("cited", "prose") and not self.note.strip():
            raise ValueError(f"claim {self.id!r}: a {self.kind} entry needs a note (the source, or why no check)")
        if self.scope and normalise(self.scope) not in self.text:
            raise ValueError(f"claim {self.id!r}: its scope {self.scope!r} is not in its sentence: {self.text}")
        if self.scope:
            unbacked = [w for w in general_words(self.text) if w not in dict(self.general)]
            if unbacked:
                raise ValueError(f"claim {self.id!r}: a conclusion from the experiments uses the general word(s) "
                                 f"{unbacked} without a proof or source for them (general={{word: source}}), or "
                                 f"say it for the setting measured: {self.text}")

    def verify(self) -> None:
        """Run the check; it must return True (not merely something truthy or None: a check that cannot fail)."""
        if self.check is None:
            return
        result = self.check()
        assert result is True, f"claim {self.id!r} does not hold (its check returned {result!r}): {self.text}"


def computed(id: str, text: str, check: Callable[[], object], *, slow: bool = False) -> Claim:
    return Claim(id, text, "computed", check, slow=slow)


# Words that turn a measurement into a general verdict: a conclusion from the experiments may use one only with a
# proof or a source for it (`measured(..., general={word: source})`).
GENERAL = re.compile(
    r"(?<![\w-])(cannot|can't|never|always|no difference|fails?|does not|do not|doesn't|don't|every|all|none|"
    r"impossible|only)(?![\w-])", re.IGNORECASE)


def general_words(text: str) -> list[str]:
    return [m.group(1).lower() for m in GENERAL.finditer(QUOTE.sub("", text))]


def measured(id: str, text: str, check: Callable[[], object], *, scope: str,
             general: dict[str, str] | None = None, slow: bool = False) -> Claim:
    """A conclusion drawn from the experiments: `scope` is the phrase of the sentence that says where it holds;
    `general` maps each general word the sentence still uses (see GENERAL) to the proof or source that backs it."""
    if not scope.strip():
        raise ValueError(f"claim {id!r}: a measured claim needs its scope, the words that say where it holds")
    return Claim(id, text, "computed", check, slow=slow, scope=scope, general=tuple((general or {}).items()))


def formula(id: str, text: str, check: Callable[[], object]) -> Claim:
    return Claim(id, text, "formula", check)


def equation(id: str, text: str, draw: Callable | None = None, **options) -> Claim:
    """A displayed formula read as mathematics (tests/texmath.py): every `=` in it must hold at random points."""
    import texmath

    draw = draw or texmath.integers
    return Claim(id, text, "formula", lambda: texmath.holds(text, draw, **options))


def inline(id: str, text: str, draw: Callable | None = None, **options) -> Claim:
    """A sentence whose inline formulas state results: every `\\( … = … \\)` in it must hold (tests/texmath.py)."""
    import texmath

    formulas = [f for f in re.findall(r"\\\((.*?)\\\)", text) if "=" in f]
    if not formulas:
        raise ValueError(f"claim {id!r}: no inline formula with '=' in {text!r}")
    draw = draw or texmath.integers
    return Claim(id, text, "computed", lambda: all(texmath.holds(f, draw, **options) for f in formulas))


def passes(test: Callable[..., object], *args: object) -> Callable[[], bool]:
    """A check made of an existing test: True when `test(*args)` runs without failing (its assertion shows if not)."""

    def check() -> bool:
        test(*args)
        return True

    check.__name__ = f"passes({getattr(test, '__name__', test)!s})"
    return check


def cited(id: str, text: str, source: str, check: Callable[[], object] | None = None) -> Claim:
    return Claim(id, text, "cited", check, source)


def prose(id: str, text: str, why: str) -> Claim:
    return Claim(id, text, "prose", None, why)


def pending(id: str, text: str) -> Claim:
    return Claim(id, text, "pending")


@dataclass
class Ledger:
    """The claims of one page, in page order."""

    page: str
    claims: list[Claim] = field(default_factory=list)
    # numbers the page types although some job saved the same digits: a parameter, a quoted source, with why
    typed: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        pinned = pending_file(self.page)
        if pinned.is_file():
            lines = [line for line in pinned.read_text(encoding="utf-8").splitlines() if line.strip()]
            self.claims = self.claims + [pending(f"pending-{n}", line) for n, line in enumerate(lines, 1)]
        ids = [c.id for c in self.claims]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"{self.page}: claim ids used twice: {twice}")

    @property
    def test(self):
        """A pytest test, one case per checked claim: `test_claims_hold = LEDGER.test` in the page's test module."""
        checked = [c for c in self.claims if c.check is not None]
        if not checked:
            page = self.page

            def test_claim_holds() -> None:
                pytest.skip(f"{page}: no entry of its ledger has a check yet (every one is pending)")

            return test_claim_holds

        cases = [pytest.param(c, id=c.id, marks=[pytest.mark.slow] if c.slow else []) for c in checked]

        @pytest.mark.parametrize("claim", cases)
        def test_claim_holds(claim: Claim) -> None:
            claim.verify()

        return test_claim_holds


@dataclass(frozen=True)
class Finding:
    """Something the checks refuse, said so that the fix is obvious."""

    page: str
    problem: str
    text: str

    def __str__(self) -> str:
        return f"{self.page}: {self.problem}:\n    {self.text}"


def audit(page: Page, ledger: Ledger) -> list[Finding]:
    """What stands on the page without an entry, what the ledger holds that the page no longer says."""
    findings = []
    recorded = {c.text for c in ledger.claims}
    formulas = {c.text for c in ledger.claims if c.kind in ("formula", "pending")}
    for sentence in page.sentences:
        if sentence not in recorded:
            problem = "a sentence that states a claim is not in the ledger" if is_claim(sentence) else (
                "a sentence is not in the ledger (every sentence is recorded; a claim no word list foresaw is still "
                "caught)")
            findings.append(Finding(ledger.page, problem, sentence))
    for display in page.displays:
        if display not in formulas:
            findings.append(Finding(ledger.page, "a displayed formula is not in the ledger with its check", display))
    present = set(page.sentences) | set(page.displays)
    for claim in ledger.claims:
        if claim.text not in present:
            findings.append(Finding(ledger.page, f"ledger entry {claim.id!r} no longer stands on the page", claim.text))
    return findings


def typed_values(page_text: str, quoted: dict[str, dict[str, str]]) -> list[str]:
    """Values that jobs saved for the prose and that the page types instead of quoting.

    A value is searched for as a whole number-like token, outside `{{ … }}`; very short ones ("0", "2") are left to
    the ledger, which holds every sentence with a typed number word for word.
    """
    bare = QUOTE.sub(" ", page_text)
    found = []
    for job, values in sorted(quoted.items()):
        for key, literal in sorted(values.items()):
            digits = re.sub(r"\D", "", literal)
            if len(digits) < 3 or not re.search(r"\d", literal):
                continue
            if re.search(r"(?<![\w.,])" + re.escape(literal) + r"(?![\w]|[.,]\d)", bare):
                found.append(f"{literal!r} (gen.{job.replace('/', '.')}.{key})")
    return found


def unverified(claims: Iterable[Claim]) -> list[Claim]:
    return [c for c in claims if c.kind in ("computed", "formula") and c.check is None]
