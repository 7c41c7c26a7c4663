"""The contributor workflow works as CONTRIBUTING.md says: scaffold, guide on the site, edit links, CI, licences."""

from __future__ import annotations

import ast
import functools
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, site_audit
from support import cheat_sheet_lines, repo_text

_contributing = functools.partial(repo_text, "CONTRIBUTING.md")
_mkdocs = functools.partial(repo_text, "mkdocs.yml")
def _edit_base() -> str:
    return re.search(r"^\s*edit_base:\s*(\S+)", _mkdocs(), re.M)[1]


def new_snippet(name: str, folder: Path, page: str = "probe_page") -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), "new-snippet", f"PAGE={page}", f"NAME={name}",
         f"SNIPPET_DIR={folder}"],
        capture_output=True, text=True,
    )  # fmt: skip


def regen_module():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import regen
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return regen


@pytest.mark.slow
def test_new_snippet_scaffold_is_a_snippet_regen_runs(tmp_path: Path) -> None:
    proc = new_snippet("scaffold_probe", tmp_path)
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "probe_page" / "scaffold_probe.py"
    assert (tmp_path / "probe_page" / "__init__.py").is_file(), "a new page folder is a package"
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    assert ast.get_docstring(tree), "the template starts with a docstring"
    first_import = next(n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom))
    assert isinstance(first_import, ast.ImportFrom) and (first_import.module, first_import.names[0].name) == ("pelib", "docenv")
    assert "# --8<-- [start:core]" in source and "# --8<-- [end:core]" in source
    regen = regen_module()
    ok, message = regen.Job("probe_page/scaffold_probe", path, "snippet").run(tmp_path / "staging", timeout=120)
    assert ok, message
    printed = (tmp_path / "staging" / "scaffold_probe.txt").read_text(encoding="utf-8")
    rows = [[float(x) for x in re.findall(r"-?\d+\.\d+", line)] for line in printed.splitlines()]
    assert len(rows) == 6 and rows[0] == [0.0, 1.0, 0.0, 1.0], printed  # the reference table; row 0 is (0, 1, 0, 1)
    assert {p.name for p in regen.Job("probe_page/scaffold_probe", path, "snippet").inputs()} >= {"reference.py", "docenv.py"}


@pytest.mark.parametrize(
    ("page", "name", "reason"),
    [
        ("probe_page", "Bad-Name", "NAME must be 3 to 60 lowercase letters"),
        ("probe_page", "", "got ''"),
        ("probe_page", "_helper", "starting with a letter"),
        ("probe_page", "2fast", "starting with a letter"),
        ("linearity", "shift_matrix", "already exists"),
        ("", "what_it_shows", "PAGE must name the page"),
        ("Why-Positions", "what_it_shows", "PAGE=why_positions"),
        ("pelib", "what_it_shows", "not pelib, the library"),
        ("reference", "what_it_shows", "a page folder may not share its name"),
    ],
)
def test_new_snippet_refuses_bad_names_with_the_reason(tmp_path: Path, page: str, name: str, reason: str) -> None:
    folder = ROOT / "snippets" if (page, name) in (("linearity", "shift_matrix"), ("reference", "what_it_shows")) else tmp_path
    proc = new_snippet(name, folder, page)
    assert proc.returncode != 0
    assert reason in proc.stderr, proc.stderr
    assert not list(tmp_path.rglob("*.py")), "nothing is written for a refused name"
    assert not (ROOT / "snippets" / "reference").exists()


def test_contributing_covers_what_the_issue_asks() -> None:
    for needle in ["make new-snippet PAGE=", "## How regen works", "**Cache:**", "**`--check`**", "make bench",
                   "## Reviewing a pull request", "## Notebooks", "pre-commit install", "LICENSE-docs"]:  # fmt: skip
        assert needle in _contributing(), f"CONTRIBUTING.md does not explain {needle!r}"


def test_the_walk_through_to_a_merged_claim_is_short_and_complete() -> None:
    """Issue 23: from a clone to a merged claim in at most 1,500 words (reference sections follow the marker), with
    the commands a contributor runs and what an "Edit this page" pull request meets."""
    walk, marker, _reference = _contributing().partition("<!-- end of the walk-through")
    assert marker, "CONTRIBUTING.md marks where its walk-through ends"
    words = len(walk.split())
    assert words <= 1500, f"the walk-through is {words} words, over 1,500"
    for needle in ["make setup", "make test-page PAGE=", "make claims-accept", 'IDS="', "make new-claim PAGE=",
                   "backs=[", "unbacked=", "measured(", "Edit this page", "tests/pages/locks/", "make test-fast"]:
        assert needle in walk, f"the walk-through does not show {needle!r}"
    assert "pending" not in walk.replace("nothing waits in a pending state", ""), "there is no pending state"


def test_repository_files_for_contributors() -> None:
    ci = yaml.safe_load((ROOT / ".github/workflows/ci.yml").read_text())
    triggers = ci.get("on", ci.get(True))  # YAML 1.1 reads a bare `on` as True
    assert "pull_request" in triggers
    assert any("make test" in step.get("run", "") for job in ci["jobs"].values() for step in job["steps"])
    pages = yaml.safe_load((ROOT / ".github/workflows/pages.yml").read_text())
    assert pages.get("on", pages.get(True))["push"]["branches"] == ["main"]
    assert pages["permissions"]["pages"] == "write" and pages["permissions"]["id-token"] == "write"
    uses = [step.get("uses", "") for job in pages["jobs"].values() for step in job["steps"]]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    assert any("make build" in step.get("run", "") for step in pages["jobs"]["build"]["steps"])

    hooks = {h["id"]: h for repo in yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())["repos"]
             for h in repo["hooks"]}  # fmt: skip
    assert {"ruff", "codespell"} <= set(hooks)  # local hooks from .venv: tests/test_lint.py checks them
    assert "ruff-format" not in hooks, "no format hook until one agreed `ruff format` pass (pyproject.toml)"

    template = (ROOT / ".github/pull_request_template.md").read_text()
    assert template.count("- [ ]") >= 5
    assert "Permission is hereby granted, free of charge" in (ROOT / "LICENSE").read_text()
    docs_licence = (ROOT / "LICENSE-docs").read_text()
    assert "CC BY 4.0" in docs_licence and "https://creativecommons.org/licenses/by/4.0/" in docs_licence


def test_edit_links_call_no_api() -> None:
    config = re.sub(r"!!python/\S+", "", _mkdocs())
    assert not re.search(r"^repo_url:", config, re.M), "repo_url makes Material call the GitHub API from the browser"
    assert _edit_base().startswith("https://github.com/") and _edit_base().endswith("/edit/main/docs")


def visible_text(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


@pytest.mark.slow
def test_every_page_has_a_plain_edit_link_to_its_source(built_site: Path) -> None:
    pages = [built_site / p for p in site_audit.site_pages(built_site, with_404=False)]
    assert len(pages) > 10
    for page in pages:
        text = page.read_text(encoding="utf-8")
        links = re.findall(r'<a href="([^"]+)" rel="edit">', text)
        assert len(links) == 1, f"{page.relative_to(built_site)} has {len(links)} edit links"
        assert links[0].startswith(_edit_base() + "/")
        source = ROOT / "docs" / links[0][len(_edit_base()) + 1 :]
        assert source.is_file(), f"{page.relative_to(built_site)} links to {source}, which does not exist"
        assert "api.github.com" not in text


@pytest.mark.slow
def test_site_shows_the_contributing_guide(built_site: Path) -> None:
    """docs/contributing.md includes CONTRIBUTING.md; its escaped cheat sheet shows the same lines."""
    text = visible_text(built_site / "contributing.html")
    for heading in re.findall(r"^## (.+)$", _contributing(), re.M):
        assert heading.replace('"', "") in text.replace('"', "").replace("¶", ""), f"missing section {heading!r}"
    missing = [line for line in cheat_sheet_lines() if line.replace("`", "") not in text]
    assert not missing, f"the site's cheat sheet differs from CONTRIBUTING.md: {missing}"
    assert ";--8<--" not in text, "an escaped include line shows its escape"
