"""The offline bundle: `make bundle` zips the built site into one folder, reproducibly, and the Pages workflow
attaches that zip to each publication. tests/test_browser.py opens the unzipped bundle from file://."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile

import pytest
import yaml
from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import bundle  # noqa: E402  (scripts/bundle.py)


def tiny_site(folder):
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text("<!doctype html><title>home</title>", encoding="utf-8")
    (folder / "assets" / "site.css").write_text("body{}", encoding="utf-8")
    return folder


def test_the_zip_holds_one_folder_with_every_file_and_the_same_bytes_each_time(tmp_path):
    site = tiny_site(tmp_path / "site")
    first = bundle.zip_site(site, tmp_path / "a" / "site.zip").read_bytes()
    (site / "index.html").touch()  # a newer modification time changes nothing
    second = bundle.zip_site(site, tmp_path / "b" / "site.zip").read_bytes()
    assert first == second
    with zipfile.ZipFile(tmp_path / "a" / "site.zip") as archive:
        names = archive.namelist()
        assert archive.read(f"{bundle.FOLDER}/index.html").startswith(b"<!doctype html>")
    assert names == [f"{bundle.FOLDER}/assets/site.css", f"{bundle.FOLDER}/index.html"]
    assert not list((tmp_path / "a").glob("*.partial"))


def test_a_folder_that_is_not_a_built_site_is_refused_and_nothing_is_written(tmp_path):
    out = tmp_path / "out" / "site.zip"
    with pytest.raises(ValueError, match=r"site must be a built site with an index\.html, got .*empty"):
        bundle.zip_site(tmp_path / "empty", out)
    assert not out.exists() and not out.with_name(out.name + ".partial").exists()


def test_make_bundle_runs_the_script_into_dist():
    dry = subprocess.run(["make", "-n", "bundle"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "scripts/bundle.py" in dry
    assert bundle.BUNDLE == ROOT / "dist" / "sinusoidal-pe-site.zip"
    assert "dist/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def test_the_pages_workflow_attaches_the_bundle_to_each_publication():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["build"]["steps"]
    runs = [i for i, s in enumerate(steps) if re.search(r"\bmake bundle\b", s.get("run", ""))]
    uploads = [i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/upload-artifact@")
               and s.get("with", {}).get("path") == "dist/sinusoidal-pe-site.zip"]
    assert runs and uploads and runs[0] < uploads[0], "the build job must run make bundle, then upload its zip"
    bundle_step = steps[runs[0]]
    assert "SITE_URL" not in bundle_step.get("env", {}), "the zip is read from file://: no site_url"
