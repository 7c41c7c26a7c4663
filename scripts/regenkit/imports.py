"""Which local files a script imports, transitively: a change in any of them makes the script's outputs stale.

Local means found in the script's search folders (snippets/, and the script's own folder): flat modules
(`import reference`), the library package (`import pelib.shift`, `from pelib import shift`, `from pelib.shift import
M`) and relative imports inside it (`from .frequencies import frequencies`). Anything else (torch) is the pinned
environment, covered by requirements.txt.
"""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

from .config import GLOBAL_INPUTS, ROOT

# A folder's entries, read again whenever its modification time changes (an entry added, removed or renamed): every
# job resolves the same imports (`torch`, `math`, `pelib.shift`) against the same few folders, and one look at a folder
# replaces the two to four file checks each of them made. A listing read within RACY_NS of the folder's last change is
# not kept: the file system stamps times in coarse ticks, and an entry added in the same tick would not move the stamp.
# {folder: (mtime, {name: FILE or FOLDER})}
FILE, FOLDER = 1, 2
RACY_NS = 100_000_000
_ENTRIES: dict[str, tuple[int, dict[str, int]]] = {}


def _entries(folder: str) -> dict[str, int]:
    try:
        stamp = os.stat(folder).st_mtime_ns
    except OSError:
        return {}
    known = _ENTRIES.get(folder)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        with os.scandir(folder) as found:
            entries = {e.name: FOLDER if e.is_dir() else FILE if e.is_file() else 0 for e in found}
    except OSError:
        return {}
    if time.time_ns() - stamp > RACY_NS:
        _ENTRIES[folder] = (stamp, entries)
    return entries


def _is_file(folder: str, name: str) -> bool:
    return _entries(folder).get(name) == FILE


def _is_dir(folder: str, name: str) -> bool:
    return _entries(folder).get(name) == FOLDER


def package_files(base: Path, parts: list[str]) -> list[Path]:
    """The files that importing `parts` relative to the folder `base` runs: a/__init__.py, a/b/__init__.py, then
    a/b/c.py or a/b/c/__init__.py, as far as they exist."""
    found, here = [], str(base)
    for part in parts:
        if _is_file(here, f"{part}.py"):
            found.append(Path(here, f"{part}.py"))
            break
        if not _is_dir(here, part):
            break
        here = os.path.join(here, part)
        if _is_file(here, "__init__.py"):
            found.append(Path(here, "__init__.py"))
    return found


def module_files(dotted: str, search: list[Path]) -> list[Path]:
    """The files importing `dotted` runs, from the first `search` folder holding its top module; [] if not local."""
    parts = dotted.split(".")
    for folder in search:
        folder = str(folder)
        if _is_file(folder, f"{parts[0]}.py") or (_is_dir(folder, parts[0])
                                                  and _is_file(os.path.join(folder, parts[0]), "__init__.py")):
            return package_files(Path(folder), parts)
    return []


def _statements(nodes: list[ast.AST]):
    """Every statement, nested ones included (an import is a statement: no expression holds one, so only the bodies
    of compound statements are entered, not the expressions that make up most of a tree)."""
    for node in nodes:
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def import_statements(source: str) -> list[tuple[int, str | None, tuple[str, ...]]]:
    """The import statements of `source` as (level, module, names): level 0 and module None for `import a, b`."""
    found = []
    for node in _statements(ast.parse(source).body):
        if isinstance(node, ast.Import):
            found.append((0, None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module, tuple(alias.name for alias in node.names)))
    return found


def resolve(statements: list[tuple[int, str | None, tuple[str, ...]]], search: list[Path],
            path: Path | None = None) -> set[Path]:
    """The local files that these import statements (of the file `path`, for relative imports) import directly."""
    found: set[Path] = set()
    for level, module, names in statements:
        if module is None and level == 0:
            for name in names:
                found.update(module_files(name, search))
        elif level == 0 and module:
            for name in names:  # `from a.b import c`: c may be a submodule or a name
                found.update(module_files(f"{module}.{name}", search) or module_files(module, search))
        elif level > 0 and path is not None:  # relative: from the importing file's package
            base = path.parent
            for _ in range(level - 1):
                base = base.parent
            prefix = module.split(".") if module else []
            if _is_file(str(base), "__init__.py"):
                found.add(base / "__init__.py")
            for name in names:
                found.update(package_files(base, [*prefix, name]))
    return found


def local_imports(source: str, search: list[Path], path: Path | None = None) -> set[Path]:
    """The local files that `source` (the file `path`, for relative imports) imports directly."""
    return resolve(import_statements(source), search, path)


# A file's import statements, parsed once while it is unchanged: every job's search folders resolve them (many jobs,
# in different folders, import the same modules; parsing was most of a `regen --check`).
_PARSED: dict[tuple, list] = {}


def file_imports(path: Path, search: list[Path]) -> set[Path]:
    """local_imports of a file, its statements remembered while the file is unchanged."""
    info = path.stat()
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _PARSED:
        _PARSED[key] = import_statements(path.read_text(encoding="utf-8"))
    return resolve(_PARSED[key], search, path)


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
