"""The set-up promises: exact pins, vendored assets intact with their licences, Lighthouse for `make bench` only, CI
calls `make test`."""

from __future__ import annotations

import hashlib
import re

import pytest
from conftest import ROOT

VENDOR = ROOT / "docs" / "javascripts" / "vendor"


def test_every_requirement_is_pinned_exactly():
    lines = [
        line.split("#")[0].strip()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.split("#")[0].strip()
    ]
    loose = [line for line in lines if not re.fullmatch(r"[A-Za-z0-9_.\-\[\],]+==[A-Za-z0-9_.+\-]+", line)]
    assert not loose, f"not pinned with ==: {loose}"
    pins = dict(line.split("==") for line in lines)
    assert pins["torch"] == "2.13.0", "torch must stay pinned: an unpinned torch pulls a CUDA build of several GB"
    assert int(pins["mkdocs"].split(".")[0]) < 2, "MkDocs 2 is a rewrite without plugins: keep mkdocs<2"
    for name in ("mkdocs-material", "pymdown-extensions", "mkdocs-jupyter", "matplotlib", "pytest", "playwright"):
        assert name in pins, f"{name} is not pinned"


def test_the_installer_is_pinned_exactly():
    """`make setup` installs uv with pip, then the pins of requirements.txt with uv: uv is pinned in the Makefile."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^UV := uv==\d+\.\d+\.\d+$", makefile, re.M), "the Makefile pins uv exactly"
    assert re.search(r"pip install .*\$\(UV\)$", makefile, re.M) and "uv pip install" in makefile
    assert re.search(r"uv pip install .*--system-certs", makefile), "uv trusts only its own CA list without it"


def test_lighthouse_is_installed_by_make_bench_alone_and_its_absence_says_so(monkeypatch, tmp_path):
    """package.json: the build's and the tests' tools are dependencies, Lighthouse the one devDependency; `make setup`
    installs without it (`--omit=dev`), `make bench` with it; a benchmark run without it names `make bench`."""
    import json

    from conftest import site_audit

    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert set(package["dependencies"]) == {"katex", "vnu-jar"} and set(package["devDependencies"]) == {"lighthouse"}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = lambda target: re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)  # noqa: E731
    assert re.search(r"^setup: .*\$\(NODE_STAMP\)", makefile, re.M), "make setup installs node_modules"
    assert re.search(r"npm ci --omit=dev\b", recipe("$(NODE_STAMP)")), "make setup leaves Lighthouse out"
    assert re.search(r"^bench: .*\$\(BENCH_NODE_STAMP\)", makefile, re.M), "make bench installs Lighthouse"
    assert "npm ci " in recipe("$(BENCH_NODE_STAMP)") and "--omit" not in recipe("$(BENCH_NODE_STAMP)")
    monkeypatch.setattr(site_audit, "LIGHTHOUSE", tmp_path / "lighthouse" / "cli" / "index.js")
    with pytest.raises(FileNotFoundError, match="`make bench` installs Lighthouse") as error:
        site_audit.lighthouse("http://127.0.0.1:1/index.html")
    assert str(tmp_path) in str(error.value), "the message names the missing file"


def test_vendored_assets_match_their_checksums():
    listed = {}
    for line in (VENDOR / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name.removeprefix("./")] = digest
    present = {p.relative_to(VENDOR).as_posix() for p in VENDOR.rglob("*") if p.is_file()} - {"SHA256SUMS"}
    assert present == set(listed), f"unlisted: {present - set(listed)}; missing: {set(listed) - present}"
    changed = [n for n, d in listed.items() if hashlib.sha256((VENDOR / n).read_bytes()).hexdigest() != d]
    assert not changed, f"vendored files edited by hand (re-run scripts/vendor.sh): {changed}"


def test_vendored_assets_keep_their_licences():
    for package in ("katex", "iframe-worker"):  # KaTeX: CSS and fonts only
        licence = (VENDOR / package / "LICENSE").read_text()
        assert "MIT" in licence or "Permission is hereby granted" in licence, package


def test_ci_runs_make_test():
    script = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", script, re.M)


def test_the_files_started_first_exist():
    """conftest.LONGEST_FIRST names test files by name: a renamed one would silently start late again."""
    from conftest import LONGEST_FIRST

    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
    missing = [name for name in LONGEST_FIRST if not (ROOT / "tests" / name).is_file()]
    assert not missing, f"conftest.LONGEST_FIRST names files that are gone: {missing}"


def test_the_longest_files_are_collected_first_and_each_file_keeps_its_order():
    """conftest's collection hook puts LONGEST_FIRST's files first, in that order; the rest follow as collected."""
    from types import SimpleNamespace

    import conftest

    first, second = conftest.LONGEST_FIRST[:2]
    names = ["test_a.py", second, "test_b.py", first, second, "test_a.py"]
    items = [SimpleNamespace(path=ROOT / "tests" / name, n=n) for n, name in enumerate(names)]
    conftest.pytest_collection_modifyitems(None, items)
    assert [(i.path.name, i.n) for i in items] == [(first, 3), (second, 1), (second, 4), ("test_a.py", 0),
                                                   ("test_b.py", 2), ("test_a.py", 5)]


def test_make_test_keeps_the_order_of_the_files():
    """pytest-xdist orders the files by how many tests each has unless told not to: `make test` and `make test-fast`
    keep the order conftest gives them (LONGEST_FIRST); `make test-page` runs one page in one process."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    runs = [line for line in makefile.splitlines() if "-m pytest" in line and " -n auto " in line]
    assert len(runs) == 2 and all("--no-loadscope-reorder" in line for line in runs), runs
    assert [line for line in makefile.splitlines() if "-m pytest" in line and " -n 0 " in line], "make test-page"


def test_readme_opens_with_the_two_commands():
    head = (ROOT / "README.md").read_text()[:400]
    assert "make serve" in head and "make test" in head


def test_the_time_stated_for_make_test_fast_is_the_measured_one():
    """README, CONTRIBUTING and `make help` say how long `make test-fast` takes: the figure the loop benchmark measured
    (docs/generated/contributor_loop.json), within a fifth, so that a slower suite or a hopeful edit shows here."""
    import json

    report = json.loads((ROOT / "docs" / "generated" / "contributor_loop.json").read_text(encoding="utf-8"))
    measured = next(r["seconds"] for r in report["results"] if r["key"] == "test_fast")
    for name in ("README.md", "CONTRIBUTING.md", "Makefile"):
        lines = [line for line in (ROOT / name).read_text(encoding="utf-8").splitlines() if "test-fast" in line]
        stated = [float(n) for line in lines for n in re.findall(r"about (\d+) s\b", line)]
        assert stated, f"{name} no longer says how long make test-fast takes"
        for figure in stated:
            assert abs(figure - measured) <= measured / 5, f"{name} says about {figure:.0f} s; measured {measured} s"
