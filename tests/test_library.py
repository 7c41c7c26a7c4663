"""The library is one: snippets/pelib/ and the reference define each thing once, and modules keep their privates.

The pages' scripts import `frequencies`, the shift matrix, the dot product by offset and `first_rise` from
snippets/pelib/ (on top of snippets/reference.py) instead of re-deriving them; these tests fail on a new copy.
"""

from __future__ import annotations

import ast
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"

# Files that compute the frequencies on purpose in their own way, and why.
OWN_FREQUENCIES = {
    "reference.py": "the one definition (readers copy this file, so it stands alone)",
    "formula/forms.py": "its subject: the forms the formula is written in, each computed as written",
    "precision/recipes.py": "the exact oracle in mpmath and the recipes in each dtype are what the page compares",
    "linearity/slips.py": "its subject: the posts' misreadings of the formula, each computed as the post writes it",
}


def python_files() -> list[Path]:
    return sorted(p for p in SNIPPETS.rglob("*.py") if ".cache" not in p.parts)


def code_only(path: Path) -> str:
    """The file's code without comments and strings (docstrings state the formula; that is not computing it)."""
    with path.open("rb") as f:
        tokens = [t.string for t in tokenize.tokenize(f.readline)
                  if t.type not in (tokenize.COMMENT, tokenize.STRING, tokenize.ENCODING)]
    return " ".join(tokens)


def is_variant(path: Path) -> bool:
    """Each variant reproduces another project's code, frequencies included: that is what it shows."""
    return path.name.startswith(("variant_", "_variants")) or "variants" in path.parts


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_no_script_rederives_the_frequencies(path):
    rel = path.relative_to(SNIPPETS).as_posix()
    if rel in OWN_FREQUENCIES or is_variant(path):
        return
    code = code_only(path)
    found = re.findall(r"(?:base|BASE|10000(?:\.0)?)\s*\*\*\s*\(\s*-", code)
    assert not found, (f"{rel} computes base ** (-2i/d) itself: import `frequencies` from reference "
                       "(or `wavelengths` from pelib.spectrum)")


def definitions(name: str) -> list[str]:
    found = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [path.relative_to(SNIPPETS).as_posix() for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef) and node.name == name]
    return found


@pytest.mark.parametrize("name", ["frequencies", "first_rise", "shift_block", "shift_matrix", "dot_by_offset",
                                  "fitted_shift_matrix", "wavelengths"])
def test_each_library_function_is_defined_once(name):
    assert len(definitions(name)) == 1, f"{name} is defined in {definitions(name)}: keep one, in pelib or reference"


def test_first_rise_is_not_recomputed_inline():
    for path in python_files():
        if path.relative_to(SNIPPETS).as_posix() == "pelib/similarity.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\[1:\]\s*>\s*\w+\[:-1\]", text), f"{path.name} finds the first rise itself"


def test_library_modules_print_nothing_and_run_nothing():
    for path in (SNIPPETS / "pelib").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print"]
        assert not calls, f"{path.name} prints: library modules only define things"
        top = [n for n in tree.body if isinstance(n, ast.Expr) and not isinstance(n.value, ast.Constant)]
        assert not top, f"{path.name} runs code on import"
