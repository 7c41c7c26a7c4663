"""The playground notebook: executed by regen, outputs committed and current, deterministic, offered for download."""

from __future__ import annotations

import base64
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import ROOT, run_python
from support import repo_text

NOTEBOOK = ROOT / "docs" / "notebooks" / "playground.ipynb"


def _nb():
    return json.loads(repo_text("docs/notebooks/playground.ipynb"))  # read when a test needs it (support.repo_text)

CODE = [c for c in _nb()["cells"] if c["cell_type"] == "code"]


def text(cell_or_output: dict, key: str = "source") -> str:
    value = cell_or_output[key]
    return "".join(value) if isinstance(value, list) else value


def test_committed_outputs_are_complete_and_carry_no_volatile_metadata() -> None:
    assert _nb()["metadata"]["kernelspec"]["name"] == "python3"
    assert "version" not in _nb()["metadata"].get("language_info", {})
    assert [c["execution_count"] for c in CODE] == list(range(1, len(CODE) + 1)), "not executed top to bottom"
    for cell in _nb()["cells"]:
        assert not {"execution", "collapsed", "scrolled"} & set(cell["metadata"]), cell["metadata"]
        assert re.fullmatch(r"[a-z0-9-]+", cell.get("id", "")), "cells need fixed, readable ids"
    outputs = [o for c in CODE for o in c["outputs"]]
    assert outputs and not [o for o in outputs if o["output_type"] == "error"]


def test_builds_on_the_reference_instead_of_copying_it() -> None:
    source = "\n".join(text(c) for c in CODE)
    assert "from reference import" in source and "from pelib import docenv" in source
    assert "def positional_encoding" not in source
    assert "sys.path.insert(0, str(snippets))" in text(CODE[0]), "the first cell puts snippets/ on the path"


def test_shown_results_state_what_the_text_claims() -> None:
    outputs = {c["id"]: "".join(text(o, "text") for o in c["outputs"] if "text" in o) for c in CODE}
    shown = re.search(r"p = 0\.\.\d+\nmax \|M_k PE\(p\) - PE\(p \+ k\)\|: (.+)", outputs["shift-check"])[1]
    assert shown == "< 1e-12", "the shift matrix must move every position exactly (float64 rounding only, as a bound)"
    assert outputs["module"].strip() == "True", "the module with zero embeddings returns the table"
    figures = [o for c in CODE for o in c["outputs"] if "text/html" in o.get("data", {})]
    assert len(figures) == 2
    for figure in figures:
        html = text(figure["data"], "text/html")
        alt = re.search(r'<img alt="([^"]+)" src="data:image/svg\+xml;base64,', html)
        assert alt and len(alt[1]) > 40, "every figure carries alt text that says what it shows"


def test_regen_check_reports_it_current() -> None:
    proc = run_python("scripts/regen.py", "--check", "playground")
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_reexecution_is_byte_identical_and_check_catches_edits(tmp_path: Path) -> None:
    """Execute the notebook again into a temporary folder: same bytes; then edit it and watch --check object."""
    generated = tmp_path / "generated"
    proc = run_python("scripts/regen.py", "--force", "--generated-dir", str(generated), "playground")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    executed = tmp_path / "notebooks" / "playground.ipynb"  # beside the outputs, as docs/notebooks/ is
    assert not (generated / "playground.ipynb").exists(), "the notebook is not an output under docs/generated/"
    assert executed.read_bytes() == NOTEBOOK.read_bytes(), "the committed notebook is not what executing it gives"

    def check() -> str:
        result = run_python("scripts/regen.py", "--check", "--generated-dir", str(generated), "playground")
        return result.stdout if result.returncode else ""

    assert check() == "", "a freshly executed notebook is current"
    executed.write_text(executed.read_text(encoding="utf-8").replace("True", "False"), encoding="utf-8")
    assert "altered: notebooks/playground.ipynb" in check().replace(str(tmp_path) + "/", ""), "a hand-edited output"


def test_cache_key_covers_the_cells_not_the_outputs(tmp_path: Path, monkeypatch) -> None:
    """Executing in place leaves the key alone; changing a cell's source changes it (so --check says stale)."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import regen

    copy = tmp_path / "playground.ipynb"
    shutil.copyfile(NOTEBOOK, copy)
    job = regen.NotebookJob("playground", copy, "notebook")
    key = job.input_key()
    nb = json.loads(copy.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    copy.write_text(json.dumps(nb), encoding="utf-8")
    assert job.input_key() == key, "outputs must not be part of the key"
    table = next(c for c in nb["cells"] if c.get("id") == "table")
    table["source"] = text(table).replace("8, 10000.0, 6", "8, 10000.0, 7")
    copy.write_text(json.dumps(nb), encoding="utf-8")
    assert job.input_key() != key, "a changed code cell must change the key"
    assert {p.name for p in job.inputs()} >= {"playground.ipynb", "reference.py", "docenv.py"}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, dict]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        for key in ("href", "src"):
            if attrs.get(key):
                self.links.append((attrs[key], attrs))


@pytest.mark.slow
def test_page_offers_the_download_and_its_links_resolve(built_site: Path) -> None:
    """mkdocs does not check links inside notebook pages, so this test does, and finds the download link."""
    page = built_site / "notebooks" / "playground.html"
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    downloads = [(href, attrs["download"]) for href, attrs in parser.links if "download" in attrs]
    assert downloads == [("playground.ipynb", "playground.ipynb")], "the link leads to the plain file beside the page"
    assert (page.parent / "playground.ipynb").read_bytes() == NOTEBOOK.read_bytes()
    # from file:// (Chromium ignores `download` on a link to a file) a script beside the page gives the link a data:
    # URL; the page asks for it only there, so over http the notebook's bytes are not carried twice
    sidecar = (page.parent / "playground.ipynb.js").read_text(encoding="utf-8")
    data = re.search(r'"data:application/x-ipynb\+json;base64,([A-Za-z0-9+/=]+)"', sidecar)
    assert data and base64.b64decode(data.group(1)) == NOTEBOOK.read_bytes()
    html = page.read_text(encoding="utf-8")
    assert 'if (location.protocol === "file:")' in html and "'playground.ipynb.js'" in html
    assert "data:application/x-ipynb" not in html and not re.search(r"<img[^>]*src=\"data:", html), "inlined bytes"
    for href, _ in parser.links:
        url = urlparse(href)
        if url.scheme or href.startswith("#"):
            continue
        target = (page.parent / url.path).resolve()
        assert target.exists(), f"{href} on the notebook page leads nowhere"
