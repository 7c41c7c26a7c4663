"""What a job is and where jobs are found.

snippets/<name>.py and snippets/<page>/<name>.py (page scripts; snippets/pelib/ is the library, never a job),
docs/notebooks/<name>.ipynb, benchmarks/<name>.py and experiments/<name>.py. Names starting with '_' are helpers.
A job named `<page>/<name>` writes docs/generated/<page>/<name>.<suffix> and <name>-<part>.<suffix>.

A page script may also read what other jobs saved: it names those files, relative to docs/generated/, in a
module-level `READS = ("extrapolation.json", ...)`. They are then inputs of the script like the modules it imports
(their change makes it stale), and regen runs it after the jobs that write them have been installed (the evidence
page's figures are drawn this way from the experiments' saved results, so restyling a figure retrains nothing).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import config
from .config import RECIPE, SNIPPETS, fixed_env, rel
from .imports import dependencies

# Installed in every script job before it imports anything: a write (open for writing, rename, remove, mkdir)
# outside REGEN_WRITABLE (staging, scratch, matplotlib's cache) raises and names the file. Child processes are not
# covered; runner.changed_files() catches what they write into the repository.
GUARD = r"""
def _regen_guard():
    import os, sys
    allowed = tuple(os.path.realpath(p) + os.sep for p in os.environ["REGEN_WRITABLE"].split(os.pathsep) if p)
    allowed += ("/dev/", "/proc/")
    writes = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    def check(path):
        if path is None or isinstance(path, int):
            return
        real = os.path.realpath(os.fsdecode(path))
        if not (real + os.sep).startswith(allowed):
            raise PermissionError(f"regen: a job may write only into its staging folder (docenv.output_path), "
                                  f"it tried to write {real}")
    def hook(event, args):
        if event == "open":
            path, mode, flags = args
            if isinstance(mode, str) and any(c in mode for c in "wax+"):
                check(path)
            elif isinstance(flags, int) and flags & writes:
                check(path)
        elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.truncate", "shutil.rmtree", "os.chmod"):
            check(args[0])
        elif event in ("os.rename", "os.link", "os.symlink"):
            check(args[1])
            if event == "os.rename":
                check(args[0])
    sys.addaudithook(hook)
_regen_guard()
del _regen_guard
"""

BOOT = """\
import os, runpy, sys
sys.path[:0] = [{snippets!r}, os.path.dirname(os.path.abspath(sys.argv[1]))]  # snippets/, then the job's folder
exec({guard!r})
from pelib import docenv
runpy.run_path(sys.argv[1], run_name="__main__")
"""


@dataclass
class Job:
    """One thing that makes outputs: a snippet or page script, a benchmark, an experiment, a notebook."""

    name: str  # "<stem>" or "<page>/<stem>"
    path: Path
    kind: str  # "snippet" | "bench" | "experiment" | "notebook"
    env: dict[str, str] = field(default_factory=dict)

    @property
    def stem(self) -> str:
        """The file name outputs start with (the name without its page folder)."""
        return self.name.rpartition("/")[2]

    @property
    def folder(self) -> str:
        """The page folder outputs and manifest go into, relative to docs/generated/ ("" for a flat job)."""
        return self.name.rpartition("/")[0]

    def output_name(self, filename: str) -> str:
        """A staged file's name relative to docs/generated/."""
        return f"{self.folder}/{filename}" if self.folder else filename

    def source(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def inputs(self) -> list[Path]:
        return dependencies(self.path, self.source(), [SNIPPETS, self.path.parent])

    @property
    def reads(self) -> tuple[str, ...]:
        """The generated files this script reads (its `READS`, relative to docs/generated/); () for most jobs."""
        return declared_reads(self.path, self.source()) if self.kind == "snippet" else ()

    def input_hashes(self) -> dict[str, str]:
        hashes = {rel(p): config.sha256(p) for p in self.inputs()}
        for name in self.reads:
            path = config.GENERATED / name
            hashes[rel(path)] = config.sha256(path) if path.is_file() else "missing"
        return hashes

    def input_key(self) -> str:
        digest = hashlib.sha256(f"{RECIPE}\n{self.kind}\n{sorted(self.env.items())}\n".encode())
        for path, value in sorted(self.input_hashes().items()):
            digest.update(f"{path} {value}\n".encode())
        return digest.hexdigest()

    def command(self) -> list[str]:
        return [sys.executable, "-c", BOOT.format(snippets=str(SNIPPETS), guard=GUARD), str(self.path)]

    def run(self, staging: Path, timeout: float) -> tuple[bool, str]:
        """Run this job alone, in a fresh interpreter, into `staging`: (ok, message). regen runs jobs with runner."""
        from .runner import Runner

        return Runner(timeout).run(self, staging)

    def environment(self, staging: Path, scratch: Path | None = None) -> dict[str, str]:
        env = fixed_env(staging, self.stem, scratch)
        if self.kind in config.MEASURING:  # they may see a GPU: the caller's CUDA_VISIBLE_DEVICES, unset if unset
            env.pop("CUDA_VISIBLE_DEVICES")
        return env | self.env


def declared_reads(path: Path, source: str) -> tuple[str, ...]:
    """A script's module-level `READS = ("name.json", ...)`: a tuple of plain file names under docs/generated/."""
    if "READS" not in source:  # most scripts: no second parse of the source
        return ()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "READS" for t in node.targets):
            try:
                names = ast.literal_eval(node.value)
            except ValueError:
                names = None
            if not (isinstance(names, tuple) and all(isinstance(n, str) and n and ".." not in n for n in names)):
                raise SystemExit(f"regen: {rel(path)}: READS must be a literal tuple of file names under "
                                 f"docs/generated/, got {ast.unparse(node.value)}")
            return names
    return ()


# --- notebooks ----------------------------------------------------------------------------------------------------
# A notebook is its own input (its code and Markdown cells) and its own output (the same file with outputs), executed
# in place. Its manifest keys the input on the cells' sources only and records the hash of the whole executed file
# apart ("executed"), so executing it never makes it stale, and hand-editing an output shows as "altered".

NB_BOOT = """\
import os, sys
import nbformat
from nbclient import NotebookClient
source, cwd = sys.argv[1], sys.argv[2]
target = os.path.join(os.environ.pop("REGEN_OUT"), os.environ["REGEN_STEM"] + ".ipynb")  # the kernel writes no outputs
nb = nbformat.read(source, as_version=4)
for cell in nb.cells:
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
NotebookClient(nb, kernel_name="python3", timeout=600, record_timing=False, allow_errors=False,
               resources={"metadata": {"path": cwd}}).execute()
nb.metadata.pop("widgets", None)
nb.metadata.get("language_info", {}).pop("version", None)  # the Python patch release is not the notebook's business
for cell in nb.cells:
    for key in ("execution", "collapsed", "scrolled"):
        cell.metadata.pop(key, None)
nbformat.validate(nb)
nbformat.write(nb, target)
"""


def notebook_cells(path: Path) -> list[tuple[str, str]]:
    """(cell type, source) of every cell: what a notebook job's cache key covers (outputs excluded)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return [(c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]) for c in cells]


def notebook_target(job: Job, generated: Path) -> Path:
    """Where a notebook's executed copy goes: over itself; with --generated-dir DIR (tests), to DIR/../notebooks/,
    as docs/notebooks/ lies beside docs/generated/ (so DIR holds outputs of snippets and benchmarks only)."""
    if generated.resolve() == config.GENERATED.resolve():
        return job.path
    return generated.parent / "notebooks" / job.path.name


class NotebookJob(Job):
    """docs/notebooks/<name>.ipynb executed in place with nbclient (kernel python3, no timings, errors fail it)."""

    def source(self) -> str:
        """The code cells, shell and magic lines dropped, to find the local modules the notebook imports."""
        code = [src for kind, src in notebook_cells(self.path) if kind == "code"]
        lines = [line for src in code for line in src.splitlines() if not line.lstrip().startswith(("%", "!"))]
        return "\n".join(lines)

    def input_hashes(self) -> dict[str, str]:
        hashes = super().input_hashes()
        cells = json.dumps(notebook_cells(self.path), ensure_ascii=False).encode()
        hashes[rel(self.path)] = hashlib.sha256(cells).hexdigest()  # the cells, not the file with its outputs
        return hashes

    def command(self) -> list[str]:
        return [sys.executable, "-c", NB_BOOT, str(self.path), str(self.path.parent)]


# --- discovery ----------------------------------------------------------------------------------------------------

IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
LIBRARY = "pelib"  # snippets/pelib/: the library page scripts import, never a job
# Flat scripts that are tools, not jobs: each needs an input from its user and generates nothing for a page.
TOOLS = {"pecheck.py": "the checker readers copy and run on their own table or module (docs/variants/clinic.md)"}


def page_scripts(folder: Path) -> list[Job]:
    """snippets/<name>.py (flat) and snippets/<page>/<name>.py: every script whose name does not start with '_'.
    The library package and folders starting with '_' (helpers, __pycache__) hold no jobs."""
    jobs = [Job(p.stem, p, "snippet") for p in sorted(folder.glob("*.py"))
            if not p.name.startswith("_") and p.name not in TOOLS]
    for page in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))):
        scripts = [p for p in sorted(page.glob("*.py")) if not p.name.startswith("_")]
        if page.name == LIBRARY or not scripts:
            continue
        bad = [rel(p) for p in [page, *scripts] if not IDENTIFIER.match(p.stem)]
        if bad:
            raise SystemExit(f"regen: page folders and scripts must be named like Python identifiers, got {bad}")
        jobs += [Job(f"{page.name}/{p.stem}", p, "snippet") for p in scripts]
    return jobs


def measuring_jobs(folder: Path, kind: str) -> list[Job]:
    """benchmarks/*.py or experiments/*.py: run one thread each, see the caller's GPUs (Job.environment); experiments
    run on the pinned numerical path (config.PINNED_NUMERICS, part of their cache key: changing it makes them stale)."""
    if not folder.is_dir():
        return []
    env = {k: os.environ[k] for k in ("CUDA_VISIBLE_DEVICES",) if k in os.environ}
    if kind == "experiment":
        env |= config.PINNED_NUMERICS
    return [Job(p.stem, p, kind, env=env) for p in sorted(folder.glob("*.py")) if not p.name.startswith("_")]


def discover() -> list[Job]:
    """Every job, by name; two jobs with one name (or a page folder named like a flat job) are refused."""
    jobs = page_scripts(config.SNIPPETS)
    jobs += measuring_jobs(config.BENCHMARKS, "bench")
    jobs += measuring_jobs(config.EXPERIMENTS, "experiment")
    if config.NOTEBOOKS.is_dir():
        jobs += [NotebookJob(p.stem, p, "notebook") for p in sorted(config.NOTEBOOKS.glob("*.ipynb"))]
    names = [j.name for j in jobs]
    clashes = sorted({n for n in names if names.count(n) > 1})
    clashes += sorted({j.folder for j in jobs if j.folder} & set(names))  # gen.<page> is the page's jobs
    if clashes:
        raise SystemExit(f"regen: two jobs share the name(s) {clashes}; outputs are named after jobs, rename one")
    return jobs
