"""The claims of docs/variants/seeds.md, each with what makes it true (see tests/claimcheck.py).

Each seed's behaviour is re-derived from our reimplementation (run now, and as the committed comparison saw it);
what the original write-up says or prints is cited, and checked where our code reproduces it.
"""

import contextlib
import io
import math
import re
import warnings

import numpy as np
import pelib.variants.seed_aiedge as aiedge
import pelib.variants.seed_div_term as div_term
import pelib.variants.seed_nested_loops as nested
import pelib.variants.seed_plain_attribute as plain
import pelib.variants.seed_stack_flatten as stack
import pytest
import sympy
import torch
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import registry
from reference import PositionalEncoding, positional_encoding
from support import DOCS, text, values
from torch.overrides import TorchFunctionMode

from pages import test_variants_converting_code as tva
from pages import test_variants_index_code as tv
from pages.variants_facts import SEEDS, code, observed, page, paper_frequencies, raises

SEED_CITATIONS = "the seeds' sources as snippets/pelib/variants/registry.py registers them (title and date, or address)"


def source(key: str) -> str:
    return registry.BY_KEY[key].source + " " + registry.BY_KEY[key].url


def printed(job: str, block: int = 0) -> torch.Tensor:
    """The block-th tensor a snippet printed, read back as numbers."""
    blocks = re.findall(r"tensor\((\[.*?\])\)", text(job), flags=re.S)
    return torch.tensor(eval(blocks[block]), dtype=torch.float64)  # a nested list of numbers


def line(job: str, start: str) -> str:
    return next(line for line in text(job).splitlines() if line.startswith(start))


class Ops(TorchFunctionMode):
    """Count the torch calls made while active."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


def ops(build) -> int:
    with Ops() as counter:
        build()
    return counter.count


def silent(build) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        build()
    return out.getvalue()


def quick_answer(key: str, odd: str) -> bool:
    return observed(key, "odd_d7") == odd and observed(key, "layout") == "interleaved" and paper_frequencies(key)


def nested_is_slow() -> bool:
    seq, d = 16, 8
    loops = ops(lambda: nested.nested_loop_encoding(seq, d))
    vectorised = ops(lambda: positional_encoding(seq, d))
    return (seq * d <= loops <= 5 * seq * d and vectorised <= loops / 5
            and torch.allclose(nested.nested_loop_encoding(seq, d), positional_encoding(seq, d), atol=1e-6)
            and len(re.findall(r"^\s+for ", code("seed_nested_loops"), flags=re.M)) == 2)


def nested_right() -> bool:
    return (observed("seed_nested_loops", "layout") == "interleaved" and paper_frequencies("seed_nested_loops")
            and observed("seed_nested_loops", "first_position") == 0
            and torch.allclose(nested.nested_loop_encoding(20, 8), positional_encoding(20, 8), atol=1e-6))


def nested_odd_zero_column() -> bool:
    table = nested.nested_loop_encoding(4, 5)
    return (bool((table[:, 4] == 0).all()) and bool((printed("variants/seed_nested_loops", 1)[:, 4] == 0).all())
            and "range(d_model // 2)" in code("seed_nested_loops") and observed("seed_nested_loops", "odd_d7") == "zero column (6)")


def no_error() -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = nested.nested_loop_encoding(4, 5)
    return table.shape == (4, 5)


def float32_angles_lose_precision() -> bool:
    omega = 1 / 10000 ** (2 * 3 / 64)
    angle = torch.tensor(100_000) * omega  # as the loop computes it, from a 0-dim int64 tensor
    error = abs(math.sin(angle.item()) - math.sin(100_000 * omega))
    return angle.dtype == torch.float32 and error > 1e-4 and observed("seed_nested_loops", "angle_dtype") == "float32"


def loosely_indexed() -> bool:
    d = 8
    column_exponent, pair_exponent = 2 * 1 / d, 2 * (1 // 2) / d  # column 1 belongs to pair 0
    linearity = (DOCS / "linearity.md").read_text(encoding="utf-8")
    return (column_exponent == 2 / d and pair_exponent == 0 and "2 * i / d_model" in code("seed_nested_loops")
            and "## The proof, one pair at a time" in linearity and "## Slips in well-known posts" in linearity)


def footnote() -> bool:
    quoted = values("variants/seed_nested_loops")
    nearest = float(np.float32(math.cos(0.01)))
    return (passes(tva.test_seeds_footnote_value_is_cos_001)() and quoted["cos_001_float32"] == f"{nearest:.10f}"
            and nearest < 0.99995 < math.cos(0.01) and printed("variants/seed_nested_loops", 0)[1, 3].item() == 0.9999)


def stack_odd_width() -> bool:
    return (torch.arange(0, 7, 2).numel() == math.ceil(7 / 2) and stack.build(10, 7).shape == (10, 8)
            and line("variants/seed_stack_flatten", "d_model = 7 gives shape") == "d_model = 7 gives shape (10, 8)")


def stack_rebuilt() -> bool:
    layer = stack.StackFlattenEncoding(6, 10)
    params = list(__import__("inspect").signature(layer.forward).parameters)
    return (observed("seed_stack_flatten", "computed") == "every forward" and params == []
            and layer() is not layer() and list(layer.state_dict()) == [] and observed("seed_stack_flatten", "storage")["state_dict"] == [])


def aiedge_odd() -> bool:
    return (torch.allclose(aiedge.build(20, 11), positional_encoding(20, 11), atol=1e-5)
            and "(d_model + 1) // 2" in code("seed_aiedge") and "denominator[: d_model // 2]" in code("seed_aiedge")
            and observed("seed_aiedge", "odd_d7") == "correct")


def aiedge_vectorised_buffer() -> bool:
    layer = aiedge.AiEdgeEncoding(64, 64)
    return ops(lambda: aiedge.AiEdgeEncoding(64, 64)) <= 20 and layer.to("meta").pos_encoding.device.type == "meta"


def aiedge_returns_table() -> bool:
    x = torch.ones(2, 7, 11)
    out = aiedge.AiEdgeEncoding(20, 11)(x)
    return (observed("seed_aiedge", "output") == "[seq, d], PE only" and out.shape == (7, 11)
            and torch.equal(out, aiedge.AiEdgeEncoding(20, 11)(torch.zeros(2, 7, 11))))


def aiedge_checkpoints() -> bool:
    saved = aiedge.AiEdgeEncoding(20, 11).state_dict()
    return (list(saved) == ["pos_encoding"] and saved["pos_encoding"].shape == (20, 11)
            and torch.equal(saved["pos_encoding"], aiedge.AiEdgeEncoding(20, 11).pos_encoding)
            and raises(RuntimeError, lambda: aiedge.AiEdgeEncoding(30, 11).load_state_dict(saved), "size mismatch")
            and raises(RuntimeError, lambda: PositionalEncoding(11, max_len=20).load_state_dict(saved), "Unexpected key"))


def aiedge_twice() -> bool:
    layer = aiedge.AiEdgeEncoding(8, 6)
    same = layer.encoding is layer.pos_encoding
    layer.to("meta")
    storage = observed("seed_aiedge", "storage")
    return (same and layer.encoding.device.type == "cpu" and layer.pos_encoding.device.type == "meta"
            and storage["plain"] == ["encoding"] and storage["state_dict"] == ["pos_encoding"])


def div_term_right() -> bool:
    i, d = sympy.symbols("i d", positive=True)
    same = sympy.simplify(sympy.exp(2 * i * (-sympy.log(10000)) / d) - 10000 ** (-2 * i / d)) == 0
    return same and "torch.exp(two_i * (-math.log(10000.0) / d_model))" in code("seed_div_term")


def div_term_adds_then_dropout() -> bool:
    torch.manual_seed(0)
    layer = div_term.DivTermEncoding(6, 10, 0.5).train()
    x = torch.ones(2, 10, 6)
    y = layer(x)
    summed = x + positional_encoding(10, 6)
    kept = y != 0
    moved = div_term.DivTermEncoding(6, 10, 0.5).to("meta").pe.device.type == "meta"
    return (observed("seed_div_term", "output") == "[batch, seq, d], x + PE" and bool(kept.any()) and bool((~kept).any())
            and torch.allclose(y[kept], 2 * summed[kept], atol=1e-5) and moved)


def div_term_reciprocal() -> bool:
    lines = text("variants/seed_div_term").strip().splitlines()[-2:]
    div, comment = ([float(v) for v in re.findall(r"-?\d+\.\d+", line.split(":")[1])] for line in lines)
    return lines[0].startswith("div_term") and all(abs(a - round(1 / b, 4)) <= 1e-4 for a, b in zip(div, comment, strict=True))


def comment_grows() -> bool:
    i = torch.arange(3, dtype=torch.float64)
    comment, div = 10000 ** (2 * i / 6), torch.exp(2 * i * (-math.log(10000.0) / 6))
    return bool((torch.diff(comment) > 0).all()) and bool((torch.diff(div) < 0).all())


def other_comments() -> bool:
    runs = []
    for d in (8, 64, 512):
        wavelengths = [2 * math.pi / p.omega for p in registry.sinusoids_in(positional_encoding(4096, d))]
        runs.append(wavelengths[0] == pytest.approx(2 * math.pi, rel=1e-6) and wavelengths[-1] < 10000 * 2 * math.pi
                    and all(b > a for a, b in zip(wavelengths, wavelengths[1:], strict=False)))
    return torch.arange(0, 7, 2).numel() == math.ceil(7 / 2) != 7 and all(runs)


def buffer_slice_no_grad() -> bool:
    layer = div_term.DivTermEncoding(6, 10, 0.0)
    return not layer.pe.requires_grad and not layer.pe[:, :4, :].requires_grad and "requires_grad_(False)" in code("seed_div_term")


def plain_right() -> bool:
    layer = plain.make(10, 4)
    x = torch.randn(2, 5, 4, generator=torch.Generator().manual_seed(1))
    return (layer.time_encodings.shape == (1, 10, 4) and paper_frequencies("seed_plain_attribute")
            and observed("seed_plain_attribute", "layout") == "interleaved"
            and observed("seed_plain_attribute", "first_position") == 0
            and torch.allclose(layer(x), x + positional_encoding(5, 4), atol=1e-6))


def meta_copies() -> bool:
    return (line("variants/seed_plain_attribute", "cross-device copies") == "cross-device copies in 3 forward calls: 3"
            and line("variants/seed_plain_attribute", "the same with the reference") == "the same with the reference module (a buffer): 0"
            and observed("reference", "storage")["non_persistent"] == ["pe"]
            and passes(tv.test_plain_attribute_copies_on_every_call)())


def both_benefits() -> bool:
    module = PositionalEncoding(4, max_len=10)
    saved = list(module.state_dict())
    module.to("meta")
    return saved == [] and module.pe.device.type == "meta"


def example_call_fails() -> bool:
    return (raises(RuntimeError, lambda: plain.make(10, 4)(torch.rand((10, 4))))
            and line("variants/seed_plain_attribute", "pe(torch.rand((10, 4))) raises RuntimeError").startswith("pe("))


def plotting_fails() -> bool:
    with contextlib.redirect_stdout(io.StringIO()):
        layer = plain.PlainAttributeEncoding(32, 0)
    return (layer.time_encodings.shape == (1, 32, 0) and not hasattr(layer, "P")
            and raises(RuntimeError, lambda: layer(torch.zeros(1, 60, 32))))


def debug_print() -> bool:
    return silent(lambda: plain.PlainAttributeEncoding(10, 4)).startswith("debug:") and \
        text("variants/seed_plain_attribute").startswith("debug: torch.Size([1, 10, 4])")


# --- the docstrings the page shows with each seed's code (reviewed after the migration) ---------------------------


def nested_fills_float32_sine_then_cosine() -> bool:
    table = nested.nested_loop_encoding(6, 4)
    p = torch.arange(6, dtype=torch.float64)[:, None]
    omega = 10000.0 ** (-torch.arange(0, 4, 2, dtype=torch.float64) / 4)
    return (table.dtype == torch.float32 and torch.allclose(table[:, 0::2].double(), (p * omega).sin(), atol=1e-6)
            and torch.allclose(table[:, 1::2].double(), (p * omega).cos(), atol=1e-6) and nested_is_slow())


def nested_as_the_post() -> bool:
    """d_model // 2 pairs (an odd width's last column stays 0), float64 frequency, float32 angle and sine."""
    return (nested_odd_zero_column() and no_error() and float32_angles_lose_precision() and nested_right()
            and torch.tensor(3).dtype == torch.int64 and (torch.tensor(3) * (1 / 10000 ** (2 / 8))).dtype == torch.float32)


def stack_as_the_notebook() -> bool:
    table = stack.build(12, 8)
    return (observed("seed_stack_flatten", "layout") == "interleaved" and paper_frequencies("seed_stack_flatten")
            and torch.allclose(table, positional_encoding(12, 8), atol=1e-6) and "torch.stack" in code("seed_stack_flatten"))


def stack_odd_is_one_wider() -> bool:
    return stack_odd_width() and observed("seed_stack_flatten", "odd_d7") == "wrong width (8 columns)" and no_stack_error()


def no_stack_error() -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return stack.build(4, 5).shape == (4, 6)


def aiedge_builds_once_and_returns_rows() -> bool:
    layer = aiedge.AiEdgeEncoding(20, 6)
    out = layer(torch.ones(2, 7, 6))
    return (layer.pos_encoding.dtype == torch.float32 and layer.pos_encoding.shape == (20, 6)
            and torch.equal(out, layer.pos_encoding[:7]) and observed("seed_aiedge", "computed") == "once, at construction"
            and aiedge_returns_table())


def div_term_module_as_documented() -> bool:
    layer = div_term.DivTermEncoding(6, 10, 0.0)
    return (layer.pe.dtype == torch.float32 and layer.pe.shape == (1, 10, 6) and list(layer.state_dict()) == ["pe"]
            and div_term_adds_then_dropout())


def div_term_as_the_notebook() -> bool:
    return (div_term_right() and observed("seed_div_term", "storage")["state_dict"] == ["pe"]
            and observed("seed_div_term", "odd_d7") == "crash (RuntimeError)" and paper_frequencies("seed_div_term"))


def plain_adds_a_float32_attribute() -> bool:
    layer = plain.make(10, 4)
    return (layer.time_encodings.dtype == torch.float32 and layer.time_encodings.shape == (1, 10, 4)
            and "time_encodings" not in dict(layer.named_buffers()) and plain_right())


def plain_as_the_post() -> bool:
    storage = observed("seed_plain_attribute", "storage")
    return (storage["plain"] == ["time_encodings"] and storage["left_behind"] == ["time_encodings"]
            and storage["state_dict"] == [] and storage["non_persistent"] == [] and meta_copies())


def plain_odd_fails() -> bool:
    return (observed("seed_plain_attribute", "odd_d7") == "crash (RuntimeError)"
            and raises(RuntimeError, lambda: silent(lambda: plain.make(10, 5))))


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def five_seeds_measured():
    """"Five write-ups": the seeds registered whose code the page includes."""
    shown = [k for k in SEEDS if f'--8<-- "pelib/variants/{k}.py:core"' in page("seeds.md")]
    return len(shown) == len(SEEDS) and Number(len(SEEDS))


def outputs_measured():
    """"Every output on this page is printed by that code, and the comparison table measures all five": the outputs
    included from a snippet's run, the seeds the comparison measured, and how many."""
    outputs = re.findall(r'```text title="Output"\n(.*)', page("seeds.md"))
    printed_by_code = sum(bool(re.match(r'\s*--8<-- "variants/seed_\w+\.txt"', after)) for after in outputs)
    measured = sum(f"({registry.BY_KEY[k].page})" in text("variants/comparison", "values") for k in SEEDS)
    return [Count(printed_by_code, len(outputs)), Count(measured, len(SEEDS)), Number(len(SEEDS))]


def row_nested_measured():
    """"fills the table in two Python loops | odd d_model leaves a zero column": the loops of its code, and the
    largest value of the last column at an odd width."""
    if not (quick_answer("seed_nested_loops", "zero column (6)") and nested_is_slow()):
        return False
    loops = len(re.findall(r"^\s*for .+ in ", code("seed_nested_loops"), flags=re.M))
    return [Number(loops), Number(nested.nested_loop_encoding(4, 5)[:, 4].abs().max().item())]


def nested_zero_column_measured():
    """"leaves the last column at zero": the largest value of the last column at an odd width."""
    return nested_odd_zero_column() and Number(nested.nested_loop_encoding(4, 5)[:, 4].abs().max().item())


def no_error_measured():
    """"No error tells you": the warnings and errors an odd width raises."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            nested.nested_loop_encoding(4, 5)
            raised = 0
        except Exception:  # noqa: BLE001  (any error would tell)
            raised = 1
    return no_error() and Count(len(caught) + raised, 1)


def stack_odd_width_measured():
    """"each becomes two columns": the columns of an odd width's table over its ceil(d/2) pairs."""
    return stack_odd_width() and Number(stack.build(10, 7).shape[1] / math.ceil(7 / 2))


def stack_calls():
    """Three calls of the module: how many returned a table of their own, and its forward's inputs."""
    layer = stack.StackFlattenEncoding(6, 10)
    tables = [layer() for _ in range(3)]
    fresh = len({id(t) for t in tables})
    params = list(__import__("inspect").signature(layer.forward).parameters)
    return fresh, params


def stack_rebuilt_measured():
    """"rebuilt on every forward() call, and forward takes no input, so it cannot follow the input's device": the
    calls that rebuilt the table, forward's inputs, and whether it could follow an input."""
    if not stack_rebuilt():
        return False
    fresh, params = stack_calls()
    return [Count(fresh, 3), Count(len(params), len(params)), Truth(bool(params))]


def stack_rebuild_docstring_measured():
    """"Rebuild the whole table on every call; forward takes no input": the calls that rebuilt it, its inputs."""
    if not stack_rebuilt():
        return False
    fresh, params = stack_calls()
    return [Count(fresh, 3), Count(len(params), len(params))]


def kept_twice_measured():
    """"kept twice": the places the table is kept (plain attributes and state_dict entries)."""
    storage = observed("seed_aiedge", "storage")
    ok = storage["plain"] == ["encoding"] and storage["state_dict"] == ["pos_encoding"]
    return ok and Number(len(storage["plain"]) + len(storage["state_dict"]))


def stale_copy_measured():
    """"They are the same tensor until the module is moved": the two names' tensors before the move."""
    if not aiedge_twice():
        return False
    layer = aiedge.AiEdgeEncoding(8, 6)
    return Compare(id(layer.encoding), id(layer.pos_encoding))


def kept_twice_over_measured():
    """"kept twice over: as the plain attribute and as the persistent buffer (the same tensor)"."""
    if not (aiedge_twice() and aiedge_checkpoints()):
        return False
    layer = aiedge.AiEdgeEncoding(8, 6)
    storage = observed("seed_aiedge", "storage")
    return [Number(len(storage["plain"]) + len(storage["state_dict"])),
            Compare(id(layer.encoding), id(layer.pos_encoding))]


def reciprocal_measured():
    """"The last two lines of the output": the lines the check compares."""
    if not div_term_reciprocal():
        return False
    return Number(len(text("variants/seed_div_term").strip().splitlines()[-2:]), at=0)


def comment_grows_measured():
    """"Multiplying by the comment's version would make the frequencies grow, not shrink": the frequencies
    10000^(2i/d) the comment gives, pair by pair (twice: for grow, and for shrink)."""
    if not comment_grows():
        return False
    i = torch.arange(3, dtype=torch.float64)
    comment = tuple((10000 ** (2 * i / 6)).tolist())
    return [Trend(comment), Trend(comment)]


def buffers_never_require_grad_measured():
    """"buffers never require grad": the buffers of the seeds' and the reference's modules that do."""
    if not buffer_slice_no_grad():
        return False
    modules = [div_term.DivTermEncoding(6, 10, 0.0), aiedge.AiEdgeEncoding(8, 6), PositionalEncoding(6, max_len=10)]
    buffers = [b for m in modules for b in m.buffers()]
    return Count(sum(b.requires_grad for b in buffers), len(buffers))


def meta_copies_measured():
    """"three calls, three copies; the reference module ... makes none": the calls and copies the snippet counted,
    and the reference module's copies over as many calls."""
    if not meta_copies():
        return False
    calls, copies = (int(n) for n in re.fullmatch(r"cross-device copies in (\d+) forward calls: (\d+)",
                                                  line("variants/seed_plain_attribute", "cross-device copies")).groups())
    reference = int(line("variants/seed_plain_attribute", "the same with the reference").rsplit(": ", 1)[1])
    return [Number(calls, at=0), Number(copies, at=1), Count(reference, calls, at=1)]


def both_benefits_measured():
    """"both benefits: not saved, and moved once": the benefits the reference's buffer has, and whether it is saved."""
    if not both_benefits():
        return False
    module = PositionalEncoding(4, max_len=10)
    saved = bool(list(module.state_dict()))
    module.to("meta")
    moved = module.pe.device.type == "meta"
    return [Count(int(not saved) + int(moved), 2), Truth(saved)]


def example_call_measured():
    """"The example call does not run: it passes a 2-D input, so X.shape[1] is the width, not the length": whether
    the call runs, the input's dimensions, and whether X.shape[1] is the length."""
    if not example_call_fails():
        return False
    x = torch.rand((10, 4))
    runs = not raises(RuntimeError, lambda: plain.make(10, 4)(x))
    return [Truth(runs), Number(x.dim()), Truth(x.shape[1] == x.shape[0])]


def debug_print_measured():
    """"every construction writes to stdout": the constructions that printed."""
    printed = [bool(silent(lambda d=d: plain.PlainAttributeEncoding(10, d))) for d in (2, 4, 6)]
    return debug_print() and Count(sum(printed), len(printed))


def odd_one_wider_measured():
    """"d_model + 1 columns wide": the columns of an odd width's table beyond d_model."""
    return stack_odd_is_one_wider() and Number(stack.build(10, 7).shape[1] - 7, at=1)


def div_term_shape_measured():
    """"a float32 [1, seq_len, d_model] buffer": the buffer's first dimension."""
    return div_term_module_as_documented() and Number(div_term.DivTermEncoding(6, 10, 0.0).pe.shape[0])


def plain_shape_measured():
    """"a float32 [1, max_input_timesteps, hidden_size] table": the table's first dimension."""
    return plain_adds_a_float32_attribute() and Number(plain.make(10, 4).time_encodings.shape[0])


LEDGER = Ledger('variants/seeds.md', [
    prose('title', "the title"),
    computed('five-seeds', five_seeds_measured),
    cited('behaves-as-the-original',
        SEED_CITATIONS + "; what they print is reproduced by tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources",
        passes(tv.test_seed_tables_match_their_sources), backs=['below', 'each', 'same', 'same', 'same', 'same']),
    computed('outputs-printed-by-code', outputs_measured, backs=['all', 'every']),
    prose('quick-answer', "announces the table that follows", unbacked=['before']),
    prose('table-head', "the head of the table"),
    computed('row-nested', row_nested_measured, backs=['column', 'odd', 'zero']),
    computed('row-stack',
        lambda: quick_answer("seed_stack_flatten", "wrong width (8 columns)")
        and observed("seed_stack_flatten", "computed") == "every forward" and "torch.stack(" in code("seed_stack_flatten"), backs=['column', 'cos', 'every', 'odd', 'sin']),
    computed('row-aiedge',
        lambda: quick_answer("seed_aiedge", "correct") and "(d_model + 1) // 2" in code("seed_aiedge")
        and "10000 ** (2 * i / d_model)" in code("seed_aiedge") and observed("seed_aiedge", "output") == "[seq, d], PE only"
        and observed("seed_aiedge", "storage")["state_dict"] == ["pos_encoding"], backs=['0', '1', '10000', '2', '2', r'\(\lceil d/2 \rceil\)', 'every', 'only', 'saved']),
    computed('row-div-term',
        lambda: quick_answer("seed_div_term", "crash (RuntimeError)") and "torch.exp(two_i * (-math.log(10000.0) / d_model))" in code("seed_div_term")
        and observed("seed_div_term", "storage")["state_dict"] == ["pe"], backs=['0', '10000', '2', 'every', 'odd', 'saved']),
    computed('row-plain',
        lambda: quick_answer("seed_plain_attribute", "crash (RuntimeError)") and ".to(X.device)" in code("seed_plain_attribute")
        and observed("seed_plain_attribute", "storage")["plain"] == ["time_encodings"] and passes(tv.test_plain_attribute_copies_on_every_call)(), backs=['odd']),
    prose('nested-heading', "a heading"),
    cited('nested-source',
        source("seed_nested_loops"), lambda: '"OG positional encoding" (2023-08-20)' in source("seed_nested_loops"), backs=['08', '20', '2023', 'each', 'not']),
    cited('nested-first-table',
        "the post's printed table, as tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources holds it",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and torch.allclose(printed("variants/seed_nested_loops", 0), nested.nested_loop_encoding(4, 4).double(), atol=5e-5), backs=['first']),
    computed('nested-right',
        nested_right, backs=['0', r'\(\omega_i = 10000^{-2i/d}\)', 'columns', 'cosine', 'even', 'odd', 'right', 'sine']),
    prose('gets-wrong', "a label that opens a list"),
    computed('nested-odd-zero-column', nested_zero_column_measured,
        backs=['1', '2', 'above', 'column', 'column', 'last', 'odd', 'times', 'zero']),
    computed('nested-no-error', no_error_measured, backs=['no']),
    computed('nested-slow', nested_is_slow, backs=['same', 'times', '×']),
    computed('nested-float32', float32_angles_lose_precision, backs=['0', 'float32', 'float32']),
    cited('nested-loose-index',
        source("seed_nested_loops") + " (its formula for odd columns)", loosely_indexed, backs=['0', '1', r'\(2/d\)', r'\(\cos(p / 10000^{2i/d})\)', r'\(i\)', r'\(i\)', 'column', 'column', 'column', 'columns', 'odd']),
    computed('nested-footnote',
        footnote, backs=['0.9999', '0.99995', r'\(\cos(0.01) = \ldots\)', r'\(\cos(0.01)\)', 'above', 'below', 'exact', 'float32', 'float32', 'gen.variants.seed_nested_loops.cos_001_exact', 'gen.variants.seed_nested_loops.cos_001_exact_4', 'gen.variants.seed_nested_loops.cos_001_float32', 'gen.variants.seed_nested_loops.cos_001_printed']),
    prose('stack-heading', "a heading"),
    cited('stack-source',
        source("seed_stack_flatten"), lambda: "ZMxVe-HK174" in registry.BY_KEY["seed_stack_flatten"].url),
    cited('stack-denominators',
        source("seed_stack_flatten"),
        lambda: line("variants/seed_stack_flatten", "even and odd denominators equal") == "even and odd denominators equal: True"
        and "torch.stack([sines, cosines], dim=2)" in code("seed_stack_flatten") and "torch.flatten(" in code("seed_stack_flatten"), backs=['cosines', 'even', 'first', 'interleaves', 'last', 'odd', 'same', 'sines']),
    cited('stack-first-table',
        "the notebook's table, as tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources holds its row 9",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and printed("variants/seed_stack_flatten", 0).shape == (10, 6), backs=['10', '6', 'first']),
    computed('stack-right',
        lambda: all(passes(tv.test_paper_frequency_variants_are_the_reference_permuted, "seed_stack_flatten", d)() for d in (8, 64)), backs=['2', 'both', 'columns', 'even', 'right']),
    computed('stack-odd-width', stack_odd_width_measured,
        backs=['0', '1', '2', r'\(\lceil d/2 \rceil\)', 'columns', 'columns', 'each', 'odd']),
    computed('stack-fails-later',
        lambda: raises(RuntimeError, lambda: torch.zeros(10, 7) + stack.build(10, 7)), backs=['later']),
    computed('stack-rebuilt', stack_rebuilt_measured, backs=['cannot', 'every', 'forward', 'forward', 'no']),
    cited('stack-comment',
        source("seed_stack_flatten") + " (its comment on the positions)",
        lambda: torch.arange(10).tolist() == list(range(10)) and positional_encoding(1, 6)[0].tolist() == [0, 1, 0, 1, 0, 1], backs=['0', '0', '0', '1', '10', '10', '9', r'\((0, 1, 0, 1, \dots)\)', 'right', 'row']),
    computed('stack-float32',
        lambda: observed("seed_stack_flatten", "angle_dtype") == observed("seed_nested_loops", "angle_dtype") == "float32", backs=['first', 'float32']),
    prose('aiedge-heading', "a heading"),
    cited('aiedge-source',
        source("seed_aiedge"), lambda: "d_model = 11" in text("variants/seed_aiedge"), backs=['11', 'all']),
    cited('aiedge-table',
        source("seed_aiedge") + " (its printed output, cut off in row 5)",
        lambda: printed("variants/seed_aiedge", 0).shape == (7, 11) and passes(tv.test_seed_tables_match_their_sources)(), backs=['11', '5', '5', '6', 'all', 'all', 'only', 'row', 'row', 'row', 'rows']),
    computed('aiedge-odd',
        aiedge_odd, backs=['11', r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'cosines', 'exactly', 'first', 'odd', 'right', 'sines']),
    computed('aiedge-vectorised-buffer', aiedge_vectorised_buffer, backs=['buffer']),
    cited('aiedge-returns-table',
        source("seed_aiedge") + " (the variable x_pos_embed)", aiedge_returns_table, backs=['forward', 'not', 'not', 'stores']),
    computed('aiedge-caller-adds', aiedge_returns_table),
    computed('aiedge-checkpoints', aiedge_checkpoints, backs=['buffer', 'every', 'not', 'persistent', 'save', '×']),
    computed('aiedge-kept-twice', kept_twice_measured, backs=['buffer', 'twice']),
    computed('aiedge-stale-copy', stale_copy_measured, backs=['after', 'buffer', 'only', 'same']),
    cited('aiedge-comments',
        source("seed_aiedge") + " (its comments and toy example)",
        lambda: torch.arange((5 + 1) // 2).tolist() == [0, 1, 2] and (2 * torch.arange((5 + 1) // 2)).tolist() == [0, 2, 4], backs=['0', '0', '1', '1', '2', '2', '2', '2', '4', '5', '5', '7']),
    computed('float32-angles',
        lambda: all(observed(k, "angle_dtype") == "float32" for k in ("seed_aiedge", "seed_div_term", "seed_plain_attribute")), backs=['float32']),
    prose('div-term-heading', "a heading"),
    cited('div-term-source', source("seed_div_term"), lambda: "bala1802" in registry.BY_KEY["seed_div_term"].url),
    cited('div-term-walk-through',
        source("seed_div_term"), lambda: "output shape: (2, 4, 6)" in text("variants/seed_div_term"), backs=['2', '4', '6', 'forward']),
    cited('div-term-output',
        source("seed_div_term") + " (prints no table)",
        lambda: torch.allclose(printed("variants/seed_div_term", 0), positional_encoding(4, 6, dtype=torch.float64), atol=5e-5), backs=['2', '4', '6', 'first', 'no']),
    computed('div-term-math', div_term_right, backs=['10000', r'\(10000^{-2i/d}\)', 'exactly', 'right']),
    cited('div-term-dropout',
        "Vaswani et al. 2017, §5.4 (dropout on the sums of the embeddings and the positional encodings)", div_term_adds_then_dropout, backs=['buffer']),
    cited('div-term-tutorials',
        "shared/research/variants.md §2.10 (pytorch/examples, pytorch/tutorials) and §2.11 (annotated-transformer): div_term = exp(arange(0, d, 2) * -(log(10000) / d))"),
    computed('div-term-odd',
        lambda: observed("seed_div_term", "odd_d7") == "crash (RuntimeError)"
        and torch.zeros(4, 7)[:, 1::2].shape[1] == 7 // 2 < torch.arange(0, 7, 2).numel() == math.ceil(7 / 2), backs=[r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'columns', 'cosines', 'odd', 'odd']),
    cited('div-term-comment',
        source("seed_div_term") + " (its comment)", passes(tv.test_div_term_comment_has_the_wrong_sign), backs=['10000']),
    computed('div-term-reciprocal', reciprocal_measured, backs=['last']),
    computed('comment-grows', comment_grows_measured, backs=['grow', 'not', 'shrink']),
    cited('div-term-other-comments',
        source("seed_div_term") + " (its comments and text)", other_comments, backs=['0', '1', '10000', r'\(10000 \cdot 2\pi\)', r'\(2\pi\)', r'\(\lceil d/2 \rceil\)', 'below', 'increase', 'up to', 'within']),
    computed('requires-grad-no-op', buffers_never_require_grad_measured, backs=['buffer', 'buffers', 'never']),
    computed('div-term-persistent',
        lambda: observed("seed_div_term", "storage")["state_dict"] == ["pe"] and passes(tv.test_checkpoints_with_a_saved_table_refuse_to_load)(), backs=['buffer', 'every', 'not', 'persistent', 'saved']),
    prose('plain-heading', "a heading"),
    cited('plain-source',
        source("seed_plain_attribute"), lambda: '"Deep Learning - Positional Encoding" (2022-04-05)' in source("seed_plain_attribute"), backs=['04', '05', '2022']),
    cited('plain-d2l',
        "shared/research/variants.md §2.12 (d2l/torch.py @ 23d7a5a: self.P a plain attribute, .to(X.device) every forward)",
        lambda: "23d7a5aecceee57d1292c56e90cce307f183bb0a/d2l/torch.py" in page("seeds.md"), backs=['every']),
    cited('plain-prints-debug',
        source("seed_plain_attribute"),
        lambda: text("variants/seed_plain_attribute").startswith("debug: torch.Size([1, 10, 4])") and printed("variants/seed_plain_attribute", 0).shape == (10, 4), backs=['4', 'only']),
    computed('plain-right', plain_right, backs=['0', '1', 'even', 'right']),
    computed('plain-attribute',
        lambda: observed("seed_plain_attribute", "storage")["state_dict"] == [] and observed("seed_plain_attribute", "storage")["left_behind"] == ["time_encodings"]
        and passes(tv.test_plain_attribute_copies_on_every_call)(), backs=['buffer', 'every', 'forward', 'not', 'not']),
    computed('plain-meta-copies', meta_copies_measured, backs=['buffer', 'no', 'none']),
    computed('both-benefits', both_benefits_measured, backs=['both', 'buffer', 'not', 'saved']),
    computed('plain-odd',
        lambda: observed("seed_plain_attribute", "odd_d7") == "crash (RuntimeError)", backs=['cosine', 'odd']),
    computed('plain-example-call', example_call_measured, backs=['1', '10', '2', '4', 'not', 'not']),
    cited('plain-plotting',
        source("seed_plain_attribute") + " (its plotting code); d2l's PositionalEncoding(num_hiddens, dropout)", plotting_fails, backs=['0', '0', '32', 'both', 'neither', 'not']),
    computed('plain-debug-print', debug_print_measured, backs=['every', 'left']),
    computed('fill-float32-seq-len-d', nested_fills_float32_sine_then_cosine, backs=['cosine', 'float32', 'sine']),
    cited('behaves-like-post-inner-loop', SEED_CITATIONS, nested_as_the_post, backs=['0', '0', '2', 'column', 'each', 'float32', 'float64', 'last', 'odd', 'sine', 'times']),
    computed('rebuild-whole-table-every-call', stack_rebuild_docstring_measured, backs=['every', 'forward', 'no']),
    cited('behaves-like-notebook-one-denominator', SEED_CITATIONS, stack_as_the_notebook, backs=['2', 'columns', 'cos', 'sin']),
    computed('with-odd-d-model-there', odd_one_wider_measured, backs=['1', '2', 'columns', 'odd']),
    computed('nothing-stored-state-dict-empty', stack_rebuilt, backs=['stored']),
    computed('build-float32-context-size-d', aiedge_builds_once_and_returns_rows, backs=['first', 'float32', 'forward', 'not', 'rows']),
    cited('behaves-like-newsletter-s-class', SEED_CITATIONS, aiedge_odd, backs=['2', '2', 'all', 'cosines', 'first', 'odd', 'sines']),
    computed('table-kept-twice-over-as', kept_twice_over_measured,
        backs=['buffer', 'persistent', 'same', 'saved', 'twice']),
    computed('x-batch-seq-len-d', aiedge_returns_table, backs=['only']),
    computed('add-float32-1-seq-len', div_term_shape_measured, backs=['1', 'buffer', 'float32', 'persistent']),
    cited('behaves-like-notebook-s-class', SEED_CITATIONS, div_term_as_the_notebook, backs=['10000', '10000', 'cosine', 'equals', 'odd', 'saved']),
    computed('add-float32-1-max-input', plain_shape_measured, backs=['1', 'float32']),
    cited('behaves-like-post-s-class', SEED_CITATIONS, plain_as_the_post, backs=['buffer', 'every', 'forward', 'not', 'not']),
    computed('odd-hidden-size-makes-cosine', plain_odd_fails, backs=['cosine', 'odd']),
    computed('constructor-prints-debug-line', debug_print),
    computed('blog-posts-tutorials-project-started', lambda: len(SEEDS) == 5 and all(f'--8<-- "variants/{k}.txt"' in page("seeds.md") for k in SEEDS) and page("seeds.md").count("**What it gets right.**") == page("seeds.md").count("**What it gets wrong.**") == 5, backs=['each', 'right']),
    prose('read-code-variants-first-find', "reading advice: index.md's 'Find yours' table points to each seed", unbacked=['first']),
], typed={'0.9999': 'what the post printed, quoted from the post'})

test_claims_hold = LEDGER.test
