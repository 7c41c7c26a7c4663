"""The claims of docs/explorer.md, each with what makes it true (see tests/claimcheck.py).

The page's numbers are checked in a browser by tests/test_explorer.py; the entries here check what the sentences say
with the reference in float64 and by reading the explorer's script and markup (no browser needed).
"""

import ast
import functools
import math
import re

import torch
from claim_words import Compare, Number
from claimcheck import Ledger, computed, equation, prose
from reference import positional_encoding
from support import DOCS, ROOT, SNIPPETS, number, repo_text, values

_page_text = functools.partial(repo_text, "docs/explorer.md")
_script = functools.partial(repo_text, "docs/javascripts/explorer.js")
_core = functools.partial(repo_text, "docs/javascripts/pe-core.js")  # the formula and drawings it shares
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
    return all(f'id="{i}"' in _page_text() for i in ids)


def in_the_browser() -> bool:
    both = _script() + _core()
    fetches = re.search(r"\bfetch\(|XMLHttpRequest|import\(|https?://(?!www\.w3\.org/2000/svg)", both)  # the SVG namespace is a name
    return (fetches is None and "new Float64Array" in _core() and "Math.pow(base, -(2 * i) / d)" in _core()
            and "var PE = window.PE;" in _script() and 'src="javascripts/pe-core.js"' in _page_text()
            and _page_text().index('src="javascripts/pe-core.js"') < _page_text().index('src="javascripts/explorer.js"'))


def offset_only() -> bool:
    legend = re.search(r'pe-key pe-s1 pe-wide"></span> PE\(p\) · PE\(p \+ k\)\s*<span class="pe-key pe-s2 pe-dashed"></span> PE\(0\) · PE\(k\)', _page_text())
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


def lone_column_slowest():
    """The lone sine's term is small near p = 10 and large near p = 3000 (d = 7 and 129); read by "the slowest": the
    lone column's frequency against every other pair's (d = 7); by "base 10000": the explorer's default base."""
    ok = []
    for d in (7, 129):
        w = omega(d)
        lone = lambda p, k=5, w=w: abs(math.sin(w[-1] * p) * math.sin(w[-1] * (p + k)))  # noqa: E731
        ok += [int(w.argmin()) == len(w) - 1, lone(3000) > 100 * lone(10)]
    w = omega(7)
    base = re.search(r'id="pe-base"[^>]*value="([\d.e+]+)"', (DOCS / "explorer.md").read_text(encoding="utf-8"))
    return all(ok) and base is not None and [Compare(float(w[-1]), [float(x) for x in w[:-1]]),
                                             Number(float(base.group(1)))]


def raise_the_base() -> bool:
    slowest = [float(omega(128, base).min()) for base in (100.0, 1e4, 1e6)]
    spread = [float(table(128, 128, base)[:, -8:].amax(0).sub(table(128, 128, base)[:, -8:].amin(0)).max())
              for base in (1e4, 1e6)]
    # the top of the heatmap is the slowest pairs: cosines below, then sines by pair, pair 0 at the bottom of each
    painted = ("(image.height - 1 - ry) * image.width + cx" in _script() and "(pair 0 at the bottom), then the sine columns"
               in _script())
    ok = spread[1] < spread[0] / 10 and painted
    # "the slowest pair": base 1e6's lowest frequency against its others; "more slowly": the slowest pair's period
    # (1 / frequency) at bases 1e6 and 1e4 against the base below each
    at_1e6 = [float(x) for x in omega(128, 1e6)]
    return ok and [Compare(min(at_1e6), [x for x in at_1e6 if x != min(at_1e6)]),
                   Compare(1 / slowest[2], [1 / slowest[1]]), Compare(1 / slowest[1], [1 / slowest[0]], at=1)]


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
    return (same_arc and points_move and opens and 'id="pe-play-p"' in _page_text() and 'id="pe-play-k"' in _page_text()
            and 'if (which === "p") inputs.p.value' in _script() and "def test_play_sweeps_p_and_pauses" in test)


# --- the docstrings the page shows with the shift code (reviewed after the migration) -----------------------------


def explorer_module():
    import importlib

    return importlib.import_module("explorer.reference_values")


def rotation_blocks_as_documented() -> bool:
    ev = explorer_module()
    ok = True
    for d, base, k in ((16, 10000.0, 7), (7, 100.0, 9)):
        cos, sin = ev.rotation_blocks(d, base, k)
        w = base ** (-torch.arange(0, 2 * (d // 2), 2, dtype=torch.float64) / d)
        ok &= len(cos) == d // 2 and torch.allclose(torch.tensor(cos, dtype=torch.float64), torch.cos(w * k), atol=1e-12)
        ok &= torch.allclose(torch.tensor(sin, dtype=torch.float64), torch.sin(w * k), atol=1e-12)
        row = positional_encoding(k + 1, d, base=base, dtype=torch.float64)[k]
        ok &= row[1:2 * (d // 2):2].tolist() == cos and row[0:2 * (d // 2):2].tolist() == sin
    return bool(ok)


def shift_as_documented() -> bool:
    ev = explorer_module()
    ok = True
    for d, k, p in ((16, 7, 3), (7, 9, 4)):
        pe = positional_encoding(p + k + 1, d, dtype=torch.float64)
        cos, sin = ev.rotation_blocks(d, 10000.0, k)
        moved = ev.shift(pe[p], cos, sin)
        ok &= torch.allclose(moved[: 2 * (d // 2)], pe[p + k][: 2 * (d // 2)], atol=1e-12)
        if d % 2:
            ok &= moved[-1] == pe[p][-1] and not torch.allclose(moved[-1], pe[p + k][-1])  # the lone sine: not moved
    return bool(ok)


LEDGER = Ledger('explorer.md', [
    prose('title', "the title"),
    computed('controls-and-views', controls, backs=[r'\(M_k\)', 'columns']),
    computed('float64-nothing-fetched', in_the_browser, backs=['float64']),
    equation('the-formula'),
    computed('explorer-computes-table-from-formula', in_the_browser),
    prose('what-to-try', "a heading"),
    computed('offset-only',
        offset_only, backs=[r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p+k) = \sum_i \cos(\omega_i k)\)', r'\(p = 0\)', 'depends', 'not', 'only']),
    computed('odd-width-curves-part',
        odd_width_parts, backs=[r'\(\sin(\omega p)\sin(\omega (p+k))\)', r'\(p\)', 'column', 'depend', 'odd', 'sine']),
    computed('lone-column-slowest', lone_column_slowest, backs=['10000', r'\(p\)', 'column', 'slowest']),
    prose('links',
        "links to where the sum and the lone sine are derived; the strict build checks the anchors (validation.anchors: warn)", unbacked=['sine']),
    computed('raise-the-base', raise_the_base, backs=['more', 'slowest']),
    computed('same-matrix-every-position',
        same_matrix_every_position, backs=[r'\((\sin \omega_i p, \cos \omega_i p)\)', r'\(M_k\)', r'\(\omega_i k\)', r'\(k\)', r'\(p\)', 'every', 'same']),
    prose('reference-heading', "a heading"),
    computed('blocks-from-row-k',
        blocks_from_row_k, backs=[r'\(M_k\)', r'\(\cos(\omega_i k)\)', r'\(\sin(\omega_i k)\)', r'\(k\)', 'each', 'row']),
    computed('settings-and-tolerance',
        settings_and_tolerance, backs=['512', '900', 'above', 'float32', 'gen.explorer.reference_values.settings', 'gen.explorer.reference_values.tolerance', 'odd', 'rows', 'same', 'within']),
    computed('vertical-line-p', curves_mark_p_with_a_vertical_line, backs=['each', 'each']),
    prose('check-heading', 'a heading'),
    computed('check-paste', pecheck_in_the_browser, backs=['row', 'rows', 'same']),

    prose('play-p', "an instruction: what it shows is the next sentence's claim"),
    computed('play-p-keeps-the-arc', play_p_keeps_the_arc, backs=[r'\(p + k\)', r'\(p\)', r'\(p\)']),
    prose('heading-table', "a heading of a chart"),
    prose('heading-pair', "a heading of a chart", unbacked=['columns']),
    prose('heading-dot', "a heading of a chart"),
    prose('heading-shift', "a heading of a chart"),
    prose('heading-values', "a heading of a table"),
    computed('cos-w-i-k-sin', rotation_blocks_as_documented, backs=['cos', 'every', 'row', 'sin']),
    computed('row-k-holds-sin-w', lambda: rotation_blocks_as_documented() and shift_as_documented(), backs=['1', 'column', 'column', 'cos', 'cos', 'cos', 'row', 'sin', 'sin']),
    computed('moving-pe-p-pe-p', shift_as_documented),
    prose('output-settings-how-far-shift', 'an admonition title: it labels the folded output, whose numbers the browser test and settings-and-tolerance check'),
    computed('m-k-pe-p-rotate', shift_as_documented, backs=['column', 'cos', 'each', 'last', 'no', 'rotate', 'sin', 'sine']),
])

test_claims_hold = LEDGER.test
