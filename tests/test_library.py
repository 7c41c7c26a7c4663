"""The library is one: snippets/pelib/ and the reference define each thing once, and modules keep their privates.

The pages' scripts import `frequencies`, the shift matrix, the dot product by offset and `first_rise` from
snippets/pelib/ (on top of snippets/reference.py) instead of re-deriving them; these tests fail on a new copy.
"""

from __future__ import annotations

import ast
import functools
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
    return "variants" in path.parts  # pelib/variants/ (the variants) and snippets/variants/ (the scripts showing them)


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_no_script_rederives_the_frequencies(path):
    rel = path.relative_to(SNIPPETS).as_posix()
    if rel in OWN_FREQUENCIES or is_variant(path):
        return
    code = code_only(path)
    found = re.findall(r"(?:base|BASE|10000(?:\.0)?)\s*\*\*\s*\(\s*-", code)
    assert not found, (f"{rel} computes base ** (-2i/d) itself: import `frequencies` from reference "
                       "(or `wavelengths` from pelib.spectrum)")


@functools.cache  # one parse of each file for every test of this file
def syntax_tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def functions_defined() -> dict[str, list[str]]:
    """Where each function of the snippets is defined: {name: [file, …]}."""
    found: dict[str, list[str]] = {}
    for path in python_files():
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, []).append(path.relative_to(SNIPPETS).as_posix())
    return found


def definitions(name: str) -> list[str]:
    return functions_defined().get(name, [])


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


# Library code that prints on purpose, and why: the print is the behaviour it reproduces.
FAITHFUL_PRINTS = {
    "variants/seed_plain_attribute.py": "the post's constructor prints a debug line; the page shows that it does",
}


def library_modules() -> list[Path]:
    return sorted(p for p in (SNIPPETS / "pelib").rglob("*.py") if ".cache" not in p.parts)


def test_the_variants_are_library_modules():
    """Every registered variant's code is a module of pelib/variants/, not a page script: the library is complete."""
    from pelib.variants.registry import VARIANTS  # snippets/ is on sys.path (conftest)

    for variant in VARIANTS:
        assert variant.code.__name__ == f"pelib.variants.{variant.key}", variant.key
        assert (SNIPPETS / "pelib" / "variants" / f"{variant.key}.py").is_file(), variant.key


@pytest.mark.parametrize("path", library_modules(), ids=lambda p: p.relative_to(SNIPPETS / "pelib").as_posix())
def test_library_modules_print_nothing_and_run_nothing(path):
    rel = path.relative_to(SNIPPETS / "pelib").as_posix()
    if rel == "docenv.py":  # the settings every script imports first: configuring on import is its job
        return
    tree = syntax_tree(path)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print"]
    assert len(calls) == (rel in FAITHFUL_PRINTS), f"{rel} prints: library modules only define things"
    top = [n for n in tree.body
           if isinstance(n, ast.If) or isinstance(n, ast.Expr) and not isinstance(n.value, ast.Constant)]
    assert not top, f"{rel} runs code on import (or has a __main__ block: printing is a page script's job)"


# --- a leading `_` means "private to this module" -----------------------------------------------------------------

OWN_CODE = [ROOT / folder for folder in ("snippets", "tests", "scripts", "benchmarks", "experiments")]


def local_modules() -> set[str]:
    """Top-level names of the project's own modules and packages: what `import X` may find in these folders."""
    names = set()
    for folder in OWN_CODE:
        names |= {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return names - {"__init__"}


def private_names_imported(path: Path, local: set[str]) -> list[str]:
    """`from M import _x` and `M._x` where M is one of the project's modules: another module's private name."""
    tree = syntax_tree(path)
    bound: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in local:
                found += [f"from {node.module} import {a.name}" for a in node.names if is_private(a.name)]
                bound |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            bound |= {a.asname or a.name.split(".")[0] for a in node.names if a.name.split(".")[0] in local}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
            if is_private(node.attr):
                found.append(f"{node.value.id}.{node.attr}")
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_module_uses_another_modules_private_names():
    local = local_modules()
    offences = [f"{path.relative_to(ROOT)}: {use}" for folder in OWN_CODE for path in sorted(folder.rglob("*.py"))
                if ".cache" not in path.parts for use in private_names_imported(path, local)]
    assert not offences, "a name starting with '_' is private to its module; make it public or keep it inside:\n" + (
        "\n".join(offences))


def test_snippet_modules_are_not_named_private():
    """The shared settings and the variant registry are library modules (pelib.docenv, pelib.variants.registry): a
    module's name never starts with `_`, which marks a name private to its module and nothing else."""
    named = [p.relative_to(ROOT).as_posix() for p in SNIPPETS.rglob("_*.py") if p.name != "__init__.py"]
    assert not named, f"modules named as private: {named}"


def test_the_private_name_check_catches_each_form(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import reference\nfrom reference import _hidden, shown\nreference._other(1)\nshown.__doc__\n")
    assert private_names_imported(probe, {"reference"}) == ["from reference import _hidden", "reference._other"]
