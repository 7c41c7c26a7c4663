"""The site as one zip for reading offline: unzip it anywhere and open index.html from file:// (`make bundle`).

    .venv/bin/python scripts/bundle.py [--out dist/sinusoidal-pe-site.zip] [--site DIR]

Builds the site as `make build` does (strict, never regenerating) but without SITE_URL, so every link is relative
and works from the unzipped folder; with --site it zips a site built already. The zip holds one folder,
sinusoidal-pe-site/, with entries in a fixed order and a fixed date: the same tree gives the same bytes. The zip
is written beside its final name and moved into place, so a failed run leaves no half-written file.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import _site_audit  # noqa: E402  (the one strict build, shared with the tests and the budgets)

BUNDLE = ROOT / "dist" / "sinusoidal-pe-site.zip"
FOLDER = "sinusoidal-pe-site"  # the one top-level folder of the zip: unzipping never spills files
DATE = (2000, 1, 1, 0, 0, 0)  # zip entries carry a date; a fixed one keeps the bytes reproducible


def zip_site(site: Path, out: Path) -> Path:
    """Write every file of the built `site` into the zip `out` under FOLDER/; return `out`."""
    index = site / "index.html"
    if not index.is_file():
        raise ValueError(f"site must be a built site with an index.html, got {site} (no {index.name} there)")
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(p for p in site.rglob("*") if p.is_file()):
                info = zipfile.ZipInfo(f"{FOLDER}/{path.relative_to(site).as_posix()}", date_time=DATE)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes(), compresslevel=9)
        os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=BUNDLE, help="where the zip goes (default: %(default)s)")
    parser.add_argument("--site", type=Path, help="zip this built site instead of building one")
    args = parser.parse_args(argv)
    if args.site is not None:
        out = zip_site(args.site, args.out)
    else:
        with tempfile.TemporaryDirectory() as folder:
            site = Path(folder) / "site"
            _site_audit.build(site, env={"SITE_URL": None})  # relative links only: the zip is read from file://
            out = zip_site(site, args.out)
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB): unzip it and open {FOLDER}/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
