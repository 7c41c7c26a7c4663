"""make test-fast's result cache (tests/resultcache.py), on a small project of its own: a pass is reused only while
everything the test read is unchanged, a memo carries what it read to the test that reuses it, a test that starts a
process always runs again, a failure is never reused, and without PE_TEST_CACHE=1 nothing is."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
pytestmark = pytest.mark.slow  # each runs pytest several times on a project of its own: make test, not test-fast

TESTS = '''
import functools
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def memo():
    return (ROOT / "memo.txt").read_text()


def test_reads_page():
    assert (ROOT / "page.md").read_text()


def test_reads_other():
    assert (ROOT / "other.md").read_text(), "other.md is empty"


def test_memo_first():
    assert memo()


def test_memo_second():  # gets memo() from the memo, without reading memo.txt again
    assert memo()


def test_session_fixture_first(loaded):
    assert loaded


def test_session_fixture_second(loaded):  # the fixture was set up for the test before
    assert loaded


def test_spawns():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_reads_nothing():
    assert True


def test_reads_history():
    import resultcache

    with resultcache.git_history():
        log = subprocess.run(["git", "log", "--format=%s"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert log.stdout
'''

CONFTEST = '''
import resultcache
import pytest
from pathlib import Path


def pytest_configure(config):
    config.pluginmanager.register(resultcache, "pe-resultcache")


@pytest.fixture(scope="session")
def loaded():
    return (Path(__file__).resolve().parent.parent / "fixture.txt").read_text()
'''

ALL = {"test_reads_page", "test_reads_other", "test_memo_first", "test_memo_second", "test_session_fixture_first",
       "test_session_fixture_second", "test_spawns", "test_reads_nothing", "test_reads_history"}


def project(root: Path) -> Path:
    (root / "tests").mkdir()
    shutil.copy(HERE / "resultcache.py", root / "tests" / "resultcache.py")
    (root / "tests" / "conftest.py").write_text(CONFTEST)
    (root / "tests" / "test_x.py").write_text(TESTS)
    (root / "pytest.ini").write_text("[pytest]\n")
    for name in ("page.md", "other.md", "memo.txt", "fixture.txt"):
        (root / name).write_text(f"{name}\n")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    return root


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True)


def run(root: Path, cache: bool = True, extra: list[str] = ()) -> tuple[int, set[str], str]:
    """(exit status, the tests that ran, the output) of one pytest run in `root`."""
    env = {k: v for k, v in os.environ.items() if k != "PE_TEST_CACHE"} | ({"PE_TEST_CACHE": "1"} if cache else {})
    proc = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-p", "no:xdist", *extra, "tests"], cwd=root, env=env, capture_output=True, text=True)
    ran = set(re.findall(r"::(test_\w+) (?:PASSED|FAILED)", proc.stdout))
    return proc.returncode, ran, proc.stdout + proc.stderr


def test_a_pass_is_reused_only_while_what_it_read_is_unchanged(tmp_path):
    root = project(tmp_path)
    code, ran, out = run(root)
    assert code == 0 and ran == ALL, out
    code, ran, out = run(root)
    assert code == 0 and ran == {"test_spawns"}, out  # what a child reads is not seen: it always runs
    assert "8 passing tests reused" in out, out

    (root / "memo.txt").write_text("changed\n")  # both tests that got memo() depend on it, the second through the memo
    assert run(root)[1] == {"test_memo_first", "test_memo_second", "test_spawns"}
    (root / "fixture.txt").write_text("changed\n")  # both tests that use the session fixture
    assert run(root)[1] == {"test_session_fixture_first", "test_session_fixture_second", "test_spawns"}
    (root / "page.md").write_text("edited\n")
    assert run(root)[1] == {"test_reads_page", "test_spawns"}
    git(root, "commit", "-qam", "second")  # a new commit: what git's history answers may have changed
    assert run(root)[1] == {"test_reads_history", "test_spawns"}


def test_code_a_new_file_or_no_cache_run_everything(tmp_path):
    root = project(tmp_path)
    run(root)
    (root / "tests" / "test_x.py").write_text(TESTS + "\n# edited\n")  # code is in every test's key
    assert run(root)[1] == ALL
    (root / "notes.txt").write_text("new\n")  # a file added anywhere: the list of files is in every key
    assert run(root)[1] == ALL
    assert run(root, cache=False)[1] == ALL  # make test: no reuse
    assert run(root)[1] == {"test_spawns"}  # and the run without the cache left the cache as it was


def test_a_run_that_reuses_every_test_passes(tmp_path):
    root = project(tmp_path)
    select = ["-k", "not spawns"]
    code, ran, out = run(root, extra=select)
    assert code == 0 and ran == ALL - {"test_spawns"}, out
    code, ran, out = run(root, extra=select)
    assert code == 0 and ran == set() and "8 passing tests reused" in out, out  # pytest alone would exit 5


def test_a_failure_is_never_reused(tmp_path):
    root = project(tmp_path)
    run(root)
    (root / "other.md").write_text("")
    for _ in range(2):
        code, ran, out = run(root)
        assert code == 1 and "test_reads_other" in ran and "other.md is empty" in out, out
    (root / "other.md").write_text("fixed\n")
    assert run(root)[0] == 0
