"""The reference implementation against an independent high-precision computation, and its handling of bad input."""

from __future__ import annotations

import math

import mpmath
import numpy
import pytest
import torch
from conftest import run_python
from reference import CHUNK_VALUES, PositionalEncoding, encode_positions, positional_encoding

mpmath.mp.dps = 40


def exact(p: int, column: int, d_model: int, base: float) -> mpmath.mpf:
    """PE(p, column) computed independently, column by column, with 40 significant digits."""
    i = column // 2
    angle = mpmath.mpf(p) * mpmath.power(mpmath.mpf(base), -mpmath.mpf(2 * i) / d_model)
    return mpmath.sin(angle) if column % 2 == 0 else mpmath.cos(angle)


def float32_ulp(x: float) -> float:
    """The spacing of float32 numbers around x."""
    x = abs(x)
    if x < 2.0**-126:
        return 2.0**-149
    return 2.0 ** (math.floor(math.log2(x)) - 23)


SAMPLED_POSITIONS = [0, 1, 2, 3, 7, 50, 511, 2048, 4097, 65_535, 99_999]


@pytest.mark.parametrize(("d_model", "base"), [(8, 10000.0), (7, 10000.0), (1, 10000.0), (6, 100.0), (5, 2.5)])
def test_float64_stage_matches_high_precision(d_model, base):
    table = positional_encoding(100_000, d_model, base=base, dtype=torch.float64)
    worst = max(
        abs(float(table[p, c]) - float(exact(p, c, d_model, base))) for p in SAMPLED_POSITIONS for c in range(d_model)
    )
    assert worst < 1e-10


@pytest.mark.parametrize(("d_model", "base"), [(16, 10000.0), (9, 10000.0), (4, 500.0)])
def test_float32_table_is_rounded_correctly_up_to_a_million(d_model, base):
    table = positional_encoding(1_000_000, d_model, base=base)
    assert table.dtype == torch.float32 and table.shape == (1_000_000, d_model)
    positions = SAMPLED_POSITIONS + [123_456, 500_000, 999_999]
    for p in positions:
        for c in range(d_model):
            truth = float(exact(p, c, d_model, base))
            error = abs(float(table[p, c]) - truth)
            # correctly rounded: within half a float32 ulp, with room for the float64 stage's 1e-10
            assert error <= 0.5 * float32_ulp(truth) + 1e-9, (p, c, error, float32_ulp(truth))


def test_paper_layout_even_sin_odd_cos_shared_frequency():
    d_model, seq_len = 10, 30
    table = positional_encoding(seq_len, d_model, dtype=torch.float64)
    p = torch.arange(seq_len, dtype=torch.float64)
    for i in range(d_model // 2):
        omega = 10000.0 ** (-2 * i / d_model)
        assert torch.allclose(table[:, 2 * i], torch.sin(p * omega), atol=1e-12)
        assert torch.allclose(table[:, 2 * i + 1], torch.cos(p * omega), atol=1e-12)


def test_odd_width_ends_with_a_lone_sine():
    table = positional_encoding(40, 7, dtype=torch.float64)
    p = torch.arange(40, dtype=torch.float64)
    assert table.shape == (40, 7)
    assert torch.allclose(table[:, 6], torch.sin(p * 10000.0 ** (-6 / 7)), atol=1e-12)
    assert torch.equal(table[:, :6], positional_encoding(40, 7, dtype=torch.float64)[:, :6])


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
def test_dtype_is_honoured(dtype):
    assert positional_encoding(3, 4, dtype=dtype).dtype == dtype


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seq_len": 0, "d_model": 4}, ValueError, "seq_len must be a positive int, got 0"),
        ({"seq_len": -3, "d_model": 4}, ValueError, "seq_len must be a positive int, got -3"),
        ({"seq_len": 4, "d_model": 0}, ValueError, "d_model must be a positive int, got 0"),
        ({"seq_len": 4.0, "d_model": 4}, TypeError, "seq_len must be a positive int, got 4.0 (float)"),
        ({"seq_len": True, "d_model": 4}, TypeError, "seq_len must be a positive int, got True (bool)"),
        ({"seq_len": 4, "d_model": "8"}, TypeError, "d_model must be a positive int, got '8' (str)"),
        ({"seq_len": 4, "d_model": 4, "base": 1.0}, ValueError, "base must be a finite number > 1, got 1.0"),
        ({"seq_len": 4, "d_model": 4, "base": 0.5}, ValueError, "base must be a finite number > 1, got 0.5"),
        ({"seq_len": 4, "d_model": 4, "base": math.inf}, ValueError, "base must be a finite number > 1, got inf"),
        ({"seq_len": 4, "d_model": 4, "base": math.nan}, ValueError, "base must be a finite number > 1, got nan"),
        ({"seq_len": 4, "d_model": 4, "base": "1e4"}, TypeError, "base must be a real number > 1, got '1e4' (str)"),
        ({"seq_len": 4, "d_model": 4, "dtype": torch.int64}, ValueError, "got torch.int64"),
        ({"seq_len": 4, "d_model": 4, "dtype": float}, ValueError, "floating-point torch.dtype"),
    ],
)
def test_bad_input_names_the_value_and_what_is_allowed(kwargs, error, message):
    with pytest.raises(error) as caught:
        positional_encoding(**kwargs)
    assert message in str(caught.value)


def test_module_adds_the_table_and_keeps_it_out_of_state_dict():
    layer = PositionalEncoding(d_model=6, max_len=20).eval()
    x = torch.randn(3, 11, 6)
    assert torch.equal(layer(x), x + positional_encoding(11, 6))
    assert list(layer.state_dict()) == []
    assert [name for name, _ in layer.named_buffers()] == ["pe"]
    assert layer.to(torch.float64).pe.dtype == torch.float64  # a buffer follows dtype casts


def test_half_converts_the_table_buffer():
    """precision.md: model.half() converts the non-persistent buffer too (rounded once, within half a float16 step
    near 1); casting it back with layer.pe = layer.pe.float() keeps it a buffer, out of state_dict."""
    layer = PositionalEncoding(d_model=16, max_len=300).half()
    assert layer.pe.dtype == torch.float16
    exact = positional_encoding(300, 16, dtype=torch.float64)
    assert (layer.pe.double() - exact).abs().max() <= 2.0**-12
    layer.pe = layer.pe.float()
    assert layer.pe.dtype == torch.float32 and [n for n, _ in layer.named_buffers()] == ["pe"]
    assert list(layer.state_dict()) == []


def test_module_applies_dropout_in_training_only():
    layer = PositionalEncoding(d_model=8, max_len=10, dropout=0.5)
    x = torch.ones(4, 10, 8)
    torch.manual_seed(0)
    trained = layer.train()(x)
    assert (trained == 0).any()
    assert torch.equal(layer.eval()(x), x + positional_encoding(10, 8))


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ((2, 5, 7), "x must have shape [batch, seq, 8], got [2, 5, 7]"),
        ((5, 8), "x must have shape [batch, seq, 8], got [5, 8]"),
        ((2, 17, 8), "sequence length must be at most max_len=16, got 17"),
    ],
)
def test_module_rejects_bad_input(shape, message):
    layer = PositionalEncoding(d_model=8, max_len=16)
    with pytest.raises(ValueError) as caught:
        layer(torch.zeros(*shape))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"d_model": 0}, ValueError, "d_model must be a positive int, got 0"),
        ({"d_model": 8, "max_len": 2.5}, TypeError, "max_len must be a positive int, got 2.5"),
        ({"d_model": 8, "dropout": 1.0}, ValueError, "dropout must be a probability in [0, 1), got 1.0"),
        ({"d_model": 8, "dropout": -0.1}, ValueError, "got -0.1"),
        ({"d_model": 8, "base": 1}, ValueError, "base must be a finite number > 1, got 1"),
        ({"d_model": 8, "dtype": torch.int64}, ValueError, "dtype must be a floating-point torch.dtype"),
    ],
)
def test_module_rejects_bad_settings(kwargs, error, message):
    with pytest.raises(error) as caught:
        PositionalEncoding(**kwargs)
    assert message in str(caught.value)


# --- the input contract (issue 12, section 2) ---------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.bool, torch.complex64])
def test_module_refuses_a_non_floating_x_naming_its_dtype(dtype):
    layer = PositionalEncoding(d_model=8, max_len=16)
    with pytest.raises(TypeError) as caught:
        layer(torch.zeros(2, 5, 8, dtype=dtype))
    assert f"x must be a floating-point tensor, got {dtype}" in str(caught.value)


@pytest.mark.parametrize(("x", "name"), [([[[0.0] * 8] * 5] * 2, "list"), (numpy.zeros((2, 5, 8)), "numpy.ndarray")])
def test_module_refuses_what_is_not_a_tensor_naming_its_type(x, name):
    with pytest.raises(TypeError) as caught:
        PositionalEncoding(d_model=8, max_len=16)(x)
    assert f"x must be a torch.Tensor of shape [batch, seq, 8], got {name}" in str(caught.value)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
def test_output_has_the_dtype_of_x_and_the_table_rounded_to_it(dtype):
    """reference.md: the output has x's dtype; the table added is the module's float32 buffer rounded to that dtype."""
    layer = PositionalEncoding(d_model=16, max_len=300).eval()
    x = torch.zeros(2, 300, 16, dtype=dtype)
    y = layer(x)
    assert y.dtype == dtype  # without .to(x.dtype) in forward, float16 and bfloat16 input would come out float32
    assert torch.equal(y[1], positional_encoding(300, 16).to(dtype))


def test_float64_x_gets_float32_rounding_unless_the_module_is_converted():
    """reference.md: a float64 x gets the float32 table (error up to half a float32 step); a module built with
    dtype=torch.float64 adds the float64 table. Converting the module (.double()) does not undo the float32 rounding."""
    exact = positional_encoding(5000, 64, dtype=torch.float64)
    x = torch.zeros(1, 5000, 64, dtype=torch.float64)
    layer = PositionalEncoding(d_model=64, max_len=5000).eval()
    error = (layer(x)[0] - exact).abs().max().item()
    assert 2.0**-30 < error <= 2.0**-25
    assert (layer.double()(x)[0] - exact).abs().max().item() == error
    assert torch.equal(PositionalEncoding(d_model=64, max_len=5000, dtype=torch.float64)(x)[0], exact)


@pytest.mark.parametrize(
    ("base", "message"),
    [
        (10**400, "base must be a finite number > 1, got an int too large for a float (1329 bits)"),
        (1 + 1e-15, "base=1.000000000000001 is too close to 1 for d_model=8: pairs 0 and 1 get the same frequency"),
        (1 + 1e-14, "base=1.00000000000001 is too close to 1 for d_model=8: pairs"),
        (1 + 1e-9, "base=1.000000001 is too close to 1 for d_model=8: pairs 0 and 1 get the same frequency in float32"),
        (1.0001, "base=1.0001 is too close to 1 for d_model=20000: pairs"),
        (1e300, "base=1e+300 is so large that the low frequencies round to 0 for d_model=8: pairs 1 and 2 get"),
        (10**300, "base=1e+300 is so large that the low frequencies round to 0 for d_model=8: pairs 1 and 2 get"),
    ],
)
def test_base_limits_are_refused_by_name(base, message):
    with pytest.raises(ValueError) as caught:
        positional_encoding(4, 20000 if "20000" in message else 8, base=base)
    assert message in str(caught.value)


@pytest.mark.parametrize("base", [1.0001, 1.01, 10000.0, 1e30, 10**30])
@pytest.mark.parametrize("d_model", [2, 7, 512])
def test_every_accepted_base_gives_each_pair_its_own_frequency(base, d_model):
    table = positional_encoding(2, d_model, base=base, dtype=torch.float64)
    pairs = 2 * (d_model // 2)
    angle = torch.atan2(table[1, 0:pairs:2], table[1, 1:pairs:2])  # at position 1 each pair's angle is its frequency
    assert bool((angle[1:] < angle[:-1]).all())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: positional_encoding(10**12, 512), "seq_len=1000000000000 and d_model=512 need 2,048,000 GB"),
        (lambda: positional_encoding(4, 10**13, dtype=torch.float16), "seq_len=4 and d_model=10000000000000 need"),
        (lambda: PositionalEncoding(d_model=512, max_len=10**12), "max_len=1000000000000 and d_model=512 need"),
    ],
)
def test_a_table_larger_than_memory_is_refused_before_allocating(call, message):
    with pytest.raises(MemoryError) as caught:
        call()
    assert message in str(caught.value)
    assert "of memory" in str(caught.value)


PEAK = """
import resource, sys
sys.path.insert(0, "snippets")
from reference import positional_encoding
positional_encoding(64, 512)  # load torch's kernels first
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
table = positional_encoding({seq_len}, 512)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024 / (table.numel() * table.element_size()))
"""


@pytest.mark.slow
def test_peak_memory_stays_within_one_and_a_half_tables():
    """reference.md: a long table (200,000 x 512) needs little more than its own size to build (float64 angles in
    chunks); a table of one chunk (2,048 x 512) peaks at about 4 times its size, a 5,000 x 512 one at 2.4 times."""
    proc = run_python("-c", PEAK.format(seq_len=200_000))
    assert proc.returncode == 0, proc.stderr
    assert float(proc.stdout) <= 1.5


@pytest.mark.parametrize(("x_device", "table_device"), [("meta", "cpu"), ("cpu", "meta")])
def test_x_and_the_table_on_different_devices_get_a_clear_message(x_device, table_device):
    layer = PositionalEncoding(d_model=8, max_len=16).to(table_device)
    with pytest.raises(ValueError) as caught:
        layer(torch.zeros(2, 5, 8, device=x_device))
    assert f"x is on {x_device} but the module's table is on {table_device}" in str(caught.value)
    if x_device == "meta":
        assert "a meta tensor has a shape but no values" in str(caught.value)


@pytest.mark.parametrize(("position", "message"), [([0, 1], "got list"), (torch.zeros(2, 3), "got shape [2, 3]")])
def test_encode_positions_refuses_what_is_not_a_1d_tensor(position, message):
    with pytest.raises(TypeError) as caught:
        encode_positions(position, 8)
    assert f"position must be a 1-D tensor of real numbers, {message}" in str(caught.value)


def test_the_table_is_its_formula_rows_rounded_once():
    table = positional_encoding(CHUNK_VALUES // 8 * 3 + 5, 8)  # three full chunks and a part
    assert torch.equal(table, encode_positions(torch.arange(len(table)), 8).float())


# --- finding 10 of issue 26: the docstring's precision claim, against the precision page's generated numbers ------


def test_the_docstring_claims_what_the_precision_page_measures():
    """positional_encoding's docstring: every float32 entry within half a float32 step of the exact value even at
    position 10**6, and double rounding sends only a rare entry to the farther float32 (not "correctly rounded")."""
    from support import values

    measured = values("precision/error_vs_position")
    doc = " ".join(positional_encoding.__doc__.split())
    assert "within half a float32 step of the exact value" in doc and "even at position 10**6" in doc
    assert "correctly rounded even" not in doc
    assert float(measured["reference_worst_ulps"]) <= 0.505  # half a step, up to float64's error and the rounding shown
    not_rounded = int(measured["reference_not_rounded"])
    entries = int(measured["entries_checked"].replace(",", ""))
    assert not_rounded / entries < 1e-3  # "a rare entry"


# --- offsets and explicit position ids (issue 27) ------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
def test_decoding_step_by_step_gives_the_rows_of_the_full_sequence(dtype):
    layer = PositionalEncoding(d_model=12, max_len=40).eval()
    x = torch.randn(3, 17, 12).to(dtype)
    full = layer(x)
    one_at_a_time = torch.cat([layer(x[:, j : j + 1], offset=j) for j in range(17)], dim=1)
    assert one_at_a_time.dtype == dtype and torch.equal(one_at_a_time, full)
    chunks = torch.cat([layer(x[:, :9]), layer(x[:, 9:14], offset=9), layer(x[:, 14:], offset=14)], dim=1)
    assert torch.equal(chunks, full)  # a prompt, then chunks, as a cache fills


def test_an_offset_shifts_the_rows():
    layer = PositionalEncoding(d_model=8, max_len=30).eval()
    x = torch.zeros(2, 5, 8)
    assert torch.equal(layer(x, offset=7)[1], positional_encoding(30, 8)[7:12])
    assert torch.equal(layer(x, offset=25)[0], positional_encoding(30, 8)[25:30])  # up to max_len exactly
    for offset in (numpy.int64(7), torch.tensor(7)):  # a cache length held as a NumPy or 0-d torch integer
        assert torch.equal(layer(x, offset=offset), layer(x, offset=7))


def test_position_ids_pick_rows_per_token_and_per_sequence():
    layer = PositionalEncoding(d_model=8, max_len=30).eval()
    table = positional_encoding(30, 8)
    x = torch.randn(2, 6, 8)
    assert torch.equal(layer(x, position_ids=torch.arange(6)), layer(x))  # [seq]: today's rows
    assert torch.equal(layer(x, position_ids=torch.arange(6)[None]), layer(x))  # [1, seq] broadcasts
    assert torch.equal(layer(x, position_ids=torch.arange(3, 9)), layer(x, offset=3))
    left_padded = torch.tensor([[0, 1, 2, 3, 4, 5], [1, 1, 0, 1, 2, 3]])  # row 1: two pads, then positions 0..3
    y = layer(x, position_ids=left_padded)
    assert y.shape == x.shape
    assert torch.equal(y[0], x[0] + table[:6]) and torch.equal(y[1, 2:], x[1, 2:] + table[:4])
    packed = torch.tensor([[0, 1, 2, 0, 1, 2], [0, 1, 0, 1, 2, 3]])  # two documents per row, each from 0
    assert torch.equal(layer(x, position_ids=packed)[1, 2:], x[1, 2:] + table[:4])
    for ids_dtype in (torch.int32, torch.int16, torch.uint8):
        assert torch.equal(layer(x, position_ids=packed.to(ids_dtype)), layer(x, position_ids=packed))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float64])
def test_position_ids_keep_the_dtype_of_x(dtype):
    layer = PositionalEncoding(d_model=8, max_len=30).eval()
    x = torch.zeros(2, 6, 8, dtype=dtype)
    y = layer(x, position_ids=torch.tensor([[0, 1, 2, 3, 4, 5], [9, 9, 9, 9, 9, 9]]))
    assert y.dtype == dtype and torch.equal(y[1, 3], positional_encoding(30, 8)[9].to(dtype))


def test_dropout_applies_with_an_offset_and_with_position_ids():
    layer = PositionalEncoding(d_model=8, max_len=10, dropout=0.5).train()
    torch.manual_seed(0)
    assert (layer(torch.ones(4, 3, 8), offset=2) == 0).any()
    assert (layer(torch.ones(4, 3, 8), position_ids=torch.arange(3)) == 0).any()


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"offset": -1}, ValueError, "offset must be a non-negative int, got -1"),
        ({"offset": 2.0}, TypeError, "offset must be a non-negative int, got 2.0 (float)"),
        ({"offset": True}, TypeError, "offset must be a non-negative int, got True (bool)"),
        ({"offset": "3"}, TypeError, "offset must be a non-negative int, got '3' (str)"),
        ({"offset": torch.tensor(2.0)}, TypeError, "offset must be a non-negative int, got tensor(2.)"),
        ({"offset": 12}, ValueError, "offset + sequence length must be at most max_len=16, got 12 + 5 = 17"),
        ({"offset": torch.tensor(12)}, ValueError, "got 12 + 5 = 17"),
        ({"position_ids": [0, 1, 2, 3, 4]}, TypeError,
         "position_ids must be an integer torch.Tensor of shape [5] or [2, 5] (or [1, 5]), got list"),
        ({"position_ids": torch.arange(5.0)}, TypeError,
         "position_ids must be an integer tensor (e.g. torch.long), got torch.float32"),
        ({"position_ids": torch.ones(5, dtype=torch.bool)}, TypeError,
         "position_ids must be an integer tensor (e.g. torch.long), got torch.bool"),
        ({"position_ids": torch.arange(4)}, ValueError,
         "position_ids must have shape [5] or [2, 5] (or [1, 5]) for x of shape [2, 5, 8], got [4]"),
        ({"position_ids": torch.zeros(3, 5, dtype=torch.long)}, ValueError, "got [3, 5]"),
        ({"position_ids": torch.zeros(2, 5, 1, dtype=torch.long)}, ValueError, "got [2, 5, 1]"),
        ({"position_ids": torch.tensor([0, 1, 2, 3, 16])}, ValueError,
         "position_ids must lie in [0, max_len=16), got 16 at index [4]"),
        ({"position_ids": torch.tensor([[0, 1, 2, 3, 4], [0, -1, 2, 3, 4]])}, ValueError,
         "position_ids must lie in [0, max_len=16), got -1 at index [1, 1]"),
        ({"position_ids": torch.arange(5, device="meta")}, ValueError,
         "position_ids is on meta but x is on cpu: move one to the other"),
        ({"offset": 1, "position_ids": torch.arange(5)}, ValueError, "give offset or position_ids, not both"),
    ],
)
def test_bad_offsets_and_position_ids_are_refused_by_name(kwargs, error, message):
    layer = PositionalEncoding(d_model=8, max_len=16)
    with pytest.raises(error) as caught:
        layer(torch.zeros(2, 5, 8), **kwargs)
    assert message in str(caught.value)


def test_every_existing_call_keeps_working():
    """Readers copy reference.py: the calls of the site before offsets and position ids give the same results."""
    assert torch.equal(PositionalEncoding(8)(torch.zeros(1, 3, 8)), positional_encoding(5000, 8)[None, :3])
    assert torch.equal(PositionalEncoding(8, 16)(torch.zeros(2, 16, 8))[1], positional_encoding(16, 8))
    layer = PositionalEncoding(d_model=8, max_len=16, dropout=0.1, base=500.0, dtype=torch.float64).eval()
    x = torch.zeros(1, 4, 8, dtype=torch.float64)
    assert torch.equal(layer(x)[0], positional_encoding(4, 8, base=500.0, dtype=torch.float64))
    with pytest.raises(ValueError, match=r"^sequence length must be at most max_len=16, got 17$"):
        layer(torch.zeros(1, 17, 8))
    assert torch.equal(encode_positions(torch.arange(4), 6).float(), positional_encoding(4, 6))
    assert torch.equal(encode_positions(torch.tensor([1, 2], dtype=torch.int32), 6), encode_positions(torch.arange(1, 3), 6))


def test_encode_positions_evaluates_real_valued_positions():
    """The function is the formula at any finite real position (timesteps, coordinates); the module stays integer."""
    t = torch.tensor([0.0, 0.25, 0.5, 1.0], dtype=torch.float64)
    rows = encode_positions(t, 6, base=100.0)
    for p, row in zip(t.tolist(), rows):
        for c in range(6):
            assert abs(float(row[c]) - float(exact(p, c, 6, 100.0))) < 1e-15
    assert torch.equal(encode_positions(t.float(), 6), encode_positions(t.float().double(), 6))


@pytest.mark.parametrize(
    ("position", "error", "message"),
    [
        (torch.tensor([True, False]), TypeError, "position must be a 1-D tensor of real numbers, got a torch.bool tensor"),
        (torch.tensor([0.0, math.inf]), ValueError, "position must hold finite numbers, got inf at index 1"),
        (torch.tensor([math.nan]), ValueError, "position must hold finite numbers, got nan at index 0"),
        (torch.tensor([1j]), TypeError, "position must be a 1-D tensor of real numbers, got shape [1]"),
    ],
)
def test_encode_positions_refuses_bool_complex_and_non_finite_positions(position, error, message):
    with pytest.raises(error) as caught:
        encode_positions(position, 8)
    assert message in str(caught.value)


def test_encode_positions_stays_on_the_device_of_its_positions():
    rows = encode_positions(torch.arange(3, device="meta"), 8)
    assert rows.device.type == "meta" and rows.shape == (3, 8) and rows.dtype == torch.float64
