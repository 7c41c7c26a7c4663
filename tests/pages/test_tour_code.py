"""The guided tour (tour.md): its one computed claim, and that Home leads to it first."""

import torch
from conftest import ROOT


def test_shuffled_sentence_gets_shuffled_outputs():
    import tour.shuffle as tour

    assert torch.allclose(tour.attend(tour.x[tour.order]), tour.attend(tour.x)[tour.order], atol=1e-6)
    assert not torch.allclose(tour.attend(tour.x[tour.order]), tour.attend(tour.x), atol=1e-3)  # rows do move


def test_home_links_the_tour_first():
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    first_page_link = next(part.split(")")[0] for part in home.split("](")[1:] if part.split(")")[0].endswith(".md"))
    assert first_page_link == "tour.md"
    tour = (ROOT / "docs" / "tour.md").read_text(encoding="utf-8")
    assert tour.count("![") == 5  # one figure per step
    for page in ("why-positions.md", "formula.md", "linearity.md", "properties.md"):
        assert f"]({page}" in tour
