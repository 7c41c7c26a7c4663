"""The exercises' answers, recomputed here independently of the snippets that print them (docs/exercises.md)."""

from __future__ import annotations

import json
import math
import re

import pytest
import torch
from reference import positional_encoding
from support import ROOT, text, values


def omegas(d: int) -> list[float]:
    """The frequencies written out from the paper's formula: an oracle independent of the library."""
    return [10000 ** (-2 * i / d) for i in range(d // 2)]


def test_exercise_1_longest_wavelength():
    longest = 2 * math.pi * 10000 ** (62 / 64)
    assert values("exercises/longest_wavelength")["longest"] == f"{longest:,.0f}"
    assert f"{longest:,.1f}" in text("exercises/longest_wavelength")
    assert longest < 2 * math.pi * 10000 * 0.8  # the paper's upper end is far from reached


def test_exercise_2_shift_matrix_for_d4():
    out = text("exercises/shift_d4")
    numbers = [float(x) for x in re.findall(r"-?\d+\.\d{4}", out.split("M_3 @")[0])]
    w0, w1 = omegas(4)
    c0, s0, c1, s1 = math.cos(3 * w0), math.sin(3 * w0), math.cos(3 * w1), math.sin(3 * w1)
    expected = [c0, s0, 0, 0, -s0, c0, 0, 0, 0, 0, c1, s1, 0, 0, -s1, c1]
    assert numbers == pytest.approx(expected, abs=6e-5)
    lines = dict(line.split("=", 1) for line in out.splitlines() if "PE(1" in line)
    assert lines["M_3 @ PE(10) "] == lines["PE(13)       "]
    assert out.rsplit(":", 1)[1].strip() == "< 1e-15"


def test_exercise_3_textbook_rotation_goes_backwards():
    assert "pair(p-k) - R(k)^T pair(p)      = Matrix([[0, 0]])" in text("linearity/symbolic")


def test_exercise_4_dot_product_is_blind_to_direction():
    pe = positional_encoding(200, 64, dtype=torch.float64)
    rows = [line.split("|") for line in text("exercises/left_right").splitlines()[1:]]
    assert len(rows) == 4
    for k, right, left, gap in rows:
        k = int(k)
        assert right.strip() == left.strip()
        assert float(right) == pytest.approx(float(pe[100] @ pe[100 + k]), abs=1e-6)
        assert float(gap) > 1.0  # the vectors themselves differ


def test_exercise_5_dot_product_formula():
    expected = sum(math.cos(w * 10) for w in omegas(64))
    assert values("exercises/dot_product")["value"] == f"{expected:.4f}"
    out = text("exercises/dot_product")
    low, high = re.findall(r"min (\S+), max (\S+)", out)[0]
    assert low == high == f"{expected:.6f}"


def test_exercise_6_permutation():
    out = text("exercises/interleaved_to_split")
    perm = json.loads(re.search(r"perm    = (\[.*\])", out).group(1))
    inverse = json.loads(re.search(r"inverse = (\[.*\])", out).group(1))
    pe = positional_encoding(30, 8, dtype=torch.float64)
    angle = torch.arange(30, dtype=torch.float64)[:, None] * torch.tensor(omegas(8), dtype=torch.float64)
    assert torch.allclose(pe[:, perm], torch.cat([angle.sin(), angle.cos()], dim=1), atol=1e-12)
    assert [perm[j] for j in inverse] == list(range(8))
    assert out.count("True") == 2


@pytest.mark.parametrize("d", [3, 5, 9])
def test_exercise_7_odd_width_patterns(d):
    from exercises.odd_width import pair_loop, slice_assign, stack_and_flatten

    reference = positional_encoding(6, d, dtype=torch.float64)
    with pytest.raises(RuntimeError):
        slice_assign(6, d)
    loop = pair_loop(6, d)
    assert torch.count_nonzero(loop[:, -1]) == 0 and torch.allclose(loop[:, :-1], reference[:, :-1])
    stacked = stack_and_flatten(6, d)
    assert stacked.shape == (6, d + 1) and torch.allclose(stacked[:, :d], reference)
    assert torch.allclose(slice_assign(6, d + 1), positional_encoding(6, d + 1, dtype=torch.float64))  # even: fine


def test_exercise_8_first_inexact_positions():
    assert values("exercises/float16_integers") == {"float16": "2049", "bfloat16": "257"}
    for dtype, first in ((torch.float16, 2049), (torch.bfloat16, 257)):
        below = torch.arange(first, dtype=torch.float64)
        assert torch.equal(below.to(dtype).to(torch.float64), below)
        assert torch.tensor(float(first), dtype=torch.float64).to(dtype).item() != first


def test_exercises_each_have_a_solution():
    page = (ROOT / "docs" / "exercises.md").read_text(encoding="utf-8")
    exercises = re.split(r"^## \d+\. ", page, flags=re.M)[1:]
    assert 6 <= len(exercises) <= 10
    assert all('??? success "Solution"' in e for e in exercises)
