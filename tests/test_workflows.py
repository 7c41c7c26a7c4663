"""What a pull request's CI really installs: the CPU torch from an index uv reads, for torch alone; uv's and npm's
downloads cached; KaTeX's CLI run under the workflow's Node before the tests; `make test` as the test step.

uv reads no PIP_* variable: an index set that way is silently ignored, and off the project machines (no
/opt/wheels) torch==2.13.0 then resolves to PyPI's CUDA build, several GB."""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import ROOT

WORKFLOWS = {name: ROOT / ".github" / "workflows" / name for name in ("ci.yml", "pages.yml")}
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
# Node that can require() an ES module (KaTeX's CLI needs its commander, one): 20.19 and later.
NODE_MIN = (20, 19)


def _load(name: str) -> dict:
    return yaml.safe_load(WORKFLOWS[name].read_text(encoding="utf-8"))


def _steps(workflow: dict, job: str) -> list[dict]:
    return workflow["jobs"][job]["steps"]


def _torch_pin() -> str:
    pins = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines() if line.startswith("torch==")]
    assert len(pins) == 1, f"requirements.txt must pin torch once, found {pins}"
    return pins[0].split("==", 1)[1]


JOBS = [("ci.yml", "test"), ("pages.yml", "build")]


@pytest.mark.parametrize("name", WORKFLOWS)
def test_no_pip_index_variable_that_uv_would_ignore(name):
    text = WORKFLOWS[name].read_text(encoding="utf-8")
    found = re.findall(r"\b(PIP_[A-Z_]*(?:INDEX|FIND_LINKS)[A-Z_]*)\b", text)
    assert not found, f"{name} sets {found}: `make setup` installs with uv, which reads only UV_* settings"


def test_torch_alone_comes_from_the_cpu_index_off_the_project_machines():
    index = re.search(r"^TORCH_INDEX \?= (\S+)$", MAKEFILE, re.M)
    assert index and index.group(1) == "https://download.pytorch.org/whl/cpu", "TORCH_INDEX must name the CPU index"
    recipe = MAKEFILE.split("$(STAMP): requirements.txt", 1)[1].split("\n\n", 1)[0]
    lines = [line.strip() for line in recipe.splitlines()]
    torch_step = [i for i, line in enumerate(lines) if "$(TORCH_INDEX)" in line]
    main_step = [i for i, line in enumerate(lines) if "-r requirements.txt" in line]
    assert len(torch_step) == 1 and len(main_step) == 1, f"one torch-only step and one main install, got:\n{recipe}"
    step = lines[torch_step[0]]
    assert torch_step[0] < main_step[0], "torch must be installed before the main install resolves torch==… again"
    assert step.startswith("test -d /opt/wheels ||"), "the CPU index is for machines without /opt/wheels only"
    for flag in ("uv pip install", "--no-deps", "--index-url $(TORCH_INDEX)", "$(TORCH_PIN)", "--system-certs"):
        assert flag in step, f"the torch step lacks {flag!r}: {step}"
    assert "-r requirements.txt" not in step and "--extra-index-url" not in step, "the CPU index serves torch only"
    assert "$(FIND_LINKS)" in lines[main_step[0]], "the project machines keep installing from /opt/wheels"
    # The pin the step installs is requirements.txt's, read from it (never a second copy of the version).
    assert "TORCH_PIN := $(shell grep -E '^torch==' requirements.txt)" in MAKEFILE
    assert not re.search(r"torch==\d", recipe), "the recipe must read torch's pin from requirements.txt"
    assert _torch_pin() == "2.13.0"


@pytest.mark.parametrize(("name", "job"), JOBS)
def test_uv_and_npm_downloads_are_cached(name, job):
    workflow = _load(name)
    env = workflow["jobs"][job].get("env", {})
    caches = {
        step["with"]["path"]: step["with"]["key"]
        for step in _steps(workflow, job)
        if step.get("uses", "").startswith("actions/cache@")
    }
    uv_dir, npm_dir = env.get("UV_CACHE_DIR"), env.get("npm_config_cache")
    assert uv_dir and npm_dir, f"{name}: set UV_CACHE_DIR and npm_config_cache so the caches know what to keep"
    assert uv_dir in caches and "hashFiles('requirements.txt')" in caches[uv_dir], f"{name}: uv's cache: {caches}"
    assert npm_dir in caches and "hashFiles('package-lock.json')" in caches[npm_dir], f"{name}: npm's cache: {caches}"


@pytest.mark.parametrize(("name", "job"), JOBS)
def test_katex_cli_runs_under_the_workflow_node_after_setup(name, job):
    steps = _steps(_load(name), job)
    runs = [step.get("run", "") for step in steps]
    uses = [step.get("uses", "") for step in steps]
    node = [step for step in steps if step.get("uses", "").startswith("actions/setup-node@")]
    assert node, f"{name}: no actions/setup-node (Debian bookworm's Node 18 cannot run KaTeX's CLI)"
    major = int(str(node[0]["with"]["node-version"]).split(".")[0])
    assert (major, 99) >= NODE_MIN, f"{name}: Node {major} cannot require() KaTeX CLI's commander"
    setup = next(i for i, run in enumerate(runs) if re.match(r"make setup\b", run.strip()))
    smoke = [i for i, run in enumerate(runs) if "node_modules/.bin/katex" in run]
    assert smoke and smoke[0] > setup > uses.index(node[0]["uses"]), f"{name}: setup-node, make setup, then KaTeX"
    assert "\\omega_i" in runs[smoke[0]] and "<math" in runs[smoke[0]], "the smoke run renders and checks its output"


def test_ci_runs_make_test_last():
    runs = [step.get("run", "").strip() for step in _steps(_load("ci.yml"), "test") if "run" in step]
    assert runs[-1] == "make test", f"CI's last step must be `make test`, as a contributor runs it: {runs}"
