"""The explorer's "Check your own table" (docs/javascripts/pecheck.js) gives snippets/pecheck.py's verdicts: both are
fed the same tables (the registry's, the formula's with other settings, broken ones) and must agree; hostile input
gets a message and the page keeps working; nothing a reader pastes becomes markup."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pecheck
import pytest
import torch
from conftest import GENERATED
from pelib.variants.registry import REFERENCE, VARIANTS
from test_pecheck import formula
from test_pecheck_corpus import CASES as CORPUS
from test_pecheck_corpus import table_of

pytestmark = [pytest.mark.slow, pytest.mark.browser]

KEYS = ("ok", "convention", "layout", "denominator", "first_position", "amplitude")


def as_text(rows) -> str:
    """Nested lists of floats as JSON text, which the page parses back (parsed): Playwright hands a nested list over
    value by value (1.5 s for 2,048 x 64 numbers), a string in one piece (0.25 s). Python writes each float with the
    digits that read back as the same double, so the page gets exactly the values it got as a list. JSON has no NaN
    or infinity: a case whose table holds one fails here (ValueError) rather than reaching the page."""
    return json.dumps(rows, allow_nan=False)


def parsed(name: str) -> str:
    return f"JSON.parse({name})"


def tables() -> dict[str, tuple[np.ndarray, str]]:
    """name: (table, dtype the browser is told), the same values Python judges."""
    found = {f"{v.key}-64x32": (v.build(64, 32).double().numpy(), "float32") for v in [REFERENCE, *VARIANTS]}
    found |= {f"{v.key}-300x8": (v.build(300, 8).double().numpy(), "float32") for v in [REFERENCE, *VARIANTS][::3]}
    rng = np.random.default_rng(1)
    found |= {
        "base-1000": (formula(200, 16, base=1000.0), "float64"),
        "base-7777-first-7": (formula(200, 10, base=7777.0, first=7), "float64"),
        "t2t-cos-first": (formula(200, 64, denominator=31, layout="interleaved, cos first"), "float64"),
        "flipped-t2t": (formula(200, 12, denominator=5, layout="[cos | sin]"), "float64"),
        "first-7777": (formula(300, 32, first=7777), "float64"),
        "flipped-d6-first-1000": (formula(64, 6, first=1000, layout="[cos | sin]"), "float64"),
        "base-100-split-first-1000": (formula(64, 64, base=100.0, first=1000, layout="[sin | cos]"), "float64"),
        "odd-width": (formula(100, 7), "float64"),
        "zero-column": (np.concatenate([formula(100, 6), np.zeros((100, 1))], axis=1), "float64"),
        "scaled": (2 * formula(100, 16), "float64"),
        "divided": (formula(100, 64) / 8, "float64"),
        "permuted": (formula(200, 12)[:, rng.permutation(12)], "float64"),
        "multiplied": (formula(200, 32, grow=True), "float64"),
        "column-exponent": (formula(200, 32, column_exponent=True), "float64"),
        "random": (rng.standard_normal((100, 16)), "float64"),
        "transposed": (formula(64, 16).T.copy(), "float64"),
        "repeated": (np.tile(formula(1, 16), (20, 1)), "float64"),
        "zeros": (np.zeros((10, 4)), "float64"),
        "float16-stored": (torch.from_numpy(formula(200, 32)).half().double().numpy(), "float16"),
        "float16-arithmetic": (np.asarray(half_arithmetic(), dtype=np.float64), "float16"),
    }
    return found


def half_arithmetic() -> np.ndarray:
    p = torch.arange(200, dtype=torch.float16)[:, None]
    omega = (10000.0 ** (-torch.arange(0, 32, 2, dtype=torch.float64) / 32)).half()
    table = torch.empty(200, 32, dtype=torch.float16)
    table[:, 0::2], table[:, 1::2] = torch.sin(p * omega), torch.cos(p * omega)
    return table.double().numpy()


TABLES = tables()


def python_verdict(table: np.ndarray, dtype: str):
    if dtype == "float16":
        return pecheck.check_table(torch.from_numpy(table).half())
    if dtype == "float32":
        return pecheck.check_table(torch.from_numpy(table).float())
    return pecheck.check_table(table)


@pytest.fixture(scope="module")
def checker(browser, site_url):
    from conftest import OfflinePage

    context = browser.new_context()
    page = OfflinePage(context)
    page.page.goto(f"{site_url}/explorer.html")
    page.page.wait_for_function("document.getElementById('pecheck').dataset.ready === 'true'")
    yield page.page
    assert not page.console_errors, page.console_errors
    assert not page.external, page.external
    context.close()


def test_the_page_carries_the_generated_conventions(built_site):
    html = (built_site / "explorer.html").read_text(encoding="utf-8")
    embedded = re.search(r'<script type="application/json" id="pecheck-conventions">(.*?)</script>', html, re.S)
    generated = json.loads((GENERATED / "variants" / "conventions.json").read_text(encoding="utf-8"))
    assert json.loads(embedded.group(1)) == generated == pecheck.CONVENTIONS


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_browser_and_python_give_the_same_verdict(checker, name):
    table, dtype = TABLES[name]
    mine = python_verdict(table, dtype).to_json()
    theirs = checker.evaluate(f"([rows, dtype]) => window.peCheck.checkTable({parsed('rows')}, dtype)",
                              [as_text(table.tolist()), dtype])
    assert {k: theirs[k] for k in KEYS} == {k: mine[k] for k in KEYS}
    assert [p["code"] for p in theirs["problems"]] == [p["code"] for p in mine["problems"]]
    if mine["base"] is None:
        assert theirs["base"] is None
    else:
        assert theirs["base"] == pytest.approx(mine["base"], rel=1e-6)


def verdict_text(page) -> str:
    return page.locator("#pecheck-verdict").inner_text()


def test_a_pasted_table_gets_a_verdict_with_links_relative_to_the_site(checker, built_site):
    rows = "\n".join(", ".join(f"{v:.9g}" for v in row) for row in formula(100, 16))
    checker.fill("#pecheck-input", rows)
    checker.click("#pecheck-run")
    assert verdict_text(checker).startswith("OK a correct encoding, interleaved-paper")
    hrefs = checker.locator("#pecheck-verdict a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert "reference.html" in hrefs and len(hrefs) == len(pecheck.CONVENTIONS[0]["members"])
    for href in hrefs:
        assert not href.startswith(("/", "http:", "https:", "//")), href
        assert (built_site / href.split("#")[0]).is_file(), href


def test_a_dropped_npy_file_is_read(checker, tmp_path):
    for dtype, expected in ((np.float32, "float32"), (np.float16, "float16"), (np.float64, "float64")):
        path = tmp_path / f"pe-{expected}.npy"
        np.save(path, formula(100, 16).astype(dtype))
        checker.set_input_files("#pecheck-file", str(path))
        checker.wait_for_function(f"document.getElementById('pecheck-verdict').innerText.includes('{expected}')")
        assert verdict_text(checker).startswith("OK a correct encoding, interleaved-paper")


HOSTILE = {
    "markup": '<img src=x onerror="window.pwned=1">, <script>window.pwned=1</script>\n1, 2',
    "markup-json": '[["<b>x</b>", 1], [2, 3]]',
    "ragged": "1, 2, 3\n4, 5",
    "empty": "   ",
    "not-json": "[[1, 2], [3",
    "one-d": "[1, 2, 3, 4]",
    "object-of-two": '{"a": [[1]], "b": [[2]]}',
    "nan": "\n".join(["nan, 1, 0, 1"] + ["0, 1, 0, 1"] * 5),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_gets_a_message_and_the_page_keeps_working(checker, name):
    checker.fill("#pecheck-input", HOSTILE[name])
    checker.click("#pecheck-run")
    shown = verdict_text(checker)
    assert shown.startswith(("Cannot read this table", "NOT OK")), shown
    assert checker.locator("#pecheck-verdict img, #pecheck-verdict script, #pecheck-verdict b").count() == 0
    assert checker.evaluate("window.pwned === undefined")
    if name == "markup":
        assert "<img" in shown or "not a number" in shown
    if name == "nan":
        assert "NaN or infinite values:" in shown and "not_finite" not in shown  # the problem in words, not its code
    checker.fill("#pecheck-input", "\n".join(", ".join(f"{v:.9g}" for v in row) for row in formula(50, 8)))
    checker.click("#pecheck-run")
    assert verdict_text(checker).startswith("OK a correct encoding, interleaved-paper")


def test_huge_and_malformed_files_get_a_message(checker, tmp_path):
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"0, 1\n" * (17 * 1024 * 1024 // 5 + 1))
    checker.set_input_files("#pecheck-file", str(huge))
    checker.wait_for_function("document.getElementById('pecheck-verdict').innerText.includes('at most')")
    header = b"{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 100000), }"
    claims_too_much = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + b"\n"
    buffer = io.BytesIO()
    np.save(buffer, formula(20, 8))
    for name, data, words in (("big-header.npy", claims_too_much, "at most"),
                              ("truncated.npy", buffer.getvalue()[:150], "shorter"),
                              ("garbage.npy", b"\x00" * 64, "NUMPY"),
                              ("objects.npy", object_npy(), "dtype")):
        path = tmp_path / name
        path.write_bytes(data)
        checker.set_input_files("#pecheck-file", str(path))
        checker.wait_for_function(f"document.getElementById('pecheck-verdict').innerText.includes({words!r})")
        assert verdict_text(checker).startswith("Cannot read this table")
    long_text = checker.evaluate("window.peCheck.judge('1,'.repeat(9 * 1024 * 1024))")
    assert "at most" in long_text["error"]


def object_npy() -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    return buffer.getvalue()


# --- issue 39: the corpus of real encodings, printed tables, verdicts in words --------------------------------------

CORPUS_KEYS = KEYS + ("paper", "position_step", "padding_rows", "arithmetic")


@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_the_browser_and_python_agree_on_every_corpus_table(checker, case):
    mine = pecheck.check_table(table_of(case)).to_json()
    stored = case["stored"]
    if stored.startswith("printed"):  # the text a user pastes, at the digits it was printed with
        digits = int(stored.split()[1])
        rows = np.asarray(table_of(case))
        text = "\n".join(", ".join(f"{v:.{digits}f}" for v in row) for row in rows)
        theirs = checker.evaluate("(text) => window.peCheck.judge(text)", text)
    else:
        table = table_of(case)
        rows = np.asarray(table.float() if hasattr(table, "float") else table, dtype=np.float64).tolist()
        dtype = stored if stored in ("float64", "float32", "float16", "bfloat16") else "float64"
        theirs = checker.evaluate(f"([rows, dtype]) => window.peCheck.checkTable({parsed('rows')}, dtype)",
                                  [as_text(rows), dtype])
    assert {k: theirs[k] for k in CORPUS_KEYS} == {k: mine[k] for k in CORPUS_KEYS}
    assert [p["code"] for p in theirs["problems"]] == [p["code"] for p in mine["problems"]]


@pytest.mark.parametrize("digits", [4, 5])
@pytest.mark.parametrize(("n", "d"), [(8, 4), (32, 16), (128, 64)])
def test_a_correct_table_pasted_as_printed_is_ok_in_words(checker, digits, n, d):
    """What PyTorch prints (4 decimals) and the box's own placeholder (5): the tolerance comes from the digits."""
    text = "\n".join(", ".join(f"{v:.{digits}f}" for v in row) for row in formula(n, d))
    checker.fill("#pecheck-input", text)
    checker.click("#pecheck-run")
    shown = verdict_text(checker)
    assert shown.startswith("OK a correct encoding, "), shown
    if d >= 16:  # at 8 x 4 two pairs and 4 decimals cannot tell base 10000 over d/2 from base 100 over d/2 - 1
        assert shown.startswith("OK a correct encoding, interleaved-paper"), shown
    assert checker.locator("#pecheck-verdict .pecheck-badge-ok").inner_text() == "OK"
    assert f"{digits} decimals" in shown


def test_a_wrong_table_shows_its_problems_in_words_not_codes(checker):
    checker.fill("#pecheck-input", "\n".join(", ".join(f"{v:.9g}" for v in row) for row in formula(100, 16, grow=True)))
    checker.click("#pecheck-run")
    shown = verdict_text(checker)
    assert checker.locator("#pecheck-verdict .pecheck-badge-bad").inner_text() == "NOT OK"
    assert "frequencies multiplied, not divided:" in shown and "multiplied]" not in shown
    assert checker.locator("#pecheck-verdict code").count() == 0


# --- rotary caches: the browser's checkRope gives check_rope's verdict ---------------------------------------------

ROPE_KEYS = ("ok", "rotary", "layout", "rotary_dim", "scaling", "factor", "attention_scaling", "first_position")


def rope_caches() -> dict:
    """name: (cos, sin, dtype), the caches of tests/test_pecheck_rope.py: transformers' rotary classes and the bugs."""
    import test_pecheck_rope as tr

    found = {}
    for name, (params, extra, _, _) in tr.CASES.items():
        cos, sin = tr.llama(params, **extra)
        found[f"llama-{name}"] = (cos, sin, str(cos.dtype).removeprefix("torch."))
    for name, ((module, cls, config, params), extra, _, _) in tr.OTHER_CLASSES.items():
        extra = dict(extra)
        (cos, sin), _ = tr.rotary(module, cls, config, params, n=extra.pop("n", 256), **extra)
        found[name] = (cos, sin, "float32")
    freqs = tr.adjacent()
    found["adjacent"] = (freqs.cos(), freqs.sin(), "float32")
    freqs = tr.adjacent(n=2048, angle_dtype=torch.float16)
    found["angles-float16"] = (freqs.cos(), freqs.sin(), "float32")
    cos, sin = tr.llama(tr.DEFAULT)
    found["swapped"] = (sin, cos, "float32")
    found["mixed"] = (torch.cat([cos[..., :32], tr.adjacent(256, 64).cos()[None, :, 32:]], -1),
                      torch.cat([sin[..., :32], tr.adjacent(256, 64).sin()[None, :, 32:]], -1), "float32")
    rng = np.random.default_rng(2)
    found["random"] = (torch.from_numpy(rng.standard_normal((100, 32))),
                       torch.from_numpy(rng.standard_normal((100, 32))), "float64")
    return found


@pytest.fixture(scope="module")
def caches():
    return rope_caches()


ROPE_NAMES = ["llama-" + n for n in ("default", "theta-500k", "from-1000", "bfloat16", "head-dim-128", "linear-4",
                                      "dynamic-within", "yarn-4", "llama3-8")] + [
    "cohere", "gemma", "qwen2-theta-1e6", "phi-partial-0.5", "dynamic-past-max", "yarn-attention-given",
    "longrope-short", "longrope-long", "adjacent", "angles-float16", "swapped", "mixed", "random"]


@pytest.mark.parametrize("name", ROPE_NAMES)
def test_the_browser_and_python_agree_on_rotary_caches(checker, caches, name):
    cos, sin, dtype = caches[name]
    mine = pecheck.check_rope(cos, sin).to_json()
    rows = [np.asarray(t.float().squeeze(0) if t.dtype == torch.bfloat16 else t.squeeze(0), dtype=np.float64).tolist()
            for t in (cos, sin)]
    theirs = checker.evaluate(f"([c, s, dtype]) => window.peCheck.checkRope({parsed('c')}, {parsed('s')}, dtype)",
                              [*map(as_text, rows), dtype])
    assert {k: theirs[k] for k in ROPE_KEYS} == {k: mine[k] for k in ROPE_KEYS}
    assert [p["code"] for p in theirs["problems"]] == [p["code"] for p in mine["problems"]]
    assert (theirs["base"] is None) == (mine["base"] is None)
    if mine["base"] is not None:
        assert theirs["base"] == pytest.approx(mine["base"], rel=1e-6)


def test_a_pasted_rotary_cache_gets_a_verdict_in_words(checker, caches):
    """The paste box takes {"cos": [[...]], "sin": [[...]]} (what --rope reads from a .npz) and judges it as a cache."""
    cos, sin, _ = caches["llama-linear-4"]
    text = json.dumps({"cos": cos[0, :64].tolist(), "sin": sin[0, :64].tolist()})
    checker.fill("#pecheck-input", text)
    checker.click("#pecheck-run")
    shown = verdict_text(checker)
    assert shown.startswith("OK a correct rotary cache"), shown
    assert "linear" in shown and "rotate_half" in shown
