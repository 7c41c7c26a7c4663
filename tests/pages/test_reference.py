"""The claims of docs/reference.md, each with what makes it true (see tests/claimcheck.py).

The section "Bad input" is left pending here: its sentences belong to the input contract, which is being rewritten
separately.
"""

import inspect
import math
import re
from pathlib import Path

import test_reference as reference_tests
import torch
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import Ledger, cited, computed, equation, passes, prose
from pelib.variants.registry import REFERENCE, VARIANTS, observe, trig_profile
from reference import PositionalEncoding, encode_positions, frequencies, positional_encoding
from support import DOCS, ROOT, SNIPPETS, data, number, text, values

from pages import test_formula as tf
from pages import test_variants_index_code as variants_tests
from pages import test_variants_real_code_code as real_code_tests
from pages import test_why_positions_code as why_positions_tests


def compared_against():
    importers = [p for p in SNIPPETS.rglob("*.py") if re.search(r"^from reference import", p.read_text(), flags=re.M)]
    tests = [p for p in (ROOT / "tests").rglob("test_*.py") if "from reference import" in p.read_text()]
    return "positional_encoding(" in inspect.getsource(observe) and len(importers) >= 15 and len(tests) >= 8


def three_choices():
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    section = page.split("## The function", 1)[1].split("\n## ", 1)[0]
    return len(re.findall(r"^- \*\*", section, flags=re.M)) == 3


def three_choices_measured():
    """"Three choices in these few lines matter": the bold items of the section that follows."""
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    section = page.split("## The function", 1)[1].split("\n## ", 1)[0]
    return three_choices() and Number(len(re.findall(r"^- \*\*", section, flags=re.M)))


def exponent_and_range():
    source = inspect.getsource(frequencies)  # positional_encoding takes its omega from frequencies()
    ok = "torch.arange(0, d_model, 2" in source and "base ** (-pair / d_model)" in source
    ok &= "omega = frequencies(d_model, base=base)" in inspect.getsource(encode_positions)
    for d, base in ((4, 10000.0), (8, 10000.0), (512, 10000.0), (6, 100.0)):
        omega = torch.asin(positional_encoding(2, d, base=base, dtype=torch.float64)[1, 0::2])
        ok &= math.isclose(omega[0].item(), 1.0, rel_tol=1e-12) and math.isclose(omega[-1].item(), base ** (-(d - 2) / d), rel_tol=1e-9)
        ok &= bool((omega[1:] < omega[:-1]).all())
    return ok


def odd_width():
    table = positional_encoding(3, 7, dtype=torch.float64)
    return (table[:, 0::2].shape[1] == math.ceil(7 / 2) and table[:, 1::2].shape[1] == 7 // 2
            and passes(reference_tests.test_odd_width_ends_with_a_lone_sine)())


def float64_angles():
    return trig_profile(REFERENCE)[0] == "float64" and passes(reference_tests.test_dtype_is_honoured, torch.float16)() \
        and all(torch.equal(positional_encoding(300, 16, dtype=dt), positional_encoding(300, 16, dtype=torch.float64).to(dt))
                for dt in (torch.float32, torch.float16, torch.bfloat16))  # each float64 value rounded once


def rounded_once_measured():
    """"each finished float64 value is rounded once to dtype": the entries of tables in float32, float16 and
    bfloat16 that equal the float64 table rounded once."""
    if not float64_angles():
        return False
    exact = positional_encoding(300, 16, dtype=torch.float64)
    tables = [(positional_encoding(300, 16, dtype=dt), exact.to(dt)) for dt in (torch.float32, torch.float16,
                                                                              torch.bfloat16)]
    holding = sum(int((a == b).sum()) for a, b in tables)
    return Count(holding, sum(a.numel() for a, _ in tables))


def odd_width_measured():
    """"The even columns take all ceil(d/2) frequencies": the frequencies of d = 7 that its even columns turn at."""
    if not odd_width():
        return False
    table = positional_encoding(2, 7, dtype=torch.float64)
    even = torch.asin(table[1, 0::2])
    taken = sum(bool(torch.isclose(even, w, rtol=1e-9, atol=0).any()) for w in frequencies(7).double())
    return Count(taken, len(frequencies(7)), at=0)


def float32_off_and_reference_within():
    v = values("precision/error_vs_position")
    measured = data("precision/error_vs_position")
    f32 = dict(zip(measured["positions"], measured["max_error"]["float32 angles (every seed)"], strict=True))
    seeds = [x.key for x in VARIANTS if x.kind == "seed"]
    tutorials_in_float32 = sum(data("variants/comparison")[key]["angle_dtype"] == "float32" for key in seeds) > len(seeds) / 2
    return (v["float32_error_1e6"] == f"{f32[10**6]:.2f}" and tutorials_in_float32
            and number(v["reference_max_error"]) <= 2.0**-25 * (1 + 1e-3))


def libraries_differ():
    observed = data("variants/comparison")
    libraries = [x.key for x in VARIANTS if x.kind == "library"]
    return (any(observed[key]["layout"] != "interleaved" for key in libraries)
            and any(abs(observed[key]["frequency_ratio_d512"] - 1) > 0.01 for key in libraries))


def what_it_prints():
    printed = text("reference_page/table")
    blocks = printed.strip().split("\n\n")
    return (len(blocks) == 2 and blocks[0].startswith("d_model = 4,") and blocks[1].startswith("d_model = 5,")
            and all(block.count("\n") == 6 for block in blocks)  # a header and six rows each
            and blocks[1].splitlines()[0].endswith("| sin w2 p") and positional_encoding(1, 5).shape[1] // 2 == 2)


def row_zero():
    return all(positional_encoding(1, d)[0].tolist() == [float(j % 2) for j in range(d)] for d in (4, 5, 8, 9)) \
        and math.sin(0) == 0 and math.cos(0) == 1


def column_zero():
    table = positional_encoding(100, 8, dtype=torch.float64)
    positions = torch.arange(100, dtype=torch.float64)
    omega = torch.asin(positional_encoding(2, 8, dtype=torch.float64)[1, 0::2])
    return (bool(torch.allclose(table[:, 0], positions.sin(), rtol=0, atol=1e-12)) and f"{2 * math.pi:.2f}" == "6.28"
            and bool((omega[1:] < omega[:-1]).all()))


def what_it_prints_measured():
    """"For d_model = 4 (two pairs) and d_model = 5 (two pairs and a lone sine), six positions each": the pairs of
    each width and the rows each printed block shows."""
    if not what_it_prints():
        return False
    blocks = text("reference_page/table").strip().split("\n\n")
    rows = {block.count("\n") for block in blocks}
    return [Number(positional_encoding(1, 4).shape[1] // 2, at=0), Number(positional_encoding(1, 5).shape[1] // 2, at=1),
            Number(rows.pop() if len(rows) == 1 else -1, at=2)]


def row_zero_measured():
    """"Row 0 is always (0, 1, 0, 1, …)": the widths whose row 0 alternates 0 and 1, of those tried."""
    widths = (4, 5, 8, 9, 64, 129)
    holding = sum(positional_encoding(1, d)[0].tolist() == [float(j % 2) for j in range(d)] for d in widths)
    return row_zero() and Count(holding, len(widths))


def column_zero_measured():
    """"Column 0 has frequency 1": the frequency column 0 turns at, read from row 1."""
    omega = torch.asin(positional_encoding(2, 8, dtype=torch.float64)[1, 0::2])
    return column_zero() and Number(omega[0].item(), at=1)


def heatmap_measured():
    """"The same table for 128 positions": the positions the heatmap's snippet draws."""
    source = (SNIPPETS / "reference_page/heatmap.py").read_text()
    return heatmap_source() and Number(int(re.search(r"positional_encoding\((\d+), \d+", source).group(1)), at=0)


def heatmap_source():
    """On what the heatmap draws (reference_page/heatmap-figure.json, read back from its panels): the table for 128
    positions and d_model = 128, each panel an image with one column of pixels per position (128) and a row per
    pair; its first rows are the table's (the same table)."""
    drawn = tf.drawn_heatmap()
    table = positional_encoding(128, 128, dtype=torch.float64)
    above, below = drawn["panels_top_to_bottom"]
    return (drawn["positions"] == drawn["d_model"] == 128 and above["shape"] == below["shape"] == [64, 128]
            and torch.allclose(torch.tensor(above["first_pair"], dtype=torch.float64), table[:, 0], atol=1e-4)
            and torch.allclose(torch.tensor(below["first_pair"], dtype=torch.float64), table[:, 1], atol=1e-4))


def stripes_and_bands():
    table = positional_encoding(128, 128, dtype=torch.float64)
    sign_changes = (torch.sign(table[1:]) != torch.sign(table[:-1])).sum(0)
    return bool(sign_changes[0] > 30 and sign_changes[-2:].max() <= 1 and (table[:, -1] - table[0, -1]).abs().max() < 0.01)


def refuses_other_devices() -> bool:
    """forward never copies the table to x's device: an x elsewhere (here on meta) is refused, not served."""
    try:
        PositionalEncoding(8, max_len=4)(torch.zeros(1, 2, 8, device="meta"))
    except ValueError:
        return True
    return False


def buffer_moves():
    return (data("variants/comparison")["reference"]["storage"]["left_behind"] == []
            and passes(reference_tests.test_half_converts_the_table_buffer)() and refuses_other_devices())


def not_in_state_dict():
    layer = PositionalEncoding(8, max_len=16)
    again = PositionalEncoding(8, max_len=16)
    return (values("reference_page/module_usage")["state_dict_entries"] == str(len(layer.state_dict())) and len(layer.state_dict()) == 0
            and 'register_buffer("pe"' in inspect.getsource(PositionalEncoding) and "persistent=False" in inspect.getsource(PositionalEncoding)
            and torch.equal(layer.pe, again.pe) and torch.equal(layer.pe, positional_encoding(16, 8)))


def saving_cost():
    return (values("reference_page/module_usage")["table_kib_512"] == f"{5000 * 512 * 4 / 1024:,.0f}"
            and passes(variants_tests.test_checkpoints_with_a_saved_table_refuse_to_load)())


def chunked(seq_len: int, d: int) -> list[int]:
    """How many positions each call of encode_positions gets while positional_encoding builds a table."""
    import reference

    sizes, original = [], reference.encode_positions

    def spy(position, d_model, **kw):
        sizes.append(len(position))
        return original(position, d_model, **kw)

    reference.encode_positions = spy
    try:
        table = reference.positional_encoding(seq_len, d)
    finally:
        reference.encode_positions = original
    return sizes if torch.equal(table, positional_encoding(seq_len, d)) else []


def one_chunk_beyond_the_table() -> bool:
    """The float64 work is done a chunk at a time, and a chunk's size does not grow with the table's length: the
    memory beyond the table is bounded by one chunk (the peak for long tables is measured by the slow test
    test_peak_memory_stays_within_one_and_a_half_tables)."""
    from reference import CHUNK_VALUES

    for d in (8, 512, 1000):
        short, long = chunked(CHUNK_VALUES // d // 2, d), chunked(5 * CHUNK_VALUES // d + 3, d)
        if not (len(short) == 1 and len(long) == 6 and max(long) * d <= CHUNK_VALUES and sum(long) == 5 * CHUNK_VALUES // d + 3):
            return False
    return callable(getattr(reference_tests, "test_peak_memory_stays_within_one_and_a_half_tables", None))


def output_dtype_is_x_and_table_float32() -> bool:
    return (PositionalEncoding(8, 4).pe.dtype == torch.float32
            and PositionalEncoding(8, 4, dtype=torch.float64).pe.dtype == torch.float64
            and all(passes(reference_tests.test_output_has_the_dtype_of_x_and_the_table_rounded_to_it, t)()
                    for t in (torch.float16, torch.bfloat16, torch.float32, torch.float64)))


def quoted_dtype_differences() -> bool:
    shown = values("reference_page/contract")
    exact = positional_encoding(5000, 64, dtype=torch.float64)
    layer = PositionalEncoding(d_model=64, max_len=5000).eval()
    half = (layer(torch.zeros(1, 5000, 64, dtype=torch.float16))[0].double() - exact).abs().max().item()
    wide = (layer(torch.zeros(1, 5000, 64, dtype=torch.float64))[0] - exact).abs().max().item()
    return (shown["float16_difference"].startswith("< ") and 2.0**-13 < half < number(shown["float16_difference"]) <= 2.0**-11
            and shown["float64_difference"].startswith("< ") and 2.0**-27 < wide < number(shown["float64_difference"]) <= 2.0**-24
            and passes(reference_tests.test_float64_x_gets_float32_rounding_unless_the_module_is_converted)())


def raises(call, error) -> str:
    try:
        call()
    except error as caught:
        return str(caught)
    return ""


def sizes_base_and_dtype_are_checked() -> bool:
    """Each rule of the sentence: sizes positive ints, base finite and > 1, frequencies distinct in float32 (too close
    to 1, or so large the low ones round to 0), dtype floating."""
    pe = positional_encoding
    return all([
        "must be a positive int, got 0" in raises(lambda: pe(0, 4), ValueError),
        "must be a positive int, got 4.0" in raises(lambda: pe(4.0, 4), TypeError),
        "finite number > 1, got 1.0" in raises(lambda: pe(4, 4, base=1.0), ValueError),
        "finite number > 1, got inf" in raises(lambda: pe(4, 4, base=math.inf), ValueError),
        "same frequency in float32" in raises(lambda: pe(4, 8, base=1 + 1e-9), ValueError),
        "low frequencies round to 0" in raises(lambda: pe(4, 8, base=1e300), ValueError),
        "floating-point torch.dtype" in raises(lambda: pe(4, 4, dtype=torch.int64), ValueError),
        pe(2, 8, base=1.0001).dtype == torch.float32,
        passes(reference_tests.test_every_accepted_base_gives_each_pair_its_own_frequency, 1.0001, 512)(),
    ])


def too_large_refused_before_allocating() -> bool:
    source = inspect.getsource(positional_encoding)
    message = raises(lambda: positional_encoding(10**12, 512), MemoryError)
    module = inspect.getsource(PositionalEncoding.__init__)
    return (source.index("check_memory(") < source.index("torch.empty(")
            and module.index("check_memory(") < module.index("positional_encoding(")
            and "seq_len=1000000000000 and d_model=512 need 2,048,000 GB" in message and "of memory" in message)


def error_lines() -> list[str]:
    return [ln for ln in text("reference_page/contract", "errors").splitlines() if ln.strip()]


def each_error_names_value_and_allowed() -> bool:
    import reference_page.contract as contract

    lines = error_lines()
    named = {"an int64 x": "torch.int64", "a list": "got list", "a numpy array": "got numpy.ndarray",
             "a meta-device x": "x is on meta", "base=10**400": "1329 bits", "base=1+1e-15": "base=1.000000000000001",
             "seq_len=10**12": "seq_len=1000000000000"}
    allowed = ("must be", "move one", "choose", "need")
    return (list(named) == list(contract.calls) and len(lines) == len(named)
            and all(ln.startswith(what + ": ") and value in ln and any(a in ln for a in allowed)
                    for ln, (what, value) in zip(lines, named.items())))


def module_checks_shape_dtype_device() -> bool:
    table = positional_encoding(5, 8)
    cast = torch.zeros(5, 8, dtype=torch.int64) + table.to(torch.int64)  # what forward would add for an integer x
    return (".to(x.dtype)" in inspect.getsource(PositionalEncoding.forward) and not torch.equal(cast.double(), table.double())
            and passes(reference_tests.test_module_rejects_bad_input, (2, 5, 7), "x must have shape [batch, seq, 8], got [2, 5, 7]")()
            and passes(reference_tests.test_module_refuses_a_non_floating_x_naming_its_dtype, torch.int64)()
            and passes(reference_tests.test_x_and_the_table_on_different_devices_get_a_clear_message, "meta", "cpu")())


def one_line_per_bad_input() -> bool:
    import reference_page.contract as contract

    return len(error_lines()) == len(contract.calls) and "reference_page/contract-errors.txt" in (DOCS / "reference.md").read_text()



def default_rows_and_where_they_start() -> bool:
    out = text("reference_page/positions")
    return ("offset=5 adds rows 5, 6, 7: True" in out and "position_ids pick rows per token: True" in out
            and passes(reference_tests.test_an_offset_shifts_the_rows)()
            and passes(reference_tests.test_position_ids_pick_rows_per_token_and_per_sequence)()
            and passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)())


def positions_refused_by_name() -> bool:
    out = [line for line in text("reference_page/positions").splitlines() if line.startswith(("ValueError", "TypeError"))]
    bad = reference_tests.test_bad_offsets_and_position_ids_are_refused_by_name
    cases = [({"offset": -1}, ValueError, "offset must be a non-negative int, got -1"),
             ({"position_ids": torch.ones(5, dtype=torch.bool)}, TypeError, "got torch.bool"),
             ({"position_ids": torch.arange(5, device="meta")}, ValueError, "position_ids is on meta but x is on cpu")]
    return (len(out) == 5 and all("got" in line for line in out)
            and all(passes(bad, *case)() for case in cases))

def checked_against_this() -> bool:
    """The checker's frequencies are this file's (pecheck carries a NumPy copy, so that judging a table file needs no
    torch; they agree to 4e-16 here, and tests/test_pecheck.py holds them equal), and it names this table's
    convention with the reference in it."""
    import numpy as np
    import pecheck
    import reference

    verdict = pecheck.check_table(positional_encoding(100, 32))
    same = all(np.allclose(pecheck.numpy_frequencies(d, base), reference.frequencies(d, base=base).numpy(), rtol=4e-16,
                           atol=0) for d in (7, 32, 512) for base in (10000.0, 500.0))
    return same and verdict.ok and "Reference" in verdict.members


# --- the docstrings the page shows with the code (reviewed after the migration) -----------------------------------


def frequencies_as_documented() -> bool:
    """frequencies(): w_i = base ** (-2i / d_model) for i = 0 .. ceil(d_model/2) - 1, in float64; w_0 = 1 and the
    rest fall geometrically (a constant ratio base ** (-2 / d_model))."""
    for d, base in ((4, 10000.0), (7, 10000.0), (512, 10000.0), (6, 100.0)):
        omega = frequencies(d, base=base)
        i = torch.arange(math.ceil(d / 2), dtype=torch.float64)
        if not (omega.dtype == torch.float64 and omega.shape == (math.ceil(d / 2),)
                and torch.allclose(omega, base ** (-2 * i / d), rtol=1e-14, atol=0) and omega[0].item() == 1.0):
            return False
        if len(omega) > 1 and not torch.allclose(omega[1:] / omega[:-1], torch.full_like(omega[1:], base ** (-2 / d)),
                                                 rtol=1e-12, atol=0):
            return False
        if len(omega) > 1 and not bool((omega[1:] < omega[:-1]).all()):
            return False
    return exponent_and_range()


def table_shape_and_layout() -> bool:
    return (positional_encoding(7, 10).shape == (7, 10)
            and passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)())


def angles_in_float64_rounded_once() -> bool:
    """Every float32 entry within half a float32 step even at 10**6 (sampled against mpmath), the float64 stage, and
    the rare farther rounding the precision page counts."""
    return (float64_angles()
            and passes(reference_tests.test_float64_stage_matches_high_precision, 8, 10000.0)()
            and passes(reference_tests.test_float32_table_is_rounded_correctly_up_to_a_million, 9, 10000.0)()
            and passes(reference_tests.test_the_docstring_claims_what_the_precision_page_measures)())


def rows_of_given_positions() -> bool:
    rows = encode_positions(torch.tensor([0.0, 3.0, 2.5]), 8)
    return (rows.dtype == torch.float64 and rows.device.type == "cpu"
            and encode_positions(torch.arange(4), 8).dtype == torch.float64
            and passes(reference_tests.test_encode_positions_stays_on_the_device_of_its_positions)()
            and passes(reference_tests.test_the_table_is_its_formula_rows_rounded_once)())


def real_positions_accepted() -> bool:
    """1-D tensors of finite reals, such as t in [0, 1], are encoded; anything else is refused."""
    t = torch.linspace(0, 1, 11, dtype=torch.float64)
    omega = frequencies(8)
    rows = encode_positions(t, 8)
    return (bool(torch.allclose(rows[:, 0::2], torch.sin(t[:, None] * omega), rtol=0, atol=1e-15))
            and bool(torch.allclose(rows[:, 1::2], torch.cos(t[:, None] * omega), rtol=0, atol=1e-15))
            and passes(reference_tests.test_encode_positions_evaluates_real_valued_positions)()
            and passes(reference_tests.test_encode_positions_refuses_what_is_not_a_1d_tensor, torch.zeros(2, 3),
                       "got shape [2, 3]")()
            and "inf" in raises(lambda: encode_positions(torch.tensor([0.0, math.inf]), 8), ValueError))


def adds_then_dropout() -> bool:
    return (passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)()
            and passes(reference_tests.test_module_applies_dropout_in_training_only)())


def offset_starts_the_rows() -> bool:
    return (passes(reference_tests.test_an_offset_shifts_the_rows)()
            and passes(reference_tests.test_decoding_step_by_step_gives_the_rows_of_the_full_sequence, torch.float32)())


def position_ids_per_token() -> bool:
    layer = PositionalEncoding(d_model=8, max_len=16).eval()
    x = torch.zeros(2, 3, 8)
    ids = torch.tensor([[4, 0, 9], [1, 1, 2]])
    table = positional_encoding(16, 8)
    return (torch.equal(layer(x, position_ids=ids), table[ids])
            and torch.equal(layer(x, position_ids=ids[0]), table[ids[0]].expand(2, 3, 8))
            and passes(reference_tests.test_position_ids_pick_rows_per_token_and_per_sequence)())


def buffer_follows_not_saved_rebuilt() -> bool:
    return (not_in_state_dict() and buffer_moves()
            and passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)())


def forward_returns_rows_in_x_dtype() -> bool:
    return (passes(reference_tests.test_output_has_the_dtype_of_x_and_the_table_rounded_to_it, torch.bfloat16)()
            and offset_starts_the_rows() and position_ids_per_token()
            and passes(reference_tests.test_dropout_applies_with_an_offset_and_with_position_ids)()
            and passes(reference_tests.test_bad_offsets_and_position_ids_are_refused_by_name,
                       {"offset": 1, "position_ids": torch.arange(5)}, ValueError, "give offset or position_ids, not both")())


def float64_x_gets_float32_table() -> bool:
    return (output_dtype_is_x_and_table_float32()
            and passes(reference_tests.test_float64_x_gets_float32_rounding_unless_the_module_is_converted)())


def sizes_checked_by_name() -> bool:
    from reference import check_size

    return (check_size("seq_len", 3) == 3
            and raises(lambda: check_size("seq_len", 0), ValueError) == "seq_len must be a positive int, got 0"
            and "seq_len must be a positive int, got -3" in raises(lambda: check_size("seq_len", -3), ValueError)
            and "d_model" in raises(lambda: check_size("d_model", 4.0), TypeError)
            and "d_model" in raises(lambda: check_size("d_model", True), TypeError))


def base_checked() -> bool:
    from reference import check_base

    value = check_base(10000, 8)
    return (type(value) is float and value == 10000.0
            and "> 1" in raises(lambda: check_base(1.0, 8), ValueError)
            and "> 1" in raises(lambda: check_base(math.inf, 8), ValueError)
            and "> 1" in raises(lambda: check_base("1e4", 8), TypeError)
            and "the same frequency" in raises(lambda: check_base(1 + 1e-15, 8), ValueError)
            and all(passes(reference_tests.test_every_accepted_base_gives_each_pair_its_own_frequency, b, 512)()
                    for b in (1.0001, 10000.0, 1e30)))


def dtype_checked() -> bool:
    from reference import check_dtype

    table = positional_encoding(1000, 16, dtype=torch.float64)
    return (all(check_dtype(t) is t for t in (torch.float16, torch.bfloat16, torch.float32, torch.float64))
            and "torch.int64" in raises(lambda: check_dtype(torch.int64), ValueError)
            and float(table.min()) >= -1 and float(table.max()) <= 1
            and float(table.min()) < -0.99 and float(table.max()) == 1.0)


def positions_checked() -> bool:
    from reference import check_positions

    t = torch.tensor([0.25, 0.5])
    return (check_positions(t) is t and "got shape [2, 3]" in raises(lambda: check_positions(torch.zeros(2, 3)), TypeError)
            and "torch.bool" in raises(lambda: check_positions(torch.tensor([True])), TypeError)
            and "nan" in raises(lambda: check_positions(torch.tensor([0.0, math.nan])), ValueError)
            and real_positions_accepted())


def offset_checked() -> bool:
    import numpy
    from reference import check_offset

    taken = [check_offset(3), check_offset(numpy.int64(3)), check_offset(torch.tensor(3)), check_offset(0)]
    return (taken == [3, 3, 3, 0] and all(type(v) is int for v in taken)
            and "got -1" in raises(lambda: check_offset(-1), ValueError)
            and "got 2.0" in raises(lambda: check_offset(2.0), TypeError)
            and "got True" in raises(lambda: check_offset(True), TypeError)
            and "offset" in raises(lambda: check_offset(torch.tensor(2.0)), TypeError))


def position_ids_checked() -> bool:
    from reference import check_position_ids

    x = torch.zeros(2, 5, 8)
    ok = all(check_position_ids(ids, x, 16) is ids
             for ids in (torch.arange(5), torch.zeros(2, 5, dtype=torch.long), torch.zeros(1, 5, dtype=torch.int32),
                         torch.full((5,), 15)))
    return (ok and "got [3, 5]" in raises(lambda: check_position_ids(torch.zeros(3, 5, dtype=torch.long), x, 16), ValueError)
            and "torch.float32" in raises(lambda: check_position_ids(torch.arange(5.0), x, 16), TypeError)
            and "got 16 at index [4]" in raises(lambda: check_position_ids(torch.tensor([0, 1, 2, 3, 16]), x, 16), ValueError)
            and "got -1" in raises(lambda: check_position_ids(torch.tensor([0, -1, 2, 3, 4]), x, 16), ValueError)
            and "on meta" in raises(lambda: check_position_ids(torch.arange(5, device="meta"), x, 16), ValueError))



# --- Inputs longer than max_len; encoder, decoder and each layer (reference_page/longer.py, where.py) ----------------

def transformers_file(relative: str) -> list[str]:
    """The lines of a file of the installed transformers, 1-based through a leading empty line."""
    import transformers
    return [""] + (Path(transformers.__file__).parent / relative).read_text(encoding="utf-8").splitlines()


def lengths_taken(layer, up_to: int, d: int = 8) -> list[int]:
    """The input lengths from 1 to up_to that the module (d_model = d) serves (it raises ValueError on the others)."""
    taken = []
    for n in range(1, up_to + 1):
        try:
            layer(torch.zeros(1, n, d))
            taken.append(n)
        except ValueError:
            pass
    return taken


def max_len_is_the_row_count():
    """max_len is the number of rows built, and "the longest sequence it can serve": max_len against every length
    the module serves (lengths up to three times max_len tried; max_len itself is served)."""
    layer = PositionalEncoding(d_model=8, max_len=12)
    taken = lengths_taken(layer, 36)
    assert layer.pe.shape[0] == 12 and layer.max_len == 12 and 12 in taken
    return Compare(layer.max_len, taken)


def no_vocabulary_anywhere() -> bool:
    return not any("vocab" in name for name in inspect.signature(PositionalEncoding).parameters)


def too_long_errors() -> bool:
    out = text("reference_page/longer")
    v = values("reference_page/longer")
    learned = torch.nn.Embedding(int(v["short"]), 8)
    try:
        learned(torch.arange(int(v["short"]) + 1))
    except IndexError:
        return (f"max_len={v['short']}" in out and "learned table: IndexError" in out
                and learned.weight.shape[0] == int(v["short"]))
    return False


def rows_do_not_depend_on_max_len() -> bool:
    v = values("reference_page/longer")
    short, long = int(v["short"]), int(v["long"].replace(",", ""))
    ok = torch.equal(positional_encoding(long, 64)[:short], positional_encoding(short, 64))
    ok &= all(torch.equal(positional_encoding(n, d, dtype=torch.float64), positional_encoding(3 * n, d, dtype=torch.float64)[:n])
              for n, d in ((1, 4), (7, 5), (300, 512)))
    return ok and "table: True" in text("reference_page/longer")


def memory_is_the_only_cost() -> bool:
    from pelib.variants import fairseq as variant_fairseq
    kib = PositionalEncoding(d_model=512, max_len=5000).pe.numel() * 4 / 1024
    grows = "if self.padding_idx + 1 + seq_len > self.weights.size(0):" in inspect.getsource(variant_fairseq)
    return values("reference_page/module_usage")["table_kib_512"] == f"{kib:,.0f}" and grows


def checkpoints_ignore_max_len() -> bool:
    saved = PositionalEncoding(d_model=8, max_len=10).state_dict()
    PositionalEncoding(d_model=8, max_len=50).load_state_dict(saved)  # raises on a mismatch
    out = text("reference_page/longer")
    return "All keys matched successfully" in out and "persistent buffer, the same load: size mismatch for pe" in out


def learned_rows_end_at_the_table() -> bool:
    table = torch.nn.Embedding(5, 4)
    try:
        table(torch.tensor([5]))
    except IndexError:
        return table.weight.requires_grad
    return False


def persistent_buffer_is_saved() -> bool:
    from reference_page.longer import PersistentTable
    return list(PersistentTable(8, 30).state_dict()) == ["pe"] and PersistentTable(8, 30).state_dict()["pe"].shape == (30, 8)


def detr_positions_on_queries_and_keys_only() -> bool:
    lines = transformers_file("models/detr/modeling_detr.py")
    import transformers
    return (transformers.__version__.startswith("5.23")
            and lines[470].strip().startswith("query_key_input = hidden_states + position_embeddings")
            and "self.q_proj(query_key_input)" in lines[472] and "self.k_proj(query_key_input)" in lines[473]
            and "self.v_proj(hidden_states)" in lines[474] and "def forward(" in "\n".join(lines[457:460]))


def detr_passes_positions_to_every_layer() -> bool:
    lines = transformers_file("models/detr/modeling_detr.py")
    return ("for encoder_layer in self.layers:" in lines[985]
            and "spatial_position_embeddings=spatial_position_embeddings" in lines[988])


def twins_leave_detr_equal() -> bool:
    v = values("reference_page/where")
    return v["detr_gap"] == "< 1e-06" and float(v["paper_gap"]) > 0.5 and f"{v['paper_gap']}" in text("reference_page/where")

# --- more checks that return what they measured (tests/claim_words.py) ----------------------------------------------


def pairs_sharing_a_frequency() -> Count:
    """The pairs of d = 8, 64, 512 whose sine and cosine columns turn at one frequency (read from row 1)."""
    holding = total = 0
    for d in (8, 64, 512):
        row = positional_encoding(2, d, dtype=torch.float64)[1]
        same = torch.isclose(torch.asin(row[0::2]), torch.acos(row[1::2]), rtol=1e-6, atol=0)
        holding, total = holding + int(same.sum()), total + same.numel()
    return Count(holding, total)


def paper_layout_measured():
    """"both columns of a pair share one frequency": the pairs whose two columns do."""
    return passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)() and pairs_sharing_a_frequency()


def frequencies_fall_measured():
    """"w_0 = 1 and the rest fall geometrically": the frequencies of d_model = 64 in pair order."""
    ok = frequencies_as_documented() and passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)()
    return ok and Trend(tuple(frequencies(64).tolist()))


def buffer_measured():
    """"why it is not in state_dict": whether the module's state_dict holds the table."""
    return buffer_moves() and Truth("pe" in PositionalEncoding(8, max_len=16).state_dict())


def not_saved_measured():
    """"it is not saved in state_dict": whether the module's state_dict holds the table."""
    return buffer_follows_not_saved_rebuilt() and Truth("pe" in PositionalEncoding(8, max_len=16).state_dict())


def default_rows_measured():
    """"By default token j of every sequence gets row j": the sequences of a batch whose token j got row j."""
    if not default_rows_and_where_they_start():
        return False
    layer = PositionalEncoding(8, max_len=16).eval()
    out = layer(torch.zeros(3, 5, 8))
    return Count(sum(torch.equal(out[b], layer.pe[:5]) for b in range(3)), 3)


def too_long_output_measured():
    """"(the output below)": the output's height on the page against the sentence's (minus their line numbers)."""
    if not too_long_errors():
        return False
    lines = (DOCS / "reference.md").read_text(encoding="utf-8").splitlines()
    sentence = next(n for n, line in enumerate(lines) if "One position too many" in line)
    output = next(n for n, line in enumerate(lines) if '--8<-- "reference_page/longer.txt"' in line)
    return Compare(-output, -sentence, at=0)


def rows_depend_measured():
    """"its rows do not depend on max_len": whether any table's first rows differ from the shorter table."""
    if not rows_do_not_depend_on_max_len():
        return False
    cases = ((1, 4, 3), (7, 5, 3), (100, 64, 50), (300, 512, 3))
    differ = [not torch.equal(positional_encoding(n, d, dtype=torch.float64),
                              positional_encoding(k * n, d, dtype=torch.float64)[:n]) for n, d, k in cases]
    return Truth(any(differ))


def longer_input_measured():
    """"Set max_len to the longest input": 12 rows against every length the reference serves; "rebuild the table when
    a longer one arrives": the shortest input it refuses, against its max_len."""
    if not memory_is_the_only_cost():
        return False
    layer = PositionalEncoding(d_model=8, max_len=12)
    taken = lengths_taken(layer, 15)
    refused = [n for n in range(1, 16) if n not in taken]
    # "the longest input you will feed": a table of that many rows serves it and every shorter one, none longer
    return [Compare(layer.max_len, taken, at=0), Compare(min(refused), layer.pe.shape[0], at=1)]


def same_load_measured():
    """"makes the same load fail": the (saved, loaded) row counts of the persistent buffer's failed load, read from
    its error, against those of the reference's load."""
    if not checkpoints_ignore_max_len():
        return False
    out = text("reference_page/longer")
    reference = re.search(r"saved with max_len=(\d+), loaded with max_len=(\d+)", out).groups()
    persistent = re.search(r"with shape torch.Size\(\[(\d+), \d+\]\) from checkpoint, the shape in current model is "
                           r"torch.Size\(\[(\d+), \d+\]\)", out).groups()
    return Compare(tuple(map(int, persistent)), [tuple(map(int, reference))], at=0)


def learned_rows_past_measured():
    """"A learned table has no row past its size": the rows past a 5-row learned table that it returns."""
    if not learned_rows_end_at_the_table():
        return False
    table, returned = torch.nn.Embedding(5, 4), 0
    for row in range(5, 10):
        try:
            table(torch.tensor([row]))
            returned += 1
        except IndexError:
            pass
    return Count(returned, 5, at=0)


def decoder_without_encoding_measured():
    """"A decoder given no encoding": the causal attention calls of the test whose input adds an encoding."""
    test = why_positions_tests.test_a_causal_mask_breaks_the_symmetry_without_pe
    if not passes(test)():
        return False
    calls = re.findall(r"self_attention\(([^,]+),", inspect.getsource(test))
    return Count(sum(bool(re.search(r"\+|pe\b|encod|position", arg)) for arg in calls), len(calls), at=0)


def detr_layers_with_positions() -> Count:
    """The layers of a small DETR encoder (transformers' own) whose self-attention receives the position
    embeddings."""
    from transformers.models.detr.modeling_detr import DetrConfig, DetrEncoder, DetrSelfAttention

    config = DetrConfig(d_model=16, encoder_layers=3, encoder_attention_heads=2, encoder_ffn_dim=32,
                        use_timm_backbone=False, use_pretrained_backbone=False)
    config._attn_implementation = "eager"
    encoder = DetrEncoder(config).eval()
    received = []
    attentions = [m for m in encoder.modules() if isinstance(m, DetrSelfAttention)]
    for attention in attentions:
        attention.register_forward_pre_hook(
            lambda _m, args, kwargs: received.append(kwargs.get("position_embeddings") is not None), with_kwargs=True)
    with torch.no_grad():
        encoder(inputs_embeds=torch.zeros(1, 4, 16), spatial_position_embeddings=torch.ones(1, 4, 16))
    return Count(sum(received), len(attentions), at=0)


def detr_line(lines: list[str], start: int, needle: str) -> int:
    return next(n for n in range(start, len(lines)) if needle in lines[n])


def detr_queries_keys_measured():
    """"DETR adds its 2-D encoding to ... every layer ..., and not to the values ... lines 470 to 474 of ...
    transformers 5.23.0": the coordinates the sine embedding encodes, the layers that receive the positions, whether
    the values' projection reads them, the lines of the query-key sum and of the values, and the version."""
    if not (detr_positions_on_queries_and_keys_only() and detr_passes_positions_to_every_layer()):
        return False
    import transformers
    from transformers.models.detr.modeling_detr import DetrSinePositionEmbedding

    lines = transformers_file("models/detr/modeling_detr.py")
    forward = detr_line(lines, 0, "class DetrSelfAttention")
    first, values_line = (detr_line(lines, forward, "query_key_input = hidden_states + position_embeddings"),
                          detr_line(lines, forward, "self.v_proj("))
    coordinates = set(re.findall(r"\bpos_([a-z])\b", inspect.getsource(DetrSinePositionEmbedding)))
    return [Number(len(coordinates), at=0), detr_layers_with_positions(), Truth("position" in lines[values_line]),
            Number(first, at=1), Number(values_line, at=2),
            Number(float(".".join(transformers.__version__.split(".")[:2])), at=3)]


def twins_measured():
    """"The position then decides which features each token gathers, but never enters the features themselves: two
    copies ... at two positions leave such a layer equal": in transformers' DETR attention, the tokens whose attention
    weights the positions change, the tokens whose values' input carries them, the copies and positions, and the
    two outputs (equal within 1e-6)."""
    if not twins_leave_detr_equal():
        return False
    from transformers.models.detr.modeling_detr import DetrConfig, DetrSelfAttention

    d = 16
    config = DetrConfig(d_model=d, encoder_attention_heads=2, use_timm_backbone=False, use_pretrained_backbone=False)
    config._attn_implementation = "eager"
    torch.manual_seed(0)
    attention = DetrSelfAttention(config, hidden_size=d, num_attention_heads=2).eval()
    token = torch.randn(1, 1, d).repeat(1, 2, 1)
    pe = positional_encoding(2, d)[None]
    value_inputs = []
    attention.v_proj.register_forward_pre_hook(lambda _m, args: value_inputs.append(args[0]))
    with torch.no_grad():
        out, weights = attention(token, position_embeddings=pe)
        _, plain = attention(token)
    detr = token + out
    gathers = [not torch.allclose(weights[0, :, t], plain[0, :, t], atol=1e-6) for t in range(token.shape[1])]
    carries = [not torch.equal(value_inputs[0][0, t], token[0, t]) for t in range(token.shape[1])]
    gap = (detr[0, 0] - detr[0, 1]).abs().max().item()
    return [Count(sum(gathers), len(gathers), at=0), Count(sum(carries), len(carries), at=1),
            Number(token.shape[1], at=0), Number(pe.shape[1], at=1), Compare(0.0 if gap < 1e-6 else gap, 0.0, at=0)]


def detr_every_layer_measured():
    """"So DETR passes its encoding to every encoder layer (lines 985 to 988 of the same file)": the layers that
    receive it, the lines of the loop and of the call, and the file of the encoder against the attention's."""
    if not detr_passes_positions_to_every_layer():
        return False
    from transformers.models.detr import modeling_detr

    lines = transformers_file("models/detr/modeling_detr.py")
    encoder = detr_line(lines, 0, "class DetrEncoder(")
    loop = detr_line(lines, encoder, "for encoder_layer in self.layers:")
    call = detr_line(lines, loop, "spatial_position_embeddings=spatial_position_embeddings")
    return [detr_layers_with_positions(), Number(loop, at=0), Number(call, at=1),
            Compare(inspect.getsourcefile(modeling_detr.DetrEncoder),
                    inspect.getsourcefile(modeling_detr.DetrSelfAttention), at=0)]


def models_elsewhere_measured():
    """"Some models put the position elsewhere": the two that follow (DETR, RoPE) that put it on the queries and keys
    rather than the input."""
    torch.manual_seed(0)  # that test draws random weights: the same ones whatever ran before it in this process
    rope = passes(real_code_tests.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)()
    return Count(int(detr_positions_on_queries_and_keys_only()) + int(rope), 2, at=0)


LEDGER = Ledger('reference.md', [
    prose('title', "the page's title"),
    computed('compared-against', compared_against, backs=['every']),
    computed('paper-layout', paper_layout_measured,
             backs=['both', 'columns', 'columns', 'cosine', 'even', 'odd', 'sine']),
    equation('the-formula'),
    computed('check-yours', checked_against_this, backs=['right']),
    prose('function', "a heading"),
    computed('three-choices', three_choices_measured),
    computed('two-i', exponent_and_range, backs=['0', '2', r'\(1\)', r'\(2i/d\)', r'\(\text{base}^{-(d-2)/d}\)', r'\(d\)', 'down', 'even', 'not']),
    computed('odd-width', odd_width_measured, backs=[r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'all', 'column', 'columns', 'columns', 'even', 'first', 'last', 'no', 'odd', 'odd', 'sine', 'sine']),
    computed('float64', rounded_once_measured, backs=['each', 'float64', 'float64']),
    computed('float32-off', float32_off_and_reference_within, backs=[r'\(10^6\)', 'every', 'exact', 'float32', 'float32', 'float64', 'gen.precision.error_vs_position.float32_error_1e6', 'most', 'within']),
    computed('libraries', libraries_differ, backs=['column', 'every', 'same', 'store']),
    prose('prints', "a heading"),
    computed('two-tables', what_it_prints_measured, backs=['4', '5', 'each', 'sine']),
    computed('row-zero', row_zero_measured, backs=['0', r'\((0, 1, 0, 1, \dots)\)', r'\(\cos 0 = 1\)', r'\(\sin 0 = 0\)', 'always', 'row']),
    computed('column-zero', column_zero_measured, backs=['0', '1', r'\(2\pi \approx 6.28\)', 'column', 'columns', 'every', 'later', 'more', 'more']),
    prose('picture', "a heading"),
    computed('heatmap', heatmap_measured, backs=['128', '128', 'column', 'same']),
    computed('heatmap-alt', lambda: stripes_and_bands() and tf.heatmap_alt_measured(), backs=['128', '128', 'above', 'below', 'both', 'columns', 'columns', 'cosine', 'first', 'last', 'row', 'sine']),
    prose('module', "a heading"),
    cited('bottom-and-dropout', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5 (added at the bottoms of the encoder and decoder stacks) "
          "and section 5.4 (dropout on the sums, P_drop = 0.1 for the base model)",
          passes(reference_tests.test_module_applies_dropout_in_training_only), backs=[r'\(P_{drop} = 0.1\)', 'most']),
    computed('buffer', buffer_measured, backs=['buffer', 'buffer', 'forward', 'half', 'never', 'not']),
    computed('non-persistent', not_in_state_dict, backs=['gen.reference_page.module_usage.state_dict_entries', 'persistent']),
    computed('saving-cost', saving_cost, backs=['5000', '512', 'every', 'float32', 'gen.reference_page.module_usage.table_kib_512']),
    computed('chunks', one_chunk_beyond_the_table, backs=['more', 'not']),
    computed('output-dtype', output_dtype_is_x_and_table_float32, backs=['before', 'buffer', 'float32']),
    computed('dtype-differences', quoted_dtype_differences, backs=['float16', 'float16', 'float32', 'float64', 'float64', 'float64', 'float64', 'gen.reference_page.contract.float16_difference', 'gen.reference_page.contract.float64_difference']),
    computed('rows-default', default_rows_measured, backs=[r'\(j\)', r'\(j\)', 'every', 'row', 'rows']),
    computed('offset-position-ids', lambda: default_rows_and_where_they_start() and passes(reference_tests.test_decoding_step_by_step_gives_the_rows_of_the_full_sequence, torch.float32)()),
    computed('positions-refused', positions_refused_by_name, backs=['negative']),
    prose('heading-bad-input', 'a heading'),
    computed('sizes-base-dtype', sizes_base_and_dtype_are_checked, backs=['0', '1', '1', r'\(\text{base}^{-2i/d}\)', 'all', 'differ', 'every', 'float32', 'greater', 'positive', 'same']),
    computed('memory-refused', too_large_refused_before_allocating, backs=['before', 'larger']),
    computed('errors-name-value', each_error_names_value_and_allowed, backs=['each']),
    computed('module-checks', module_checks_shape_dtype_device),
    computed('what-each-gets', one_line_per_bad_input, backs=['below', 'each']),
    computed('angular-frequencies-w-i-base', frequencies_as_documented, backs=['0', '1', '2', 'float64']),
    computed('pair-i-columns-2i-2i', frequencies_fall_measured, backs=['1', '1', 'columns', 'fall']),
    computed('return-seq-len-d-model', table_shape_and_layout, backs=['1', 'cos', 'sin']),
    computed('w-i-base-2i-d', frequencies_as_documented),
    computed('both-columns-pair-share', paper_layout_measured, backs=['both', 'columns']),
    computed('odd-d-model-last-column', odd_width, backs=['column', 'last', 'odd', 'sine']),
    computed('angles-are-computed-float64-each', angles_in_float64_rounded_once, backs=['10', '6', 'double', 'each', 'even', 'every', 'exact', 'exactly', 'float32', 'float32', 'float32', 'float64', 'float64', 'half', 'up to', 'within']),
    computed('rows-are-computed-chunk-positions', passes(reference_tests.test_peak_memory_stays_within_one_and_a_half_tables), backs=['more'], unbacked={'rows': 'the chunking by rows is checked by the entry chunks (one_chunk_beyond_the_table); this slow check measures the peak'}, slow=True),
    computed('return-rows-table-given-positions', rows_of_given_positions, backs=['float64', 'rows']),
    computed('1-d-tensor-finite-real', real_positions_accepted, backs=['0', '1', '1']),
    computed('add-sinusoidal-table-token-embeddings', adds_then_dropout),
    computed('by-default-token-j-every', default_rows_measured, backs=['every', 'row']),
    computed('cached-incremental-decoding-pass-number', offset_starts_the_rows, backs=['rows']),
    computed('padded-or-packed-batches-pass', position_ids_per_token, backs=['each']),
    computed('table-non-persistent-buffer-follows', not_saved_measured, backs=['buffer', 'not', 'saved']),
    computed('return-dropout-x-rows-x', forward_returns_rows_in_x_dtype, backs=['1', 'both', 'not', 'rows', 'rows', 'rows']),
    computed('table-float32-unless-built-with', float64_x_gets_float32_table, backs=['float32', 'float32', 'float64', 'float64']),
    computed('return-if-positive-int-raise', sizes_checked_by_name, backs=['positive']),
    computed('return-as-float-if-finite', base_checked, backs=['1', '>', 'each']),
    computed('return-if-floating-point-torch', dtype_checked, backs=['1', '1']),
    computed('return-if-1-d-tensor', positions_checked, backs=['1', 'not', 'same']),
    computed('return-as-int-if-non', offset_checked, backs=['0']),
    computed('return-if-integer-tensor-shape', position_ids_checked, backs=['0', '1', 'all']),
    computed('refuse-before-allocating-anything-table', too_large_refused_before_allocating, backs=['before', 'larger']),
    computed('code-rest-site-imports-function', lambda: compared_against() and all(h in (DOCS / "reference.md").read_text(encoding="utf-8") for h in ("\n## The function\n", "\n## What it prints\n", "\n## The module\n", "\n## Bad input\n")), backs=[]),
    prose('if-formula-new-you-read', 'reading advice', unbacked=['first']),
    prose('inputs-longer-than', 'a heading: it names the case the section answers', unbacked=['longer']),
    computed('number-rows-module-builds-longest', max_len_is_the_row_count, backs=['rows']),
    computed('has-nothing-do-with-vocabulary', no_vocabulary_anywhere),
    computed('one-position-too-many-gets', too_long_output_measured, backs=['as many', 'below', 'rows']),
    computed('fixed-table-can-be-made', rows_depend_measured,
             backs=['depend', 'first', 'gen.reference_page.longer.long', 'gen.reference_page.longer.short',
                    'gen.reference_page.longer.short', 'not', 'rows', 'rows']),
    computed('set-longest-input-you-will', longer_input_measured,
             backs=['5000', '512', 'float32', 'gen.reference_page.module_usage.table_kib_512', 'longer', 'only']),
    computed('because-reference-keeps-table-out', same_load_measured,
             backs=['buffer', 'persistent', 'same', 'saved']),
    computed('learned-table-has-no-row', learned_rows_past_measured, backs=['no', 'row', 'rows']),
    cited('longer-table-does-not-make',
          "Press, Smith and Lewis 2022 (ALiBi, arXiv:2108.12409), Figure 1: sinusoidal models degrade a few dozen "
          "tokens past their training length; docs/evidence/extrapolation.md measures the same on tiny models",
          backs=['either', 'longer', 'not']),
    computed('table-registered-as-persistent-buffer', persistent_buffer_is_saved,
             backs=['as many', 'buffer', 'persistent']),
    prose('encoder-decoder-each-layer', 'a heading: it names the places the section goes through', unbacked=['each']),
    cited('paper-adds-encoding-once-input',
          'Vaswani et al. 2017, arXiv:1706.03762, section 3.5: "we add positional encodings to the input embeddings '
          'at the bottoms of the encoder and decoder stacks"', backs=['3.5']),
    cited('each-stack-numbers-own-sequence',
          "Vaswani et al. 2017, section 3.5 (each stack's own input embeddings); transformers' Marian decoder numbers "
          "target positions from past_key_values_length whatever the source's length (tested in "
          "tests/pages/test_variants_real_code_code.py)",
          lambda: passes(real_code_tests.test_marian_starts_at_past_key_values_length_unless_position_ids_are_given)(),
          backs=['0', 'each', 'not']),
    cited('second-decoder-reads-target-right',
          "wenet-e2e/wenet issue #460: the right-to-left decoder of BiTransformerDecoder is a separate decoder; both "
          "add the same sinusoidal positions p0, p1, ... to their own input, the right one to the reversed target "
          "(maintainer's answer)", backs=['0', 'left', 'order', 'right']),
    computed('decoder-given-no-encoding-still', decoder_without_encoding_measured,
             backs=['no', 'order']),
    computed('some-models-put-position-elsewhere', models_elsewhere_measured, backs=['some']),
    computed('detr-adds-2-d-encoding', detr_queries_keys_measured,
             backs=['2', '470', '474', '5.23', 'every', 'forward', 'not']),
    computed('position-then-decides-which-features', twins_measured,
             backs=['each', 'equal', 'gen.reference_page.where.detr_gap', 'gen.reference_page.where.paper_gap', 'never']),
    computed('so-detr-passes-encoding-every', detr_every_layer_measured,
             backs=['985', '988', 'every', 'same']),
    computed('rope-likewise-touches-only-queries',
             lambda: passes(real_code_tests.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)(),
             backs=['only', 'only', 'rotates']),
], typed={'512': "the paper's d_model, a parameter the sentence names"})

test_claims_hold = LEDGER.test
