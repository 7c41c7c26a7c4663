"""pecheck on the corpus of real encodings (tests/pecheck_corpus): tables made by calling the pinned transformers and
diffusers as their users do, and the bug classes of issue 39 made from them. Each case's expected verdict was written
from the library's source (tests/pecheck_corpus/build.py records the file and line); this file only compares.

`python tests/test_pecheck_corpus.py` prints the counts: right (the expected verdict), wrong (OK where NOT OK is
expected or the reverse), unhelpful (the right OK / NOT OK with a wrong convention, first position or problem).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "pecheck_corpus"
sys.path.insert(0, str(HERE.parent / "snippets"))
import pecheck  # noqa: E402
import resultcache  # noqa: E402

CASES = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))
BY_NAME = {c["name"]: c for c in CASES}
_TABLES: dict = {}
FAMILY_IDS = {f["id"] for f in pecheck.CONVENTIONS}


def table_of(case: dict):
    """The table as the user holds it: the stored dtype back (bfloat16 through torch), printed tables as their text."""
    if not _TABLES:
        with resultcache.capture("pecheck corpus tables"), np.load(CORPUS / "tables.npz") as archive:
            _TABLES.update({k: archive[k] for k in archive.files})
    resultcache.replay("pecheck corpus tables")
    if "transposed_of" in case:
        return table_of(BY_NAME[case["transposed_of"]]).T
    array = _TABLES[case["name"]]
    if case["stored"] == "bfloat16":
        import torch

        return torch.from_numpy(array).bfloat16()
    if case["stored"].startswith("printed"):
        digits = int(case["stored"].split()[1])
        text = "\n".join(",".join(f"{v:.{digits}f}" for v in row) for row in array)
        path = CORPUS / f".{case['name']}.csv"  # judged as the file a user saves: the digits are read from the text
        path.write_text(text, encoding="utf-8")
        try:
            return pecheck.load_table(path)
        finally:
            path.unlink()
    return array


def judge(case: dict):
    return pecheck.check_table(table_of(case))


def compare(case: dict, verdict) -> tuple[str, list[str]]:
    """('right' | 'wrong' | 'unhelpful', what differs)."""
    want = case["expect"]
    if verdict.ok != want["ok"]:
        return "wrong", [f"ok {verdict.ok} (codes {verdict.codes()}), expected {want['ok']}"]
    diffs = []
    if sorted(verdict.codes()) != sorted(want["codes"]):
        diffs.append(f"codes {verdict.codes()}, expected {want['codes']}")
    family = verdict.convention if verdict.convention in FAMILY_IDS else None
    if "convention" in want and family != want["convention"]:
        diffs.append(f"convention {verdict.convention!r}, expected the family {want['convention']!r}")
    for key in ("first_position", "position_step", "arithmetic", "paper"):
        if key in want and getattr(verdict, key, None) != want[key]:
            diffs.append(f"{key} {getattr(verdict, key, None)!r}, expected {want[key]!r}")
    if "padding_rows" in want and list(verdict.padding_rows) != want["padding_rows"]:
        diffs.append(f"padding_rows {verdict.padding_rows}, expected {want['padding_rows']}")
    return ("unhelpful" if diffs else "right"), diffs


def test_the_corpus_is_large_and_every_case_cites_its_source():
    assert len(CASES) >= 150
    for case in CASES:
        path, _, line = case["source"].rpartition(":")
        assert path.startswith(("transformers/", "diffusers/")) and line.isdigit(), case["source"]
        assert case["why"], case["name"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_every_corpus_case_gets_its_expected_verdict(case):
    outcome, diffs = compare(case, judge(case))
    assert outcome == "right", diffs


@pytest.mark.slow  # imports transformers and diffusers, builds every table again (about 30 s)
def test_the_corpus_is_what_the_pinned_libraries_build():
    import subprocess

    result = subprocess.run([sys.executable, str(CORPUS / "build.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def score() -> dict[str, list[str]]:
    counts: dict[str, list[str]] = {"right": [], "wrong": [], "unhelpful": []}
    for case in CASES:
        try:
            outcome, diffs = compare(case, judge(case))
        except Exception as error:  # a crash is a wrong answer
            outcome, diffs = "wrong", [f"crash {type(error).__name__}: {error}"]
        counts[outcome].append(f"{case['name']}: {'; '.join(diffs)}")
    return counts


if __name__ == "__main__":
    result = score()
    for kind in ("wrong", "unhelpful"):
        for line in result[kind]:
            print(kind, line)
    print({k: len(v) for k, v in result.items()})
