"""Shared fixtures: the snippets on sys.path, one strict build of the site, and an offline headless browser.

The build, the loopback server and the browser are benchmarks/_site_audit.py's, shared with the site budgets.
"""

from __future__ import annotations

import fcntl
import gc
import inspect
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import resultcache  # noqa: F401  (first: `make test-fast` reuses passes whose inputs are unchanged, tests/resultcache.py)

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
from support import GENERATED as GENERATED  # noqa: E402  (one definition; the browser and evidence tests import it from here)

sys.path.insert(0, str(SNIPPETS))
sys.path.insert(0, str(ROOT / "benchmarks"))

import _site_audit as site_audit  # noqa: E402  (found through the sys.path entry above)

# A test process holds torch, transformers, matplotlib, sympy and every page's ledger: a heap of millions of objects
# that Python's cyclic garbage collector, at its default thresholds, walks thousands of times a run (3 to 4 s of each
# worker's `make test-fast`, measured with gc.callbacks). Collections here run less often, and once the tests are
# collected everything alive so far (the imports, the ledgers) is left out of them (gc.freeze). Memory that only a
# collection frees is freed later, not leaked: pytest collects at the end of the run as before.
gc.set_threshold(50_000, 20, 100)


def run_python(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run a Python script of the repository with this interpreter, capturing text output."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, **kwargs)


def copy_checkout(copy: Path) -> Path:
    """This checkout as `copy`, but for what is built or installed (.venv, .git, site, caches); node_modules (229 MB in
    about 14,000 files, 9 s of a copy, most of it in the kernel) is a link to this checkout's, which the site's build
    reads KaTeX from and nothing writes to."""
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "site", ".cache", "__pycache__",
                                                              "node_modules"))
    if (ROOT / "node_modules").is_dir():
        (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return copy


def as_in_a_terminal() -> None:
    """A `preexec_fn` that gives the child Ctrl-C's default disposition, as a shell does for a command in the
    foreground. A process started with SIGINT ignored keeps ignoring it (Python installs KeyboardInterrupt only over
    the default), and pytest-xdist's workers can ignore it: the child and everything it starts would then rightly
    ignore a Ctrl-C that the test sends (test_serve.py: serve.py, its watcher and mkdocs all ran on for 60 s)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="session")
def shared_regen_worker() -> Iterator[str]:
    """One preloaded regen worker for the rest of this test process (`forkserver.py --listen`, found by every regen
    it starts through REGEN_SHARED_WORKER): a regen run of one snippet would otherwise import torch in a fresh
    interpreter, and a run of more in a worker of its own, about 3 s of CPU each, for some 30 runs of the regen
    tests. A run that asks for another kernel (ATEN_CPU_CAPABILITY) starts its own, as without it; the fresh
    interpreter and the run's own worker have tests of their own (test_regen_faults.py)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from regenkit import workers

    folder = tempfile.mkdtemp(prefix="regen-worker-")  # short: a socket's path has at most 107 bytes
    path = os.path.join(folder, "socket")
    server = workers.listen(path)
    os.environ[workers.SHARED] = path
    try:
        yield path
    finally:
        os.environ.pop(workers.SHARED, None)
        server.stdin.close()  # end of input: the server kills what it still runs and exits
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


# `make test` gives each pytest-xdist worker a whole file at a time, so the run lasts at least as long as its longest
# file takes from the moment it starts. These files take the longest (10 s to 3 minutes each on 2 cores, measured
# with `pytest --durations=0` and summed by file): they start first, longest first, and the rest fill the gaps in
# their usual order. test_site.py comes before the last two: in `make test-fast`, which leaves most of the others
# out, it starts the one build of the site at once, which test_markup.py would otherwise wait for at the end.
LONGEST_FIRST = (
    "test_budgets.py", "test_regen.py", "test_layout.py", "test_portability.py", "test_experiments.py",
    "test_regen_faults.py", "test_explorer.py", "test_browser.py", "test_validators.py", "test_site.py",
    "test_serve.py", "test_benchmarks.py",
)


def pytest_configure(config) -> None:
    """A test that imports a snippet runs it, and a snippet run outside regen writes under `_snippet_output/` in the
    working tree (pelib.docenv), which a regen job under way in another worker rightly reports as a change made by
    its job. The tests' snippets write into a folder of their own instead (removed at the end of the run)."""
    config.pluginmanager.register(resultcache, "pe-resultcache")  # its own pytest_configure runs now (historic)
    if "REGEN_OUT" not in os.environ:
        folder = tempfile.mkdtemp(prefix="snippet-output-")
        os.environ["REGEN_OUT"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_modifyitems(config, items) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: a file's tests keep their order


def case_key(item) -> tuple | None:
    """claimcheck.test_key of a collected test case that passes() could call (its arguments are all parameters)."""
    import claimcheck

    function = getattr(item, "function", None)
    if function is None or any(item.get_closest_marker(name) for name in ("skip", "skipif", "xfail")):
        return None  # a case that may not run, or may fail as expected, does not stand in for a ledger's run
    names = list(inspect.signature(function).parameters)
    params = getattr(getattr(item, "callspec", None), "params", {})
    if not set(names) <= set(params):  # it takes fixtures
        return None
    key = claimcheck.test_key(function, tuple(params[name] for name in names))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def pytest_collection_finish(session) -> None:
    import claimcheck

    claimcheck.COLLECTED = {key for item in session.items if (key := case_key(item)) is not None}
    gc.freeze()  # what collection built lives to the end of the run (see gc.set_threshold above)


@pytest.fixture(autouse=True)
def _claims_rerun_their_tests_outside_the_ledgers(request) -> Iterator[None]:
    """Ledger checks share the runs of the tests they rest on (claimcheck.PASSED), and leave a test that is a case of
    this session to that case (claimcheck.COLLECTED); every other test (an attack that patches a page or a value, a
    test of the mechanism) starts and ends with none remembered, and runs every test a check rests on."""
    import claimcheck

    if getattr(request.node, "originalname", "") == "test_claims_hold":
        claimcheck.IN_LEDGER_CASE = request.node.callspec.params["claim"]
        try:
            yield
        finally:
            claimcheck.IN_LEDGER_CASE = None
        return
    claimcheck.PASSED.clear()
    claimcheck.SHARED.clear()
    yield
    claimcheck.PASSED.clear()
    claimcheck.SHARED.clear()


def claims_resting_on(item) -> list[str]:
    """The ledger claims that rest on this test case, as "page: id": those whose case left it to this one in this
    process, and those whose check is passes(the test) (their cases may have run in another worker)."""
    import claimcheck

    found = set(claimcheck.LEFT_TO_THEIR_CASE.get(case_key(item), ()))
    for module in list(sys.modules.values()):
        ledger = getattr(module, "__dict__", {}).get("LEDGER")
        if not isinstance(ledger, claimcheck.Ledger):
            continue
        for claim in ledger.claims:
            names = getattr(getattr(claim.check, "__code__", None), "co_freevars", ())
            cells = getattr(claim.check, "__closure__", None) or ()
            if any(name == "test" and cell.cell_contents is item.function for name, cell in zip(names, cells)):
                found.add(f"{ledger.page}: {claim.id}")
    return sorted(found)


def binding_of(claim) -> tuple[str, str, bool, bool]:
    """(page, id, whether its check returned what it measured for its words to judge, whether its sentence has words
    of the five classes of tests/claim_words.py): what the claims line of the summary counts."""
    import claim_words

    try:
        words = bool(claim_words.sites(claim.text)) if claim.kind != "equation" else False
    except LookupError:
        words = False
    return (claim.page, claim.id, bool(claim.bound), words)


def pytest_terminal_summary(terminalreporter) -> None:
    """One line: per page, the checked entries whose check reads their sentence's words (bound) and those whose
    sentence has claim words of the five classes but whose check returns True whatever it says (unbound)."""
    seen: dict[tuple[str, str], tuple[bool, bool]] = {}
    properties = resultcache.reused_properties()  # cases make test-fast reused (tests/resultcache.py), then those run
    for reports in terminalreporter.stats.values():
        for report in reports:
            properties += getattr(report, "user_properties", ())
    for name, value in properties:
        if name == "claim_binding":
            page, id, bound, words = value
            seen[(page, id)] = (bound, words)
    if not seen:
        return
    pages: dict[str, list[int]] = {}
    for (page, _id), (bound, words) in sorted(seen.items()):
        counts = pages.setdefault(page, [0, 0])
        if bound:
            counts[0] += 1
        elif words:
            counts[1] += 1
    bound, unbound = sum(c[0] for c in pages.values()), sum(c[1] for c in pages.values())
    listed = ", ".join(f"{page.removesuffix('.md')} {b}/{u}" for page, (b, u) in sorted(pages.items()) if b or u)
    terminalreporter.write_line(f"claims bound to their words / unbound (issue 37): {bound}/{unbound} ({listed})")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test that ledger claims rest on says which: their cases passed without running it again."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and getattr(item, "originalname", "") == "test_claims_hold":
        report.user_properties.append(("claim_binding", binding_of(item.callspec.params["claim"])))
    if report.when == "call" and report.failed and getattr(item, "function", None) is not None:
        claims = claims_resting_on(item)
        if claims:
            report.sections.append(("claims resting on this test (false until it passes again)", "\n".join(claims)))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id) -> Path:
    """The site, built once per run with `mkdocs build --strict` into a temporary folder (never regenerates). Under
    pytest-xdist the workers share one build: the first to ask builds it while the others wait on a lock."""
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    site, done = shared / "site", shared / "site.built"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(site, ignore_errors=True)  # a build that failed in another worker
            site.mkdir()
            try:
                site_audit.build(site)
            except RuntimeError as error:
                pytest.fail(str(error))
            done.touch()
    return site


@pytest.fixture(scope="session")
def worker_id(request) -> str:
    """pytest-xdist's worker name ("gw0", …), or "master" without it (xdist defines the same fixture when loaded)."""
    return getattr(request.config, "workerinput", {}).get("workerid", "master")


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over http on a free loopback port."""
    with site_audit.serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium driven by Playwright, with background networking off."""
    pytest.importorskip("playwright.sync_api")
    try:
        with site_audit.chromium() as instance:
            yield instance
    except FileNotFoundError as error:
        pytest.fail(str(error))


# What a page shows once read through, for the offline checks (tests/test_layout.py, and the bundle's in
# tests/test_browser.py): its formulas, typeset at build time, and the fonts they are drawn in; its images.
PAGE_STATE = r"""() => {
  const math = [...document.querySelectorAll('.arithmatex')];
  const images = [...document.querySelectorAll('article img')];
  // notebook pages: mkdocs-jupyter leaves raw $...$ in rendered Markdown cells for KaTeX to typeset
  const cells = [...document.querySelectorAll('.jupyter-wrapper .jp-RenderedMarkdown')];
  const raw = cells.map(c => {
    const copy = c.cloneNode(true);
    copy.querySelectorAll('.katex, code, pre').forEach(e => e.remove());
    return copy.textContent.match(/\$[^$]+\$/g) || [];
  }).flat();
  return {
    math: math.length,
    typeset: math.filter(e => e.querySelector('.katex')).length,
    errors: document.querySelectorAll('.katex-error').length,
    notebookMath: document.querySelectorAll('.jupyter-wrapper .katex').length,
    untypeset: raw,
    katexScript: typeof window.katex !== 'undefined' || typeof window.renderMathInElement !== 'undefined'
      || [...document.scripts].some(s => /katex/i.test(s.src)),
    mathFont: math.length === 0 || document.fonts.check('16px KaTeX_Main'),
    images: images.length,
    broken: images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')),
    // KaTeX's fonts the page drew with, and those its head preloaded (overrides/main.html, not from file://)
    fontsUsed: [...document.fonts].filter(f => f.family.startsWith('KaTeX_') && f.status === 'loaded')
      .map(f => `${f.family}-${f.style === 'italic' ? (f.weight === '700' ? 'BoldItalic' : 'Italic') : (f.weight === '700' ? 'Bold' : 'Regular')}`).sort(),
    fontsPreloaded: [...document.querySelectorAll('link[rel=preload][as=font]')]
      .map(l => l.getAttribute('href').split('/').pop().replace('.woff2', '')).sort(),
    title: document.title,
  };
}"""


def offline_problems(state: dict, console_errors: list[str], *, preloads: bool = True) -> list[str]:
    """What PAGE_STATE and the console say went wrong on a page with the network cut off. `preloads`: the fonts the
    page draws with are exactly those its head preloads (served over http; a browser does not preload from file://)."""
    problems = [f"console errors {console_errors}"] if console_errors else []
    if state["untypeset"]:
        problems.append(f"math left untypeset in notebook cells {state['untypeset'][:3]}")
    if state["typeset"] != state["math"] or state["errors"]:
        problems.append(f"{state['typeset']} of {state['math']} formulas typeset, {state['errors']} errors")
    if state["katexScript"]:
        problems.append("KaTeX JavaScript in the page (math is typeset at build time)")
    if not state["mathFont"]:
        problems.append("KaTeX's fonts are not loaded")
    if state["broken"]:
        problems.append(f"images not loaded {state['broken']}")
    if preloads and state["fontsPreloaded"] != state["fontsUsed"]:  # a font preloaded in vain, or one that shifts the page
        problems.append(f"KaTeX fonts preloaded {state['fontsPreloaded']}, used {state['fontsUsed']}")
    return problems


class OfflinePage:
    """A browser page that refuses every request leaving the machine and records it, with its console errors."""

    def __init__(self, context) -> None:
        self.page = context.new_page()
        self.external: list[str] = []
        self.console_errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.route("**/*", self._route)

    def _route(self, route) -> None:
        if site_audit.is_local(route.request.url):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()


@pytest.fixture
def offline_page(browser) -> Iterator[OfflinePage]:
    context = browser.new_context()
    yield OfflinePage(context)
    context.close()


from _read_through import FONTS_READY, WAIT_MS, read_through  # noqa: E402, F401  (for the browser tests; benchmarks/ is on sys.path above)
