"""Screenshots of built pages as a reader sees them: full pages at 390 px (a phone) and 1300 px (a desktop), and the
page printed to A4 as a PDF (and PNG pages when Debian's poppler-utils is installed). For looking, not committed.

    .venv/bin/python scripts/screenshots.py [--site site] [--out screenshots] [page.html ...]   (default: linearity.html)

Builds the site first when --site does not exist. The build, the loopback server and Chromium are those of
benchmarks/_site_audit.py, shared with the tests. Offline: nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import _site_audit  # noqa: E402  (the one build, server and browser launch)
from _read_through import read_through  # noqa: E402

WIDTHS = (390, 1300)
A4_MARGIN = {"top": "10mm", "bottom": "10mm", "left": "10mm", "right": "10mm"}


def shoot(browser, base: str, name: str, out: Path) -> list[Path]:
    """Screenshots of one page at every width, and its A4 print; return the files written."""
    stem = name.removesuffix(".html").replace("/", "-")
    written = []
    for width in WIDTHS:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.route("**/*", lambda r: r.continue_() if _site_audit.is_local(r.request.url) else r.abort())
        page.goto(f"{base}/{name}", wait_until="networkidle")
        page.evaluate("document.fonts.ready")
        # blocks past the first few are laid out just after load (extra.css): wait until the page is whole
        page.wait_for_function("'laidOut' in document.documentElement.dataset", timeout=10_000)
        read_through(page)  # lazily loaded figures load as the reader scrolls to them
        written.append(out / f"{stem}-{width}.png")
        page.screenshot(path=written[-1], full_page=True)
        if width == WIDTHS[-1]:
            page.emulate_media(media="print")
            pdf = out / f"{stem}-a4.pdf"
            page.pdf(path=pdf, format="A4", margin=A4_MARGIN)
            written.append(pdf)
            if shutil.which("pdftoppm"):
                subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(out / f"{stem}-a4")], check=True)
        page.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("pages", nargs="*", default=["linearity.html"])
    args = parser.parse_args(argv)
    if not args.site.exists():
        _site_audit.build(args.site)
    missing = [name for name in args.pages if not (args.site / name).is_file()]
    if missing:
        parser.error(f"pages must be HTML files of the built site {args.site}, got {missing}")
    args.out.mkdir(parents=True, exist_ok=True)
    with _site_audit.serve(args.site) as base, _site_audit.chromium() as browser:
        for name in args.pages:
            for path in shoot(browser, base, name, args.out):
                print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
