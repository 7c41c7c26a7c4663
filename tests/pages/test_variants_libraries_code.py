"""The variants against the installed libraries they reimplement: the real class or function is imported and run.

For each library in pelib.real_libraries (pinned in requirements.txt): the table at an even and an odd width has the
same layout and values within float32 rounding as our variant's, or both raise the same exception; and a checkpoint
of the real module, saved and loaded for real, has the same state_dict keys as ours and loads into it, and back.
"""

from __future__ import annotations

import re

import pytest
import torch
from conftest import ROOT
from pelib.real_libraries import FLOAT32_ROUNDING, LIBRARY_TABLES, outcome, saved_and_loaded, version
from pelib.variants.registry import BY_KEY, VARIANTS, layout, sinusoids_in
from support import text

KEYS = sorted(LIBRARY_TABLES)


def test_every_variant_marked_as_checked_has_a_real_library_check():
    assert {v.key for v in VARIANTS if v.checked} == set(LIBRARY_TABLES)


@pytest.mark.parametrize("package", sorted({v.checked for v in VARIANTS if v.checked}))
def test_checked_packages_are_pinned_at_the_installed_version(package: str):
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(rf"^{re.escape(package)}=={re.escape(version(package))}$", pins, re.M), package
    assert re.search(rf"^{re.escape(package)}==", (ROOT / "requirements.in").read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("d_model", [64, 8, 7])
def test_table_matches_the_real_library(key: str, d_model: int):
    ours = outcome(BY_KEY[key].build, 50, d_model)
    theirs = outcome(lambda s, d: LIBRARY_TABLES[key](s, d)[0], 50, d_model)
    assert ours[0] == theirs[0], (ours, theirs)
    if ours[0] == "error":
        assert ours[1] == theirs[1]  # the same exception
        return
    mine, real = ours[1], theirs[1]
    assert mine.shape == real.shape and mine.dtype == real.dtype
    assert float((mine.double() - real.double()).abs().max()) <= FLOAT32_ROUNDING
    if d_model % 2 == 0:
        assert layout(sinusoids_in(mine), d_model) == layout(sinusoids_in(real), d_model)


@pytest.mark.parametrize("key", KEYS)
def test_state_dict_keys_match_after_a_real_save_and_load(key: str):
    _, module = LIBRARY_TABLES[key](20, 8)
    mine = BY_KEY[key].make(20, 8)
    if module is None:
        assert mine is None  # both are plain functions
        return
    checkpoint = saved_and_loaded(module)
    assert sorted(checkpoint) == sorted(mine.state_dict())
    mine.load_state_dict(checkpoint, strict=True)
    module.load_state_dict(saved_and_loaded(mine), strict=True)
    for name, tensor in checkpoint.items():
        assert torch.equal(mine.state_dict()[name], tensor)


def test_the_page_table_is_what_running_the_libraries_gives():
    table = text("variants/library_checks")
    for key in KEYS:
        variant = BY_KEY[key]
        row = next(line for line in table.splitlines() if f"]({variant.page})" in line)
        assert f"`{variant.checked}=={version(variant.checked)}`" in row
        assert "within float32 rounding" in row
    assert "both raise RuntimeError" in next(line for line in table.splitlines() if "PegasusX" in line)


def test_guided_diffusion_is_diffusers_with_flip_and_no_shift():
    """more-libraries.md: guided-diffusion's function is what diffusers computes with flip_sin_to_cos=True and
    downscale_freq_shift=0, to the bit, at even and odd widths and for fractional timesteps."""
    from diffusers.models.embeddings import get_timestep_embedding
    from pelib.variants import guided_diffusion as variant_guided_diffusion

    steps = torch.tensor([0.0, 1.0, 2.5, 999.0])
    for d in (8, 7, 64):
        real = get_timestep_embedding(steps, d, flip_sin_to_cos=True, downscale_freq_shift=0)
        assert torch.equal(variant_guided_diffusion.timestep_embedding(steps, d), real)
