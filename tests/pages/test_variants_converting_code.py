"""A sequence-first table fed batch-first input (docs/variants/converting.md): what it adds, when it errors, the fix.

Expectations come from the reference table indexed by hand (PE[p] at position p, PE[b] for sequence b), not from
the snippet's own printout, so a change to the module or to the check turns a test red.
"""

from __future__ import annotations

import math

import pytest
import torch
from reference import PositionalEncoding, positional_encoding
from support import ROOT, text, values
from variants.axis_slip import BatchFirstEncoding, SeqFirstEncoding, check_batch_first

SHAPES = [(3, 5, 8), (2, 7, 6), (4, 3, 5), (6, 6, 4)]  # (batch, seq, d_model)



@pytest.mark.parametrize(("batch", "seq", "d"), SHAPES)
def test_seq_first_input_gets_pe_of_its_position(batch, seq, d):
    x = torch.randn(seq, batch, d, generator=torch.Generator().manual_seed(seq * d))
    pe = positional_encoding(seq, d)
    assert torch.equal(SeqFirstEncoding(d)(x), x + pe[:, None, :])


@pytest.mark.parametrize(("batch", "seq", "d"), SHAPES)
def test_batch_first_input_gets_row_b_at_every_position_of_sequence_b(batch, seq, d):
    x = torch.randn(batch, seq, d, generator=torch.Generator().manual_seed(batch * d))
    out = SeqFirstEncoding(d)(x)  # raises nothing
    assert out.shape == x.shape
    pe = positional_encoding(max(batch, seq), d)
    expected = x + pe[:batch, None, :]  # PE[b] broadcast over the positions of sequence b
    assert torch.equal(out, expected)
    added = SeqFirstEncoding(d)(torch.zeros(batch, seq, d))
    assert torch.equal(added, added[:, :1].expand_as(added)), "constant along the sequence axis"
    correct = x + pe[None, :seq, :]
    assert (out - correct).abs().max() > 0.5


def test_page_example_difference_from_the_correct_result():
    pe = positional_encoding(5, 8)
    worst = max((pe[b] - pe[p]).abs().max().item() for b in range(3) for p in range(5))
    assert values("variants/axis_slip")["max_diff"] == f"{worst:.2f}"
    assert worst > 1.9  # |cos 0 - cos 3|: far outside rounding


def test_batch_of_one_gets_pe0_everywhere():
    added = SeqFirstEncoding(8)(torch.zeros(1, 5, 8))
    assert torch.equal(added[0], positional_encoding(1, 8).expand(5, 8))


def test_only_a_batch_larger_than_max_len_raises():
    short = SeqFirstEncoding(8, max_len=4)
    short(torch.zeros(4, 10, 8))  # sequence 10 > max_len 4: no error
    short(torch.zeros(1, 100, 8))
    with pytest.raises(RuntimeError, match="size of tensor a"):
        short(torch.zeros(5, 10, 8))


@pytest.mark.parametrize("d", [4, 5, 8])
def test_check_catches_the_slip_and_passes_the_fix(d):
    with pytest.raises(AssertionError, match="batch axis"):
        check_batch_first(SeqFirstEncoding(d), d)
    pe0 = positional_encoding(1, d)[0]
    with pytest.raises(AssertionError, match="sequence axis"):
        check_batch_first(lambda x: x + pe0, d)  # what a batch of one sees: PE(0) everywhere
    check_batch_first(BatchFirstEncoding(d), d)
    check_batch_first(PositionalEncoding(d).eval(), d)


@pytest.mark.parametrize(("batch", "seq", "d"), SHAPES)
def test_fix_equals_the_reference_module(batch, seq, d):
    x = torch.randn(batch, seq, d, generator=torch.Generator().manual_seed(seq))
    assert torch.equal(BatchFirstEncoding(d, max_len=16)(x), PositionalEncoding(d, max_len=16).eval()(x))
    with pytest.raises(ValueError, match="seq <= 16"):
        BatchFirstEncoding(d, max_len=16)(torch.zeros(batch, 17, d))


def test_generated_outputs_state_the_claims():
    cases = text("variants/axis_slip", "cases")
    assert "output == x + PE[p] at every position p: True" in cases
    assert "(b) batch-first input [3, 5, 8] -> no error" in cases
    assert "sequence b got PE[b] at every position, b = 0, 1, 2: True" in cases
    assert "the added encoding varies along the sequence: False" in cases
    assert "(c) batch 1, 5 positions: no error | every position got PE[0]: True" in cases
    assert "max_len = 4, batch 3, 10 positions: no error" in cases
    assert "max_len = 4, batch 6, 10 positions: RuntimeError" in cases
    check = text("variants/axis_slip", "check").splitlines()
    assert check[0].startswith("SeqFirstEncoding:") and "fails" in check[0]
    assert all(line.endswith("passes") for line in check[1:]) and len(check) == 3


def test_pages_link_and_quote_generatedvalues():
    faq = (ROOT / "docs" / "faq.md").read_text(encoding="utf-8")
    assert "variants/converting.md#sequence-first-tables-fed-batch-first-input" in faq
    converting = (ROOT / "docs" / "variants" / "converting.md").read_text(encoding="utf-8")
    assert "## Sequence-first tables fed batch-first input" in converting
    assert "{{ gen.variants.axis_slip.max_diff }}" in converting


def test_seeds_footnote_value_is_cos_001():
    seed = values("variants/seed_nested_loops")
    # The footnote: the float32 value lies below the halfway point 0.99995 and prints as the post's 0.9999; the
    # exact value lies above it and would print as 1.0000.
    assert float(seed["cos_001_float32"]) < 0.99995 < float(seed["cos_001_exact"])
    assert seed["cos_001_printed"] == "0.9999" and seed["cos_001_exact_4"] == "1.0000"
    assert seed["cos_001_exact"] == f"{math.cos(0.01):.11f}"
    seeds = (ROOT / "docs" / "variants" / "seeds.md").read_text(encoding="utf-8")
    assert "{{ gen.variants.seed_nested_loops.cos_001_exact }}" in seeds and "0.99995000" not in seeds
