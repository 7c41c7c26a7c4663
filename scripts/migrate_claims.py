#!/usr/bin/env python3
"""Move the ledgers from sentences copied word for word to claims keyed by id (issue 23), and write the locks.

    python scripts/migrate_claims.py            # rewrite every tests/pages/test_*.py ledger, write every lock
    python scripts/migrate_claims.py --check    # say what it would do, write nothing

Deterministic and idempotent: an entry in the old form `computed(id, r"sentence", check)` (and cited, prose,
equation, formula, inline, measured) loses its sentence and gains the claim words it backs, `backs=[...]` (a
check was tied to the whole sentence, so it backs all of them; a prose entry lists them in `unbacked=[...]`, for
its reason). An entry already in the new form is left as it is, so running it again changes nothing. For each page
it writes tests/pages/locks/<page>.lock.json: each sentence and display by fingerprint, tied to its id; and, the
first time, the migration baseline (id, kind, fingerprint of the old sentence, whether it had a check) that
tests/test_claims.py reads to show that every old check still runs against its sentence.

Sentences the old reader did not see (admonition titles, docstrings of included Python sections) get an entry:
prose where they have no claim word, and otherwise one the script lists at the end for a person to review (it
gets a prose entry whose reason says so, so that nothing is left unfingerprinted). Hand edits of check functions
that the new form needs are in HAND_EDITS, applied where their old text is found, and reported where it is not.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from claimcheck import (  # noqa: E402
    PAGES_DIR,
    Lock,
    LockEntry,
    claim_words,
    fingerprint,
    ledger_path,
    normalise,
    page_items,
    pages,
    read_lock,
    slug,
    write_lock,
)

CHANGES: list[str] = []  # the modules a run changed (or, with --check, would change)
CONSTRUCTORS = ("computed", "measured", "formula", "equation", "inline", "cited", "prose", "pending")
BACKING = ("computed", "measured", "formula", "inline", "cited")  # kinds whose check or source backs the words

# Hand edits of ledger modules that the new form needs: (file, what it does, pattern, replacement). Each is applied
# where its pattern is found; where not (the function changed since), the script says so and a person redoes it.
HAND_EDITS = [
    ("test_properties.py", "the named tests are compared as a set, naming what is missing",
     r"""    named = re\.findall\(r"`\(test_\\w\+\)`", text\)
    return \(jobs == set\(te\.JOBS\) and all\(f'"\{job\}\.py:' in text for job in jobs\) and len\(named\) == 6
            and all\(callable\(getattr\(te, name, None\)\) for name in named\)\)""",
     """    named = set(re.findall(r"`(test_\\w+)`", text))
    tests = {name for name in vars(te) if name.startswith("test_")}
    assert named <= tests, f"{PAGE} names tests that test_properties_code.py lacks: {sorted(named - tests)}"
    assert jobs == set(te.JOBS), f"{PAGE} quotes the jobs {sorted(jobs)}, test_properties_code.py runs {sorted(te.JOBS)}"
    missing = [job for job in jobs if f'"{job}.py:' not in text]
    assert not missing, f"{PAGE} does not show the code of {missing}"
    return True"""),
    ("test_why_positions.py", "the named tests are compared as a set, naming what is missing",
     r"""    named = re\.findall\(r"`\(test_\\w\+\)`", page\)
    return \(jobs == set\(te\.JOBS\) and all\(f'"\{job\}\.py:' in page for job in jobs\)
            and all\(callable\(getattr\(te, name, None\)\) for name in named\) and len\(named\) == 5\)""",
     """    named = set(re.findall(r"`(test_\\w+)`", page))
    tests = {name for name in vars(te) if name.startswith("test_")}
    assert named <= tests, f"{PAGE} names tests that test_why_positions_code.py lacks: {sorted(named - tests)}"
    assert jobs == set(te.JOBS), f"{PAGE} quotes the jobs {sorted(jobs)}, test_why_positions_code.py runs {sorted(te.JOBS)}"
    missing = [job for job in jobs if f'"{job}.py:' not in page]
    assert not missing, f"{PAGE} does not show the code of {missing}"
    return True"""),
    ("test_evidence.py", "no pending state any more: the check asks the lock and ledger to agree",
     r"""    return not pending_file\("evidence\.md"\)\.exists\(\) and all\(
        c\.kind != "pending" for c in LEDGER\.claims\)""",
     """    from claimcheck import audit

    return not audit("evidence.md", LEDGER, history=False)"""),
    ("test_evidence.py", "pending_file is gone", r"(from claimcheck import [^\n]*), pending_file", r"\1"),
    ("test_index.py", "a probe of a display gives its text", r'claimcheck\.equation\("probe", (DISPLAY|w)\)',
     r'claimcheck.equation("probe", text=\1)'),
]


# Entries whose sentence states the experiments' setting (sizes, steps, seeds) that the check reads from their
# outputs, without drawing a conclusion from them: they get setting=True (a conclusion would be `measured`).
SETTINGS = {
    "evidence.md": ["tiny-models", "stable-precision", "seeds", "shift-setup", "contrasts", "probe-setup",
                    "add-concat-setup", "add-concat-tasks"],
    "beyond.md": ["may-no-experiment"],
}


def string_of(node: ast.AST, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id]
    return None


def module_constants(tree: ast.Module) -> dict[str, str]:
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                found[node.targets[0].id] = node.value.value
    return found


def ledger_call(tree: ast.Module) -> ast.Call | None:
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "LEDGER" for t in node.targets)
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "Ledger"):
            return node.value
    return None


def old_text(call: ast.Call, constants: dict[str, str], on_page: set[str]) -> str | None:
    """The sentence of an entry in the old form, or None when the entry is already in the new form."""
    kind, args = call.func.id, call.args
    if len(args) < 2:
        return None
    text = string_of(args[1], constants)
    if text is None:
        return None
    if kind == "prose":
        return text if len(args) == 3 else None
    if kind == "cited":  # old: cited(id, sentence, source[, check]); new: cited(id, source[, check])
        if len(args) >= 4 or (len(args) == 3 and fingerprint(normalise(text)) in on_page):
            return text
        return text if len(args) == 3 and not is_check(args[2]) else None
    return text


def is_check(node: ast.AST) -> bool:
    """A check, not a source: a lambda, a call (passes(...)) or a function's name; a source is an expression of
    strings (a literal, a constant, "+" of them, an f-string)."""
    if isinstance(node, (ast.Lambda, ast.Call)):
        return True
    if isinstance(node, ast.Name):
        return not node.id.isupper()  # PAPER, ALIBI: constants holding a source; anything else: a function
    return isinstance(node, ast.Attribute)


class Source:
    """A module's text with edits by (line, column) spans, applied from the end."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for line in text.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.edits: list[tuple[int, int, str]] = []

    def offset(self, line: int, col: int) -> int:
        text = self.text[self.starts[line - 1]:self.starts[line]]
        return self.starts[line - 1] + len(text.encode("utf-8")[:col].decode("utf-8"))

    def start(self, node: ast.AST) -> int:
        return self.offset(node.lineno, node.col_offset)

    def end(self, node: ast.AST) -> int:
        return self.offset(node.end_lineno, node.end_col_offset)

    def replace(self, start: int, end: int, new: str) -> None:
        self.edits.append((start, end, new))

    def result(self) -> str:
        out = self.text
        for start, end, new in sorted(self.edits, reverse=True):
            out = out[:start] + new + out[end:]
        return out


def words_literal(words: list[str]) -> str:
    def one(word: str) -> str:
        if "\\" in word and "'" not in word and not word.endswith("\\"):
            return "r'" + word + "'"
        return repr(word)

    return "[" + ", ".join(one(w) for w in words) + "]"


def rewrite_entry(src: Source, call: ast.Call, text: str, setting: bool = False) -> None:
    """Drop the sentence argument; add the claim words it backs (or lists as not backed); one line where it fits."""
    kind, args = call.func.id, call.args
    base = src.start(call)
    segment = src.text[base:src.end(call)]
    edits: list[tuple[int, int, str]] = []
    sentence = args[1]
    if len(args) > 2:
        edits.append((src.start(sentence), src.start(args[2]), ""))
    elif call.keywords:
        edits.append((src.start(sentence), src.start(call.keywords[0].value) - len(call.keywords[0].arg) - 1, ""))
    else:
        edits.append((src.end(args[0]), src.end(sentence), ""))
    words = claim_words(text)
    if setting:
        last = call.keywords[-1].value if call.keywords else args[-1]
        edits.append((src.end(last), src.end(last), ", setting=True"))
    if kind not in ("equation", "formula") and words:
        keyword = "unbacked" if kind == "prose" else "backs"
        last = call.keywords[-1].value if call.keywords else args[-1]
        edits.append((src.end(last), src.end(last), f", {keyword}={words_literal(words)}"))
    for start, end, new in sorted(edits, reverse=True):
        segment = segment[: start - base] + new + segment[end - base :]
    one_line = re.sub(r"\(\s+", "(", re.sub(r"\n\s*", " ", segment))
    column = src.start(call) - src.text.rfind("\n", 0, base) - 1
    if "\n" in segment and column + len(one_line) + 1 <= 120 and "#" not in segment:
        try:
            if ast.dump(ast.parse(one_line)) == ast.dump(ast.parse(segment.replace("\n", " "))):
                segment = one_line
        except SyntaxError:
            pass
    src.replace(base, src.end(call), segment)


def migrate_module(path: Path, write: bool) -> tuple[str | None, list[str]]:
    """Rewrite one ledger module; write its page's lock. Returns (page, things a person must look at); with
    write=False, `CHANGES` says which modules it would have changed."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    call = ledger_call(tree)
    if call is None or not call.args:
        return None, []
    constants = module_constants(tree)
    page = string_of(call.args[0], constants)
    if page is None:
        return None, [f"{path.name}: LEDGER names its page with something the script cannot read"]
    notes: list[str] = []
    entries = next((a for a in call.args[1:] if isinstance(a, ast.List)), None)
    if entries is None:
        entries = next((k.value for k in call.keywords if k.arg == "claims"), ast.List(elts=[]))
    src = Source(source)
    items = page_items(page)
    on_page = {i.fp for i in items}
    old: dict[str, tuple[str, str]] = {}  # id -> (kind, sentence)
    ids: list[str] = []
    for element in entries.elts:
        if not (isinstance(element, ast.Call) and isinstance(element.func, ast.Name)
                and element.func.id in CONSTRUCTORS and element.args and isinstance(element.args[0], ast.Constant)):
            notes.append(f"{path.name}:{getattr(element, 'lineno', '?')}: an entry the script cannot read; move it by hand")
            continue
        ids.append(element.args[0].value)
        text = old_text(element, constants, on_page)
        if text is None:
            continue
        if element.func.id == "pending":
            notes.append(f"{path.name}: pending entry {element.args[0].value!r}: give it a check, source or reason")
            continue
        old[element.args[0].value] = (element.func.id, normalise(text))
        rewrite_entry(src, element, text, element.args[0].value in SETTINGS.get(page, []))

    lock = read_lock(page)
    if old:
        by_fp = {fingerprint(text): (id, kind) for id, (kind, text) in old.items()}
        kept = {e.fp: e for e in lock.entries}
        new_entries, added = [], []
        taken = set(ids)
        for item in items:
            if item.fp in by_fp:
                id, kind = by_fp[item.fp]
                backed = item.words if kind in BACKING else []
                new_entries.append(LockEntry(id, item.fp, item.kind, item.words, backed))
            elif item.fp in kept:
                new_entries.append(kept[item.fp])
            else:
                id = slug(item.text, taken)
                taken.add(id)
                reason, review = unseen_reason(item)
                new_entries.append(LockEntry(id, item.fp, item.kind, item.words, []))
                added.append(entry_source(id, item, reason))
                if review:
                    notes.append(f"{page}: {item.kind} {id!r} (claim words {item.words}) got a prose entry to "
                                 f"review: give it a check or source if it states something")
        for id, (kind, text) in old.items():
            if fingerprint(text) not in on_page:
                notes.append(f"{page}: entry {id!r} ({kind}) is not on the page; its sentence was: {text}")
        baseline = [{"id": id, "kind": kind, "fp": fingerprint(text), "checked": kind not in ("prose", "cited")
                     or has_check(entries, id)} for id, (kind, text) in old.items()]
        lock = Lock(page, new_entries, [m for m in lock.migrated if m["id"] not in old] + baseline)
        if added:
            closing = src.end(entries) - 1  # the list's closing bracket
            indent = " " * 4
            src.replace(closing, closing, "".join(f"{indent}{line}\n" for line in added))
    text = src.result()
    for name, what, pattern, replacement in HAND_EDITS if old else []:
        if name == path.name:
            template = re.search(r"\\\d", replacement)  # a backreference: a template, else literal text
            text, n = re.subn(pattern, replacement if template else (lambda _m, r=replacement: r), text)
            if not n:
                notes.append(f"{path.name}: hand edit not applied ({what}): redo it by hand")
    text = re.sub(r"(from claimcheck import [^\n]*)\bpending, ", r"\1", text)
    if text != source or old:
        CHANGES.append(path.name)
    if write:
        if text != source:
            path.write_text(text, encoding="utf-8")
        if old or not read_lock(page).entries:
            write_lock(lock)
    return page, notes


def has_check(entries: ast.List, id: str) -> bool:
    for element in entries.elts:
        if isinstance(element, ast.Call) and element.args and getattr(element.args[0], "value", None) == id:
            return element.func.id != "prose" and (element.func.id != "cited" or len(element.args) >= 4)
    return False


def unseen_reason(item) -> tuple[str, bool]:
    """The reason of the prose entry an item the old reader did not see gets, and whether a person must review it."""
    if item.kind == "title":
        why = "an admonition title, first read by the migration: its claim words are not yet tied to a check"
    elif item.kind == "docstring":
        why = "a docstring the page shows with its code, first read by the migration: not yet tied to a check"
    else:
        why = "first recorded by the migration: not yet tied to a check"
    return why, bool(item.words)


def entry_source(id: str, item, why: str) -> str:
    words = item.words
    if item.kind == "display":
        return f"equation({id!r}),  # recorded by the migration: check that it parses"
    listed = f", unbacked={words_literal(words)}" if words else ""
    return f"prose({id!r}, {why!r}{listed}),  # recorded by scripts/migrate_claims.py: review"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; list what a person must look at")
    args = parser.parse_args()
    notes, done = [], []
    for path in sorted(PAGES_DIR.glob("test_*.py")):
        page, found = migrate_module(path, write=not args.check)
        notes += found
        if page:
            done.append(page)
    missing = [p for p in pages() if p not in done]
    for page in missing:
        notes.append(f"{page} has no ledger module ({ledger_path(page).name})")
    print(f"migrated {len(done)} ledgers" + (" (nothing written: --check)" if args.check else ""))
    if notes:
        print("to look at:\n  " + "\n  ".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
