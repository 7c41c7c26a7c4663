"""Screenshots of built pages as a reader sees them: full pages at 390 px (a phone) and 1300 px (a desktop), and the
page printed to A4 as a PDF (and PNG pages when Debian's poppler-utils is installed). For looking, not committed.

    .venv/bin/python scripts/screenshots.py [--site site] [--out screenshots] [page.html ...]   (default: linearity.html)

Builds the site first (`mkdocs build --strict`) when --site does not exist. Offline: nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("pages", nargs="*", default=["linearity.html"])
    args = parser.parse_args()
    if not args.site.exists():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(args.site)], cwd=ROOT, check=True)
    args.out.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name in args.pages:
            stem = name.removesuffix(".html").replace("/", "-")
            for width in (390, 1300):
                page = browser.new_page(viewport={"width": width, "height": 900})
                page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
                page.goto(f"{base}/{name}", wait_until="networkidle")
                page.evaluate("document.fonts.ready")
                page.screenshot(path=args.out / f"{stem}-{width}.png", full_page=True)
                if width == 1300:
                    page.emulate_media(media="print")
                    pdf = args.out / f"{stem}-a4.pdf"
                    page.pdf(path=pdf, format="A4", margin={"top": "10mm", "bottom": "10mm", "left": "10mm", "right": "10mm"})
                    if shutil.which("pdftoppm"):
                        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(args.out / f"{stem}-a4")], check=True)
                page.close()
                print(f"wrote {args.out}/{stem}-{width}.png")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
