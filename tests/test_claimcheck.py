"""The claim checks themselves, attacked: each kind of wrong claim a reviewer wrote into a page must turn them red,
and `make claims-accept` must refuse to accept it.

Every attack takes a real page, makes one plausible wrong edit, and runs the same audit as tests/test_claims.py
against the page's real lock and ledger, then asks the accept command's decision (a pure function) about it: the
edit must fail the audit and be refused (or, for a display, fail its own check once accepted by id). A case that
finds nothing to edit fails too, so the attacks stay real as the pages change. The flips are tried on every
sentence of every page that has a word of their kind, not on a chosen few.
"""

from __future__ import annotations

import collections
import functools
import re

import pytest
import test_claims
from claim_words import Compare, Count, Number, Trend, Truth  # noqa: F401  (the replays below use them)
from claimcheck import (
    DOCS,
    FLIPS,
    Claim,
    Ledger,
    audit,
    binding,
    claim_words,
    computed,
    decide_change,
    decide_new,
    equation,
    is_claim,
    is_english,
    is_typo_fix,
    measured,
    page_items,
    pages,
    pair_changes,
    prose,
    read_ledger_source,
    read_lock,
    read_markdown,
    split_sentences,
    texts_by_id,
    typed_values,
)
from support import macro, quotes
from test_claims import ledger_of


def attacked(page: str, pattern: str, replacement: str, *, inside: str = "prose") -> str:
    """The page's text with the first match of `pattern` in a sentence (or a display) replaced."""
    text = (DOCS / page).read_text(encoding="utf-8")
    parsed = read_markdown(text)
    pool = parsed.sentences if inside == "prose" else parsed.displays
    for item in pool:
        if re.search(pattern, item):
            # find the raw source of the sentence or display: its first words are on one line of the page
            for line in text.splitlines():
                if re.search(pattern, line) and (line.strip()[:20] in item or item[:20] in line or inside != "prose"):
                    return text.replace(line, re.sub(pattern, replacement, line, count=1), 1)
    raise AssertionError(f"the attack {pattern!r} found nothing to change on {page}: update this test")


def edited_items(page: str, edited: str):
    return read_markdown(edited, includes=True).items()


def findings_after(page: str, edited: str) -> list:
    return audit(page, ledger_of(page), items=edited_items(page, edited), history=False)


def accept_decisions(page: str, edited: str) -> list:
    """What claims-accept decides about each changed sentence of the edited page, named by id or not."""
    now = {i.fp: i.text for i in page_items(page)}  # the page as committed: the old words
    items = edited_items(page, edited)
    pairs, new, _gone = pair_changes(items, read_lock(page), now)
    claims = {c.id: c for c in ledger_of(page).claims}
    decisions = []
    for entry, item in pairs:
        claim = claims.get(entry.id)
        for named in (False, True):
            decisions.append((entry.id, item, named, decide_change(now.get(entry.fp), item.text, entry, claim,
                                                                   named=named, display=item.kind == "display")))
    for item in new:
        decisions.append((None, item, False, decide_new(item, None, "new")))
    return decisions


ATTACKS = [
    # (what a reviewer changed, page, pattern, wrong version, in prose or in a display)
    ("direction word flipped", "base.md", r"\blonger\b", "shorter", "prose"),
    ("comparison flipped", "precision.md", r"\bmore\b", "fewer", "prose"),
    ("sign changed in a displayed matrix", "linearity.md", r"-\\sin \\omega_i k", r"\\sin \\omega_i k", "display"),
    ("index changed in a displayed formula", "formula.md", r"2i\+1", "2i+2", "display"),
    ("exponent changed", "index.md", r"-2i/d", "-i/d", "prose"),
    ("sine and cosine swapped in a description", "formula.md", r"\bsine\b", "cosine", "prose"),
    ("even and odd swapped", "formula.md", r"\beven\b", "odd", "prose"),
    ("inequality reversed", "exercises.md", r"\\cos 3 < 0", r"\\cos 3 > 0", "prose"),
    ("bound turned around", "base.md", r"\bat most\b", "at least", "prose"),
    ("library fact changed", "variants/libraries.md", r"\bnot\b", "", "prose"),
    ("ordering changed", "formula.md", r"the one before", "the one after", "prose"),
    ("direction of a curve flipped", "properties.md", r"\bfalls\b", "rises", "prose"),
    ("a claim no word list foresees", "linearity.md", r"is orthogonal", "is symmetric", "prose"),
    ("a quantifier weakened", "properties.md", r"\bevery\b", "some", "prose"),
]


@pytest.mark.parametrize(("what", "page", "pattern", "wrong", "inside"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_a_wrong_claim_on_a_page_is_refused(what, page, pattern, wrong, inside):
    edited = attacked(page, pattern, wrong, inside=inside)
    assert edited != (DOCS / page).read_text(encoding="utf-8")
    assert findings_after(page, edited), f"{what} on {page} passed the claim checks"
    decisions = accept_decisions(page, edited)
    assert decisions, f"{what} on {page}: claims-accept saw no change"
    for id, item, named, decision in decisions:
        if item.kind == "display" and decision.accepted:  # a display named by id: its own check reads it, and fails
            claim = next(c for c in ledger_of(page).claims if c.id == id)
            if claim.kind == "equation":
                try:
                    holds = equation(id, text=item.text).check()
                except AssertionError:  # texmath refuses it outright (a column past the width)
                    holds = False
                assert holds is not True, f"{what} on {page}: the wrong display {item.text} holds"
            continue
        assert not decision.accepted, f"{what} on {page}: claims-accept (named={named}) accepted it: {decision.why}"


def test_a_new_claim_sentence_without_an_entry_is_refused():
    page = "linearity.md"
    edited = (DOCS / page).read_text(encoding="utf-8") + "\n\nThe shift matrix is symmetric for every offset.\n"
    assert any("not in the lock" in f.problem for f in findings_after(page, edited))
    [item] = [i for i in edited_items(page, edited) if "symmetric for every" in i.text]
    assert {"symmetric", "every"} <= set(item.words)
    assert not decide_new(item, None, "shift-matrix-symmetric-every").accepted
    bare = prose("shift-matrix-symmetric-every", "intuition")  # a bare prose entry: its claim words unaccounted
    assert not decide_new(item, bare, "shift-matrix-symmetric-every").accepted
    listed = prose("shift-matrix-symmetric-every", "an example of a wrong claim", unbacked=["symmetric", "every"])
    assert not decide_new(item, listed, "shift-matrix-symmetric-every").accepted  # issue 37: a reason of the list
    defined = prose("shift-matrix-symmetric-every", "a definition: what the page calls symmetric",
                    unbacked=["symmetric", "every"])
    assert decide_new(item, defined, "shift-matrix-symmetric-every").accepted
    # a check that returns True whatever the sentence says is sentence-blind; one that returns what it measured binds
    blind = standalone(computed("shift-matrix-symmetric-every", lambda: True, backs=["symmetric", "every"]), item.text)
    decision = decide_new(item, blind, "shift-matrix-symmetric-every", binding)
    assert not decision.accepted and "sentence-blind" in decision.why and "'every'" in decision.why, decision.why
    reads = standalone(computed("shift-matrix-symmetric-every", lambda: [Truth(True), Count(7, 7)],
                                backs=["symmetric", "every"]), item.text)
    assert decide_new(item, reads, "shift-matrix-symmetric-every", binding).accepted


def test_a_deleted_claim_leaves_a_stale_lock_entry():
    page = "why-positions.md"
    first = texts_by_id(page)[read_lock(page).entries[0].id]
    text = (DOCS / page).read_text(encoding="utf-8")
    words = first.split()[:6]
    lines = [line for line in text.splitlines() if " ".join(words[:4]) in " ".join(line.split())]
    assert lines, "the first lock entry of why-positions.md must start on one line of the page"
    edited = text.replace(lines[0], "", 1)
    assert any("no longer stands" in f.problem for f in findings_after(page, edited))


def test_a_computed_number_retyped_by_hand_is_refused():
    page = "precision.md"
    text = (DOCS / page).read_text(encoding="utf-8")
    match = re.search(r"\{\{\s*gen\.[\w.]+\s*\}\}", text)
    [(job, key, _)] = quotes(match.group(0))
    value = test_claims.quoted_values()[job][key]
    edited = text.replace(match.group(0), value, 1)
    quoted = {j: v for j, v in test_claims.quoted_values().items() if macro(j, "") in edited}
    caught_by_lock = bool(findings_after(page, edited)) and not any(d.accepted for *_, d in accept_decisions(page, edited))
    caught_by_quote_rule = bool(typed_values(edited, quoted)) or len(re.sub(r"\D", "", value)) < 3
    assert caught_by_lock and caught_by_quote_rule, f"{value!r} typed for {macro(job, key)} passed"


def test_an_output_include_deleted_is_refused(monkeypatch):
    shown = test_claims.shown_outputs()
    assert "linearity/shift_matrix.txt" in shown or any(n.startswith("linearity/shift_matrix") for n in shown)
    real = test_claims.shown_outputs

    def without_the_matrix() -> set[str]:
        return {n for n in real() if not n.startswith("linearity/shift_matrix")}

    monkeypatch.setattr(test_claims, "shown_outputs", without_the_matrix)
    with pytest.raises(AssertionError, match="linearity/shift_matrix"):
        test_claims.test_every_generated_output_is_shown_by_a_page_or_declared_data()


def standalone(claim: Claim, text: str) -> Claim:
    claim._text = text
    return claim


def test_a_check_that_stops_holding_fails_and_one_that_cannot_fail_is_refused():
    sentence = "The dot product falls until the first rise."
    assert is_claim(sentence)
    with pytest.raises(AssertionError, match="does not hold"):
        standalone(computed("falls", lambda: 3 < 2), sentence).verify()
    with pytest.raises(AssertionError, match="does not hold"):  # a check must return True itself, not None
        standalone(computed("falls", lambda: None), sentence).verify()
    with pytest.raises(ValueError, match="needs a check"):
        Claim("falls", "computed")
    with pytest.raises(ValueError, match="used twice"):
        Ledger("x.md", [computed("a", lambda: True), computed("a", lambda: True)])


def test_an_unscoped_conclusion_from_the_experiments_is_refused():
    """Issue 26's rule, made mechanical: a check that reads an experiment's outputs belongs to a `measured` entry,
    whose sentence carries its scope; a general word in it ("cannot") needs a proof or a source."""
    from support import values

    sentence = "Sinusoidal encodings cannot extrapolate to longer inputs."
    reads = lambda: bool(values("extrapolation"))  # noqa: E731
    with pytest.raises(AssertionError, match="scope"):
        standalone(computed("cannot-extrapolate", reads), sentence).verify()
    scoped = "In these 2-layer models, sinusoidal encodings cannot extrapolate to longer inputs."
    with pytest.raises(AssertionError, match="general word"):
        standalone(measured("cannot-extrapolate", reads, scope="In these 2-layer models"), scoped).verify()
    standalone(measured("cannot-extrapolate", reads, scope="In these 2-layer models",
                        general={"cannot": "a proof or paper that says so"}), scoped).verify()
    plain = "In these 2-layer models, sinusoidal encodings reach 30% at twice the training length."
    standalone(measured("at-twice", reads, scope="In these 2-layer models"), plain).verify()
    # issue 37: the scope's setting words are the experiments' configuration, not ledger text
    for setting in ("10-layer", "ten-layer"):
        wrong = plain.replace("2-layer", setting)
        with pytest.raises(AssertionError, match="names a setting the experiments did not use"):
            standalone(measured("at-twice", reads, scope=f"In these {setting} models"), wrong).verify()


def test_a_slow_check_runs_in_make_test_and_only_there():
    """A check that trains for seconds is marked slow: `make test` runs it, `make test-fast` (-m "not slow") leaves
    it out. Every other check runs in both."""
    ledger = Ledger("x.md", [computed("quick", lambda: True), computed("trains", lambda: True, slow=True)])
    cases = {case.id: case for case in ledger.test.pytestmark[0].args[1]}
    assert [m.name for m in cases["trains"].marks] == ["slow"] and not cases["quick"].marks
    slow = {c.id for c in ledger_of("evidence.md").claims if c.slow}
    assert "kernels-differ" in slow, slow  # the evidence page's check that re-runs a reduced experiment per kernel


def test_claim_words_flag_what_they_should_and_code_is_not_prose():
    page = read_markdown("Intro.\n\n```python\nx = 1 if a < b else 2\n```\n\nThe sine comes first.\n")
    assert page.sentences == ["Intro.", "The sine comes first."]
    assert [s for s in page.sentences if is_claim(s)] == ["The sine comes first."]
    assert read_markdown("Text.\n\n\\[\na < b\n\\]\n").displays == ["\\[ a < b \\]"]


@pytest.mark.parametrize(("sentence", "words"), [
    # the attack sentences above, and the words the widened detector must find in them
    ("The shift matrix is symmetric for every offset.", ["every", "symmetric"]),
    ("The matrix is antisymmetric and unique.", ["antisymmetric", "unique"]),
    ("Most columns are periodic, some are not.", ["columns", "most", "not", "periodic", "some"]),
    ("All pairs are orthogonal and each is invertible.", ["all", "each", "invertible", "orthogonal"]),
    ("None of them is linear; both are bounded.", ["both", "bounded", "linear", "none"]),
    (r"Here \(\cos 3 < 0\), at most 44 rows, {{ gen.a.b }}.", ["44", r"\(\cos 3 < 0\)", "at most", "gen.a.b", "rows"]),
    ("The sum falls, then rises after the one before.", ["after", "before", "falls", "rises"]),
])
def test_the_detector_finds_quantifiers_properties_and_relations(sentence, words):
    assert claim_words(sentence) == sorted(words)


def test_admonition_titles_and_included_docstrings_are_read():
    """Prose a page shows from elsewhere is fingerprinted too: a box's title, and the docstrings of the Python
    sections it includes (that is how reference.py's docstring once contradicted the precision page)."""
    page = read_markdown('!!! note "Why the sine comes first"\n    Text.\n\n--8<-- "reference.py:positional_encoding"\n',
                         includes=True)
    assert page.titles == ["Why the sine comes first"]
    assert page.docstrings, "the docstring of positional_encoding (snippets/reference.py) is shown by the include"
    kinds = {i.kind for p in ("precision.md", "reference.md") for i in page_items(p)}
    assert {"title", "docstring"} <= kinds


def test_the_lock_copies_no_sentence():
    for page in pages():
        lock_text = (test_claims.lock_path(page)).read_text(encoding="utf-8")
        long = [i.text for i in page_items(page) if len(i.text) > 40]
        assert not [t for t in long if t in lock_text], f"{page}'s lock holds a sentence"


def test_list_items_are_blocks_but_a_wrapped_line_that_looks_like_one_is_not():
    """As Python-Markdown renders them: a list needs a blank line (or another item) before it, so "+ 1 tokens" at the
    start of a wrapped line continues its sentence (the splitter once cut it in two)."""
    wrapped = read_markdown("Position t sees t\n+ 1 tokens, all of them.\n")
    assert wrapped.sentences == ["Position t sees t + 1 tokens, all of them."]
    listed = read_markdown("Two cases:\n\n- the sine comes first\n- the cosine comes second\n  and wraps.\n")
    assert listed.sentences == ["Two cases:", "the sine comes first", "the cosine comes second and wraps."]


# --- every flip, on every sentence -----------------------------------------------------------------------------


@functools.cache
def every_sentence() -> list:
    """(page, lock entry, sentence, entry, its claim words) for every prose item of every page, the ledger read from
    its source."""
    return list(_every_sentence())


def _every_sentence():
    for page in pages():
        claims = read_ledger_source(page)
        texts = {i.fp: i for i in page_items(page)}
        for entry in read_lock(page).entries:
            item = texts.get(entry.fp)
            if item is not None and item.kind != "display":
                yield page, entry, item.text, claims.get(entry.id), frozenset(item.words)


def masked(sentence: str) -> str:
    """The sentence with quotes, link targets and inline formulas blanked out (same length): where a flip or an
    inserted word lands in the words a reader reads as words."""
    return re.sub(r"\{\{.*?\}\}|\]\([^)]*\)|\\\(.*?\\\)|<[^>]+>", lambda m: "\0" * len(m.group(0)), sentence)


def flipped(sentence: str, a: str, b: str) -> str | None:
    """The sentence with its first claim word `a` turned into `b` (case kept), or None if it has none."""
    pattern = re.compile(r"(?<![\w\\-])" + re.escape(a) + r"(?![\w-])" if a[0].isalnum() or a[0] == "\\"
                         else re.escape(a), re.IGNORECASE if a[0].isalpha() else 0)
    if a.startswith("\\"):
        pattern = re.compile(re.escape(a) + r"(?![a-zA-Z])")
    match = pattern.search(masked(sentence))
    if not match:
        return None
    word = sentence[match.start():match.end()]
    new = b.capitalize() if word[:1].isupper() else b
    return sentence[:match.start()] + new + sentence[match.end():]


@pytest.mark.parametrize("kind", sorted(FLIPS))
def test_every_flip_on_every_sentence_is_refused(kind):
    """Each flip of this kind (and its reverse) on every sentence that has such a word: claims-accept refuses it,
    whether or not the entry is named by id."""
    tried, accepted = 0, []
    for page, entry, sentence, claim, words in every_sentence():
        if claim is None:
            continue
        for a, b in FLIPS[kind]:
            for x, y in ((a, b), (b, a)):
                if x not in words and not (x in ("<", ">") and x in sentence):
                    continue
                new = flipped(sentence, x, y)
                if new is None or new == sentence:
                    continue
                tried += 1
                for named in (False, True):
                    decision = decide_change(sentence, new, entry, claim, named=named)
                    if decision.accepted:
                        accepted.append(f"{page} {entry.id} ({x}->{y}, named={named}): {decision.why}")
    assert tried > 0, f"no sentence has a {kind} word"
    assert not accepted, f"{len(accepted)} of {tried} {kind} flips accepted:\n" + "\n".join(accepted[:20])


def test_not_inserted_into_every_sentence_is_refused():
    tried, accepted = 0, []
    for page, entry, sentence, claim, _words in every_sentence():
        match = re.search(r"\b(is|are|does|can|has)\b", masked(sentence))
        if claim is None or not match:
            continue
        new = sentence[: match.end()] + " not" + sentence[match.end():]
        tried += 1
        for named in (False, True):
            if decide_change(sentence, new, entry, claim, named=named).accepted:
                accepted.append(f"{page} {entry.id} (named={named})")
    assert tried > 500 and not accepted, (tried, accepted[:20])


def test_a_typo_in_every_plain_sentence_is_accepted():
    """Two neighbouring letters swapped in a long word that is not a claim word: accepted alone, on every sentence
    that has such a word, unless the swap happens to spell another English word ("frames" as "farmes": the dictionary
    knows both, so it is a changed word)."""
    tried, refused = 0, []
    for page, entry, sentence, claim, _words in every_sentence():
        words = sentence.split()
        spot = next((n for n, w in enumerate(words) if re.fullmatch(r"[a-z]{6,}", w) and not claim_words(w)), None)
        if claim is None or spot is None:
            continue
        w = words[spot]
        swapped = w[0] + w[2] + w[1] + w[3:]
        typo = " ".join(words[:spot] + [swapped] + words[spot + 1 :])
        if claim_words(typo) != claim_words(sentence) or swapped == w or is_english(swapped):
            continue
        tried += 1
        decision = decide_change(sentence, typo, entry, claim, named=False)
        if not decision.accepted:
            refused.append(f"{page} {entry.id}: {decision.why}")
    assert tried > 500 and not refused, (tried, refused[:20])


def test_a_sentence_moved_to_a_new_page_keeps_its_id_and_nothing_else_does(monkeypatch, tmp_path):
    """Splitting a page (evidence into one page per experiment): a sentence moved with its entry keeps its id on the
    new page, its link retargeted or not, and the old page forgets it; a moved sentence whose words changed, or whose
    entry did not move, is a new sentence like any other."""
    import importlib.util

    from claimcheck import ROOT, Item, Lock, LockEntry, computed, fingerprint

    spec = importlib.util.spec_from_file_location("claims_script", ROOT / "scripts" / "claims.py")
    claims = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(claims)
    moved = "RoPE holds [twice](#extrapolation) the training length in these models."
    changed = "RoPE holds twice the training length in every model."
    kept = "Sinusoids fall soon after the training length in these models."
    old = {"old.md": [moved, changed, kept], "new.md": []}
    now = {"old.md": [kept], "new.md": [moved.replace("(#extrapolation)", "(../evidence/extrapolation.md)"),
                                        changed.replace("every model", "all models")]}
    entry = lambda id, text: LockEntry(id, fingerprint(text), "sentence", [], [])  # noqa: E731
    locks = {"old.md": Lock("old.md", [entry("rope-twice", moved), entry("rope-every", changed), entry("sin", kept)]),
             "new.md": Lock("new.md", [])}
    check = lambda: True  # noqa: E731
    ledgers = {"old.md": {"sin": computed("sin", check, backs=["after"])},
               "new.md": {"rope-twice": computed("rope-twice", check, backs=["twice"]),
                          "rope-every": computed("rope-every", check, backs=["every"])}}
    written = {}

    class Path_:
        def __init__(self, page):
            self.page = page

        def is_file(self):
            return True

        def relative_to(self, _root):
            return f"locks/{self.page}"

    monkeypatch.setattr(claims, "pages", lambda: ["new.md", "old.md"])
    monkeypatch.setattr(claims, "lock_path", Path_)
    monkeypatch.setattr(claims, "read_lock", lambda page: locks[page])
    monkeypatch.setattr(claims, "page_items", lambda page: [Item(t, "sentence") for t in now[page]])
    monkeypatch.setattr(claims, "old_texts", lambda page, fps: {fingerprint(t): t for t in old[page]
                                                                if fingerprint(t) in fps})
    monkeypatch.setattr(claims, "read_ledger_source", lambda page: ledgers[page])
    monkeypatch.setattr(claims, "write_lock", lambda lock: written.__setitem__(lock.page, lock))
    monkeypatch.setattr(claims, "unaccounted", lambda text, claim: None, raising=False)
    monkeypatch.setattr(claims, "decide_new", lambda item, claim, id, binds=None: claims.Decision(
        claim is not None, "a new entry" if claim else f"no entry {id!r} yet"))
    moves = claims.moved_sentences()
    accepted, refused = claims.accept("new.md", set(), out=lambda *_: None, moves=moves)
    ids = {e.id for e in written["new.md"].entries}
    assert "rope-twice" in ids, (ids, refused)  # moved, its link retargeted: same id
    assert "rope-every" not in ids and len(refused) == 1  # its words changed on the way: a new sentence, refused
    accepted, refused = claims.accept("old.md", set(), out=lambda *_: None, moves=moves)
    assert {e.id for e in written["old.md"].entries} == {"sin"}


def test_a_link_retargeted_is_accepted_alone_and_its_words_still_count():
    """A section moved to its own page: the sentences that link to it change only their link's target, which
    claims-accept takes alone; a word changed beside the link is still a change to decide."""
    from claimcheck import LockEntry, decide_change

    old = "In these models [the probes](evidence.md#position-probe) read both tables less after layer 2."
    moved = old.replace("evidence.md#position-probe", "evidence/probes.md")
    flipped = moved.replace("less", "more")
    claim = computed("probes", lambda: True, backs=["both", "less", "after", "2"])
    entry = LockEntry("probes", "", "sentence", ["both", "less", "after", "2"], ["both", "less", "after", "2"])
    assert decide_change(old, moved, entry, claim, named=False).accepted
    assert not decide_change(old, flipped, entry, claim, named=False).accepted
    assert not decide_change(old, flipped, entry, claim, named=True).accepted


def claims_script():
    import importlib.util

    from claimcheck import ROOT

    spec = importlib.util.spec_from_file_location("claims_script", ROOT / "scripts" / "claims.py")
    claims = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(claims)
    return claims


def test_accept_records_what_an_entry_backs_now_on_an_unchanged_sentence(monkeypatch):
    """A prose entry given a check (or a word moved from unbacked to backs) on a sentence that did not change: accept
    refreshes the lock's `backed` record when every claim word of the sentence is still accounted, so that a later
    change of the sentence is judged against what the entry backs now; it refuses when a word is left unaccounted, and
    leaves that record as it was."""
    from claimcheck import Item, Lock, LockEntry, fingerprint

    claims = claims_script()
    sentence = "The dot product falls until the first minimum."
    words = claim_words(sentence)
    assert words == ["falls", "first", "minimum"]
    lock = Lock("p.md", [LockEntry("falls", fingerprint(sentence), "sentence", words, [])])
    check = lambda: True  # noqa: E731
    ledgers = {
        "checked": {"falls": computed("falls", check, backs=["falls", "first", "minimum"])},
        "half": {"falls": computed("falls", check, backs=["falls"], unbacked={"first": "a name", "minimum": "a name"})},
        "short": {"falls": computed("falls", check, backs=["falls", "first"])},  # "minimum" is accounted nowhere
        "prose": {"falls": prose("falls", "why", unbacked=words)},
    }
    written = {}
    monkeypatch.setattr(claims, "read_lock", lambda page: lock)
    monkeypatch.setattr(claims, "page_items", lambda page: [Item(sentence, "sentence")])
    monkeypatch.setattr(claims, "old_texts", lambda page, fps: {})
    monkeypatch.setattr(claims, "write_lock", lambda new: written.__setitem__("lock", new))
    outcome = {}
    for name, ledger in ledgers.items():
        written.clear()
        monkeypatch.setattr(claims, "read_ledger_source", lambda page, ledger=ledger: ledger)
        accepted, refused = claims.accept("p.md", set(), out=lambda *_: None, moves={})
        outcome[name] = (accepted, refused, written["lock"].entries[0].backed if written else None)
    assert outcome["checked"] == (1, [], ["falls", "first", "minimum"]), outcome["checked"]
    assert outcome["half"] == (1, [], ["falls"]), outcome["half"]
    accepted, refused, record = outcome["short"]
    assert accepted == 0 and record is None and len(refused) == 1 and "['minimum']" in refused[0], outcome["short"]
    assert outcome["prose"] == (0, [], None), outcome["prose"]  # it backed nothing and still backs nothing
    # a later change is judged by the words that changed and the check that reads them, not by the record (issue 37)
    changed = sentence.replace("the first", "its first")
    refreshed = LockEntry("falls", fingerprint(sentence), "sentence", words, ["falls", "first", "minimum"])
    claim = ledgers["checked"]["falls"]
    assert decide_change(sentence, changed, refreshed, claim, named=True).accepted
    assert decide_change(sentence, changed, lock.entries[0], claim, named=True).accepted
    flipped = sentence.replace("falls", "rises")
    for entry in (refreshed, lock.entries[0]):
        assert not decide_change(sentence, flipped, entry, claim, named=True, binds=binding).accepted


def test_what_counts_as_a_typo():
    assert is_typo_fix("The curve falls quikcly.", "The curve falls quickly.")
    assert is_typo_fix("The curve falls quickly", "The curve falls quickly.")  # punctuation
    assert not is_typo_fix("The curve falls quickly.", "The curve rises quickly.")  # a claim word
    assert not is_typo_fix("It has 44 rows.", "It has 45 rows.")  # a number
    assert not is_typo_fix(r"At \(p+k\).", r"At \(p-k\).")  # a formula
    assert not is_typo_fix("The curve falls.", "The curve falls fast.")  # a word added
    assert not is_typo_fix("The table is fixed.", "The table is learned.")  # not a near spelling
    # issue 37: a change between two English words is a changed claim, however near their spellings
    for right, wrong in [("correct", "incorrect"), ("possible", "impossible"), ("known", "unknown"),
                         ("stable", "unstable"), ("two", "ten"), ("five", "fine"), ("two-layer", "ten-layer"),
                         ("above", "below"), ("sine", "since")]:
        assert not is_typo_fix(f"The step is {right} here.", f"The step is {wrong} here."), (right, wrong)
    # and a misspelling, made or fixed, is still a typo, project terms included
    for right, wrong in [("encodings", "encodngs"), ("thousand", "tohusand"), ("sinusoidal", "sinusiodal"),
                         ("softmax", "sfotmax")]:
        assert is_typo_fix(f"The {right} here.", f"The {wrong} here.") and is_typo_fix(f"The {wrong} here.",
                                                                                   f"The {right} here."), right


DISPLAY_SLIPS = [
    # (page, ledger entry, wrong version of one piece, the piece)
    ("linearity.md", "theorem", r"-\sin \omega_i k", r"\sin \omega_i k"),  # via the block the theorem uses
    ("linearity.md", "sine-row", r"\sin(\omega_i k)\,\mathrm{PE}(p)_{2i+1}", r"\sin(\omega_i k)\,\mathrm{PE}(p)_{2i}"),
    ("linearity.md", "cosine-row", r"= -\sin(\omega_i k)", r"= \sin(\omega_i k)"),
    ("formula.md", "longest-wavelength", "(d-2)/d", "(d-1)/d"),
    ("formula.md", "frequency-form", "-2i/d", "-i/d"),
    ("properties.md", "dot-product-closed-form", r"\cos(\omega_i k)", r"\sin(\omega_i k)"),
    ("properties.md", "norm-even", r"\frac{d}{2}", "d"),
    ("index.md", "the-formula", r"\mathrm{PE}(p, 2i+1) = \cos", r"\mathrm{PE}(p, 2i+1) = \sin"),
]


@pytest.mark.parametrize(("page", "entry", "right", "wrong"), DISPLAY_SLIPS, ids=[f"{p}:{e}" for p, e, *_ in DISPLAY_SLIPS])
def test_a_wrong_display_is_false_not_only_different(page, entry, right, wrong, monkeypatch):
    """The display is read as mathematics: the wrong version fails its own check, whatever the ledger records."""

    claim = next(c for c in ledger_of(page).claims if c.id == entry)
    claim.verify()
    if entry == "theorem":  # the theorem is checked with the page's block: break the block
        module = test_claims.ledger_module(page)
        assert right in module.BLOCK
        monkeypatch.setattr(module, "BLOCK", module.BLOCK.replace(right, wrong, 1))
        with pytest.raises(AssertionError, match="does not hold"):
            claim.verify()
        return
    assert right in claim.text, f"{entry} on {page} no longer contains {right!r}: update this test"
    wrong_claim = equation(claim.id, text=claim.text.replace(right, wrong, 1))
    assert wrong_claim.check() is False, f"the wrong display of {entry} holds"


def entry_of(page: str, entry: str) -> Claim:
    return next(c for c in ledger_of(page).claims if c.id == entry)


def test_a_wrong_row_of_a_typed_table_fails_its_own_check():
    """formula.md's column table is read cell by cell (column, pair, function, exponent) and tested against the
    library: a row with a wrong cell is false, not only different."""
    module = test_claims.ledger_module("formula.md")
    slips = [
        (r"| \(2\) | \(1\) | sin | \(-2/d\) |", r"| \(2\) | \(1\) | cos | \(-2/d\) |"),  # the function
        (r"| \(3\) | \(1\) | cos | \(-2/d\) |", r"| \(3\) | \(1\) | cos | \(-3/d\) |"),  # "i is the dimension"
        (r"| \(2i+1\) | \(i\) | cos | \(-2i/d\) |", r"| \(2i+1\) | \(i+1\) | cos | \(-2i/d\) |"),  # the pair
    ]
    rows = module.table_rows()
    for right, wrong in slips:
        assert right in rows, f"formula.md no longer has the row {right}: update this test"
        assert module.row_holds(right) is True
        assert module.row_holds(wrong) is False, f"the wrong row {wrong} passed"


QUOTED_SLIPS = [
    # (page, ledger entry, job, key, a wrong value the job might have saved)
    ("properties.md", "first-minimum", "properties/dot_product_vs_offset", "first_min", "42"),
    ("formula.md", "wavelengths-d512", "formula/wavelengths", "longest", "62,832"),
    ("base.md", "ten-thousand-between", "base/comparison", "slow_10000", "70"),
    ("add-or-concatenate.md", "layer-counts", "add_or_concatenate/concat_cost", "ratio", "2.00"),
    ("why-positions.md", "gap-with-pe", "why_positions/permutation_equivariance", "gap_with", "0.700"),
    ("precision.md", "float16-steps", "precision/duplicate_rows", "float16_last_exact", "4,096"),
    ("precision.md", "float32-band", "precision/error_vs_position", "float32_slope", "1.50"),
    ("performance.md", "fast-cost", "build_table", "fast_vs_reference", "2"),
    ("faq.md", "dot-product", "faq/quoted_numbers", "first_rise_512", "61"),
    ("beyond.md", "figure-dips", "beyond/distinct_positions", "pair0_offset", "355"),
    ("beyond.md", "yarn-counts", "beyond/context_extension", "yarn_kept", "20"),
]


@pytest.mark.parametrize(("page", "entry", "job", "key", "wrong"), QUOTED_SLIPS, ids=[f"{p}:{e}" for p, e, *_ in QUOTED_SLIPS])
def test_a_quoted_value_is_re_derived_not_trusted(page, entry, job, key, wrong, monkeypatch):
    """A sentence that quotes {{ gen.<job>.<key> }} is checked against the library: had the job saved another value,
    the sentence's check would fail, although the page and its ledger are unchanged."""
    module = test_claims.ledger_module(page)
    claim = entry_of(page, entry)
    assert macro(job, key) in claim.text
    claim.verify()
    original = module.values
    monkeypatch.setattr(module, "values", lambda j: {**original(j), key: wrong} if j == job else original(j))
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


def _check_of(page: str, entry: str) -> Claim:
    claim = next(c for c in ledger_of(page).claims if c.id == entry)
    claim.verify()  # holds as the page stands
    return claim


def test_a_committed_cell_that_running_the_variants_contradicts_fails(monkeypatch):
    """The variants ledgers read each cell as committed and as observed now: a stale or hand-edited cell is refused."""
    import copy

    import pages.variants_facts as facts

    claim = _check_of("variants/index.md", "only-three-handle-odd")
    edited = copy.deepcopy(facts.committed())
    edited["seed_nested_loops"]["odd_d7"] = "correct"  # as if the table said the nested loops handle odd widths
    monkeypatch.setattr(facts, "committed", lambda: edited)
    with pytest.raises(AssertionError, match="committed 'correct', observed now 'zero column"):
        claim.verify()


def test_a_printed_output_that_no_longer_says_it_fails(monkeypatch):
    """A sentence about what a snippet printed ("tensor2tensor's reach 10000") is read back from the output."""
    claim = _check_of("variants/libraries.md", "t2t-timescales")
    module = test_claims.ledger_module("variants/libraries.md")
    printed = module.text
    monkeypatch.setattr(module, "text", lambda job, part=None: printed(job).replace("10000.00", "9646.62"))
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


def test_a_typed_code_block_breaks_homes_promise(monkeypatch):
    """Home says every code example is a file (Contributing's templates and one make command aside): a code block
    typed into another page makes that sentence false."""
    module = test_claims.ledger_module("index.md")
    claim = entry_of("index.md", "every-code-example-file-repository")
    claim.verify()
    pages = module.pages()
    typed = pages["formula.md"] + "\n```python\nprint(positional_encoding(4, 4))\n```\n"
    monkeypatch.setattr(module, "pages", lambda: {**pages, "formula.md": typed})
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


def test_a_library_fact_is_checked_against_the_installed_library(monkeypatch):
    """Where the library is installed, a claim about its source fails when the source says otherwise."""
    transformers = pytest.importorskip("transformers")
    claim = _check_of("variants/libraries.md", "marian-checkpoints")
    kept = [k for k in transformers.MarianMTModel._keys_to_ignore_on_save if "decoder" not in k]
    monkeypatch.setattr(transformers.MarianMTModel, "_keys_to_ignore_on_save", kept)  # "lists both tables": no
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


def test_a_transcribed_source_is_checked_against_the_library_that_reproduces_it(monkeypatch):
    """beyond.md's DDPM sentence keeps a transcription of DDPM's function and checks it against diffusers' default:
    were diffusers' default the other tradition (paper frequencies, [cos | sin]), the sentence's check would fail."""
    embeddings = pytest.importorskip("diffusers.models.embeddings")
    claim = _check_of("beyond.md", "ddpm")
    original = embeddings.get_timestep_embedding
    monkeypatch.setattr(embeddings, "get_timestep_embedding",
                        lambda t, d, **kw: original(t, d, flip_sin_to_cos=True, downscale_freq_shift=0))
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


def test_a_quoted_figure_is_re_derived_from_the_report(monkeypatch):
    """The budgets sentence quotes a report; each quoted figure is recomputed from the report's own rows."""
    claim = _check_of("contributing.md", "budgets-measured")
    module = test_claims.ledger_module("contributing.md")
    monkeypatch.setattr(module, "QUOTED", dict(module.QUOTED, heaviest_kb="1,771"))
    with pytest.raises(AssertionError, match="does not hold"):
        claim.verify()


@pytest.mark.parametrize(("paragraph", "sentences"), [
    # a sentence that ends inside a closing bracket is still a sentence of its own
    ("(Measured on the evidence page.) This page proves it.", ["(Measured on the evidence page.)", "This page proves it."]),
    ('He said "so." Then it ended.', ['He said "so."', "Then it ended."]),
    # an author's initial, an abbreviation or a numbered step does not end one
    ("A. Vaswani et al. wrote it first. D. Goldberg, e.g. in 1991.",
     ["A. Vaswani et al. wrote it first.", "D. Goldberg, e.g. in 1991."]),
    ("Ofir Press, Noah A. Smith and Mike Lewis measured it.", ["Ofir Press, Noah A. Smith and Mike Lewis measured it."]),
])
def test_sentences_split_where_a_reader_would(paragraph, sentences):
    """A claim is pinned sentence by sentence: a split in the wrong place would tie two claims to one check, or cut a
    citation from its author."""
    assert split_sentences(paragraph) == sentences


# --- a ledger case and the test it rests on ------------------------------------------------------------------------


def _a_failing_test(n: int) -> None:
    raise AssertionError(f"case {n} fails")


def test_a_ledger_case_leaves_a_test_of_the_session_to_its_own_case_and_nothing_else_does(monkeypatch):
    """A claim resting on a test that is itself a case of the session does not run it again in its own case (the
    test's case fails the session and names the claim: tests/conftest.py); outside a ledger case, or when the test is
    not a case of the session (`make test-page` without its file), the check runs it."""
    import claimcheck

    claim = computed("rests-on-a-test", claimcheck.passes(_a_failing_test, 1))
    Ledger("example.md", [claim])
    monkeypatch.setattr(claimcheck, "COLLECTED", {claimcheck.test_key(_a_failing_test, (1,))})
    monkeypatch.setattr(claimcheck, "LEFT_TO_THEIR_CASE", {})
    with pytest.raises(AssertionError, match="case 1 fails"):  # not in a ledger case: an attack, a mechanism test
        claim.check()
    monkeypatch.setattr(claimcheck, "IN_LEDGER_CASE", claim)
    assert claim.check() is True
    assert claimcheck.LEFT_TO_THEIR_CASE == {claimcheck.test_key(_a_failing_test, (1,)): {"example.md: rests-on-a-test"}}
    monkeypatch.setattr(claimcheck, "COLLECTED", set())  # the test is not a case of this session
    with pytest.raises(AssertionError, match="case 1 fails"):
        claim.check()


def test_only_a_case_that_runs_and_must_pass_stands_in_for_a_ledgers_run():
    """tests/conftest.py's case_key: a case whose arguments are all parameters names the test and its arguments; a
    case that takes a fixture, or carries a skip, skipif or xfail mark, names nothing (the ledger runs the test)."""
    from types import SimpleNamespace

    import claimcheck
    from conftest import case_key

    def case(function, params=None, marks=()):
        return SimpleNamespace(function=function, callspec=SimpleNamespace(params=params or {}),
                               get_closest_marker=lambda name: name if name in marks else None)

    assert case_key(case(_a_failing_test, {"n": 1})) == claimcheck.test_key(_a_failing_test, (1,))
    assert case_key(case(_a_failing_test)) is None  # n would be a fixture
    for mark in ("skip", "skipif", "xfail"):
        assert case_key(case(_a_failing_test, {"n": 1}, marks=(mark,))) is None, mark


# --- checks that read their words (issue 37, stage C) ------------------------------------------------------------

BOUND_PAGES = ["formula.md", "why-positions.md", "base.md", "precision.md", "reference.md", "input-step.md",
               "performance.md", "variants/seeds.md", "variants/libraries.md", "variants/more-libraries.md",
               "variants/converting.md", "exercises.md"]


@pytest.mark.slow  # each ledger case judges its own flips on its run (Ledger.test); this re-runs every check
@pytest.mark.parametrize("page", BOUND_PAGES)
def test_every_bound_entry_goes_red_when_its_word_is_flipped(page):
    """Each entry whose check returns what it measured, run against its sentence with each word it reads replaced by
    its contradictory (every/not every, slower/not slower, 512/768, not/-): the check fails every time. The ledger
    cases (`make test-page`, `make test-fast`) judge the same flips on the run they already made; this test runs each
    check again per flipped word, as `make claims-accept` does."""
    from claimcheck import binding

    bound, still = 0, []
    for claim in ledger_of(page).claims:
        if claim.check is None or claim.slow:
            continue
        claim.verify()
        if not claim.bound:
            continue
        bound += 1
        read = list(claim.bound)
        moved = binding(claim, claim.text, only=[(s.kind, s.word, s.start) for s in read])
        keys = [(s.kind, s.word, s.start) for s in moved]
        still += [f"{claim.id}: {s.word!r}" for s in read if (s.kind, s.word, s.start) not in keys]
    assert bound > 0, f"{page} has no entry whose check reads its words yet"
    assert not still, f"{page}: flipping these words left their checks green: {still}"


def test_a_sentence_the_baseline_never_saw_must_bind_its_words():
    """tests/claims_baseline.json excuses only the entries accepted before issue 37: a sentence it lacks (a new one,
    or one on a page it never saw) is new, and its check must read its words, whatever the lock says."""
    from claimcheck import Item, LockEntry, unbound_since_baseline

    sentence = "The norm grows slowly with the position."
    item = Item(sentence, "sentence")
    blind = computed("norm-grows", lambda: True, backs=["grows"])
    reads = computed("norm-grows", lambda: Trend((1.0, 2.0, 3.0)), backs=["grows"])
    for claim, expected in ((blind, 1), (reads, 0)):
        ledger = Ledger("formula.md", [claim])
        found = unbound_since_baseline("formula.md", ledger, items=[item], baseline={}, ids={item.fp: claim.id})
        assert len(found) == expected and (not found or "'grows'" in found[0].problem), found
    known = {"formula.md": [LockEntry("norm-grows", item.fp, "sentence", [], [])]}
    ledger = Ledger("formula.md", [blind])
    assert not unbound_since_baseline("formula.md", ledger, items=[item], baseline=known, ids={item.fp: blind.id})


@pytest.mark.parametrize(("sentence", "reading", "word"), [
    ("The paper's pair turns slowest of all.", Compare(0.1, [0.5, 0.9]), "slowest"),
    ("Rate 0.01 did best, as good as 0.03.", Compare(-0.0, [-0.0, -0.4]), "best"),  # a tie is still the best
    ("The largest rate tried was 0.1.", Compare(0.1, [0.01, 0.03]), "largest"),
    ("Adding learned better than concatenating.", Compare(0.9, 0.7), "better"),
    ("Its loss is worse than the reference's.", Compare(-0.7, -0.1), "worse"),
    ("Here a <= b holds.", Compare(1, 2), "<="),
    ("Here a != b holds.", Compare(1, 2), "!="),
    ("It does not grow, nor does it have a matrix.", [Trend((3, 2, 1)), Truth(False)], "nor"),
    ("The ratio spans a factor of more than a hundred.", Number(150.0), "more than a hundred"),
    ("It is not the slowest pair.", Compare(0.5, [0.1, 0.9]), "slowest"),  # one of the rest is slower
])
def test_superlatives_better_worse_nor_and_typed_relations_are_read(sentence, reading, word):
    """Issue 37's vocabulary gaps: superlatives (none of the rest beats the one named), "better" and "worse" (on a
    scale where higher is better), a "nor" of its own, relations typed as `<=`, `>=`, `!=`, and a number relation
    with an article ("more than a hundred", once read as "more" and "hundred" = 100): each is a word of its
    class, the readings hold on the sentence, and its contradictory makes them fail."""
    import claim_words as words

    found = reading if isinstance(reading, list) else [reading]
    assert word in [s.word for s in words.sites(sentence)], words.sites(sentence)
    assert not words.judge(sentence, found)[0]
    moving, _still = words.moved(sentence, found)
    assert word in [s.word for s in moving], (word, words.mutations(sentence))


def test_the_nor_of_neither_is_not_a_negation_of_its_own():
    import claim_words as words

    sites = words.sites("It fails when a question has neither an answer nor a reason.")
    assert [(s.kind, s.word) for s in sites] == [("quantifier", "neither")]


def test_a_word_that_moved_into_the_next_new_sentence_is_not_lost():
    """A sentence split in two: "lowest" leaves the first and stands in the new sentence after it, whose own check
    reads it. The first is not refused for losing it; with no such sentence after it, it is (the check of the first
    holds on the old words as on the new)."""
    from claimcheck import binding, changed_claim_problem, holds_on

    old = "They tie at the training length; their lowest seeds get 99% and 100%."
    new = "They tie at the training length."
    claim = computed("tie", lambda: True, backs=[])
    assert "lowest" in changed_claim_problem(old, new, claim, binding, holds_on=holds_on)
    moved = lambda: collections.Counter([("comparison", "lowest", False)])  # noqa: E731
    assert changed_claim_problem(old, new, claim, binding, holds_on=holds_on, moved=moved) == ""


def test_tuples_compare_as_the_same_or_not_and_never_crash_an_order():
    """A check may compare whole rows ("the same columns"): equality is read, an order between them does not hold
    (a false sentence tied to such a check is refused, not a crash in the judge)."""
    import claim_words as words

    rows = Compare((1.0, 0.5), [(1.0, 0.5)])
    assert not words.judge("The rows are the same.", [rows])[0]
    assert words.judge("The rows differ.", [rows])[0]
    assert words.judge("The first row is smaller.", [rows])[0]
