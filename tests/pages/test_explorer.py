"""The claims of docs/explorer.md, each with what makes it true (see tests/claimcheck.py).

The page's numbers are checked in a browser by tests/test_explorer.py; the entries here check what the sentences say
with the reference in float64 and by reading the explorer's script and markup (no browser needed).
"""

import ast
import math
import re

import torch
from claimcheck import Ledger, computed, equation, prose
from reference import positional_encoding
from support import DOCS, ROOT, SNIPPETS, number, values

PAGE_TEXT = (DOCS / "explorer.md").read_text(encoding="utf-8")
SCRIPT = (DOCS / "javascripts" / "explorer.js").read_text(encoding="utf-8")
CORE = (DOCS / "javascripts" / "pe-core.js").read_text(encoding="utf-8")  # the formula and drawings it shares
EXPORT = (SNIPPETS / "explorer" / "reference_values.py").read_text(encoding="utf-8")
QUOTED = values("explorer/reference_values")


def exported(name: str):
    """A top-level function or constant of snippets/explorer/reference_values.py, without running the job."""
    tree = ast.parse(EXPORT)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
        if isinstance(node, ast.FunctionDef) and node.name == name:
            scope = {"torch": torch, "positional_encoding": positional_encoding}
            exec(compile(ast.Module([node], []), "explorer/reference_values.py", "exec"), scope)
            return scope[name]
    raise KeyError(name)


def table(n: int, d: int, base: float = 10000.0) -> torch.Tensor:
    return positional_encoding(n, d, base=base, dtype=torch.float64)


def dots(d: int, k: int, positions: list[int], base: float = 10000.0) -> torch.Tensor:
    pe = table(max(positions) + k + 1, d, base)
    return torch.stack([pe[p] @ pe[p + k] for p in positions])


def omega(d: int, base: float = 10000.0) -> torch.Tensor:
    return base ** (-2 * torch.arange((d + 1) // 2, dtype=torch.float64) / d)


def controls() -> bool:
    ids = ["pe-d-model", "pe-base", "pe-positions", "pe-heatmap", "pe-curves", "pe-dots", "pe-rotation", "pe-matrix"]
    return all(f'id="{i}"' in PAGE_TEXT for i in ids)


def in_the_browser() -> bool:
    both = SCRIPT + CORE
    fetches = re.search(r"\bfetch\(|XMLHttpRequest|import\(|https?://(?!www\.w3\.org/2000/svg)", both)  # the SVG namespace is a name
    return (fetches is None and "new Float64Array" in CORE and "Math.pow(base, -(2 * i) / d)" in CORE
            and "var PE = window.PE;" in SCRIPT and 'src="javascripts/pe-core.js"' in PAGE_TEXT
            and PAGE_TEXT.index('src="javascripts/pe-core.js"') < PAGE_TEXT.index('src="javascripts/explorer.js"'))


def offset_only() -> bool:
    legend = re.search(r'pe-key pe-s1 pe-wide"></span> PE\(p\) · PE\(p \+ k\)\s*<span class="pe-key pe-s2 pe-dashed"></span> PE\(0\) · PE\(k\)', PAGE_TEXT)
    ok = [legend is not None]
    for d, k in ((128, 5), (16, 7), (512, 99)):
        total = torch.cos(omega(d) * k).sum()
        ok.append(torch.allclose(dots(d, k, [0, 10, 900, 3000]), total.expand(4), atol=1e-9, rtol=0))
    return all(ok)


def odd_width_parts() -> bool:
    d, k = 7, 5
    w = omega(d)
    positions = [0, 40, 900, 3000]
    complete = torch.cos(w[:-1] * k).sum()
    lone = torch.tensor([math.sin(w[-1] * p) * math.sin(w[-1] * (p + k)) for p in positions], dtype=torch.float64)
    got = dots(d, k, positions)
    return torch.allclose(got, complete + lone, atol=1e-9, rtol=0) and float(got.max() - got.min()) > 0.1


def lone_column_slowest() -> bool:
    ok = []
    for d in (7, 129):
        w = omega(d)
        lone = lambda p, k=5, w=w: abs(math.sin(w[-1] * p) * math.sin(w[-1] * (p + k)))  # noqa: E731
        ok += [int(w.argmin()) == len(w) - 1, lone(3000) > 100 * lone(10)]
    return all(ok)


def raise_the_base() -> bool:
    slowest = [float(omega(128, base).min()) for base in (100.0, 1e4, 1e6)]
    spread = [float(table(128, 128, base)[:, -8:].amax(0).sub(table(128, 128, base)[:, -8:].amin(0)).max())
              for base in (1e4, 1e6)]
    painted = "(image.height - 1 - ry) * image.width + cx" in SCRIPT and "dimension 0 at the bottom" in SCRIPT
    return slowest[0] > slowest[1] > slowest[2] and spread[1] < spread[0] / 10 and painted


def same_matrix_every_position() -> bool:
    blocks, shift = exported("rotation_blocks"), exported("shift")
    d, k = 16, 7
    cos, sin = blocks(d, 10000.0, k)
    pe = table(4000, d)
    moved = all(torch.allclose(shift(pe[p], cos, sin), pe[p + k], atol=1e-9) for p in (0, 3, 250, 3900))
    w = omega(d)
    angles = [math.atan2(pe[p + k, 2 * i], pe[p + k, 2 * i + 1]) - math.atan2(pe[p, 2 * i], pe[p, 2 * i + 1])
              for p in (3, 250) for i in range(d // 2)]
    turned = all(abs(math.remainder(a - float(w[i % (d // 2)]) * k, 2 * math.pi)) < 1e-9 for i, a in enumerate(angles))
    return moved and turned


def blocks_from_row_k() -> bool:
    blocks = exported("rotation_blocks")
    ok = []
    for d, base, k in ((16, 10000.0, 7), (7, 100.0, 9), (512, 10000.0, 99)):
        cos, sin = blocks(d, base, k)
        w = omega(d, base)[: d // 2]
        ok += [torch.allclose(torch.tensor(cos, dtype=torch.float64), torch.cos(w * k), atol=1e-12),
               torch.allclose(torch.tensor(sin, dtype=torch.float64), torch.sin(w * k), atol=1e-12)]
    return all(ok)


def settings_and_tolerance() -> bool:
    settings = exported("SETTINGS")
    test = (ROOT / "tests" / "test_explorer.py").read_text(encoding="utf-8")
    tolerance = number(QUOTED["tolerance"])
    return (len(settings) == number(QUOTED["settings"])
            and any(s["d_model"] == 512 and s["p"] == 900 for s in settings)
            and any(s["d_model"] % 2 for s in settings)
            and "def test_numbers_equal_the_reference" in test and "set_controls(explorer, setting)" in test
            and '"reference_values.values.json"' in test
            and torch.finfo(torch.float32).eps < tolerance < 100 * torch.finfo(torch.float32).eps)


def curves_mark_p_with_a_vertical_line() -> bool:
    js = (DOCS / "javascripts" / "explorer.js").read_text(encoding="utf-8")
    draw = js.split("function drawCurves()")[1].split("\n  function ")[0]
    marker = js.split("function markers(")[1].split("\n  function ")[0]
    return ("Vertical marker lines" in js.split("function markers(")[0][-200:] and "x: s.p," in draw
            and "x: s.p + s.k," in draw and '[[s.p, "pe-pair"], [s.p + s.k, "pe-offset"]]' in draw
            and 'cy: map.Y(Math.sin(omega * m[0]))' in draw and 'cy: map.Y(Math.cos(omega * m[0]))' in draw
            and 'el("line", { x1: X(m.x), x2: X(m.x), y1: box.t, y2: box.t + box.h' in marker)


def pecheck_in_the_browser() -> bool:
    """The section loads pecheck.js and the generated conventions; the script reads CSV, JSON and .npy, fetches nothing,
    and its verdicts are held to the Python checker's by tests/test_pecheck_browser.py."""
    page = (DOCS / "explorer.md").read_text(encoding="utf-8")
    script = (DOCS / "javascripts" / "pecheck.js").read_text(encoding="utf-8")
    browser_tests = (ROOT / "tests" / "test_pecheck_browser.py").read_text(encoding="utf-8")
    return ('--8<-- "variants/conventions.json"' in page and '<script src="javascripts/pecheck.js"></script>' in page
            and all(word in script for word in ("parseNpy", "JSON.parse", "parseText", "readAsArrayBuffer"))
            and not re.search(r"\b(fetch|XMLHttpRequest|sendBeacon|WebSocket|innerHTML)\b", script)
            and "def test_the_browser_and_python_give_the_same_verdict" in browser_tests)

def play_p_keeps_the_arc() -> bool:
    """Playing p moves both points by one step of w_i each, the angle between them w_i k and the block R_i(k) do
    not change (they hold k only); playing k holds p and widens the angle. The buttons sweep p and k in the script,
    and the browser test (test_play_sweeps_p_and_pauses_and_never_starts_by_itself) presses them."""
    d, k, w = 16, 5, omega(16)
    pe = table(200, d)
    angle = lambda p, q, i: math.remainder(  # noqa: E731
        math.atan2(pe[q, 2 * i], pe[q, 2 * i + 1]) - math.atan2(pe[p, 2 * i], pe[p, 2 * i + 1]), 2 * math.pi)
    same_arc = all(abs(angle(p, p + k, i) - angle(0, k, i)) < 1e-9 for p in range(0, 150, 7) for i in range(3))
    points_move = all(abs(angle(p, p + 1, 0) - float(w[0])) < 1e-9 for p in range(20))
    opens = abs(angle(10, 10 + k + 1, 1)) > abs(angle(10, 10 + k, 1))
    test = (ROOT / "tests" / "test_explorer.py").read_text(encoding="utf-8")
    return (same_arc and points_move and opens and 'id="pe-play-p"' in PAGE_TEXT and 'id="pe-play-k"' in PAGE_TEXT
            and 'if (which === "p") inputs.p.value' in SCRIPT and "def test_play_sweeps_p_and_pauses" in test)


LEDGER = Ledger('explorer.md', [
    prose('title',
        'Interactive explorer',
        "the title"),
    computed('controls-and-views',
        'Change the width, the base and the number of positions, and watch the table, one pair of columns, the dot product and the shift matrix \\(M_k\\) follow.',
        controls),
    computed('float64-nothing-fetched',
        'Everything is computed in your browser, in float64, from the formula of the [reference implementation](reference.md); nothing is fetched.',
        in_the_browser),
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \qquad \omega_i = \text{base}^{-2i/d_\text{model}} . \]"),
    prose('what-to-try',
        'What to try',
        "a heading"),
    computed('offset-only',
        '**Set the offset k and move p.** The solid curve of the dot product does not move: \\(\\mathrm{PE}(p) \\cdot \\mathrm{PE}(p+k) = \\sum_i \\cos(\\omega_i k)\\) depends on the offset only, so it lies on the dashed \\(p = 0\\) curve.',
        offset_only),
    computed('odd-width-curves-part',
        'With an odd `d_model` the lone sine column adds \\(\\sin(\\omega p)\\sin(\\omega (p+k))\\), which does depend on \\(p\\): the two curves part.',
        odd_width_parts),
    computed('lone-column-slowest',
        'The lone column is the slowest one, so with base 10000 try \\(p\\) in the thousands.',
        lone_column_slowest),
    prose('links',
        '([Properties](properties.md#the-dot-product-depends-only-on-the-offset) derives the sum; [the formula page](formula.md#odd-d_model-a-lone-sine) explains the lone sine.)',
        "links to where the sum and the lone sine are derived; the strict build checks the anchors (validation.anchors: warn)"),
    computed('raise-the-base',
        '**Raise the base.** The slowest pair turns more slowly, and the top of the heatmap turns into flat bands ([what the base sets](base.md#what-the-base-sets) measures the trade).',
        raise_the_base),
    computed('same-matrix-every-position',
        '**Pick a pair and an offset.** \\(M_k\\) turns the point \\((\\sin \\omega_i p, \\cos \\omega_i p)\\) by the angle \\(\\omega_i k\\) whatever \\(p\\) is: the same matrix moves every position by \\(k\\) ([the proof, one pair at a time](linearity.md#the-proof-one-pair-at-a-time)).',
        same_matrix_every_position),
    prose('reference-heading',
        "The numbers are the reference's",
        "a heading"),
    computed('blocks-from-row-k',
        'Each block of \\(M_k\\) is read off row \\(k\\) of the reference table, which holds \\(\\sin(\\omega_i k)\\) and \\(\\cos(\\omega_i k)\\) side by side:',
        blocks_from_row_k),
    computed('settings-and-tolerance',
        "The snippet exports the rows, the dot products and the shifted vectors for {{ gen.explorer.reference_values.settings }} settings (one of them the paper's `d_model = 512` at position 900, one with an odd width); a browser test sets the same values in the controls above and checks that what this page computes matches them to within {{ gen.explorer.reference_values.tolerance }} (the float32 level):",
        settings_and_tolerance),
    computed('vertical-line-p',
        'there is room; the vertical lines mark p and p + k, and a large dot where each sits on each wave.</p>',
        curves_mark_p_with_a_vertical_line),
    prose('check-heading', 'Check your own table', 'a heading'),
    computed('check-paste',
        "Paste a table, one row per position (comma-separated numbers, or JSON rows), or choose a `.csv`, `.json` or `.npy` file, and this page gives [the checker's](variants/clinic.md) verdict on it, computed in your browser from the same conventions; nothing is sent anywhere.",
        pecheck_in_the_browser),

    prose('play-p',
        '**Press ▶ p** (play p).',
        "an instruction: what it shows is the next sentence's claim"),
    computed('play-p-keeps-the-arc',
        'The points for \\(p\\) and \\(p + k\\) travel round the circle together, while the arc between them and the matrix beside it stay as they are; ▶ k holds \\(p\\) and opens the arc instead.',
        play_p_keeps_the_arc),
    prose('heading-table', 'The table', "a heading of a chart"),
    prose('heading-pair', 'One pair of columns', "a heading of a chart"),
    prose('heading-dot', 'Dot product against offset', "a heading of a chart"),
    prose('heading-shift', 'The shift matrix M<sub>k</sub>', "a heading of a chart"),
    prose('heading-values', 'Selected values', "a heading of a table"),
])

test_claims_hold = LEDGER.test
