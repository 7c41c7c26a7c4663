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
from pelib.variants import REFERENCE, VARIANTS, observe, trig_profile
from reference import PositionalEncoding, encode_positions, frequencies, positional_encoding
from support import DOCS, ROOT, SNIPPETS, data, number, text, values

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
    return "positional_encoding(128, 128)" in source and "ax.imshow(pe.T" in source and 'ax.set_xlabel("position p")' in source


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


LEDGER = Ledger('reference.md', [
    prose('title', "The reference implementation", "the page's title"),
    computed('compared-against', "This is the implementation every variant on the site is compared against, and the table that the other snippets and the tests import.", compared_against),
    computed('paper-layout', "It follows the paper's layout: sine in the even columns, cosine in the odd ones, and both columns of a pair share one frequency.", passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)),
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \qquad \omega_i = \text{base}^{-2i/d}, \quad \text{base} = 10000 . \]"),
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
    computed('heatmap-alt', "![Heatmap of PE for 128 positions and d_model = 128: rapid stripes in the low dimensions, slow bands in the high ones](generated/reference_page/heatmap.svg)", stripes_and_bands),
    prose('module', "The module", "a heading"),
    cited('bottom-and-dropout', r"Most models add the table to the token embeddings once, at the bottom of the encoder and the decoder, and apply dropout to the sum (the paper uses \(P_{drop} = 0.1\)).",
          "Vaswani et al. 2017, arXiv:1706.03762, section 3.5 (added at the bottoms of the encoder and decoder stacks) "
          "and section 5.4 (dropout on the sums, P_drop = 0.1 for the base model)",
          passes(reference_tests.test_module_applies_dropout_in_training_only)),
    computed('buffer', "**Why the table is a buffer, and why it is not in `state_dict`.** A buffer moves with the module: `.to(device)` and `.half()` take it along, so `forward` never copies it between devices.", buffer_moves),
    computed('non-persistent', "It is registered with `persistent=False`, so `state_dict` holds {{ gen.reference_page.module_usage.state_dict_entries }} entries for this module: the table is a pure function of `max_len`, `d_model` and `base` and is rebuilt whenever the module is built.", not_in_state_dict),
    computed('saving-cost', "Saving it would add {{ gen.reference_page.module_usage.table_kib_512 }} KiB of float32 to every checkpoint for `max_len = 5000`, `d_model = 512`, and would make a checkpoint refuse to load into a module built with another `max_len` ([what other implementations do](variants/converting.md#checkpoints-and-state_dict)).", saving_cost),
], typed={'512': "the paper's d_model, a parameter the sentence names"})

test_claims_hold = LEDGER.test
