"""The claims of docs/notebooks/playground.ipynb, each with what makes it true (see tests/claimcheck.py).

The checks run the notebook's own definitions (read from its cells) against the reference in float64, and read its
committed outputs; tests/pages/test_notebooks_playground_code.py re-executes it.
"""

import json
import math
import re
import sys
from pathlib import Path

import torch
from claimcheck import Ledger, computed, prose
from reference import PositionalEncoding, positional_encoding
from support import DOCS, ROOT, repo_text

from pages import test_notebooks_playground_code as tn


def _notebook():
    return json.loads(repo_text("docs/notebooks/playground.ipynb"))  # read when a test needs it (support.repo_text)


CODE = [c for c in _notebook()["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def cell(name: str) -> dict:
    """The code cell whose source contains `name`."""
    return next(c for c in CODE if name in source(c))


def printed(name: str) -> str:
    return "".join("".join(o.get("text", "")) for o in cell(name).get("outputs", []))


def shift_matrix():
    """The notebook's own shift_matrix, defined from its cell (not the cell's demo lines after it)."""
    code = source(cell("def shift_matrix")).split("\n\n\nk, d_model")[0]
    scope = {"torch": torch, "positional_encoding": positional_encoding}
    exec(code, scope)
    return scope["shift_matrix"]


def table(n: int, d: int, base: float = 10000.0) -> torch.Tensor:
    return positional_encoding(n, d, base=base, dtype=torch.float64)


def omega(d: int, base: float = 10000.0) -> torch.Tensor:
    return base ** (-2 * torch.arange((d + 1) // 2, dtype=torch.float64) / d)


def builds_on_the_reference() -> bool:
    later = "\n".join(source(c) for c in CODE[1:])
    return (passes_test(tn.test_builds_on_the_reference_instead_of_copying_it)
            and not re.search(r"torch\.(sin|cos)\(|10000 \*\*|\.sin\(\)|\.cos\(\)", later))


def passes_test(test) -> bool:
    test()
    return True


def finds_snippets() -> bool:
    code = source(CODE[0])
    expression = re.search(r"snippets = (next\(.*\))\n", code).group(1)
    found = {eval(expression, {"here": start, "Path": Path}) for start in (ROOT, ROOT / "docs", ROOT / "docs" / "notebooks")}
    return found == {ROOT / "snippets"} and eval(expression, {"here": Path("/")}) is None


def regen_executes() -> bool:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from regenkit.jobs import discover
    finally:
        sys.path.remove(str(ROOT / "scripts"))

    jobs = [j for j in discover() if j.kind == "notebook" and j.path.name == "playground.ipynb"]
    return len(jobs) == 1 and passes_test(tn.test_committed_outputs_are_complete_and_carry_no_volatile_metadata)


def row_zero() -> bool:
    ok = []
    for d, base in ((8, 10000.0), (7, 100.0), (64, 2.0)):
        pe = table(3, d, base)
        ok += [pe[0].tolist() == [float(j % 2) for j in range(d)], int(omega(d, base).argmax()) == 0]
    shown = re.search(r"tensor\(\[\[(.*?)\]", printed("d_model, base, positions = 8")).group(1)
    return all(ok) and [float(v) for v in shown.split(",")] == [0.0, 1.0] * 4


def atan2_reads_frequencies() -> bool:
    ok = []
    for d, base in ((16, 10000.0), (64, 10000.0), (16, 1.5)):
        row1 = table(2, d, base)[1]
        read = torch.atan2(row1[0::2], row1[1::2])
        ok += [torch.allclose(read, omega(d, base), rtol=1e-12, atol=0), bool((omega(d, base) <= math.pi).all())]
    return all(ok)


def wavelengths() -> bool:
    lines = re.findall(r"pair (\d+): w = (\S+), 2π/w =\s+(\S+)", printed("atan2"))
    w = omega(16)
    return len(lines) == 8 and all(
        abs(float(wl) - 2 * math.pi / float(w[int(i)])) < 0.01 and abs(float(om) - float(w[int(i)])) < 1e-6
        for i, om, wl in lines)


def one_matrix_every_p() -> bool:
    make = shift_matrix()
    ok = []
    for k, d in ((1, 8), (7, 64), (50, 16)):
        pe = table(600 + k, d)
        ok.append(float((pe[:600] @ make(k, d).T - pe[k:]).abs().max()) < 1e-9)
    return all(ok) and passes_test(tn.test_shown_results_state_what_the_text_claims)


def block_diagonal() -> bool:
    make, d, k = shift_matrix(), 16, 7
    m = make(k, d)
    w = omega(d)
    expected = torch.block_diag(*[torch.tensor([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]], dtype=torch.float64)
                                  for a in (w * k).tolist()])
    return torch.allclose(m, expected, atol=1e-12) and "read off row k of PE" in source(cell("def shift_matrix"))


def odd_widths_lone_sine() -> bool:
    make = shift_matrix()
    try:
        make(3, 7)
        refused = False
    except ValueError:
        refused = True
    pe = table(50, 7)
    return refused and torch.allclose(pe[:, 6], torch.sin(omega(7)[3] * torch.arange(50, dtype=torch.float64)), atol=1e-12)


def dot_offset_only() -> bool:
    d, starts = 64, [0, 40, 300]
    pe = table(max(starts) + 100, d)
    curves = torch.stack([pe[p : p + 100] @ pe[p] for p in starts])
    total = torch.cos(omega(d)[None, :] * torch.arange(100, dtype=torch.float64)[:, None]).sum(1)
    return all(torch.allclose(c, total, atol=1e-9) for c in curves)


def base_sets_the_slowest() -> bool:
    d = 64
    slowest = [2 * math.pi / float(omega(d, base).min()) for base in (100.0, 1e4, 1e6)]
    closed = [2 * math.pi * base ** ((d - 2) / d) for base in (100.0, 1e4, 1e6)]
    return all(abs(a / b - 1) < 1e-12 for a, b in zip(slowest, closed, strict=True)) and slowest[0] < slowest[1] < slowest[2]


def small_base_repeats_sooner() -> bool:
    def top_change(base: float) -> float:
        pe = table(100, 64, base)[:, -4:]  # the two slowest pairs
        return float((pe.amax(0) - pe.amin(0)).max())

    return top_change(1e4) < 0.05 and top_change(100.0) > 0.5 and base_sets_the_slowest()


def module_adds() -> bool:
    import inspect

    module = PositionalEncoding(d_model=16, max_len=32)
    x = torch.randn(2, 10, 16, generator=torch.Generator().manual_seed(0))
    dropout = inspect.signature(PositionalEncoding).parameters["dropout"].default
    return (torch.allclose(module(x), x + positional_encoding(10, 16), atol=1e-6) and dropout == 0
            and torch.equal(module(torch.zeros(2, 10, 16))[1], positional_encoding(10, 16)) and printed("module(x)").strip() == "True")


def half_value_offset_exists() -> bool:
    pe = table(200, 64)
    dots = pe @ pe[0]
    return bool((dots[1:] < dots[0] / 2).any())


def rotations() -> bool:
    m = shift_matrix()(1, 4)
    blocks = [m[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] for i in range(2)]
    return all(abs(float(torch.linalg.det(b)) - 1) < 1e-12 and torch.allclose(b @ b.T, torch.eye(2, dtype=torch.float64), atol=1e-12)
               for b in blocks)


def explorer_has_sliders() -> bool:
    page = (DOCS / "explorer.md").read_text(encoding="utf-8")
    return (page.count('type="range"') >= 2 and all(f'id="{i}"' in page for i in ("pe-heatmap", "pe-dots", "pe-matrix", "pe-curves"))
            and "../explorer.html" in "".join(source(c) for c in _notebook()["cells"] if c["cell_type"] == "markdown"))

LEDGER = Ledger('notebooks/playground.ipynb', [
    prose('title', "the title"),
    prose('invitation', "an invitation to the reader"),
    computed('builds-on-the-reference', builds_on_the_reference, backs=['every']),
    computed('to-run-it',
        lambda: "\nsetup:" in (ROOT / "Makefile").read_text(encoding="utf-8")
        and "ipykernel==" in (ROOT / "requirements.txt").read_text(encoding="utf-8")),
    computed('finds-snippets', finds_snippets, backs=['first']),
    computed('made-by-regen', regen_executes, backs=['below']),
    prose('own-table-heading', "a heading"),
    prose('change-and-run', "an instruction"),
    computed('row-zero',
        row_zero, backs=['0', '0', '0', '0', '0', '0', '1', '1', '1', 'always', 'column', 'cos', 'fastest', 'first', 'row', 'sin']),
    prose('frequencies-heading', "a heading"),
    computed('atan2-reads-frequencies',
        atan2_reads_frequencies, backs=['1', r'\le', 'cos', 'every', 'every', 'row', 'sin']),
    computed('wavelength', wavelengths, backs=['2']),
    prose('rotation-heading', "a heading", unbacked=['rotation']),
    computed('one-matrix-every-p', one_matrix_every_p, backs=['every', 'every']),
    computed('block-diagonal', block_diagonal, backs=['cos', 'row', 'sin']),
    computed('even-widths-only', odd_widths_lone_sine, backs=['column', 'even', 'odd', 'sine']),
    prose('dot-heading', "a heading", unbacked=['depends', 'only']),
    computed('dot-offset-only', dot_offset_only, backs=['cos', 'different', 'each', 'even']),
    prose('add-a-start', "an instruction"),
    prose('base-heading', "a heading"),
    computed('base-sets-slowest', base_sets_the_slowest, backs=['slowest']),
    computed('small-base-repeats-sooner', small_base_repeats_sooner, backs=['10000', 'every']),
    prose('module-heading', "a heading"),
    computed('module-adds', module_adds, backs=['no', 'zero']),
    prose('ideas-heading', "a heading"),
    prose('odd-idea', "an exercise, asked as a question", unbacked=['column', 'odd', 'sine']),
    computed('half-value-idea', half_value_offset_exists, backs=['0', '0', '64', '>', 'below', 'half', 'smallest']),
    computed('rotation-idea', rotations, backs=['1', '1', '4', 'each', 'rotation']),
    computed('explorer-sliders', explorer_has_sliders, backs=['same']),
])

test_claims_hold = LEDGER.test
