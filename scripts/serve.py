#!/usr/bin/env python3
"""`make serve`: bring docs/generated/ up to date, then serve the site with live reload while regenerating on edits.

Two processes: `regen.py --watch` re-runs a snippet as soon as it (or a module it imports) is saved (file events,
one preloaded worker), and `mkdocs serve` rebuilds and reloads the browser once when the regenerated files land
under docs/ (it does not watch snippets/ itself: one rebuild per save). A snippet that fails shows its error at the
top of the page it feeds (.cache/regen/serve/status.json, read by scripts/docs_macros.py).

The address is http://127.0.0.1:8000 unless SERVE_ADDRESS says otherwise (`make serve SERVE_ADDRESS=127.0.0.1:8001`).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDRESS = os.environ.get("SERVE_ADDRESS", "127.0.0.1:8000")
STATUS = ROOT / ".cache" / "regen" / "serve" / "status.json"


def main() -> int:
    python = sys.executable
    first = subprocess.run([python, "scripts/regen.py"], cwd=ROOT)
    if first.returncode != 0:
        print("serve: some snippets fail (see above); serving the last good outputs meanwhile", file=sys.stderr)
    STATUS.parent.mkdir(parents=True, exist_ok=True)
    if not STATUS.is_file():
        STATUS.write_text('{"failed": {}}\n', encoding="utf-8")
    watcher = subprocess.Popen([python, "scripts/regen.py", "--watch"], cwd=ROOT)
    # mkdocs serve builds the site into a folder of TMPDIR and removes it when it stops; it is given a folder of ours,
    # removed below whatever happens to mkdocs (one killed in the middle of a rebuild, on a busy machine, left its
    # site behind).
    scratch = tempfile.mkdtemp(prefix="serve-")
    server = subprocess.Popen(
        [python, "-m", "mkdocs", "serve", "--livereload", "--dev-addr", ADDRESS, "--watch", str(STATUS.parent)],
        cwd=ROOT,
        env=os.environ | {"REGEN_SERVE_STATUS": str(STATUS), "TMPDIR": scratch},
    )
    try:
        return server.wait()
    except KeyboardInterrupt:
        # Ctrl-C reaches mkdocs too: it stops its server and removes the site it built in /tmp. Wait for that (a
        # subprocess.run() would kill it after a quarter of a second, leaving the site behind on a busy machine);
        # only a mkdocs the Ctrl-C did not reach is asked again, and one that does not stop is killed. The watcher
        # is stopped meanwhile, not after: both stop at once.
        watcher.terminate()
        for ask in (False, True):
            try:
                server.wait(timeout=10)
                break
            except subprocess.TimeoutExpired:
                if ask:
                    server.kill()
                else:
                    server.send_signal(signal.SIGINT)
        server.wait()
        return 0
    finally:
        # Whatever happens here, the folder goes once mkdocs has stopped: a watcher slow to stop (it waits for its
        # jobs, seconds on a busy machine) raised out of this block before the folder was removed, and left it.
        watcher.terminate()
        try:
            watcher.wait(timeout=10)
        except subprocess.TimeoutExpired:
            watcher.kill()
            watcher.wait()
        finally:
            if server.poll() is not None:  # a mkdocs still running (an error above) may still write there
                shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
