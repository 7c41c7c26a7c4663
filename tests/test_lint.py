"""Lint is part of `make test`: the pinned ruff and codespell, with the settings of pyproject.toml, find nothing.

`make lint` runs the same two commands; the pre-commit hooks (.pre-commit-config.yaml) run them from .venv too.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

BIN = Path(sys.executable).parent


def pinned(name: str) -> str:
    match = re.search(rf"^{name}==(\S+)$", (ROOT / "requirements.txt").read_text(), re.M)
    assert match, f"{name} is not pinned in requirements.txt"
    return match.group(1)


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{path} is missing: `make setup` installs the pinned {name}=={pinned(name)}")
    return str(path)


def test_ruff_finds_nothing():
    version = subprocess.run([tool("ruff"), "--version"], capture_output=True, text=True).stdout.split()[-1]
    assert version == pinned("ruff"), f"ruff {version} runs, requirements.txt pins {pinned('ruff')}"
    proc = subprocess.run([tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_codespell_finds_nothing():
    version = subprocess.run([tool("codespell"), "--version"], capture_output=True, text=True).stdout.strip()
    assert version == pinned("codespell"), f"codespell {version} runs, requirements.txt pins {pinned('codespell')}"
    proc = subprocess.run([tool("codespell")], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_import_docenv_first_is_an_exemption_not_a_violation(tmp_path):
    """A snippet that imports pelib.docenv before the standard library and never uses it passes; the same disorder in a
    script is still reported, and so is an unused import of anything else."""
    snippet = "from pelib import docenv\nimport math\n\nimport torch\n\nprint(math.pi, torch.pi)\n"
    for folder in ("snippets", "scripts"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "demo.py").write_text(snippet)
    (tmp_path / "snippets" / "unused.py").write_text("from pelib import docenv\nimport math\n")
    (tmp_path / "snippets" / "page").mkdir()
    (tmp_path / "snippets" / "page" / "demo.py").write_text(snippet)  # a page script, one folder down
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())

    def check(path: str) -> subprocess.CompletedProcess:
        return subprocess.run([tool("ruff"), "check", "--no-cache", "--output-format", "concise", path],
                              cwd=tmp_path, capture_output=True, text=True)

    assert check("snippets/demo.py").returncode == 0
    assert check("snippets/page/demo.py").returncode == 0
    assert "I001" in check("scripts/demo.py").stdout
    unused = check("snippets/unused.py").stdout
    assert "F401" in unused and "`math` imported but unused" in unused and "docenv" not in unused


def test_pre_commit_hooks_are_local_and_run_the_pinned_tools():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    assert [repo["repo"] for repo in config["repos"]] == ["local"], "hooks must not be fetched from the network"
    entries = {hook["id"]: hook["entry"] for repo in config["repos"] for hook in repo["hooks"]}
    assert entries["ruff"].startswith(".venv/bin/ruff check") and entries["codespell"] == ".venv/bin/codespell"
    assert all(hook["language"] == "system" for repo in config["repos"] for hook in repo["hooks"])
