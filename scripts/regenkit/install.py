"""The lock, staging folders, and moving outputs and manifests into place as one unit.

A regen holds a lock on its destination while it runs; its jobs write into staging-<pid>-*/ under .cache/regen/,
which it removes when done (and the next regen removes when a killed one could not). Installing writes every new
file beside its target first, then renames them all; if any step fails, everything renamed is put back.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .config import rel, sha256
from .jobs import Job, notebook_target
from .outputs import manifest_path, read_manifest


class InstallError(Exception):
    """A one-line reason docs/generated/ could not be written; nothing was changed."""


def lock_path(cache: Path, generated: Path) -> Path:
    """The lock file of one destination folder (tests regenerate into their own folders at the same time)."""
    return cache / f"lock-{hashlib.sha256(str(generated.resolve()).encode()).hexdigest()[:12]}"


@contextlib.contextmanager
def locked(cache: Path, generated: Path) -> Iterator[None]:
    """Hold the destination's lock, or refuse at once naming the regen that holds it."""
    path = lock_path(cache, generated)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise InstallError(
                f"another regen (pid {holder}) is writing {rel(generated)}; wait for it to finish or stop it"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_staging(cache: Path) -> None:
    """Staging folders whose regen is gone (killed, say) and so can no longer clean up after itself."""
    for folder in cache.glob("staging-*") if cache.is_dir() else []:
        pid = folder.name.split("-")[1]
        if not (pid.isdigit() and _alive(int(pid))):
            shutil.rmtree(folder, ignore_errors=True)


def new_staging(cache: Path) -> Path:
    cache.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"staging-{os.getpid()}-", dir=cache))


def destinations(job: Job, generated: Path) -> list[Path]:
    """The folders installing `job` writes into."""
    folders = [generated / job.folder, manifest_path(generated, job.name).parent]
    if job.kind == "notebook":
        folders.append(notebook_target(job, generated).parent)
    return folders


def check_writable(jobs: list[Job], generated: Path) -> None:
    """Create each destination folder and a file in it, before any job runs; InstallError names the first that
    fails (and the folders made for the check are removed again)."""
    made: list[Path] = []
    for folder in dict.fromkeys(f for job in jobs for f in destinations(job, generated)):
        try:
            missing = [p for p in (folder, *folder.parents) if not p.exists()]
            folder.mkdir(parents=True, exist_ok=True)
            made += reversed(missing)
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".regen-probe-"):
                pass
        except OSError as error:
            for path in reversed(made):
                with contextlib.suppress(OSError):
                    path.rmdir()
            reason = error.strerror or error
            raise InstallError(f"cannot write into {rel(folder)} ({reason}); nothing was run") from None


class Transaction:
    """Files to put in place and to remove, applied all together or not at all."""

    def __init__(self) -> None:
        self.writes: list[tuple[Path, Path]] = []  # (temporary file beside the target, target)
        self.removals: list[Path] = []

    def put(self, target: Path, data: bytes | Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.regen-new")
        self.writes.append((tmp, target))  # recorded first: abort() removes it even if writing it fails
        if isinstance(data, Path):
            shutil.copyfile(data, tmp)
        else:
            tmp.write_bytes(data)

    def remove(self, target: Path) -> None:
        if target.is_file():
            self.removals.append(target)

    def abort(self) -> None:
        for tmp, _ in self.writes:
            tmp.unlink(missing_ok=True)

    def commit(self) -> None:
        """Move each old file aside, each new one in; on any failure restore every old file and drop the new."""
        done: list[tuple[Path, Path | None, bool]] = []  # (target, its old file moved aside, new file placed)
        try:
            for tmp, target in [*self.writes, *((None, t) for t in self.removals)]:
                old = None
                if target.exists():
                    old = target.with_name(f".{target.name}.regen-old")
                    os.replace(target, old)
                done.append((target, old, False))
                if tmp is not None:
                    os.replace(tmp, target)
                    done[-1] = (target, old, True)
        except BaseException:
            for target, old, placed in reversed(done):
                if placed:
                    target.unlink(missing_ok=True)
                if old is not None:
                    os.rename(old, target)
            self.abort()
            raise
        for _, old, _ in done:
            if old is not None:
                old.unlink(missing_ok=True)


def plan(job: Job, staging: Path, generated: Path, transaction: Transaction) -> None:
    """Add a job's staged outputs, the outputs it no longer writes, and its manifest to `transaction`."""
    executed = None
    staged = {job.output_name(f.name): f for f in sorted(staging.iterdir())} if staging.is_dir() else {}
    if job.kind == "notebook":  # the executed notebook goes over itself, not into docs/generated/
        notebook = staged.pop(job.output_name(f"{job.stem}.ipynb"))
        transaction.put(notebook_target(job, generated), notebook)
        executed = sha256(notebook)
    new = {filename: sha256(f) for filename, f in staged.items()}
    old = (read_manifest(generated, job.name) or {}).get("outputs", {})
    for filename, source in staged.items():
        transaction.put(generated / filename, source)
    for filename in sorted(set(old) - set(new)):
        transaction.remove(generated / filename)
    manifest = {
        "job": rel(job.path),
        "kind": job.kind,
        "input_key": job.input_key(),
        "inputs": job.input_hashes(),
        "outputs": new,
    }
    if executed is not None:
        manifest["executed"] = executed
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    transaction.put(manifest_path(generated, job.name), text.encode())


def install_all(done: list[tuple[Job, Path]], generated: Path) -> None:
    """Install every (job, staging folder) as one unit: all outputs and manifests, or none (then raise OSError)."""
    transaction = Transaction()
    try:
        for job, staging in done:
            plan(job, staging, generated, transaction)
    except BaseException:
        transaction.abort()
        raise
    transaction.commit()


def install(job: Job, staging: Path, generated: Path) -> None:
    """Install one job's outputs and manifest as one unit."""
    install_all([(job, staging)], generated)
