"""The drift guard: docs/generated/ matches the code, and `regen.py --check` catches every kind of drift.

The mutation tests work on a copy of the repository's generated outputs and code in a temporary folder, so the
real checkout is never touched.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from conftest import GENERATED, ROOT, run_python

COPIED = ("scripts", "snippets", "benchmarks", "experiments", "docs/generated", "docs/notebooks", "requirements.txt")


def tree_hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """A copy of everything regen reads and writes, where mutations are safe."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy2(source, tmp_path / name)
    return tmp_path


def check(root: Path) -> tuple[int, str]:
    proc = run_python(str(root / "scripts" / "regen.py"), "--check")
    return proc.returncode, proc.stdout + proc.stderr


def test_committed_outputs_are_current():
    code, output = check(ROOT)
    assert code == 0, f"docs/generated/ is out of date; run `make regen`:\n{output}"


def test_the_copy_starts_clean(repo_copy):
    code, output = check(repo_copy)
    assert code == 0, output


def first_output(root: Path, suffix: str) -> Path:
    matches = sorted((root / "docs" / "generated").glob(f"*{suffix}"))
    assert matches, f"no generated {suffix} file to mutate"
    return matches[0]


def test_check_catches_changed_code(repo_copy):
    snippet = repo_copy / "snippets" / "reference_table.py"
    snippet.write_text(snippet.read_text() + "\n# an edit\n")
    code, output = check(repo_copy)
    assert code == 1 and "stale: snippets/reference_table.py" in output, output


def test_check_catches_a_change_in_an_imported_module(repo_copy):
    module = repo_copy / "snippets" / "reference.py"
    module.write_text(module.read_text() + "\n# an edit\n")
    code, output = check(repo_copy)
    assert code == 1, output
    for dependent in ("reference_table", "heatmap", "module_usage"):
        assert f"stale: snippets/{dependent}.py" in output, output


def test_check_catches_an_altered_text_output(repo_copy):
    target = first_output(repo_copy, ".txt")
    text = target.read_text()
    digit = next(i for i, c in enumerate(text) if c.isdigit())
    target.write_text(text[:digit] + str((int(text[digit]) + 1) % 10) + text[digit + 1 :])  # one digit off
    code, output = check(repo_copy)
    assert code == 1 and f"altered: docs/generated/{target.name}" in output, output


def test_check_catches_an_altered_figure(repo_copy):
    target = first_output(repo_copy, ".svg")
    target.write_bytes(target.read_bytes().replace(b"</svg>", b"<!-- touched --></svg>"))
    code, output = check(repo_copy)
    assert code == 1 and f"altered: docs/generated/{target.name}" in output, output


def test_check_catches_a_deleted_output(repo_copy):
    target = first_output(repo_copy, ".svg")
    target.unlink()
    code, output = check(repo_copy)
    assert code == 1 and f"missing: docs/generated/{target.name}" in output, output


def test_check_catches_a_stray_file(repo_copy):
    (repo_copy / "docs" / "generated" / "leftover.txt").write_text("nobody writes me\n")
    code, output = check(repo_copy)
    assert code == 1 and "stray: docs/generated/leftover.txt" in output, output


def test_check_catches_a_new_snippet_never_run(repo_copy):
    (repo_copy / "snippets" / "brand_new.py").write_text('"""New."""\nprint("hello")\n')
    code, output = check(repo_copy)
    assert code == 1 and "brand_new" in output and "never been run" in output, output


def test_check_writes_nothing(repo_copy):
    (repo_copy / "snippets" / "brand_new.py").write_text('"""New."""\nprint("hello")\n')
    before = tree_hashes(repo_copy / "docs" / "generated")
    check(repo_copy)
    assert tree_hashes(repo_copy / "docs" / "generated") == before


@pytest.mark.slow
def test_failing_snippet_names_itself_and_changes_nothing(repo_copy):
    (repo_copy / "snippets" / "zz_broken.py").write_text(
        '"""Raise on purpose."""\nimport _docenv\nprint("half an output")\nraise RuntimeError("boom on purpose")\n'
    )
    table = repo_copy / "snippets" / "reference_table.py"
    table.write_text(table.read_text() + "\n# an edit that makes this job run too\n")
    before = tree_hashes(repo_copy / "docs" / "generated")
    proc = run_python(str(repo_copy / "scripts" / "regen.py"))
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "snippets/zz_broken.py failed" in output, output
    assert "Traceback" in output and "RuntimeError: boom on purpose" in output, output
    assert tree_hashes(repo_copy / "docs" / "generated") == before, "a failed regen changed committed outputs"
    assert not list((repo_copy / "docs" / "generated").glob("zz_broken*"))


@pytest.mark.slow
def test_regen_refuses_a_negative_zero(repo_copy):
    (repo_copy / "snippets" / "zz_negzero.py").write_text(
        '"""Print a negative zero."""\nimport _docenv\nimport torch\nprint(torch.tensor([-0.0, 1.0]))\n'
    )
    proc = run_python(str(repo_copy / "scripts" / "regen.py"), "zz_negzero")
    assert proc.returncode != 0 and "negative zero" in proc.stdout + proc.stderr


@pytest.mark.slow
def test_cache_reruns_exactly_the_affected_snippets(repo_copy):
    regen = str(repo_copy / "scripts" / "regen.py")
    snippets = repo_copy / "snippets"
    (snippets / "_zz_helper.py").write_text('"""A local helper."""\nVALUE = 1\n')
    (snippets / "_zz_middle.py").write_text('"""Imports the helper."""\nfrom _zz_helper import VALUE\n')
    (snippets / "zz_user.py").write_text('"""Uses the helper through another module."""\nimport _docenv\nimport _zz_middle\nprint(_zz_middle.VALUE)\n')
    (snippets / "zz_solo.py").write_text('"""Stand alone."""\nimport _docenv\nprint("solo")\n')
    first = run_python(regen, "-j", "2")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "ran snippets/zz_user.py" in first.stdout and "ran snippets/zz_solo.py" in first.stdout
    assert "reference_table" not in first.stdout, "a current snippet was re-run"

    again = run_python(regen)
    assert again.returncode == 0 and "nothing to do" in again.stdout, again.stdout

    (snippets / "_zz_helper.py").write_text('"""A local helper."""\nVALUE = 2\n')
    third = run_python(regen)
    assert third.returncode == 0, third.stderr
    assert "ran snippets/zz_user.py" in third.stdout, "a change two imports away did not re-run its user"
    assert "zz_solo" not in third.stdout, "a snippet that does not import the helper was re-run"
    assert (repo_copy / "docs" / "generated" / "zz_user.txt").read_text() == "2\n"
    assert check(repo_copy)[0] == 0

    forced = run_python(regen, "--force", "zz_solo")
    assert forced.returncode == 0 and "ran snippets/zz_solo.py" in forced.stdout


@pytest.mark.slow
def test_outputs_match_what_the_code_produces_now(tmp_path):
    """Re-run every snippet from scratch into a temporary folder: the bytes must equal what is committed."""
    fresh = tmp_path / "generated"
    proc = run_python("scripts/regen.py", "--force", "--generated-dir", str(fresh))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    committed = {k: v for k, v in tree_hashes(GENERATED).items() if not k.startswith(".manifest/")}
    regenerated = {k: v for k, v in tree_hashes(fresh).items() if not k.startswith(".manifest/")}
    bench = {  # benchmarks (timings) and experiments (minutes of training) are not re-run by --force
        name
        for name in committed
        if (GENERATED / ".manifest").is_dir()
        and any(name.startswith(m.stem + s) for m in (GENERATED / ".manifest").glob("*.json")
                if '"kind": "bench"' in m.read_text() or '"kind": "experiment"' in m.read_text() for s in (".", "-"))
    }
    committed = {k: v for k, v in committed.items() if k not in bench}
    differ = sorted(k for k in committed.keys() & regenerated.keys() if committed[k] != regenerated[k])
    assert not differ, f"these outputs differ from what their code produces now (non-deterministic?): {differ}"
    assert committed.keys() == regenerated.keys(), (
        f"only committed: {sorted(committed.keys() - regenerated.keys())}; "
        f"only regenerated: {sorted(regenerated.keys() - committed.keys())}"
    )


def test_experiments_run_only_when_asked_and_are_cached(repo_copy):
    """An experiment is run by --experiments (not by a plain or forced regen), then cached, and --check guards it."""
    regen = str(repo_copy / "scripts" / "regen.py")
    experiment = repo_copy / "experiments" / "zz_trial.py"
    experiment.parent.mkdir(exist_ok=True)
    experiment.write_text('"""A trial experiment."""\nfrom pelib import tasks\nprint(tasks.TASKS[0])\n')
    plain = run_python(regen, "--force", "zz_trial")
    assert plain.returncode == 0 and "zz_trial" not in plain.stdout
    assert "make experiments" in run_python(regen, "--check", "zz_trial").stdout
    ran = run_python(regen, "--experiments", "zz_trial")
    assert ran.returncode == 0 and "ran experiments/zz_trial.py" in ran.stdout, ran.stdout + ran.stderr
    assert (repo_copy / "docs" / "generated" / "zz_trial.txt").read_text() == "k_back\n"
    assert run_python(regen, "--check", "zz_trial").returncode == 0
    assert "nothing to do" in run_python(regen, "--experiments", "zz_trial").stdout
    library = repo_copy / "snippets" / "pelib" / "tasks.py"  # a module of an imported package is an input
    library.write_text(library.read_text() + "\n# an edit\n")
    stale = run_python(regen, "--check", "zz_trial")
    assert stale.returncode == 1 and "stale: experiments/zz_trial.py" in stale.stdout, stale.stdout
