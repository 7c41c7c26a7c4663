"""What a job may write, the manifests that record what it wrote, and what `--check` reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

from . import benchreport
from .config import HOW, MANIFEST_DIR, MAX_OUTPUT_BYTES, rel, sha256
from .jobs import Job, notebook_target

NEGATIVE_ZERO = re.compile(r"(?<![\w.])-0(?:\.0*)?(?![\w.])")
TEXT_SUFFIXES = (".txt", ".md", ".json", ".csv")


def output_problems(stem: str, path: Path) -> list[str]:
    """Why an output file may not be committed: not a plain file, wrong name, too big, text that is not UTF-8, or
    an unstable negative zero."""
    if not path.is_file() or path.is_symlink():
        return [f"{path.name}: outputs must be plain files"]
    problems = []
    if not (path.name.startswith(f"{stem}.") or path.name.startswith(f"{stem}-")):
        problems.append(f"{path.name}: output names must start with '{stem}.' or '{stem}-'")
    size = path.stat().st_size
    if size > MAX_OUTPUT_BYTES:
        return problems + [f"{path.name}: {size:,} bytes, over the limit of {MAX_OUTPUT_BYTES:,} bytes per output"]
    if path.suffix in TEXT_SUFFIXES:
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as error:
            bad = error.object[error.start : error.start + 1].hex()
            return problems + [f"{path.name}: is not UTF-8 text (byte 0x{bad} at offset {error.start})"]
        for number, line in enumerate(text.splitlines(), 1):
            if NEGATIVE_ZERO.search(line):
                problems.append(f"{path.name}:{number}: prints a negative zero (use docenv.fmt): {line.strip()}")
    return problems


def manifest_path(generated: Path, name: str) -> Path:
    return generated / MANIFEST_DIR / f"{name}.json"


def read_manifest(generated: Path, name: str) -> dict | None:
    path = manifest_path(generated, name)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return None


def status(job: Job, generated: Path) -> list[str]:
    """What is wrong with the committed outputs of `job`, as lines for the user; empty when they are current."""
    manifest = read_manifest(generated, job.name)
    how = HOW[job.kind]
    if manifest is None:
        return [f"missing: {rel(manifest_path(generated, job.name))} ({rel(job.path)} has never been run: {how})"]
    problems = []
    if manifest.get("input_key") != job.input_key():
        old = manifest.get("inputs", {})
        changed = sorted(p for p, h in job.input_hashes().items() if old.get(p) != h) or ["the way it is run"]
        problems.append(f"stale: {rel(job.path)} (changed since its outputs were made: {', '.join(changed)}; {how})")
    for filename, digest in sorted(manifest.get("outputs", {}).items()):
        path = generated / filename
        if not path.is_file():
            problems.append(f"missing: {rel(path)} (written by {rel(job.path)}; {how})")
        elif sha256(path) != digest:
            problems.append(f"altered: {rel(path)} (differs from what {rel(job.path)} wrote; {how})")
    if job.kind == "notebook" and not problems:  # a stale notebook's file differs anyway: say stale, not altered
        problems += notebook_status(job, generated, manifest)
    if job.kind == "bench":
        problems += bench_structure(job, generated)
    return problems


def notebook_status(job: Job, generated: Path, manifest: dict) -> list[str]:
    """Is the executed notebook the one regen wrote? (Its cells are covered by the input key.)"""
    target = notebook_target(job, generated)
    executed = manifest.get("executed")
    if not target.is_file() or not executed:
        return [f"missing: {rel(target)} (the executed notebook; make regen)"]
    if sha256(target) != executed:
        return [f"altered: {rel(target)} (its outputs differ from what regen wrote when it executed it; make regen)"]
    return []


def bench_structure(job: Job, generated: Path) -> list[str]:
    """What is wrong with a benchmark's report NAME.json (benchreport owns what it must hold)."""
    path = generated / job.output_name(f"{job.stem}.json")
    return [f"structure: {rel(path)} {problem}" for problem in benchreport.file_problems(path)]


def strays(jobs: list[Job], generated: Path) -> list[str]:
    """Files under docs/generated/ that no job wrote, and manifests of jobs that no longer exist."""
    known = {j.name for j in jobs}
    owned = {manifest_path(generated, n).resolve() for n in known}
    for name in known:
        manifest = read_manifest(generated, name) or {}
        owned.update((generated / f).resolve() for f in manifest.get("outputs", {}))
    lines = []
    for path in sorted(p for p in generated.rglob("*") if p.is_file()):
        if path.resolve() not in owned:
            lines.append(f"stray: {rel(path)} (no snippet, notebook, benchmark or experiment writes it: delete it)")
    return lines


def remove_orphans(jobs: list[Job], generated: Path) -> None:
    """Delete what regen itself wrote for jobs that no longer exist (their manifests say which files)."""
    known = {j.name for j in jobs}
    folder = generated / MANIFEST_DIR
    for path in sorted(folder.rglob("*.json")) if folder.is_dir() else []:
        name = path.relative_to(folder).with_suffix("").as_posix()
        if name in known:
            continue
        manifest = read_manifest(generated, name) or {}
        for filename in manifest.get("outputs", {}):
            (generated / filename).unlink(missing_ok=True)
        path.unlink()
        for empty in (path.parent, (generated / name).parent):  # a page folder left empty goes too
            if empty not in (folder, generated) and empty.is_dir() and not any(empty.iterdir()):
                empty.rmdir()
        print(f"regen: removed the outputs of {manifest.get('job', name)}, which no longer exists")
