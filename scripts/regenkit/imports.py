"""Which local files a script imports, transitively: a change in any of them makes the script's outputs stale.

Local means found in the script's search folders (snippets/, and the script's own folder): flat modules
(`import reference`), the library package (`import pelib.shift`, `from pelib import shift`, `from pelib.shift import
M`) and relative imports inside it (`from .frequencies import frequencies`). Anything else (torch) is the pinned
environment, covered by requirements.txt.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .config import GLOBAL_INPUTS, ROOT


def package_files(base: Path, parts: list[str]) -> list[Path]:
    """The files that importing `parts` relative to the folder `base` runs: a/__init__.py, a/b/__init__.py, then
    a/b/c.py or a/b/c/__init__.py, as far as they exist."""
    found, here = [], base
    for part in parts:
        if (here / f"{part}.py").is_file():
            found.append(here / f"{part}.py")
            break
        here = here / part
        if not here.is_dir():
            break
        if (here / "__init__.py").is_file():
            found.append(here / "__init__.py")
    return found


def module_files(dotted: str, search: list[Path]) -> list[Path]:
    """The files importing `dotted` runs, from the first `search` folder holding its top module; [] if not local."""
    parts = dotted.split(".")
    for folder in search:
        if (folder / f"{parts[0]}.py").is_file() or (folder / parts[0] / "__init__.py").is_file():
            return package_files(folder, parts)
    return []


def local_imports(source: str, search: list[Path], path: Path | None = None) -> set[Path]:
    """The local files that `source` (the file `path`, for relative imports) imports directly."""
    found: set[Path] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(module_files(alias.name, search))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:  # `from a.b import c`: c may be a submodule or a name
                found.update(module_files(f"{node.module}.{alias.name}", search) or module_files(node.module, search))
        elif isinstance(node, ast.ImportFrom) and path is not None:  # relative: from the importing file's package
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            prefix = node.module.split(".") if node.module else []
            if (base / "__init__.py").is_file():
                found.add(base / "__init__.py")
            for alias in node.names:
                found.update(package_files(base, [*prefix, alias.name]))
    return found


_PARSED: dict[tuple, set[Path]] = {}


def file_imports(path: Path, search: list[Path]) -> set[Path]:
    """local_imports of a file, remembered while the file is unchanged (many jobs import the same modules)."""
    info = path.stat()
    key = (str(path), info.st_mtime_ns, info.st_size, tuple(map(str, search)))
    if key not in _PARSED:
        _PARSED[key] = local_imports(path.read_text(encoding="utf-8"), search, path)
    return _PARSED[key]


def dependencies(entry: Path, source: str, search: list[Path]) -> list[Path]:
    """`entry`, every local file it imports transitively, and the GLOBAL_INPUTS, sorted by path."""
    seen = {entry.resolve()}
    todo = list(local_imports(source, search, entry))
    while todo:
        path = todo.pop().resolve()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(file_imports(path, search))
    seen.update((ROOT / p).resolve() for p in GLOBAL_INPUTS if (ROOT / p).is_file())
    return sorted(seen)
