#!/usr/bin/env python3
"""The pages' claims: what each page states, its lock, and the one command that accepts an edit.

    python scripts/claims.py accept                     # every page: accept typo fixes, new and deleted sentences
    python scripts/claims.py accept properties.md       # one page (make claims-accept PAGE=properties)
    python scripts/claims.py accept --ids notation      # also a changed claim, named by id (make claims-accept IDS=...)
    python scripts/claims.py properties.md              # what differs between the page, its lock and its ledger
    python scripts/claims.py --all                      # per page: entries by kind, differences
    python scripts/claims.py new-claim properties       # the checklist of a new claim (make new-claim PAGE=...)

The lock (tests/pages/locks/<page>.lock.json) ties each sentence's fingerprint to an id of the ledger
(tests/pages/test_<page>.py). `accept` is the only command that writes it. It accepts alone a spelling or
punctuation edit (as many words, the same claim words, each changed word a near spelling of the old one, where the
word removed or the word added is not English); a changed sentence only when named by id, and only if its check reads
its new words (each replaced by its contradictory makes the check fail, tests/claim_words.py); a new sentence only
once its entry exists and binds its words (it prints the id and the entry to paste), also where it takes the place
of a sentence the baseline knew (an entry removed and another added, in one run or across several); a deleted
sentence only once its entry is removed; an unchanged sentence whose entry now backs other words has the lock's
record of its backed words refreshed, only if every claim word is still accounted; a sentence moved to another page
with its entry, its words unchanged (links aside), keeps its id; a sentence whose only change is a link's target is
accepted alone. It writes what it accepts and exits 1 if it refused anything. There is no pending state.

    python scripts/claims.py freeze-baseline --force    # once, by the integrator: tests/claims_baseline.json

Runs on the project's .venv (an English dictionary, and the checks it runs against the new words) and git.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from claimcheck import (  # noqa: E402
    BACKING_KINDS,
    Decision,
    Item,
    Ledger,
    Lock,
    LockEntry,
    audit_source,
    binding,
    decide_change,
    decide_new,
    entry_template,
    holds_on,
    ledger_path,
    links_aside,
    lock_path,
    old_texts,
    page_items,
    page_named,
    page_stem,
    pages,
    pair_changes,
    read_baseline,
    read_ledger_source,
    read_lock,
    slug,
    unaccounted,
    unbound_since_baseline,
    word_diff,
    write_baseline,
    write_lock,
)


def moved_sentences() -> dict[str, tuple[str, LockEntry]]:
    """Sentences gone from their page but still in its lock (their words, links aside, from git): where each was and
    its lock entry. A page split keeps its ids: the new page's sentence takes the old id."""
    found: dict[str, tuple[str, LockEntry]] = {}
    for page in pages():
        if not lock_path(page).is_file():
            continue
        lock = read_lock(page)
        on_page = {i.fp for i in page_items(page)}
        gone = {e.fp: e for e in lock.entries if e.fp not in on_page}
        for fp, text in old_texts(page, set(gone)).items():
            found.setdefault(links_aside(text), (page, gone[fp]))
    return found


def ledger_module(page: str):
    """The page's ledger module, imported as the tests import it (the snippets and tests/ on sys.path)."""
    import importlib.util

    for folder in ("snippets", "tests", "benchmarks"):
        if str(ROOT / folder) not in sys.path:
            sys.path.insert(0, str(ROOT / folder))
    path = ledger_path(page)
    spec = importlib.util.spec_from_file_location(f"ledger_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def checks_of(page: str):
    """(binds, holds_on) for decide_change and decide_new: each runs the entry's real check (the ledger imported once,
    when a decision first needs it) against the words given."""
    loaded: dict = {}

    def real(claim):
        if "ledger" not in loaded:
            loaded["ledger"] = {c.id: c for c in ledger_module(page).LEDGER.claims}
        return loaded["ledger"].get(claim.id)

    def binds(claim, text):
        found = real(claim)
        try:
            return binding(found, text) if found is not None else []
        except AssertionError:  # the check fails on the new words themselves: nothing is bound
            return []

    def holds(claim, text):
        found = real(claim)
        return found is not None and holds_on(found, text)

    return binds, holds


def accept(page: str, ids: set[str], out=print, moves: dict | None = None, checks=None) -> tuple[int, list[str]]:
    """Accept what may be accepted on one page; return (how many changes were written, what was refused). `moves`
    (moved_sentences(), read before any page is accepted) lets a sentence moved here from another page keep its id;
    `checks` ((binds, holds_on), checks_of(page) by default) runs the entries' checks against new words."""
    binds, holds = checks if checks is not None else checks_of(page)
    items = page_items(page)
    lock = read_lock(page)
    claims = read_ledger_source(page)
    on_page = {i.fp for i in items}
    known = old_texts(page, {e.fp for e in lock.entries if e.fp not in on_page})
    pairs, new, gone = pair_changes(items, lock, known)
    by_fp = {e.fp: e for e in lock.entries if e.fp in on_page}
    refused: list[str] = []
    done: list[str] = []
    keep_gone: list[LockEntry] = []
    for item in items:  # an unchanged sentence whose entry now backs other words: the lock records what it backs
        entry, claim = by_fp.get(item.fp), None
        if entry is not None:
            claim = claims.get(entry.id)
        if claim is None or item.kind == "display":
            continue
        backs = list(claim.backs) if claim.kind in BACKING_KINDS else []
        if sorted(backs) == sorted(entry.backed):
            continue
        problem = unaccounted(item.text, claim)
        if problem:
            refused.append(f"{page}: refused to record that {entry.id!r} ({claim.kind}) now backs {sorted(backs)} "
                           f"(it backed {sorted(entry.backed)}): every claim word of its sentence must be backed or "
                           f"listed as not backed: {problem}\n    {item.text}")
            continue
        by_fp[item.fp] = LockEntry(entry.id, entry.fp, entry.kind, entry.words, backs)
        done.append(f"{page}: {entry.id!r} ({claim.kind}) now backs {sorted(backs)} (it backed "
                    f"{sorted(entry.backed)}); every claim word of its unchanged sentence is accounted")
    for entry, item in pairs:
        claim = claims.get(entry.id)
        decision = decide_change(known.get(entry.fp), item.text, entry, claim, named=entry.id in ids,
                                 display=item.kind == "display", binds=binds, holds_on=holds)
        diff = word_diff(known[entry.fp], item.text) if entry.fp in known else item.text
        if decision.accepted:
            by_fp[item.fp] = LockEntry(entry.id, item.fp, item.kind, item.words,
                                       list(claim.backs) if claim.kind in BACKING_KINDS else [])
            done.append(f"{page}: accepted {entry.id!r} ({decision.why}): {diff}")
        elif claim is None:
            gone.append(entry)
            new.append(item)
        else:
            refused.append(f"{page}: refused the change of {entry.id!r}: {decision.why}\n    {diff}")
            keep_gone.append(entry)
    taken = {e.id for e in by_fp.values()} | {e.id for e in keep_gone} | {e.id for e in gone if e.id in claims}
    for item in new:
        id = slug(item.text, taken)
        came_from = None
        if id not in claims:
            if moves is None:
                moves = moved_sentences()
            source, old = moves.get(links_aside(item.text), (None, None))
            if source not in (None, page) and old.id in claims and old.id not in taken:
                id, came_from = old.id, source  # moved here with its entry: it keeps its id
        taken.add(id)
        claim = claims.get(id)
        decision = decide_new(item, claim, id, binds)
        if decision.accepted and claim.kind != "display":  # a new entry in the slot of one gone since the baseline
            problem = changed_since_baseline(page, item, claim, binds, holds)
            if problem:
                decision = Decision(False, problem)
        if decision.accepted:
            by_fp[item.fp] = LockEntry(id, item.fp, item.kind, item.words,
                                       list(claim.backs) if claim.kind in BACKING_KINDS else [])
            how = f"moved from {came_from}, " if came_from else ""
            done.append(f"{page}: accepted the new {item.kind} {id!r} ({how}{decision.why})")
        else:
            refused.append(f"{page}: refused a new {item.kind} ({decision.why}):\n    {item.text}\n  add to "
                           f"{ledger_path(page).relative_to(ROOT)}, under the id {id!r}, then run this again:\n    "
                           + entry_template(item, id, page))
    for entry in gone:
        if entry.id in claims:
            keep_gone.append(entry)
            refused.append(f"{page}: refused to forget {entry.id!r}: its sentence is gone from the page but its entry "
                           f"({claims[entry.id].kind}) is still in {ledger_path(page).relative_to(ROOT)}; remove "
                           "the entry if the claim is gone, or restore the sentence\n    "
                           + known.get(entry.fp, f"(not in git here; its claim words were {entry.words})"))
        else:
            done.append(f"{page}: forgot {entry.id!r}: its sentence and its entry are both gone")
    for id in sorted(ids & {e.id for e in lock.entries if e.fp in on_page}):
        out(f"{page}: {id!r} is unchanged on the page; nothing to accept")
    # page order; an entry kept though its sentence is gone stays after the entry it followed
    entries = [by_fp[i.fp] for i in items if i.fp in by_fp]
    for kept in keep_gone:
        old = [e.id for e in lock.entries]
        before = old[: old.index(kept.id)]
        spot = max((n + 1 for n, e in enumerate(entries) if e.id in before), default=0)
        entries.insert(spot, kept)
    fresh = Lock(page, entries)
    if [e.row() for e in fresh.entries] != [e.row() for e in lock.entries]:
        write_lock(fresh)
        out(f"wrote {lock_path(page).relative_to(ROOT)}")
    for line in done:
        out(line)
    return len(done), refused


def changed_since_baseline(page: str, item: Item, claim, binds, holds) -> str:
    """'' unless the new sentence takes the place of one the baseline knew (an entry removed and another added, in
    one accept run or across several) without binding its new words."""
    ledger = Ledger(page, [claim])
    ids = {e.fp: e.id for e in read_lock(page).entries} | {item.fp: claim.id}
    findings = unbound_since_baseline(page, ledger, items=page_items(page), binds=binds, ids=ids, changed_only=True)
    mine = [f for f in findings if f.text == item.text and "changed since the baseline" in f.problem]
    return mine[0].problem if mine else ""


MODULE = '''"""The claims of docs/{page}, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, cited, computed, equation, prose  # noqa: F401

LEDGER = Ledger({page!r}, [
])

test_claims_hold = LEDGER.test
'''

CHECKLIST = """A new claim touches three files: the page, its ledger and its lock.

  docs/{page}      the sentence; a number in it is quoted ({{{{ gen.<page>.<name>.<key> }}}}), never typed
  {ledger}      its entry, with a check that returns what it measured
  {lock}      written by make claims-accept, never by hand

  1. Write the sentence. (A number no job saves yet needs a snippet first: make new-snippet, then make regen.)
  2. make claims-accept PAGE={stem}: it prints the sentence's id and the entry to paste into the ledger.
  3. Paste it; make its check return what it measured, as readings of tests/claim_words.py (Compare, Count, Trend,
     Truth, Number): the sentence's words pick what must hold (reuse a test of {code} with passes(...)).
  4. make claims-accept PAGE={stem} again: it replaces each claim word by its contradictory (every/not every,
     more/not more, 512/768) and accepts the entry only if the check then fails; it names the words the check does
     not read. A cited fact needs its source; a sentence that states nothing, a prose reason: a definition, an
     instruction, a heading or an admonition title.
  5. make test-page PAGE={stem}; commit the three files; make test-fast; open a pull request.
  After a refused change: undo the edit, or make the check read the new words and run
  make claims-accept IDS=<id> (never remove the entry to add another: that is still a changed claim)."""


def new_claim(page: str) -> int:
    """Scaffold what a page's claims need (its ledger module, when it has none) and print the checklist."""
    module = ledger_path(page)
    if not module.is_file():
        module.write_text(MODULE.format(page=page), encoding="utf-8")
        print(f"wrote {module.relative_to(ROOT)} (an empty ledger)")
    stem = page_stem(page)
    print(CHECKLIST.format(page=page, stem=stem, ledger=module.relative_to(ROOT),
                           code=f"tests/pages/test_{stem}_code.py", lock=lock_path(page).relative_to(ROOT)))
    return 0


def report(page: str) -> str:
    claims = read_ledger_source(page)
    kinds = [c.kind for c in claims.values()]
    counts = ", ".join(f"{kinds.count(k)} {k}" for k in ("computed", "measured", "formula", "equation", "inline",
                                                          "cited", "prose") if kinds.count(k))
    return f"{page}: {counts}; {len(audit_source(page))} differences"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("words", nargs="*", help="`accept` and pages, or one page (properties, properties.md)")
    parser.add_argument("--ids", nargs="*", default=[], help="ids of changed claims to accept (their check was read)")
    parser.add_argument("--all", action="store_true", help="a count per page")
    parser.add_argument("--page-of", metavar="NAME", help="print the page NAME means and its stem (for make)")
    parser.add_argument("--force", action="store_true", help="freeze-baseline over an existing baseline")
    args = parser.parse_args(argv)
    if args.page_of is not None:
        try:
            page = page_named(args.page_of)
        except ValueError as e:
            print(f"{e} (make test-page PAGE=properties)", file=sys.stderr)
            return 2
        print(page, page_stem(page))
        return 0
    if args.all:
        print("\n".join(report(page) for page in pages()))
        return 0
    words = list(args.words)
    ids = {i for word in args.ids for i in word.replace(",", " ").split()}
    if words and words[0] == "freeze-baseline":
        if read_baseline() and "--force" not in sys.argv:
            parser.error("the baseline exists and never grows: re-freezing it would excuse every sentence changed "
                         "since (the integrator may, once, after merging branches that predate it: add --force)")
        print(f"wrote {write_baseline().relative_to(ROOT)}")
        return 0
    if words and words[0] == "new-claim":
        if len(words) != 2:
            parser.error("say new-claim PAGE")
        try:
            return new_claim(page_named(words[1]))
        except ValueError as e:
            parser.error(str(e))
    if words and words[0] == "accept":
        try:
            chosen = [page_named(w) for w in words[1:]] or pages()
        except ValueError as e:
            parser.error(str(e))
        refused, accepted = [], 0
        moves = moved_sentences()  # before any page forgets a sentence another page now holds
        for page in chosen:
            n, no = accept(page, ids, moves=moves)
            accepted += n
            refused += no
        if refused:
            print("\n" + "\n\n".join(refused), file=sys.stderr)
            print(f"\nclaims-accept: {len(refused)} refused ({accepted} accepted). Nothing refused is pending: "
                  "make test-fast fails until each is decided as said above.", file=sys.stderr)
            return 1
        print(f"claims-accept: {accepted} accepted, nothing refused" if accepted else "claims-accept: nothing to accept")
        return 0
    if len(words) != 1:
        parser.error("say `accept [PAGE...]`, or name one page")
    try:
        page = page_named(words[0])
    except ValueError as e:
        parser.error(str(e))
    findings = audit_source(page)
    print("\n".join(str(f) for f in findings) or report(page))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
