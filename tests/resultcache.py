"""Reuse a test's pass while nothing it read has changed: the result cache of `make test-fast` (never of `make test`).

A contributor's loop is mostly edits to a page's prose: re-running the 3,000 tests that never read that page proves
nothing new. With PE_TEST_CACHE=1 (the Makefile's test-fast sets it), each test that passes is recorded with what it
depended on, and a later run leaves it out while all of that is unchanged:

- the repository's code: every .py file's bytes, the list of every file in the working tree (a file added, removed or
  renamed anywhere changes it), requirements.txt and pyproject.toml, the Python and the platform, the options that
  select the tests (-m, -k, paths) and the environment variables that steer them (PE_*, EXPERIMENT*, ATEN_*,
  CI, PYTHONHASHSEED, REGEN_WORKER...);
- the bytes of every other file of the working tree that the test read (a page, a ledger's lock, a generated output),
  seen as Python opens it (`sys.addaudithook`'s "open" event): while the test runs, while the fixtures it uses were
  set up (a session fixture set up for another test counts for every test that uses it), and while the tests were
  collected (a file a module reads on import counts for every test).

A test that started a process (a build, a regen, a linter: "subprocess.Popen", "os.system", "os.exec",
"os.posix_spawn", "os.fork") is never reused, nor one that failed, was skipped, or uses such a fixture: what a child
reads is not seen here. The exception is a git command that reads committed history, run inside git_history(): the
test then depends on the commit HEAD names. Not tracked, so never reused across: files outside the working tree (the
installed packages are pinned by requirements.txt; Chromium, Node and Java serve tests that start a process, or browser
tests, which test-fast leaves out) and the clock. `make test` and CI never read or write the cache; PE_TEST_CACHE=0 (or
deleting .cache/tests/) runs everything. The cache lives in .cache/tests/results.sqlite (ignored by git).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROOT_PREFIX = str(ROOT) + os.sep
DB = ROOT / ".cache" / "tests" / "results.sqlite"
# Folders whose files are not the project's: environments, caches, build outputs (as .gitignore lists them).
NOT_THE_TREE = {".git", ".venv", "node_modules", "__pycache__", ".cache", ".pytest_cache", "site", "dist",
                "screenshots", "_snippet_output"}
# Files whose bytes are part of every test's key besides the code (the pins and pytest's own settings).
SETTINGS = ("requirements.txt", "pyproject.toml")
ENV_PREFIXES = ("PE_", "EXPERIMENT", "ATEN_")
ENV_NAMES = ("CI", "PYTHONHASHSEED", "MKL_CBWR", "GLIBC_TUNABLES", "SITE_URL", "REGEN_WORKER")
# Audit events of a process started: what the child reads is invisible here.
SPAWNS = {"subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty"}
# Programs that read nothing of the tree: `uname`, which platform.platform() runs (pytest-xdist asks it of each worker).
HARMLESS = {"uname"}
SUMMARY_PROPERTY = "claim_binding"  # the conftest's per-test property, replayed for the summary line


def enabled(config=None) -> bool:
    return os.environ.get("PE_TEST_CACHE") == "1"


class Record:
    """What a stretch of a run read of the working tree, and whether it started a process."""

    __slots__ = ("reads", "spawned")

    def __init__(self) -> None:
        self.reads: set[str] = set()
        self.spawned: str | None = None

    def merge(self, other: Record) -> None:
        self.reads |= other.reads
        self.spawned = self.spawned or other.spawned


_stack: list[Record] = []  # the records being written: the test's, then a fixture's being set up inside it
_quiet = False  # this module's own file reads and processes are not the tests'


def _path_of(target) -> str | None:
    if isinstance(target, int) or target is None:
        return None
    try:
        path = os.path.abspath(os.fsdecode(target))
    except (TypeError, ValueError):
        return None
    if not path.startswith(ROOT_PREFIX):
        return None
    relative = path[len(ROOT_PREFIX):]
    if relative.endswith((".py", ".pyc")) or NOT_THE_TREE & set(relative.split(os.sep)[:-1]):
        return None  # code is in every key; the rest is not the project's
    return relative.replace(os.sep, "/")


def _audit(event: str, args: tuple) -> None:
    if not _stack or _quiet:
        return
    if event == "open":
        target, mode, flags = args
        if mode is not None and "r" not in mode and "+" not in mode:
            return  # written, not read
        if mode is None and isinstance(flags, int) and flags & os.O_ACCMODE == os.O_WRONLY:
            return
        relative = _path_of(target)
        if relative is not None:
            for record in _stack:
                record.reads.add(relative)
    elif event in SPAWNS:
        if event == "subprocess.Popen" and os.path.basename(os.fsdecode(args[0] or "")) in HARMLESS:
            return
        if _history and event == "subprocess.Popen" and os.path.basename(os.fsdecode(args[0] or "")) == "git":
            return  # accounted for: the test depends on GIT_HEAD
        for record in _stack:
            record.spawned = record.spawned or event


# --- memoised results carry what computing them read ------------------------------------------------------------
# A function cached with functools (a page's sentences parsed once, a corpus scored once) reads its files only on its
# first call: a later test that gets the cached value must still depend on them. While the cache is on, functools'
# cache decorators applied to this repository's functions keep, per cached value, what computing it read, and add it to
# the test that receives it. Other memos say so with capture() and replay() (tests/claimcheck.py's shared runs).

_MEMOS: dict[object, Record] = {}


@contextlib.contextmanager
def _recording():
    """A new record, written (with every record under it) for as long as the block runs."""
    record = Record()
    _stack.append(record)
    try:
        yield record
    finally:
        _stack.remove(record)


@contextlib.contextmanager
def capture(key: object):
    """Around computing a value kept for later tests: remember what it read under `key`."""
    with _recording() as record:
        yield
    if _CACHE is not None:
        _MEMOS[key] = record


# A git command that reads only committed history (the versions of a page before an edit) starts a process, but what
# it answers is fixed by the commit HEAD names: a test that runs one inside git_history() depends on that commit (this
# pseudo-file, its digest the commit's id), not on everything.
GIT_HEAD = "<the commit HEAD names>"
_history = False


@contextlib.contextmanager
def git_history():
    """Around `git log` / `git show` of committed versions: the running test depends on HEAD's commit instead."""
    global _history
    for record in _stack:
        record.reads.add(GIT_HEAD)
    before, _history = _history, True
    try:
        yield
    finally:
        _history = before


def replay(key: object) -> None:
    """A kept value is used: the running test depends on what computing it read."""
    record = _MEMOS.get(key)
    if record is not None:
        for outer in _stack:
            outer.merge(record)


_lru_cache = functools.lru_cache


def _ours(function) -> bool:
    filename = getattr(getattr(function, "__code__", None), "co_filename", "")
    return filename.startswith(ROOT_PREFIX) and os.sep + ".venv" + os.sep not in filename


def _tracking_lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and not isinstance(maxsize, bool):  # @lru_cache without arguments
        return _tracking_lru_cache(128, typed)(maxsize)

    def decorate(function):
        if not _ours(function):
            return _lru_cache(maxsize, typed)(function)
        owner = object()

        def compute(*args, **kwargs):
            with capture((owner, functools._make_key(args, kwargs, typed))):
                return function(*args, **kwargs)

        cached = _lru_cache(maxsize, typed)(compute)

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            value = cached(*args, **kwargs)
            replay((owner, functools._make_key(args, kwargs, typed)))
            return value

        wrapper.cache_info, wrapper.cache_clear = cached.cache_info, cached.cache_clear
        wrapper.cache_parameters = cached.cache_parameters
        return wrapper

    return decorate


def _tracking_cache(function):
    return _tracking_lru_cache(None)(function)


# --- what every key shares ---------------------------------------------------------------------------------------


def _tree_files() -> list[str]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in NOT_THE_TREE)
        base = os.path.relpath(folder, ROOT)
        found += [f if base == "." else f"{base}/{f}".replace(os.sep, "/") for f in sorted(files)]
    return found


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _head() -> str | None:
    import subprocess

    try:
        done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def shared_key(config) -> str:
    """The part of every test's key that is not its own reads (see the module's docstring)."""
    global _quiet
    _quiet = True
    try:
        digest = hashlib.sha256()
        files = _tree_files()
        env = sorted((k, v) for k, v in os.environ.items() if k.startswith(ENV_PREFIXES) or k in ENV_NAMES)
        options = [config.option.markexpr, config.option.keyword, sorted(config.args), sys.version, sys.platform]
        digest.update(json.dumps([files, env, options]).encode())
        for name in files:
            if name.endswith(".py") or name in SETTINGS:
                digest.update(f"{name}\0{_digest(ROOT / name) or 'gone'}".encode())
        return digest.hexdigest()
    finally:
        _quiet = False


# --- the cache ----------------------------------------------------------------------------------------------------


def _connect() -> sqlite3.Connection:
    DB.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(DB, timeout=60)
    connection.execute("CREATE TABLE IF NOT EXISTS passed (nodeid TEXT PRIMARY KEY, shared TEXT, reads TEXT,"
                       " properties TEXT)")
    connection.execute("CREATE TABLE IF NOT EXISTS collected (shared TEXT, path TEXT, digest TEXT,"
                       " PRIMARY KEY (shared, path))")
    return connection


class Cache:
    """The passes recorded under this run's shared key, and which of them still hold."""

    def __init__(self, config) -> None:
        global _quiet
        self.shared = shared_key(config)
        self.digests: dict[str, str | None] = {}
        self.fixtures: dict[str, Record] = {}  # setups of fixtures wider than a test, by name
        self.collection = Record()
        self.outcomes: dict[str, bool] = {}  # nodeid -> every phase passed (no skip)
        self.records: dict[str, Record] = {}
        self.properties: dict[str, list] = {}
        _quiet = True
        try:
            with _connect() as connection:
                rows = connection.execute("SELECT nodeid, reads, properties FROM passed WHERE shared = ?",
                                          (self.shared,)).fetchall()
                collected = dict(connection.execute("SELECT path, digest FROM collected WHERE shared = ?",
                                                    (self.shared,)).fetchall())
        finally:
            _quiet = False
        self.entries = {nodeid: (json.loads(reads), json.loads(properties)) for nodeid, reads, properties in rows}
        if any(self.digest(path) != digest for path, digest in collected.items()):
            self.entries.clear()  # a file read while collecting changed: every test may see it

    def digest(self, relative: str) -> str | None:
        if relative not in self.digests:
            global _quiet
            _quiet = True
            try:
                self.digests[relative] = _head() if relative == GIT_HEAD else _digest(ROOT / relative)
            finally:
                _quiet = False
        return self.digests[relative]

    def holds(self, nodeid: str) -> bool:
        """Whether the test passed before with what it read still as it was."""
        entry = self.entries.get(nodeid)
        return entry is not None and all(self.digest(path) == digest for path, digest in entry[0].items())

    def reused(self) -> dict[str, list]:
        """Every recorded pass that still holds: nodeid -> the properties its reports carried."""
        return {nodeid: entry[1] for nodeid, entry in self.entries.items() if self.holds(nodeid)}

    def save(self) -> None:
        global _quiet
        rows, gone = [], []
        for nodeid, passed in self.outcomes.items():
            record = self.records.get(nodeid)
            if not passed or record is None or record.spawned:
                gone.append((nodeid,))
                continue
            # a file it tried to read and did not find counts as absent (None): still absent, still holds
            reads = {path: self.digest(path) for path in sorted(record.reads)}
            rows.append((nodeid, self.shared, json.dumps(reads), json.dumps(self.properties.get(nodeid, []))))
        _quiet = True
        try:
            with _connect() as connection:
                connection.executemany("DELETE FROM passed WHERE nodeid = ?", gone)
                connection.executemany("INSERT OR REPLACE INTO passed VALUES (?, ?, ?, ?)", rows)
                connection.executemany("INSERT OR REPLACE INTO collected VALUES (?, ?, ?)",
                                       [(self.shared, path, self.digest(path)) for path in self.collection.reads])
                for table in ("passed", "collected"):
                    connection.execute(f"DELETE FROM {table} WHERE shared != ?", (self.shared,))
        finally:
            _quiet = False


_CACHE: Cache | None = None


def reused_properties() -> list[tuple[str, object]]:
    """The properties (name, value) of the tests this run reused, for summaries that count every test."""
    if _CACHE is None:
        return []
    found = []
    for properties in _CACHE.reused().values():
        for name, value in properties:
            found.append((name, tuple(value) if isinstance(value, list) else value))
    return found


# --- pytest's hooks ------------------------------------------------------------------------------------------------


# Watching starts when tests/conftest.py imports this module, before it imports anything of ours: a memo decorated
# before the patch would hide its reads, and what importing the conftest's modules reads counts for every test.
_COLLECTION = Record()
if enabled():
    sys.addaudithook(_audit)
    functools.lru_cache, functools.cache = _tracking_lru_cache, _tracking_cache
    _stack.append(_COLLECTION)


def pytest_configure(config) -> None:
    global _CACHE
    if not enabled(config):
        return
    _CACHE = Cache(config)
    _CACHE.collection = _COLLECTION


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items) -> None:
    if _CACHE is None:
        return
    if _stack and _stack[-1] is _CACHE.collection:
        _stack.pop()
    if _CACHE.collection.spawned:  # a module started a process on import: nothing can be vouched for
        _CACHE.entries.clear()
        return
    keep, reused = [], []
    for item in items:
        (reused if _CACHE.holds(item.nodeid) else keep).append(item)
    if reused:
        config.hook.pytest_deselected(items=reused)
        items[:] = keep


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef, request):
    if _CACHE is None:
        yield
        return
    with _recording() as record:
        yield
    if fixturedef.scope != "function":
        _CACHE.fixtures.setdefault(fixturedef.argname, Record()).merge(record)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _CACHE is None:
        yield
        return
    _CACHE.outcomes.setdefault(item.nodeid, True)
    with _recording() as record:
        yield
    for name in getattr(item, "fixturenames", ()):
        if name in _CACHE.fixtures:
            record.merge(_CACHE.fixtures[name])
    _CACHE.records[item.nodeid] = record


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if _CACHE is None:
        return
    report = outcome.get_result()
    if not report.passed:
        _CACHE.outcomes[item.nodeid] = False
    if report.when == "call":
        _CACHE.properties[item.nodeid] = [list(p) for p in report.user_properties if p[0] == SUMMARY_PROPERTY]


def pytest_sessionfinish(session, exitstatus) -> None:
    if _CACHE is None:
        return
    if not hasattr(session.config, "workerinput"):  # the controller (or a run without workers) tells what it reused
        count = len(_CACHE.reused())
        if count and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            session.exitstatus = pytest.ExitCode.OK  # every selected test was reused
    if _CACHE.outcomes:
        _CACHE.save()


def pytest_terminal_summary(terminalreporter) -> None:
    if _CACHE is None:
        return
    ran = {report.nodeid for key, reports in terminalreporter.stats.items() if key != "deselected"
           for report in reports if getattr(report, "when", None) == "call" or getattr(report, "skipped", False)}
    reused = [nodeid for nodeid in _CACHE.reused() if nodeid not in ran]
    terminalreporter.write_line(
        f"result cache (make test-fast): {len(reused)} passing tests reused, nothing they read has changed; "
        f"{len(ran)} ran. make test runs every test; PE_TEST_CACHE=0 make test-fast too.")
