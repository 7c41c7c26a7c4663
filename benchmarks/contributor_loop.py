"""Measure the contributor's loop on a copy of the repository: a forced regen of every snippet and notebook, a
regen with nothing to do, saving a snippet until `make serve` serves its new output, `make test-fast` and one page's
checks; then `make test` as CI runs it, in a fresh clone of the last commit, set-up
included (the experiments' forced run is timed by experiments_run).

Figures, not timed tests: they depend on the machine and its load (the report says which machine, and how long
importing torch took in the same run, the cost the preloaded worker saves once per job). Budgets from issue 11 §3,
as issue 37 sets them: test-page 10 s, test-fast 30 s, a fresh clone's `make test` 8 minutes, set-up included.
"""

import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import _bench
from pelib import docenv  # noqa: F401  (fixed settings; the report goes where regen says)

ROOT = Path(__file__).resolve().parent.parent
BUDGETS = {"forced_regen": 30.0, "noop_regen": 1.0, "save_to_browser": 3.0, "test_fast": 30.0, "test_page": 10.0,
           "fresh_clone_test": 480.0}
# The experiments' forced run (budget 30 min on 2 cores, issue 26) is timed by its own job, experiments_run: it
# would make this one half an hour long, and a contributor's loop never trains a model.
PAGE = "properties"  # the page whose checks `make test-page` runs for the per-page figure (issue 23)
IGNORED = shutil.ignore_patterns(".git", ".venv", "site", ".cache", "__pycache__", ".pytest_cache", "_snippet_output",
                                 "node_modules")
# Without regen's REGEN_* variables: the copy's snippets and tests must write their own outputs, not this job's. With
# Python's bytecode cache, as the Makefile runs everything (a contributor's shell rarely turns it off; this machine's
# does).
ENV = {k: v for k, v in os.environ.items() if not k.startswith("REGEN_")} | {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", "PYTHONDONTWRITEBYTECODE": ""}


def seconds(*command: str, cwd: Path, env: dict | None = None, check: bool = True, ran: str = "") -> float:
    """Wall time of one run of `command`, which must succeed (unless `check` is False: only its time counts, but its
    output must still contain `ran`, so that a command that stopped before doing its work is not timed as fast)."""
    started = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env or ENV)
    elapsed = time.perf_counter() - started
    if (check and proc.returncode != 0) or ran not in proc.stdout + proc.stderr:
        raise SystemExit(f"{' '.join(command)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return elapsed


def torch_import() -> float:
    """Starting Python and importing torch: the baseline, paid once per job without the preloaded worker."""
    return min(seconds(sys.executable, "-c", "import torch", cwd=ROOT) for _ in range(3))


def served_job(copy: Path) -> tuple[str, str]:
    """A snippet whose whole printed output a page includes: (job name, page URL path)."""
    for page in sorted((copy / "docs").rglob("*.md")):
        for name in re.findall(r'--8<-- "(?:generated/)?([\w/]+)\.txt"', page.read_text(encoding="utf-8")):
            if (copy / "snippets" / f"{name}.py").is_file():
                url = page.relative_to(copy / "docs").with_suffix(".html").as_posix()
                return name, url
    raise SystemExit("no page includes a snippet's whole output")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def wait_for(predicate, limit: float) -> float | None:
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        if predicate():
            return time.perf_counter() - started
        time.sleep(0.05)
    return None


def save_to_browser(copy: Path, saves: int = 3) -> list[float]:
    """Seconds from saving a snippet to `make serve` serving the page with its new output, for each save."""
    name, url_path = served_job(copy)
    port = free_port()
    server = subprocess.Popen([sys.executable, "scripts/serve.py"], cwd=copy, start_new_session=True,
                              env=ENV | {"SERVE_ADDRESS": f"127.0.0.1:{port}"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/{url_path}"
    try:
        if wait_for(lambda: fetch(url), 300) is None:
            raise SystemExit(f"make serve did not answer {url}")
        time.sleep(3)  # let the first build settle
        snippet = copy / "snippets" / f"{name}.py"
        original = snippet.read_text(encoding="utf-8")
        found = []
        for save in range(saves):
            marker = f"LOOP{save}MARK" + "ER"  # only the new output contains the joined word
            snippet.write_text(original + f'\nprint("LOOP{save}MARK" + "ER")\n', encoding="utf-8")
            took = wait_for(lambda marker=marker: marker in fetch(url), 120)
            if took is None:
                raise SystemExit(f"the served page {url} never showed the edited output of snippets/{name}.py")
            found.append(took)
            time.sleep(2)
        return found
    finally:
        os.killpg(server.pid, 2)  # Ctrl-C: mkdocs serve removes its temporary site (SIGTERM left it in /tmp)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)


def fresh_clone_test() -> float:
    """`make test` in a fresh clone of the last commit, as CI runs it: set-up included (a new .venv from uv's cache and
    node_modules from npm's; Chromium and Java are the machine's). Only the wall time counts here; the clone's tests
    must at least have run (CI, not this report, says whether they pass)."""
    folder = Path(tempfile.mkdtemp(prefix="contributor_loop-clone-"))
    subprocess.run(["git", "clone", "-q", str(ROOT), str(folder / "repo")], check=True, capture_output=True)
    return seconds("make", "test", cwd=folder / "repo", check=False, ran=" passed")


def main() -> None:
    baseline = torch_import()
    # The scratch copy lives in the job's own temporary folder, which regen removes with the staging folder; removing
    # it here would follow node_modules' link out of the sandbox.
    folder = tempfile.mkdtemp(prefix="contributor_loop-")
    copy = Path(folder) / "repo"
    shutil.copytree(ROOT, copy, ignore=IGNORED, symlinks=True)
    if (ROOT / "node_modules").is_dir():  # the build's KaTeX, shared rather than copied
        (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    regen = [sys.executable, "scripts/regen.py"]
    forced = seconds(*regen, "--force", cwd=copy)
    noop = statistics.median(seconds(*regen, cwd=copy) for _ in range(5))
    saves = save_to_browser(copy)
    # This report does not exist yet: in the copy, measure the suite as it was before this benchmark.
    (copy / "benchmarks" / "contributor_loop.py").unlink()
    # `make test-fast` itself, the command the README documents; the copy borrows this checkout's environment (its
    # stamp tells make that set-up is done), as it borrows node_modules above. Only the wall time counts: the checks
    # that the copy's reports are current may fail there, since they are the ones being re-measured.
    (copy / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    # The first run in the copy compiles and writes the bytecode of every module and test file and records every
    # pass (tests/resultcache.py), as a contributor's first run does: not counted. Then the loop as a contributor
    # lives it: one sentence of a page edited, `make test-fast` (the tests that read the page run again; its lock test
    # fails until claims-accept, as it does then), twice with two edits, the longer counted. Last, every test run
    # again (PE_TEST_CACHE=0, what a code edit costs), reported without a budget.
    seconds("make", "-s", "test-fast", cwd=copy, check=False, ran=" passed")
    page = copy / "docs" / f"{PAGE}.md"
    original = page.read_text(encoding="utf-8")
    after_edit = []
    for word in ("plainly", "clearly"):
        page.write_text(original.replace(" The ", f" {word.capitalize()}, the ", 1), encoding="utf-8")
        after_edit.append(seconds("make", "-s", "test-fast", cwd=copy, check=False, ran=" passed"))
    page.write_text(original, encoding="utf-8")
    test_fast = max(after_edit)
    every_test = seconds("make", "-s", "test-fast", cwd=copy, env=ENV | {"PE_TEST_CACHE": "0"}, check=False,
                         ran=" passed")
    test_page = statistics.median(seconds("make", "-s", "test-page", f"PAGE={PAGE}", cwd=copy, check=False,
                                          ran=" passed") for _ in range(3))
    clone = fresh_clone_test()
    figures = {"forced_regen": forced, "noop_regen": noop, "save_to_browser": max(saves), "test_fast": test_fast,
               "test_fast_every_test": every_test, "test_page": test_page, "fresh_clone_test": clone}
    what = {
        "forced_regen": "regen.py --force: every snippet and notebook job (benchmarks and experiments excluded)",
        "noop_regen": "regen.py with nothing to do (median of 5)",
        "save_to_browser": "save a snippet until make serve serves the page with its new output (worst of 3 saves)",
        "test_fast": f"make test-fast after one sentence of {PAGE}.md is edited: the tests that read it run, the other"
                     " passes are reused (the longer of 2 edits)",
        "test_fast_every_test": "make test-fast with PE_TEST_CACHE=0: every test but the browser and slow ones runs, as"
                                " after a code edit (no budget: the loop's is test_fast's)",
        "test_page": f"make test-page PAGE={PAGE}: one page's ledger, code tests and lock (median of 3)",
        "fresh_clone_test": "make test in a fresh clone of the last commit, set-up included (as .ci/run runs it)",
    }
    results = [
        {"what": what[key], "key": key, "seconds": round(value, 2), "budget_seconds": BUDGETS.get(key),
         "within_budget": value <= BUDGETS[key] if key in BUDGETS else None,
         "ratio": round(_bench.ratio(value, baseline), 1)}
        for key, value in figures.items()
    ]
    description = _bench.machine()
    _bench.save_report(
        "contributor_loop", description, {"cpu": baseline}, results,
        baseline="start Python and import torch (best of 3), the cost the preloaded worker pays once",
        method={"runs": "one forced regen, five no-op regens, three saves, four test-fast (a first one, two after a page"
                        " edit, one with every test), three test-page runs, on a copy of the repository in a temporary"
                        " folder; then one make test in a fresh clone of the last commit", "load": f"load average {os.getloadavg()[0]:.1f} at the end",
                "cpus": os.cpu_count()},
    )


if __name__ == "__main__":
    main()
