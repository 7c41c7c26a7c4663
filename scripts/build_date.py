"""mkdocs hook: a build is dated by the last commit, not by the day it runs, so two builds are byte-identical.

mkdocs dates the sitemap (each page's <lastmod>, and the gzip header of sitemap.xml.gz) with the day of the build
unless SOURCE_DATE_EPOCH is set (https://reproducible-builds.org/specs/source-date-epoch/). This hook sets it to
the time of the last commit when the caller has not set it; outside a git checkout the build keeps today's date.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def last_commit_time(folder: Path) -> int | None:
    """Seconds since the epoch of the commit checked out in `folder`; None outside a git checkout."""
    try:
        proc = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=folder, capture_output=True, text=True, check=False, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):  # no git on this machine
        return None
    return int(proc.stdout) if proc.returncode == 0 and proc.stdout.strip().isdigit() else None


def on_config(config):
    if "SOURCE_DATE_EPOCH" not in os.environ:
        epoch = last_commit_time(Path(config.config_file_path).parent)
        if epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    return config
