"""The claims of docs/reference.md, each with what makes it true (see tests/claimcheck.py).

The section "Bad input" is left pending here: its sentences belong to the input contract, which is being rewritten
separately.
"""

import inspect
import math
import re

import test_reference as reference_tests
import torch
from claimcheck import Ledger, cited, computed, equation, passes, prose
from pelib.variants.registry import REFERENCE, VARIANTS, observe, trig_profile
from reference import PositionalEncoding, encode_positions, frequencies, positional_encoding
from support import DOCS, ROOT, SNIPPETS, data, number, text, values

from pages import test_formula as tf
from pages import test_variants_index_code as variants_tests


def compared_against():
    importers = [p for p in SNIPPETS.rglob("*.py") if re.search(r"^from reference import", p.read_text(), flags=re.M)]
    tests = [p for p in (ROOT / "tests").rglob("test_*.py") if "from reference import" in p.read_text()]
    return "positional_encoding(" in inspect.getsource(observe) and len(importers) >= 15 and len(tests) >= 8


def three_choices():
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    section = page.split("## The function", 1)[1].split("\n## ", 1)[0]
    return len(re.findall(r"^- \*\*", section, flags=re.M)) == 3


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


def heatmap_source():
    source = (SNIPPETS / "reference_page/heatmap.py").read_text()
    return ("positional_encoding(128, 128)" in source and "ax.imshow(part.T" in source
            and 'axes[1].set_xlabel("position p")' in source and "sines, cosines = pe[:, 0::2], pe[:, 1::2]" in source)


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
    """The checker takes its frequencies from this file, and names this table's convention with the reference in it."""
    import pecheck

    verdict = pecheck.check_table(positional_encoding(100, 32))
    return (pecheck.reference is __import__("reference") and "reference.frequencies" in inspect.getsource(pecheck.law)
            and verdict.ok and "Reference" in verdict.members)


LEDGER = Ledger('reference.md', [
    prose('title', "The reference implementation", "the page's title"),
    computed('summary', r"The code the rest of the site imports: the function that builds the table, the module that adds it to embeddings, what they print, and the errors they raise on bad input.",
             lambda: compared_against() and all(h in (DOCS / "reference.md").read_text(encoding="utf-8")
                                                for h in ("\n## The function\n", "\n## What it prints\n", "\n## The module\n", "\n## Bad input\n"))),
    prose('read-first', r"If the formula is new to you, read [the formula](formula.md) first.", "reading advice"),
    computed('compared-against', "This is the implementation every variant on the site is compared against, and the table that the other snippets and the tests import.", compared_against),
    computed('paper-layout', "It follows the paper's layout: sine in the even columns, cosine in the odd ones, and both columns of a pair share one frequency.", passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)),
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \qquad \omega_i = \text{base}^{-2i/d}, \quad \text{base} = 10000 . \]"),
    computed('check-yours', "To check your own table or module against it, see [Is my encoding right?](variants/clinic.md).",
             checked_against_this),
    prose('function', "The function", "a heading"),
    computed('three-choices', "Three choices in these few lines matter:", three_choices),
    computed('two-i', r"**`torch.arange(0, d_model, 2)` is `2i`, not `i`.** The exponent is \(2i/d\), so the frequencies run from \(1\) down to \(\text{base}^{-(d-2)/d}\) for even \(d\).", exponent_and_range),
    computed('odd-width', r"**Odd `d_model` works.** The even columns take all \(\lceil d/2 \rceil\) frequencies, the odd columns the first \(\lfloor d/2 \rfloor\): the last column of an odd-width table is a lone sine (why: [a lone sine](formula.md#odd-d_model-a-lone-sine); what it costs the shift property: [no matrix](linearity.md#odd-d_model-the-lone-sine-has-no-matrix)).", odd_width),
    computed('float64', '**Angles are computed in float64**, and each finished float64 value is rounded once to `dtype`.', float64_angles),
    computed('float32-off', r"Computed in float32, as most tutorials do, the table is off by {{ gen.precision.error_vs_position.float32_error_1e6 }} at position \(10^6\) ([measured on the precision page](precision.md#the-error-as-the-position-grows)); the float64 angles keep every entry within float32 rounding of the exact value.", float32_off_and_reference_within),
    computed('libraries', "Libraries store the same numbers in other column orders and sometimes with other frequencies: see [library layouts](variants/libraries.md) and the [comparison of every variant](variants/index.md).", libraries_differ),
    prose('prints', "What it prints", "a heading"),
    computed('two-tables', "For `d_model = 4` (two pairs) and `d_model = 5` (two pairs and a lone sine), six positions each:", what_it_prints),
    computed('row-zero', r"Row 0 is always \((0, 1, 0, 1, \dots)\): \(\sin 0 = 0\) and \(\cos 0 = 1\).", row_zero),
    computed('column-zero', r"Column 0 has frequency 1 and turns through a full circle every \(2\pi \approx 6.28\) positions; the later columns move more and more slowly.", column_zero),
    prose('picture', "As a picture", "a heading"),
    computed('heatmap', "The same table for 128 positions and `d_model = 128`, one column of pixels per position:", heatmap_source),
    computed('heatmap-alt', "![Two heatmaps of PE for 128 positions and d_model = 128, one row per pair: the sine columns above, the cosine columns below; in both, the first pairs change fast with the position and the last ones slowly](generated/reference_page/heatmap.svg)", lambda: stripes_and_bands() and tf.heatmap_split_by_pair()),
    prose('module', "The module", "a heading"),
    cited('bottom-and-dropout', r"Most models add the table to the token embeddings once, at the bottom of the encoder and the decoder, and apply dropout to the sum (the paper uses \(P_{drop} = 0.1\)).",
          "Vaswani et al. 2017, arXiv:1706.03762, section 3.5 (added at the bottoms of the encoder and decoder stacks) "
          "and section 5.4 (dropout on the sums, P_drop = 0.1 for the base model)",
          passes(reference_tests.test_module_applies_dropout_in_training_only)),
    computed('buffer', "**Why the table is a buffer, and why it is not in `state_dict`.** A buffer moves with the module: `.to(device)` and `.half()` take it along, so `forward` never copies it between devices.", buffer_moves),
    computed('non-persistent', "It is registered with `persistent=False`, so `state_dict` holds {{ gen.reference_page.module_usage.state_dict_entries }} entries for this module: the table is a pure function of `max_len`, `d_model` and `base` and is rebuilt whenever the module is built.", not_in_state_dict),
    computed('saving-cost', "Saving it would add {{ gen.reference_page.module_usage.table_kib_512 }} KiB of float32 to every checkpoint for `max_len = 5000`, `d_model = 512`, and would make a checkpoint refuse to load into a module built with another `max_len` ([what other implementations do](variants/converting.md#checkpoints-and-state_dict)).", saving_cost),
    computed('chunks', "`positional_encoding` has `encode_positions` compute them for a chunk of positions at a time, not for the whole table at once, so the memory needed beyond the table is that of one chunk, whatever the table's length: a long table needs little more than its own size.", one_chunk_beyond_the_table),
    computed('output-dtype', "**What dtype comes out.** The output has the dtype of `x`: the table, a float32 buffer unless the module is built with another `dtype`, is rounded to `x`'s dtype before it is added.", output_dtype_is_x_and_table_float32),
    computed('dtype-differences', 'Float16 input thus gets the table rounded to float16 (off by {{ gen.reference_page.contract.float16_difference }}), and float64 input gets float32 values, off by {{ gen.reference_page.contract.float64_difference }} from the float64 table; build the module with `dtype=torch.float64` to add the float64 table itself:', quoted_dtype_differences),
    computed('rows-default', "**Where the rows start.** By default token \\(j\\) of every sequence gets row \\(j\\).", default_rows_and_where_they_start),
    computed('offset-position-ids', "In cached decoding, pass `offset`, the number of tokens already decoded; for padded or packed batches, pass `position_ids`, one integer position per token, of shape `[seq]` or `[batch, seq]` ([positions in real code](variants/real-code.md)).",
             lambda: default_rows_and_where_they_start() and passes(reference_tests.test_decoding_step_by_step_gives_the_rows_of_the_full_sequence, torch.float32)()),
    computed('positions-refused', "A position past `max_len`, a negative one, a float or bool tensor, or a wrong shape or device gets an error that names it:", positions_refused_by_name),
    prose('heading-bad-input', 'Bad input', 'a heading'),
    computed('sizes-base-dtype', 'Every size must be a positive `int`; `base` must be a finite number greater than 1 whose frequencies \\(\\text{base}^{-2i/d}\\) all differ in float32 (a base too close to 1 would give two pairs the same frequency, and a huge one rounds the low frequencies to 0); `dtype` must be a floating-point dtype.', sizes_base_and_dtype_are_checked),
    computed('memory-refused', "A table larger than the machine's memory is refused before anything is allocated, naming the sizes and the memory they need.", too_large_refused_before_allocating),
    computed('errors-name-value', 'Each error names the value it got and what is allowed:', each_error_names_value_and_allowed),
    computed('module-checks', 'The module also checks what it is given: the shape, a floating-point tensor (an integer `x` would cast the table to integers), and the device of its table:', module_checks_shape_dtype_device),
    computed('what-each-gets', 'What each kind of bad input gets, as the code below prints it:', one_line_per_bad_input),
], typed={'512': "the paper's d_model, a parameter the sentence names"})

test_claims_hold = LEDGER.test
