"""Every page's claims are in its ledger and hold; numbers are quoted, never typed; every output is shown.

The ledgers live beside each page's tests, in tests/pages/test_<page>.py (`LEDGER`); tests/claimcheck.py says how a
sentence is recognised as a claim and what each kind of entry means. `python scripts/claims.py PAGE` lists what a
ledger lacks.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
from pathlib import Path

import pytest
from claimcheck import DOCS, PAGES_DIR, audit, page_stem, read_page, typed_values
from support import GENERATED, macro


def pages() -> list[str]:
    """Every page of the site: Markdown under docs/ (not the generated fragments) and the notebooks."""
    found = [p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if "generated" not in p.parts]
    found += [p.relative_to(DOCS).as_posix() for p in (DOCS / "notebooks").glob("*.ipynb")]
    return sorted(found)


def module_for(page: str) -> Path:
    """tests/pages/test_<page>.py: `variants/seeds.md` -> test_variants_seeds.py, `add-or-concatenate.md` ->
    test_add_or_concatenate.py."""
    return PAGES_DIR / f"test_{page_stem(page)}.py"


def ledger_of(page: str):
    return ledger_module(page).LEDGER


@functools.cache
def ledger_module(page: str):
    path = module_for(page)
    if not path.is_file():
        pytest.fail(f"{page} has no ledger: create {path.relative_to(PAGES_DIR.parent.parent)} with LEDGER "
                    f"(python scripts/claims.py {page} prints a start)")
    spec = importlib.util.spec_from_file_location(f"ledger_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ledger = getattr(module, "LEDGER", None)
    assert ledger is not None and ledger.page == page, f"{path.name} must define LEDGER = Ledger({page!r}, [...])"
    assert getattr(module, "test_claims_hold", None) is not None, f"{path.name} must run its checks: " \
        "test_claims_hold = LEDGER.test"
    return module


@pytest.mark.parametrize("page", pages())
def test_every_claim_on_the_page_is_in_its_ledger(page):
    findings = audit(read_page(page), ledger_of(page))
    assert not findings, (
        f"{len(findings)} difference(s) between {page} and its ledger {module_for(page).name}. A sentence that "
        "states a claim must stand in the ledger word for word, with the check that makes it true; when you change "
        "one, change the other. After a deliberate edit, `python scripts/claims.py --sync " + page + "` re-pins "
        "the pending sentences (review its diff); an entry with a check is edited by hand, next to its check:\n"
        + "\n".join(str(f) for f in findings)
    )


def quoted_values() -> dict[str, dict[str, str]]:
    found = {}
    for path in sorted(GENERATED.rglob("*.values.json")):
        job = path.relative_to(GENERATED).as_posix().removesuffix(".values.json")
        found[job] = json.loads(path.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("page", pages())
def test_numbers_code_computed_are_quoted_not_typed(page):
    path = DOCS / page
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    quoted = {job: v for job, v in quoted_values().items() if macro(job, "") in text}
    allowed = ledger_of(page).typed
    typed = [t for t in typed_values(text, quoted) if t.split("'")[1] not in allowed]
    assert not typed, f"{page} types numbers that code computed; quote them with {{{{ gen.… }}}} instead: {typed}"


# --- every output is shown ----------------------------------------------------------------------------------------

# Outputs no page shows, and why: data that tests, the explorer or the benchmark pages' tests read.
DATA_ONLY = {
    "explorer/reference_values.json": "the explorer's browser test compares the page's numbers with it",
    "explorer/reference_values.txt": "the log of the job above (its check of M_k); the JSON is what is used",
    "build_table.json": "the benchmark report: machine, baseline, every timing; the page shows its table and figure",
    "build_table.txt": "the benchmark's log; the page shows its table",
    "forward_cached_vs_recomputed.json": "the benchmark report; the page shows its table and figure",
    "forward_cached_vs_recomputed.txt": "the benchmark's log; the page shows its table",
    "site_budgets.json": "the budgets report; the contributing page shows its table",
    "site_budgets.txt": "the budgets benchmark's log; the contributing page shows its table",
    "lighthouse.json": "the Lighthouse report; the contributing page shows its table, test_budgets checks its structure",
    "lighthouse.txt": "the Lighthouse benchmark's log; the contributing page shows its table",
    "precision/duplicate_rows.json": "counts per dtype that the precision tests assert",
    "precision/error_vs_position.json": "errors per position that the precision tests assert",
    "variants/comparison.json": "every probe's observation per variant, which the variants tests assert",
    "add_or_concatenate/embedding_vs_pe_norms.txt": "the job's log; the page shows its table (add_or_concatenate/embedding_vs_pe_norms.md)",
    "faq/quoted_numbers.txt": "the job's log; the FAQ quotes its values",
    "variants/diffs.txt": "the job's log; the pages include the diffs themselves (variants/diffs-*.diff)",
    "reference.txt": "what running snippets/reference.py prints; the reference page shows reference_page/table instead",
    "contributor_loop.json": "the loop benchmark's report (machine, budgets, every timing); test_setup holds README's test-fast time to it",
    "extrapolation.txt": "the experiment's log; the evidence page shows its tables and figures",
    "extrapolation.json": "the experiment's results: snippets/evidence/extrapolation.py draws the page's figures from it, tests/test_evidence.py checks the page's claims on it",
    "learned_shift_matrix.json": "the experiment's results: snippets/evidence/learned_shift_matrix.py draws the figures from it, tests/test_evidence.py checks the claims on it",
    "position_probe.json": "the experiment's results: snippets/evidence/position_probe.py draws the figure from it, tests/test_evidence.py checks the claims on it",
    "add_vs_concat.json": "the experiment's results: snippets/evidence/add_vs_concat.py draws the figure from it, tests/test_evidence.py checks the claims on it",
    "learned_shift_matrix.txt": "the experiment's log; the evidence page shows its tables and figures",
    "position_probe.txt": "the experiment's log; the evidence page shows its table and figure",
    "add_vs_concat.txt": "the experiment's log; the evidence page shows its table and figure",
}


def shown_outputs() -> set[str]:
    """Generated files that some page includes, shows as a figure, or quotes a value from."""
    shown = set()
    sources = [p for p in DOCS.rglob("*") if p.suffix in (".md", ".ipynb", ".js", ".html") and p.is_file()
               and "vendor" not in p.parts and "generated" not in p.parts]
    sources += list((DOCS.parent / "overrides").rglob("*.html"))
    sources += [p for p in GENERATED.rglob("*.md")]  # generated fragments include others in turn
    for source in sources:
        text = source.read_text(encoding="utf-8")
        for name in re.findall(r"--8<--\s+\"([^\"]+)\"", text):
            shown.add(name.split(":")[0])
        for name in re.findall(r"generated/([\w/.-]+\.(?:svg|png|json|txt|md|diff))", text):
            shown.add(name)
        for job, _key in re.findall(r"\{\{\s*gen\.([\w.]+)\.(\w+)\s*\}\}", text):
            shown.add(job.replace(".", "/") + ".values.json")
    return shown


def test_every_generated_output_is_shown_by_a_page_or_declared_data():
    shown = shown_outputs()
    # a job's whole output NAME.txt is shown when the page shows it in named parts (NAME-part.txt)
    shown |= {re.sub(r"-[\w]+\.txt$", ".txt", name) for name in shown if name.endswith(".txt")}
    # a figure's narrow version NAME-narrow.svg is shown wherever NAME.svg is (scripts/figures_hook.py serves it)
    shown |= {name.removesuffix(".svg") + "-narrow.svg" for name in shown if name.endswith(".svg")}
    outputs = sorted(p.relative_to(GENERATED).as_posix() for p in GENERATED.rglob("*")
                     if p.is_file() and ".manifest" not in p.parts)
    unshown = [name for name in outputs if name not in shown and name not in DATA_ONLY]
    assert not unshown, (
        "outputs that no page shows: include them (--8<--, an image, {{ gen.… }}), or declare them in DATA_ONLY "
        f"with the reason: {unshown}"
    )
    stale = sorted(set(DATA_ONLY) - set(outputs))
    assert not stale, f"DATA_ONLY lists outputs that no job writes any more: {stale}"
