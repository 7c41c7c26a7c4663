"""regen under faults (issue 12 §1, §3): a job cannot write outside its staging folder, a timeout or Ctrl-C leaves no
process and no staging behind, bad output is refused by name, two regens do not interleave, and docs/generated/ is
either fully updated or left as it was. Each test runs regen on a copy of the repository (tests/test_regen.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from conftest import ROOT, as_in_a_terminal
from test_regen import copy_repository, write

sys.path.insert(0, str(ROOT / "scripts"))
import regen  # noqa: E402

pytestmark = pytest.mark.usefixtures("shared_regen_worker")  # conftest.py


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    return copy_repository(tmp_path)


def run(root: Path, *args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(root / "scripts" / "regen.py"), *args], cwd=root, capture_output=True, text=True, **kwargs
    )


def processes_with(marker: str) -> list[int]:
    """Pids whose command line contains `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


# A job that says its process id (a fork of the preloaded worker has the worker's command line, so a job cannot be
# told by its own) and then sleeps.
SLOW = '"""Take long."""\nimport os\nimport time\nprint(os.getpid(), flush=True)\ntime.sleep(90)\n'


def running_jobs(cache: Path, timeout: float = 60, count: int = 1) -> list[int]:
    """The process ids that `count` SLOW jobs printed into their staging folders, once they all have."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = [p.read_text().strip() for p in cache.glob("staging-*/zz_slow*/zz_slow*.txt")]
        if len(said) >= count and all(said):
            return [int(pid) for pid in said]
        time.sleep(0.1)
    raise AssertionError(f"{count} job(s) never started")


def alive(pids: list[int]) -> list[int]:
    """Those of `pids` still running (a zombie has ended)."""
    found = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            found.append(pid)
    return found


@pytest.mark.slow
def test_a_write_into_the_tree_or_tmp_fails_the_job_and_names_the_file(repo_copy):
    outside = Path("/tmp") / f"zz_escape_{uuid.uuid4().hex}"
    write(
        repo_copy / "snippets" / "zz_escape.py",
        f'"""Write where it must not."""\nopen({str(outside)!r}, "w").write("x")\n',
    )
    write(
        repo_copy / "snippets" / "zz_overwrite.py",
        '"""Overwrite a page."""\nfrom pathlib import Path\nPath("docs/index.md").write_text("gone")\n',
    )
    for name, target in (("zz_escape", str(outside)), ("zz_overwrite", "docs/index.md")):
        proc = run(repo_copy, name)
        assert proc.returncode != 0, proc.stdout
        assert f"snippets/{name}.py failed" in proc.stderr and target in proc.stderr, proc.stderr
    assert not outside.exists() and not (repo_copy / "docs" / "index.md").exists()
    assert not list((repo_copy / "docs" / "generated").glob("zz_*"))


@pytest.mark.slow
def test_a_write_into_the_tree_by_a_child_process_fails_the_run(repo_copy):
    write(
        repo_copy / "snippets" / "zz_shell.py",
        '"""Write through a shell."""\nimport subprocess\nsubprocess.run("echo x > docs/zz_page.md", shell=True)\n',
    )
    proc = run(repo_copy, "zz_shell")
    assert proc.returncode != 0 and "docs/zz_page.md" in proc.stderr, proc.stdout + proc.stderr
    assert not list((repo_copy / "docs" / "generated").glob("zz_*"))


@pytest.mark.slow
def test_a_timeout_kills_the_jobs_whole_process_group(repo_copy):
    marker = f"{31000 + os.getpid() % 1000}.{uuid.uuid4().int % 1000}"
    write(
        repo_copy / "snippets" / "zz_hang.py",
        f'"""Start a child, then hang."""\nimport subprocess, time\nsubprocess.Popen(["sleep", "{marker}"])\n'
        "time.sleep(120)\n",
    )
    proc = subprocess.Popen(
        [sys.executable, str(repo_copy / "scripts" / "regen.py"), "--timeout", "10", "zz_hang"],
        cwd=repo_copy,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while not processes_with(f"sleep {marker}") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_with(f"sleep {marker}"), "the job did not start its child in time (a loaded machine?)"
    _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0 and "did not finish within 10 s" in err, err
    deadline = time.monotonic() + 3
    while processes_with(f"sleep {marker}") and time.monotonic() < deadline:
        time.sleep(0.1)
    left = processes_with(f"sleep {marker}")
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "a child of the timed-out job survived it"


def signal_a_worker_thread(pid: int, signum: int) -> None:
    """Deliver `signum` to a thread of `pid` other than its main one, as the kernel may do with a signal sent to the
    process (tgkill, Linux)."""
    import ctypes
    import platform

    tgkill = {"x86_64": 234, "aarch64": 131}.get(platform.machine())
    if tgkill is None:
        pytest.skip(f"the tgkill system call number on {platform.machine()} is not known here")
    threads = sorted(int(t.name) for t in Path(f"/proc/{pid}/task").iterdir() if int(t.name) != pid)
    assert threads, "regen runs its jobs from threads"
    assert ctypes.CDLL(None, use_errno=True).syscall(tgkill, pid, threads[0], signum) == 0, ctypes.get_errno()


@pytest.mark.slow
@pytest.mark.parametrize("target, worker", [("process", "shared"), ("worker thread", "shared"), ("process", "own")])
def test_ctrl_c_stops_every_job_removes_staging_and_exits_non_zero(repo_copy, target, worker):
    """The jobs run in forks of the session's shared worker, or of the run's own (as on a reader's machine)."""
    for i in range(3):
        write(repo_copy / "snippets" / f"zz_slow{i}.py", SLOW)
    cache = repo_copy / ".cache" / "regen"
    env = {k: v for k, v in os.environ.items() if worker == "shared" or k != "REGEN_SHARED_WORKER"}
    proc = subprocess.Popen(
        [sys.executable, str(repo_copy / "scripts" / "regen.py"), "-j", "1", *(f"zz_slow{i}" for i in range(3))],
        cwd=repo_copy,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_in_a_terminal,
    )
    jobs = running_jobs(cache)  # -j 1: one runs, two wait
    started = time.monotonic()
    if target == "process":
        proc.send_signal(signal.SIGINT)
    else:  # a main thread in an untimed wait would not see it until a job ended (a 90 s sleep here)
        signal_a_worker_thread(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("regen ran on after Ctrl-C")
    assert time.monotonic() - started < 10
    assert proc.returncode != 0, out + err
    assert "interrupted" in err and "Traceback" not in err, err
    assert not list(cache.glob("staging-*")), "Ctrl-C left a staging folder"
    assert not alive(jobs), "a job outlived Ctrl-C"
    assert not processes_with(str(repo_copy / "snippets" / "zz_slow")), "a job outlived Ctrl-C"


@pytest.mark.slow
def test_a_killed_regen_leaves_no_job_running_in_the_shared_worker(repo_copy):
    """A regen killed outright cannot stop its jobs: the shared worker, which outlives it, kills what the closed
    connection still ran (the run's own worker does the same when its input closes)."""
    write(repo_copy / "snippets" / "zz_slow.py", SLOW)
    proc = subprocess.Popen([sys.executable, str(repo_copy / "scripts" / "regen.py"), "zz_slow"], cwd=repo_copy,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    jobs = running_jobs(repo_copy / ".cache" / "regen")
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10
    while alive(jobs) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(jobs), "the job outlived its regen"


@pytest.mark.slow
def test_a_staging_folder_left_by_a_killed_regen_is_removed(repo_copy):
    stale = repo_copy / ".cache" / "regen" / "staging-4194999-zzstale"
    write(stale / "zz" / "big.txt", "left behind\n")
    write(repo_copy / "snippets" / "zz_tiny.py", '"""Print."""\nprint("tiny")\n')
    proc = run(repo_copy, "zz_tiny")
    assert proc.returncode == 0, proc.stderr
    assert not stale.exists()


@pytest.mark.slow
def test_output_that_is_not_utf8_is_refused_naming_the_snippet(repo_copy):
    write(
        repo_copy / "snippets" / "zz_latin1.py",
        '"""Print Latin-1."""\nimport sys\nsys.stdout.buffer.write(b"caf\\xe9\\n")\n',
    )
    proc = run(repo_copy, "zz_latin1")
    assert proc.returncode != 0
    assert "snippets/zz_latin1.py" in proc.stderr and "UTF-8" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.slow
def test_an_output_over_the_size_limit_is_refused(repo_copy):
    size = regen.MAX_OUTPUT_BYTES + 1
    write(repo_copy / "snippets" / "zz_huge.py", f'"""Print a lot."""\nimport sys\nsys.stdout.write("x" * {size})\n')
    proc = run(repo_copy, "zz_huge")
    assert proc.returncode != 0
    assert "snippets/zz_huge.py" in proc.stderr and "zz_huge.txt" in proc.stderr and "limit" in proc.stderr, proc.stderr
    assert not (repo_copy / "docs" / "generated" / "zz_huge.txt").exists()


@pytest.mark.slow
def test_a_second_regen_refuses_while_one_holds_the_lock(repo_copy):
    import fcntl

    write(repo_copy / "snippets" / "zz_tiny.py", '"""Print."""\nprint("tiny")\n')
    generated = (repo_copy / "docs" / "generated").resolve()
    lock = regen.lock_path(repo_copy / ".cache" / "regen", generated)
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        proc = run(repo_copy, "zz_tiny", timeout=60)
    assert proc.returncode != 0 and "another regen" in proc.stderr, proc.stdout + proc.stderr
    assert not (generated / "zz_tiny.txt").exists()
    assert run(repo_copy, "zz_tiny").returncode == 0


@pytest.mark.slow
def test_an_unwritable_destination_is_named_before_any_job_runs(repo_copy):
    write(repo_copy / "snippets" / "zzpage" / "demo.py", '"""Print."""\nprint("demo")\n')
    write(repo_copy / "docs" / "generated" / ".manifest" / "zzpage", "a file where a folder must be\n")
    proc = run(repo_copy, "zzpage/demo")
    assert proc.returncode != 0
    assert "docs/generated/.manifest/zzpage" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert "ran snippets/zzpage/demo.py" not in proc.stdout, "the job ran before the destination was checked"
    assert not (repo_copy / "docs" / "generated" / "zzpage").exists()


def test_outputs_and_manifest_are_installed_as_one_unit(tmp_path, monkeypatch):
    script = write(tmp_path / "snippets" / "zz_unit.py", "print(1)\n")
    job = regen.Job("zz_unit", script, "snippet")
    generated = tmp_path / "generated"
    write(generated / "zz_unit.txt", "old\n")
    write(generated / "zz_unit-part.txt", "old part\n")
    old_manifest = {"outputs": {"zz_unit.txt": "x", "zz_unit-part.txt": "y"}}
    write(generated / ".manifest" / "zz_unit.json", json.dumps(old_manifest))
    staging = tmp_path / "staging"
    write(staging / "zz_unit.txt", "new\n")
    write(staging / "zz_unit-part.txt", "new part\n")
    real_replace = os.replace

    def refuse_manifest(src, dst, *args, **kwargs):
        if ".manifest" in str(dst):
            raise PermissionError(13, "Permission denied", str(dst))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(regen.os, "replace", refuse_manifest)
    with pytest.raises(OSError):
        regen.install(job, staging, generated)
    assert (generated / "zz_unit.txt").read_text() == "old\n", "an output was replaced but its manifest was not"
    assert (generated / "zz_unit-part.txt").read_text() == "old part\n"
    assert json.loads((generated / ".manifest" / "zz_unit.json").read_text()) == old_manifest
    left = sorted(p.name for p in generated.rglob("*"))
    assert left == [".manifest", "zz_unit-part.txt", "zz_unit.json", "zz_unit.txt"]


@pytest.mark.parametrize("caller", [None, "", "1"])
def test_benchmark_jobs_inherit_the_callers_cuda_visible_devices(monkeypatch, tmp_path, caller):
    if caller is None:
        monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    else:
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", caller)
    jobs = {j.kind: j for j in regen.discover()}
    bench_env = jobs["bench"].environment(tmp_path)
    if caller is None:
        assert "CUDA_VISIBLE_DEVICES" not in bench_env, "a benchmark job was hidden from the GPU"
    else:
        assert bench_env["CUDA_VISIBLE_DEVICES"] == caller
    assert jobs["snippet"].environment(tmp_path)["CUDA_VISIBLE_DEVICES"] == "", "snippets must stay on the CPU"


KERNEL_PROBE = '''"""Say which CPU kernel torch uses and who started this job."""
import os
import torch
print(torch.backends.cpu.get_cpu_capability())
parent = open(f"/proc/{os.getppid()}/cmdline").read()
print("forkserver.py" in parent and "--listen" not in parent)  # the run's own worker, not the shared one
'''


@pytest.mark.slow
def test_the_preloaded_worker_runs_snippets_under_the_callers_cpu_kernel(repo_copy):
    for name in ("zz_kernel_a", "zz_kernel_b"):
        write(repo_copy / "snippets" / f"{name}.py", KERNEL_PROBE)
    proc = run(repo_copy, "zz_kernel_a", "zz_kernel_b", env=os.environ | {"ATEN_CPU_CAPABILITY": "default"})
    assert proc.returncode == 0, proc.stderr
    for name in ("zz_kernel_a", "zz_kernel_b"):
        assert (repo_copy / "docs" / "generated" / f"{name}.txt").read_text() == "DEFAULT\nTrue\n"


# Who runs a single snippet: the session's shared worker when it fits (this file uses one: conftest.py), a fresh
# interpreter when it does not (another kernel asked for, whose worker would have to start with it) or when there is
# none, as on a reader's machine.
SINGLE_JOB = {
    "shared worker": ({}, "{native}\nshared\n"),
    "another kernel": ({"ATEN_CPU_CAPABILITY": "default"}, "DEFAULT\nfresh\n"),
    "no shared worker": ({"REGEN_SHARED_WORKER": None}, "{native}\nfresh\n"),
}
WHO_RUNS_ME = '''"""Say which CPU kernel torch uses and what started this job."""
import os
import torch
print(torch.backends.cpu.get_cpu_capability())
parent = open(f"/proc/{os.getppid()}/cmdline").read()
print("shared" if "--listen" in parent else "own" if "forkserver.py" in parent else "fresh")
'''


@pytest.mark.slow
@pytest.mark.parametrize("case", SINGLE_JOB)
def test_a_single_snippet_runs_in_the_shared_worker_only_when_it_fits(repo_copy, case):
    import torch

    change, expected = SINGLE_JOB[case]
    write(repo_copy / "snippets" / "zz_who.py", WHO_RUNS_ME)
    env = {k: v for k, v in (os.environ | change).items() if v is not None}
    assert ("REGEN_SHARED_WORKER" in env) == (case != "no shared worker")
    proc = run(repo_copy, "zz_who", env=env)
    assert proc.returncode == 0, proc.stderr
    native = torch.backends.cpu.get_cpu_capability()
    assert (repo_copy / "docs" / "generated" / "zz_who.txt").read_text() == expected.format(native=native)


def test_the_preloaded_worker_writes_the_bytecode_of_what_it_preloads(tmp_path):
    """The jobs' environment writes no bytecode (PYTHONDONTWRITEBYTECODE): preload() writes it for PRELOAD's modules
    all the same, so that a fresh clone's regens do not compile them again in memory, and turns the setting back
    afterwards. A module that is not installed is left out."""
    (tmp_path / "zz_preloaded.py").write_text('"""Stand in for an installed module."""\nVALUE = 1\n')
    probe = f"""
import sys
sys.path[:0] = [{str(tmp_path)!r}, {str(ROOT / "scripts" / "regenkit")!r}]
import forkserver
forkserver.PRELOAD = ("zz_preloaded", "zz_not_installed")
forkserver.preload()
print(sys.dont_write_bytecode, "zz_preloaded" in sys.modules)
"""
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPYCACHEPREFIX", None)
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True"], proc.stdout
    assert [p.name.split(".")[0] for p in (tmp_path / "__pycache__").glob("*.pyc")] == ["zz_preloaded"]
