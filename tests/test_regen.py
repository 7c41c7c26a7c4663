"""The drift guard: docs/generated/ matches the code, and `regen.py --check` catches every kind of drift.

The mutation tests work on a copy of the repository's generated outputs and code in a temporary folder, so the
real checkout is never touched.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from conftest import GENERATED, ROOT, run_python

sys.path.insert(0, str(ROOT / "scripts"))
import docs_macros  # noqa: E402
import regen  # noqa: E402

pytestmark = pytest.mark.usefixtures("shared_regen_worker")  # conftest.py

COPIED = ("scripts", "snippets", "benchmarks", "experiments", "docs/generated", "docs/notebooks", "requirements.txt")


def tree_hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def copy_repository(tmp_path: Path) -> Path:
    """A copy of everything regen reads and writes, where mutations are safe."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy2(source, tmp_path / name)
    return tmp_path


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    return copy_repository(tmp_path)


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
    matches = sorted(p for p in (root / "docs" / "generated").rglob(f"*{suffix}") if ".manifest" not in p.parts)
    assert matches, f"no generated {suffix} file to mutate"
    return matches[0]


def stale_causes(output: str) -> dict[str, set[str]]:
    """`stale: JOB (changed since its outputs were made: A, B; make regen)` lines as {JOB: {A, B}}."""
    found = re.findall(r"^stale: (\S+) \(changed since its outputs were made: ([^;]+);", output, re.MULTILINE)
    return {job: set(causes.split(", ")) for job, causes in found}


def test_check_catches_every_kind_of_drift_and_writes_nothing(repo_copy):
    """Seven faults in one copy, each in a file of its own, and one `--check` (a copy and a check take about a second
    each): a snippet's own edit and an edit of a module it imports each make it stale, and --check names the changed
    file as the cause; an altered text output, an altered figure, a deleted output, a stray file and a snippet never
    run are each reported by name; and the check writes nothing."""
    snippet = repo_copy / "snippets" / "reference_page/table.py"
    snippet.write_text(snippet.read_text() + "\n# an edit\n")
    module = repo_copy / "snippets" / "reference.py"
    module.write_text(module.read_text() + "\n# an edit\n")
    text = first_output(repo_copy, ".txt")
    body = text.read_text()
    digit = next(i for i, c in enumerate(body) if c.isdigit())
    text.write_text(body[:digit] + str((int(body[digit]) + 1) % 10) + body[digit + 1 :])  # one digit off
    figure, deleted = sorted(p for p in (repo_copy / "docs" / "generated").rglob("*.svg") if ".manifest" not in p.parts)[:2]
    figure.write_bytes(figure.read_bytes().replace(b"</svg>", b"<!-- touched --></svg>"))
    deleted.unlink()
    (repo_copy / "docs" / "generated" / "leftover.txt").write_text("nobody writes me\n")
    (repo_copy / "snippets" / "brand_new.py").write_text('"""New."""\nprint("hello")\n')
    before = tree_hashes(repo_copy / "docs" / "generated")
    code, output = check(repo_copy)
    assert code == 1, output
    expected = {
        "a digit changed in a text output": f"altered: {text.relative_to(repo_copy).as_posix()}",
        "a figure touched": f"altered: {figure.relative_to(repo_copy).as_posix()}",
        "an output deleted": f"missing: {deleted.relative_to(repo_copy).as_posix()}",
        "a file no job writes": "stray: docs/generated/leftover.txt",
        "a snippet never run": "brand_new",
    }
    causes = stale_causes(output)
    assert "snippets/reference_page/table.py" in causes.get("snippets/reference_page/table.py", set()), output
    for dependent in ("reference_page/table", "reference_page/heatmap", "reference_page/module_usage"):
        assert "snippets/reference.py" in causes.get(f"snippets/{dependent}.py", set()), output
    assert causes.get("snippets/reference_page/heatmap.py") == {"snippets/reference.py"}, output
    missed = [fault for fault, line in expected.items() if line not in output]
    assert not missed and "never been run" in output, f"--check did not report {missed}:\n{output}"
    assert tree_hashes(repo_copy / "docs" / "generated") == before, "--check wrote into docs/generated/"


@pytest.mark.slow
def test_failing_snippet_names_itself_and_changes_nothing(repo_copy):
    (repo_copy / "snippets" / "zz_broken.py").write_text(
        '"""Raise on purpose."""\nfrom pelib import docenv\nprint("half an output")\nraise RuntimeError("boom on purpose")\n'
    )
    table = repo_copy / "snippets" / "reference_page/table.py"
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
        '"""Print a negative zero."""\nfrom pelib import docenv\nimport torch\nprint(torch.tensor([-0.0, 1.0]))\n'
    )
    proc = run_python(str(repo_copy / "scripts" / "regen.py"), "zz_negzero")
    assert proc.returncode != 0 and "negative zero" in proc.stdout + proc.stderr


@pytest.mark.slow
def test_cache_reruns_exactly_the_affected_snippets(repo_copy):
    regen = str(repo_copy / "scripts" / "regen.py")
    snippets = repo_copy / "snippets"
    (snippets / "_zz_helper.py").write_text('"""A local helper."""\nVALUE = 1\n')
    (snippets / "_zz_middle.py").write_text('"""Imports the helper."""\nfrom _zz_helper import VALUE\n')
    (snippets / "zz_user.py").write_text('"""Uses the helper through another module."""\nfrom pelib import docenv\nimport _zz_middle\nprint(_zz_middle.VALUE)\n')
    (snippets / "zz_solo.py").write_text('"""Stand alone."""\nfrom pelib import docenv\nprint("solo")\n')
    first = run_python(regen, "-j", "2")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "ran snippets/zz_user.py" in first.stdout and "ran snippets/zz_solo.py" in first.stdout
    assert "reference_page/table" not in first.stdout, "a current snippet was re-run"

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


def measured_outputs(generated: Path) -> set[str]:
    """Outputs of benchmarks and experiments, which a forced regen does not re-run."""
    names: set[str] = set()
    for manifest in (generated / ".manifest").rglob("*.json"):
        data = json.loads(manifest.read_text(encoding="utf-8"))
        if data.get("kind") in ("bench", "experiment"):
            names.update(data["outputs"])
    return names


@pytest.mark.slow
def test_outputs_match_what_the_code_produces_now(tmp_path):
    """Re-run every snippet from scratch into a temporary folder: the bytes must equal what is committed."""
    fresh = tmp_path / "generated"
    proc = run_python("scripts/regen.py", "--force", "--generated-dir", str(fresh))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    committed = {k: v for k, v in tree_hashes(GENERATED).items() if not k.startswith(".manifest/")}
    regenerated = {k: v for k, v in tree_hashes(fresh).items() if not k.startswith(".manifest/")}
    bench = measured_outputs(GENERATED)
    committed = {k: v for k, v in committed.items() if k not in bench}
    differ = sorted(k for k in committed.keys() & regenerated.keys() if committed[k] != regenerated[k])
    assert not differ, f"these outputs differ from what their code produces now (non-deterministic?): {differ}"
    assert committed.keys() == regenerated.keys(), (
        f"only committed: {sorted(committed.keys() - regenerated.keys())}; "
        f"only regenerated: {sorted(regenerated.keys() - committed.keys())}"
    )


# --- the layout: page folders, the library package, experiments ----------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_page_scripts_are_found_in_page_folders_and_the_library_is_not_a_job(tmp_path):
    write(tmp_path / "flat_one.py", "")
    write(tmp_path / "_helper.py", "")
    write(tmp_path / "linearity" / "shift_map.py", "")
    write(tmp_path / "linearity" / "_private.py", "")
    write(tmp_path / "linearity" / "__init__.py", "")
    write(tmp_path / "pelib" / "__init__.py", "")
    write(tmp_path / "pelib" / "frequencies.py", "")
    write(tmp_path / "_drafts" / "not_a_job.py", "")
    write(tmp_path / "data" / "notes.txt", "")
    jobs = regen.page_scripts(tmp_path)
    assert [(j.name, j.stem, j.folder) for j in jobs] == [
        ("flat_one", "flat_one", ""), ("linearity/shift_map", "shift_map", "linearity"),
    ]
    assert jobs[1].output_name("shift_map-part.txt") == "linearity/shift_map-part.txt"


@pytest.mark.parametrize("bad", ["linearity/shift-map.py", "2nd_page/table.py"])
def test_page_scripts_must_be_named_like_identifiers(tmp_path, bad):
    write(tmp_path / bad, "")
    with pytest.raises(SystemExit, match="identifiers.*" + bad.replace(".py", "").split("/")[0]):
        regen.page_scripts(tmp_path)


@pytest.fixture
def library(tmp_path) -> Path:
    """snippets/ with a package pelib whose modules import each other relatively."""
    write(tmp_path / "pelib" / "__init__.py", "from .frequencies import frequencies\n")
    write(tmp_path / "pelib" / "frequencies.py", "from . import _checks\ndef frequencies(): ...\n")
    write(tmp_path / "pelib" / "_checks.py", "")
    write(tmp_path / "pelib" / "shift.py", "from .frequencies import frequencies\nfrom ..outside import x\n")
    write(tmp_path / "pelib" / "fit.py", "")
    write(tmp_path / "pelib" / "sub" / "__init__.py", "")
    write(tmp_path / "pelib" / "sub" / "deep.py", "from ..fit import y\n")
    return tmp_path


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("import pelib.shift", {"__init__", "shift"}),
        ("import pelib.sub.deep", {"__init__", "sub/__init__", "sub/deep"}),
        ("from pelib import shift, frequencies", {"__init__", "shift", "frequencies"}),
        ("from pelib.shift import frequencies", {"__init__", "shift"}),
        ("from pelib.sub import deep", {"__init__", "sub/__init__", "sub/deep"}),
        ("import os, torch", set()),
    ],
)
def test_imports_of_the_library_package_are_followed(library, statement, expected):
    found = regen.local_imports(statement, [library], library / "page.py")
    assert {p.relative_to(library / "pelib").with_suffix("").as_posix() for p in found} == expected


def test_a_change_anywhere_in_the_library_reaches_its_dependants_through_relative_imports(library):
    source = "from pelib import docenv\nfrom pelib.sub import deep\nimport pelib.shift\n"
    page = write(library / "linearity" / "shift_map.py", source)
    found = regen.dependencies(page, page.read_text(), [library, page.parent])
    deps = {p.relative_to(library).as_posix() for p in found if p.is_relative_to(library)}
    assert {
        "pelib/__init__.py", "pelib/frequencies.py", "pelib/_checks.py", "pelib/shift.py",
        "pelib/sub/__init__.py", "pelib/sub/deep.py", "pelib/fit.py",
    } <= deps


@pytest.mark.parametrize("listed", ["long before", "in the same tick"])
def test_a_module_added_after_its_folder_was_listed_is_followed(tmp_path, listed):
    """regen remembers a folder's entries while the folder's stamp is unchanged (imports.py): a module added later is
    a dependency at once, whether the folder was listed long before its change (the stamp then moves) or within the
    coarse tick of its last change, where an entry added in the same tick leaves the stamp as it was (such a listing
    is never kept)."""
    import os
    import time

    page = write(tmp_path / "page" / "script.py", "import helper\nfrom pelib import extra\n")
    write(tmp_path / "pelib" / "__init__.py", "")
    folders = (tmp_path, tmp_path / "pelib")
    # the stamps: long past, or (for a listing made within the tick of the folder's last change, however slow the
    # machine) ahead of the clock
    stamp = 0 if listed == "long before" else time.time_ns() + 10**10
    for folder in folders:
        os.utime(folder, ns=(stamp, stamp))
    search = [tmp_path, page.parent]
    first = regen.dependencies(page, page.read_text(), search)
    assert tmp_path / "pelib" / "__init__.py" in first and len([p for p in first if p.is_relative_to(tmp_path)]) == 2
    helper, extra = write(tmp_path / "helper.py", ""), write(tmp_path / "pelib" / "extra.py", "")
    if listed == "in the same tick":  # the entries added in that tick leave the stamps as they were
        for folder in folders:
            os.utime(folder, ns=(stamp, stamp))
    found = regen.dependencies(page, page.read_text(), search)
    assert helper in found and extra in found, found


def test_saved_values_of_page_scripts_are_reached_by_page_and_name(tmp_path):
    write(tmp_path / "flat.values.json", '{"a": "1"}')
    write(tmp_path / "linearity" / "shift_map.values.json", '{"longest": "60,611"}')
    write(tmp_path / ".manifest" / "linearity" / "shift_map.json", "{}")
    assert docs_macros.load_values(tmp_path) == {"flat": {"a": "1"}, "linearity": {"shift_map": {"longest": "60,611"}}}
    write(tmp_path / "linearity.values.json", '{"b": "2"}')
    with pytest.raises(ValueError, match="gen.linearity"):
        docs_macros.load_values(tmp_path)


PAGE_SCRIPT = '''"""A page script in a page folder, using the library package."""
from pelib import docenv
from pelib import zz_value
docenv.save_values({"answer": str(zz_value.VALUE)})
with docenv.output_part("part"):
    print("part", zz_value.VALUE)
print("whole")
'''


@pytest.mark.slow
def test_a_page_script_writes_into_its_page_folder_and_goes_stale_with_the_library(repo_copy):
    regen_py = str(repo_copy / "scripts" / "regen.py")
    snippets, generated = repo_copy / "snippets", repo_copy / "docs" / "generated"
    library = snippets / "pelib"
    if not (library / "__init__.py").exists():
        write(library / "__init__.py", '"""The library (a stand-in for this test)."""\n')
    write(library / "zz_value.py", '"""A value."""\nfrom ._zz_base import BASE\nVALUE = BASE + 1\n')
    write(library / "_zz_base.py", '"""A private base."""\nBASE = 41\n')
    write(snippets / "zzpage" / "demo.py", PAGE_SCRIPT)

    first = run_python(regen_py, "zzpage/demo")
    assert first.returncode == 0, first.stdout + first.stderr
    assert (generated / "zzpage" / "demo.txt").read_text() == "part 42\nwhole\n"
    assert (generated / "zzpage" / "demo-part.txt").read_text() == "part 42\n"
    manifest = json.loads((generated / ".manifest" / "zzpage" / "demo.json").read_text())
    assert set(manifest["outputs"]) == {"zzpage/demo.txt", "zzpage/demo-part.txt", "zzpage/demo.values.json"}
    assert {"snippets/pelib/zz_value.py", "snippets/pelib/_zz_base.py"} <= set(manifest["inputs"])
    assert docs_macros.load_values(generated)["zzpage"]["demo"] == {"answer": "42"}
    assert check(repo_copy)[0] == 0

    write(library / "_zz_base.py", '"""A private base."""\nBASE = 1\n')
    code, output = check(repo_copy)
    assert code == 1 and "stale: snippets/zzpage/demo.py" in output and "snippets/pelib/_zz_base.py" in output, output

    (snippets / "zzpage" / "demo.py").unlink()
    (snippets / "zzpage").rmdir()
    gone = run_python(regen_py)
    assert gone.returncode == 0 and "removed the outputs of snippets/zzpage/demo.py" in gone.stdout, gone.stdout
    assert not (generated / "zzpage").exists() and not (generated / ".manifest" / "zzpage").exists()
    assert check(repo_copy)[0] == 0


EXPERIMENT = '''"""A cached experiment."""
from pelib import docenv
docenv.save_json({"loss": [3, 2, 1]})
print("ran the experiment")
'''


READER = '''"""A figure drawn from what the experiment saved."""
import json
from pelib import docenv

READS = ("zz_exp.json",)
loss = json.loads((docenv.ROOT / "docs" / "generated" / "zz_exp.json").read_text())["loss"]
docenv.save_values({"last": str(loss[-1])})
'''


@pytest.mark.slow
def test_a_script_that_reads_an_experiments_results_follows_them(repo_copy):
    """A page script's READS are its inputs: it runs after the experiment that writes them is installed (in the same
    regen), and goes stale when they change; the experiment itself never waits for it."""
    regen_py = str(repo_copy / "scripts" / "regen.py")
    write(repo_copy / "experiments" / "zz_exp.py", EXPERIMENT)
    write(repo_copy / "snippets" / "zz_page" / "reader.py", READER)
    generated = repo_copy / "docs" / "generated"
    ran = run_python(regen_py, "--experiments")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((generated / "zz_page" / "reader.values.json").read_text()) == {"last": "1"}
    assert check(repo_copy)[0] == 0
    write(repo_copy / "experiments" / "zz_exp.py", EXPERIMENT.replace("[3, 2, 1]", "[3, 2, 0]"))
    ran = run_python(regen_py, "--experiments")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((generated / "zz_page" / "reader.values.json").read_text()) == {"last": "0"}
    assert check(repo_copy)[0] == 0
    (generated / "zz_exp.json").write_text(json.dumps({"loss": [5]}))
    code, output = check(repo_copy)
    assert code == 1 and "stale: snippets/zz_page/reader.py" in output and "docs/generated/zz_exp.json" in output, output


@pytest.mark.slow
def test_experiments_run_only_when_asked_are_cached_and_guarded(repo_copy):
    regen_py = str(repo_copy / "scripts" / "regen.py")
    write(repo_copy / "experiments" / "zz_exp.py", EXPERIMENT)
    generated = repo_copy / "docs" / "generated"

    plain = run_python(regen_py)
    assert plain.returncode == 0 and "zz_exp" not in plain.stdout and "make experiments" in plain.stderr, plain.stderr
    forced = run_python(regen_py, "--force", "zz_exp")
    assert forced.returncode == 0 and "ran experiments/zz_exp.py" not in forced.stdout
    assert not (generated / "zz_exp.json").exists()
    code, output = check(repo_copy)
    assert code == 1 and "missing" in output and "make experiments" in output, output

    ran = run_python(regen_py, "--experiments")
    assert ran.returncode == 0 and "ran experiments/zz_exp.py" in ran.stdout, ran.stdout + ran.stderr
    assert json.loads((generated / "zz_exp.json").read_text()) == {"loss": [3, 2, 1]}
    assert check(repo_copy)[0] == 0
    again = run_python(regen_py, "--experiments")
    assert "nothing to do" in again.stdout, again.stdout

    write(repo_copy / "experiments" / "zz_exp.py", EXPERIMENT + "# changed\n")
    code, output = check(repo_copy)
    assert code == 1 and "stale: experiments/zz_exp.py" in output, output


def test_serve_shows_a_failing_jobs_error_on_the_pages_it_feeds():
    status = {"failed": {"linearity/shift_map": {"job": "snippets/linearity/shift_map.py",
                                                 "message": "Traceback ...\nValueError: {{ boom }}"}}}
    feeding = ['--8<-- "generated/linearity/shift_map-part.txt"', '--8<-- "linearity/shift_map.txt"',
               '--8<-- "linearity/shift_map.py:core"', "the longest: {{ gen.linearity.shift_map.longest }}"]
    for markdown in feeding:
        notes = docs_macros.failure_notes(markdown, status)
        assert notes.startswith('!!! failure "snippets/linearity/shift_map.py failed') and "ValueError" in notes
    for markdown in ['--8<-- "generated/linearity/shift_map_other.txt"', "{{ gen.linearity.other.x }}", "prose"]:
        assert docs_macros.failure_notes(markdown, status) == ""
