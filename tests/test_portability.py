"""Outputs do not depend on the CPU: every snippet and notebook job, re-run under each other vector kernel of torch
that this CPU can run (`ATEN_CPU_CAPABILITY`), writes exactly the committed bytes.

`test_regen.py::test_outputs_match_what_the_code_produces_now` re-runs them under the machine's own kernel; this
test adds the others, so an output that prints rounding noise (digits that change with the kernel) is caught on any
CPU, not only on the one that differs from the committer's. On an AVX-512 machine that is `default` and `avx2`;
on an AVX2 machine `default`; elsewhere (ARM) only the native kernel exists to torch, and this test skips.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import torch
from conftest import GENERATED, run_python

KERNELS = ("default", "avx2", "avx512")


def runnable_kernels() -> list[str]:
    """The kernels torch can be told to use on this CPU (x86 flags in /proc/cpuinfo)."""
    try:
        flags = set(Path("/proc/cpuinfo").read_text().split())
    except OSError:
        flags = set()
    kernels = ["default"]
    if "avx2" in flags:
        kernels.append("avx2")
    if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags:
        kernels.append("avx512")
    return kernels


NATIVE = torch.backends.cpu.get_cpu_capability().lower()  # "default", "avx2" or "avx512" on x86
OTHERS = [k for k in runnable_kernels() if k != NATIVE]


def tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".manifest" not in p.parts
    }


def bench_outputs() -> set[str]:
    """Outputs of benchmark and experiment jobs (a forced regen does not re-run them)."""
    names = set()
    for manifest in (GENERATED / ".manifest").rglob("*.json"):
        text = manifest.read_text(encoding="utf-8")
        if '"kind": "bench"' in text or '"kind": "experiment"' in text:  # measured or trained, not forced
            import json

            names.update(json.loads(text)["outputs"])
    return names


@pytest.mark.slow
@pytest.mark.skipif(not OTHERS, reason=f"torch has no kernel but {NATIVE!r} on this CPU")
@pytest.mark.parametrize("kernel", OTHERS)
def test_outputs_are_the_same_under_every_cpu_kernel(kernel, tmp_path):
    fresh = tmp_path / "generated"
    proc = run_python("scripts/regen.py", "--force", "--generated-dir", str(fresh),
                      env=__import__("os").environ | {"ATEN_CPU_CAPABILITY": kernel})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    skip = bench_outputs()
    committed = {k: v for k, v in tree(GENERATED).items() if k not in skip}
    regenerated = tree(fresh)
    differ = sorted(k for k in committed.keys() & regenerated.keys() if committed[k] != regenerated[k])
    assert not differ, (
        f"under ATEN_CPU_CAPABILITY={kernel} these outputs differ from the committed ones (native kernel {NATIVE}):"
        f" {differ}. They print digits that depend on the CPU: show such a quantity as a bound (docenv.bound)"
        " or with the digits that are stable."
    )
    notebooks = GENERATED.parent / "notebooks"
    for executed in sorted((fresh.parent / "notebooks").glob("*.ipynb")):
        assert executed.read_bytes() == (notebooks / executed.name).read_bytes(), (
            f"under ATEN_CPU_CAPABILITY={kernel} the executed notebook {executed.name} differs from the committed one"
        )
