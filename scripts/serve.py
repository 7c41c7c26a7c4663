#!/usr/bin/env python3
"""`make serve`: bring docs/generated/ up to date, then serve the site with live reload while regenerating on edits.

Two processes: `regen.py --watch` re-runs a snippet as soon as it (or a module it imports) is saved, and
`mkdocs serve` rebuilds and reloads the browser when the regenerated files land under docs/.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDRESS = os.environ.get("SERVE_ADDRESS", "127.0.0.1:8000")


def main() -> int:
    python = sys.executable
    first = subprocess.run([python, "scripts/regen.py"], cwd=ROOT)
    if first.returncode != 0:
        print("serve: some snippets fail (see above); serving the last good outputs meanwhile", file=sys.stderr)
    watcher = subprocess.Popen([python, "scripts/regen.py", "--watch"], cwd=ROOT)
    try:
        server = subprocess.run(
            [python, "-m", "mkdocs", "serve", "--livereload", "--dev-addr", ADDRESS], cwd=ROOT
        )
        return server.returncode
    except KeyboardInterrupt:
        return 0
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
