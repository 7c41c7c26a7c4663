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

LEDGER = Ledger('variants/seeds.md', [
    prose('title',
        'The seed implementations',
        "the title"),
    computed('summary',
        r"The blog posts and tutorials this project started from, each run as code: the table it prints, and what it gets right and wrong.",
        lambda: len(SEEDS) == 5 and all(f'--8<-- "variants/{k}.txt"' in page("seeds.md") for k in SEEDS)
        and page("seeds.md").count("**What it gets right.**") == page("seeds.md").count("**What it gets wrong.**") == 5),
    prose('read-first',
        r"Read [Code variants](index.md) first to find the one closest to yours.",
        "reading advice: index.md's 'Find yours' table points to each seed"),
    computed('five-seeds',
        'Five write-ups of the positional encoding started this project.',
        lambda: len(SEEDS) == 5 and all(f'--8<-- "pelib/variants/{k}.py:core"' in page("seeds.md") for k in SEEDS)),
    cited('behaves-as-the-original',
        'Each section below rewrites one of them in our own code so that it **behaves as the original does**: same frequencies, same dtypes, same shapes, and the same bugs.',
        SEED_CITATIONS + "; what they print is reproduced by tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources",
        passes(tv.test_seed_tables_match_their_sources)),
    computed('outputs-printed-by-code',
        'Every output on this page is printed by that code, and the [comparison table](index.md#the-comparison-table) measures all five against the [reference](../reference.md).',
        lambda: all(re.match(r'\s*--8<-- "variants/seed_\w+\.txt"', after)
        for after in re.findall(r'```text title="Output"\n(.*)', page("seeds.md")))
        and all(f"({registry.BY_KEY[k].page})" in text("variants/comparison", "values") for k in SEEDS)),
    prose('quick-answer',
        'The quick answer, before the details:',
        "announces the table that follows"),
    prose('table-head',
        '| if your code… | it is closest to | watch out for |',
        "the head of the table"),
    computed('row-nested',
        '| fills the table in two Python loops | [Nested loops](#nested-loops) | odd `d_model` leaves a zero column; slow |',
        lambda: quick_answer("seed_nested_loops", "zero column (6)") and nested_is_slow()),
    computed('row-stack',
        '| stacks `sin` and `cos` on a new axis and flattens | [Stack and flatten](#stack-and-flatten) | odd `d_model` gives one column too many; rebuilt every call |',
        lambda: quick_answer("seed_stack_flatten", "wrong width (8 columns)")
        and observed("seed_stack_flatten", "computed") == "every forward" and "torch.stack(" in code("seed_stack_flatten")),
    computed('row-aiedge',
        '| slices `[:, 0::2]` / `[:, 1::2]` with `10000 ** (2i/d)` over \\(\\lceil d/2 \\rceil\\) pairs | [AiEdge slices](#aiedge-slices) | returns the table only; saved in every checkpoint |',
        lambda: quick_answer("seed_aiedge", "correct") and "(d_model + 1) // 2" in code("seed_aiedge")
        and "10000 ** (2 * i / d_model)" in code("seed_aiedge") and observed("seed_aiedge", "output") == "[seq, d], PE only"
        and observed("seed_aiedge", "storage")["state_dict"] == ["pos_encoding"]),
    computed('row-div-term',
        '| uses `div_term = exp(arange(0, d, 2) * -ln(10000) / d)` | [div_term and dropout](#div_term-and-dropout) | odd `d_model` crashes; saved in every checkpoint |',
        lambda: quick_answer("seed_div_term", "crash (RuntimeError)") and "torch.exp(two_i * (-math.log(10000.0) / d_model))" in code("seed_div_term")
        and observed("seed_div_term", "storage")["state_dict"] == ["pe"]),
    computed('row-plain',
        '| keeps the table in a plain attribute and calls `.to(X.device)` | [Plain attribute](#plain-attribute) | a copy per call on a GPU; odd `d_model` crashes |',
        lambda: quick_answer("seed_plain_attribute", "crash (RuntimeError)") and ".to(X.device)" in code("seed_plain_attribute")
        and observed("seed_plain_attribute", "storage")["plain"] == ["time_encodings"] and passes(tv.test_plain_attribute_copies_on_every_call)()),
    prose('nested-heading',
        'Nested loops',
        "a heading"),
    cited('nested-source',
        '**Source:** the blog post "OG positional encoding" (2023-08-20), which calls its code "not optimized" and uses it to show what happens to each token vector.',
        source("seed_nested_loops"), lambda: '"OG positional encoding" (2023-08-20)' in source("seed_nested_loops")),
    cited('nested-first-table',
        'The first table is the one the post prints.[^round]',
        "the post's printed table, as tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources holds it",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and torch.allclose(printed("variants/seed_nested_loops", 0), nested.nested_loop_encoding(4, 4).double(), atol=5e-5)),
    computed('nested-right',
        '**What it gets right.** The values: sine in the even columns, cosine in the odd ones, one frequency \\(\\omega_i = 10000^{-2i/d}\\) per pair, positions from 0. The loop is a faithful, readable transcription of the formula, which is what the post wants.',
        nested_right),
    prose('gets-wrong',
        '**What it gets wrong.**',
        "a label that opens a list"),
    computed('nested-odd-zero-column',
        '**Odd `d_model` silently leaves the last column at zero**: the inner loop runs `d_model // 2` times, and nothing ever writes column `d_model - 1` (second table above).',
        nested_odd_zero_column),
    computed('nested-no-error',
        'No error tells you.',
        no_error),
    computed('nested-slow',
        '**It is slow**: a Python iteration and a few scalar tensor operations per entry, `seq_len × d_model` times; a vectorised version computes the same table in a handful of tensor operations.',
        nested_is_slow),
    computed('nested-float32',
        '**Angles in float32**: the frequency is a Python float, but `position * omega` with a 0-dim integer tensor gives a float32 angle, which loses precision at large positions (see [Precision](../precision.md#the-error-as-the-position-grows)).',
        float32_angles_lose_precision),
    cited('nested-loose-index',
        '**The linearity argument is indexed loosely.** For odd columns the post writes \\(\\cos(p / 10000^{2i/d})\\) with \\(i\\) the *column*, while its code uses the *pair* index; with \\(i\\) the column the exponent of column 1 would be \\(2/d\\) instead of 0. The [proof on this site](../linearity.md#the-proof-one-pair-at-a-time) keeps the two indices apart, and [slips in well-known posts](../linearity.md#slips-in-well-known-posts) measures this one.',
        source("seed_nested_loops") + " (its formula for odd columns)", loosely_indexed),
    computed('nested-footnote',
        'The post shows `0.9999` for \\(\\cos(0.01) = {{ gen.variants.seed_nested_loops.cos_001_exact }}\\ldots\\), and so does our output (`{{ gen.variants.seed_nested_loops.cos_001_printed }}`): the table holds float32, and the float32 nearest to \\(\\cos(0.01)\\) is {{ gen.variants.seed_nested_loops.cos_001_float32 }}, just below the halfway point 0.99995. The exact value lies just above it and would print as `{{ gen.variants.seed_nested_loops.cos_001_exact_4 }}`.',
        footnote),
    prose('stack-heading',
        'Stack and flatten',
        "a heading"),
    cited('stack-source',
        '**Source:** the step-by-step notebook of the YouTube video [ZMxVe-HK174](https://www.youtube.com/watch?v=ZMxVe-HK174).',
        source("seed_stack_flatten"), lambda: "ZMxVe-HK174" in registry.BY_KEY["seed_stack_flatten"].url),
    cited('stack-denominators',
        'It first shows that the even and odd denominators are the same vector, then interleaves sines and cosines by stacking them on a new last axis and flattening.',
        source("seed_stack_flatten"),
        lambda: line("variants/seed_stack_flatten", "even and odd denominators equal") == "even and odd denominators equal: True"
        and "torch.stack([sines, cosines], dim=2)" in code("seed_stack_flatten") and "torch.flatten(" in code("seed_stack_flatten")),
    cited('stack-first-table',
        "The first table is the notebook's `d_model = 6`, 10-position table, value for value.",
        "the notebook's table, as tests/pages/test_variants_index_code.py::test_seed_tables_match_their_sources holds its row 9",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and printed("variants/seed_stack_flatten", 0).shape == (10, 6)),
    computed('stack-right',
        '**What it gets right.** The observation that one denominator serves both columns of a pair is the key to the formula, and `stack(..., dim=2)` followed by `flatten` is a neat, correct way to interleave for even `d_model`.',
        lambda: all(passes(tv.test_paper_frequency_variants_are_the_reference_permuted, "seed_stack_flatten", d)() for d in (8, 64))),
    computed('stack-odd-width',
        '**Odd `d_model` silently returns `d_model + 1` columns**: `arange(0, d, 2)` has \\(\\lceil d/2 \\rceil\\) entries and each becomes *two* columns.',
        stack_odd_width),
    computed('stack-fails-later',
        'Adding this to `d_model`-wide embeddings fails later, far from the cause.',
        lambda: raises(RuntimeError, lambda: torch.zeros(10, 7) + stack.build(10, 7))),
    computed('stack-rebuilt',
        "**The table is rebuilt on every `forward()` call**, and `forward` takes no input, so it cannot follow the input's device or dtype; nothing is cached, nothing is in `state_dict`.",
        stack_rebuilt),
    cited('stack-comment',
        '**A misleading comment**: it says the positions run "from 1 to 10", but `arange(10)` gives 0 to 9 (and 0 is right: position 0 is the row \\((0, 1, 0, 1, \\dots)\\)).',
        source("seed_stack_flatten") + " (its comment on the positions)",
        lambda: torch.arange(10).tolist() == list(range(10)) and positional_encoding(1, 6)[0].tolist() == [0, 1, 0, 1, 0, 1]),
    computed('stack-float32',
        '**Angles in float32**, as in the first section.',
        lambda: observed("seed_stack_flatten", "angle_dtype") == observed("seed_nested_loops", "angle_dtype") == "float32"),
    prose('aiedge-heading',
        'AiEdge slices',
        "a heading"),
    cited('aiedge-source',
        '**Source:** [The AiEdge Newsletter](https://drive.google.com/file/d/1Je2SAFBlsWcgwzK_gl1_f-LtPK3SOzg3/view), "Positional Encoding in Attention is All You Need", as used in a notebook that builds a toy example with `d_model = 11`.',
        source("seed_aiedge"), lambda: "d_model = 11" in text("variants/seed_aiedge")),
    cited('aiedge-table',
        'The table is the one the notebook prints for `d_model = 11`, all seven rows; the original output stops partway through row 5, so the end of row 5 and all of row 6 appear only here.',
        source("seed_aiedge") + " (its printed output, cut off in row 5)",
        lambda: printed("variants/seed_aiedge", 0).shape == (7, 11) and passes(tv.test_seed_tables_match_their_sources)()),
    computed('aiedge-odd',
        '**What it gets right.** **Odd `d_model`**: it takes \\(\\lceil d/2 \\rceil\\) frequencies for the sines and the first \\(\\lfloor d/2 \\rfloor\\) for the cosines, exactly as the [reference](../reference.md) does, so `d_model = 11` works.',
        aiedge_odd),
    computed('aiedge-vectorised-buffer',
        'It is vectorised, and it uses a buffer, so the table follows `.to(device)`.',
        aiedge_vectorised_buffer),
    cited('aiedge-returns-table',
        '**`forward` returns the table, not `x + table`**: the notebook stores it in a variable named `x_pos_embed`, but the embeddings are not in it.',
        source("seed_aiedge") + " (the variable x_pos_embed)", aiedge_returns_table),
    computed('aiedge-caller-adds',
        'The caller must still add it.',
        aiedge_returns_table),
    computed('aiedge-checkpoints',
        '**The buffer is persistent**, so every checkpoint carries a `context_size × d_model` table that the code can rebuild, and a checkpoint refuses to load into a module built with another `context_size` or into one that does not save the table (see [Converting](converting.md#checkpoints-and-state_dict)).',
        aiedge_checkpoints),
    computed('aiedge-kept-twice',
        '**The table is kept twice**: as the plain attribute `encoding` and as the buffer `pos_encoding`.',
        lambda: observed("seed_aiedge", "storage")["plain"] == ["encoding"] and observed("seed_aiedge", "storage")["state_dict"] == ["pos_encoding"]),
    computed('aiedge-stale-copy',
        'They are the same tensor until the module is moved; after `.to(device)` only the buffer moves and `encoding` is a stale CPU copy.',
        aiedge_twice),
    cited('aiedge-comments',
        "**Comments that mislead**: one says that for `d_model = 5` the pair index is `(0, 2, 4)`, but the code's `ii` is `(0, 1, 2)` (the comment lists `2 * ii`); the toy example sets `batch_size = 1` and `seq_len = 5`, then uses a batch of 2 sequences of 7 tokens.",
        source("seed_aiedge") + " (its comments and toy example)",
        lambda: torch.arange((5 + 1) // 2).tolist() == [0, 1, 2] and (2 * torch.arange((5 + 1) // 2)).tolist() == [0, 2, 4]),
    computed('float32-angles',
        '**Angles in float32.**',
        lambda: all(observed(k, "angle_dtype") == "float32" for k in ("seed_aiedge", "seed_div_term", "seed_plain_attribute"))),
    prose('div-term-heading',
        'div_term and dropout',
        "a heading"),
    cited('div-term-source',
        '**Source:** bala1802, [Neural-Networks-and-Deep-Learning](https://github.com/bala1802/Neural-Networks-and-Deep-Learning) (GitHub), the Transformers notebook on the positional encoding layer.',
        source("seed_div_term"), lambda: "bala1802" in registry.BY_KEY["seed_div_term"].url),
    cited('div-term-walk-through',
        'It walks through `forward` with an input of shape `[2, 4, 6]`.',
        source("seed_div_term"), lambda: "output shape: (2, 4, 6)" in text("variants/seed_div_term")),
    cited('div-term-output',
        'The notebook prints no table; the output shows what its `[2, 4, 6]` walk-through adds to the first sequence.',
        source("seed_div_term") + " (prints no table)",
        lambda: torch.allclose(printed("variants/seed_div_term", 0), positional_encoding(4, 6, dtype=torch.float64), atol=5e-5)),
    computed('div-term-math',
        '**What it gets right.** The math: `exp(2i · (−ln 10000) / d)` is exactly \\(10000^{-2i/d}\\), computed without a large power.',
        div_term_right),
    cited('div-term-dropout',
        'The module adds the table and applies dropout to the sum, as the paper does, and the buffer follows `.to(device)`.',
        "Vaswani et al. 2017, §5.4 (dropout on the sums of the embeddings and the positional encodings)", div_term_adds_then_dropout),
    cited('div-term-tutorials',
        'It is the formula of the PyTorch tutorials and of the Annotated Transformer.',
        "shared/research/variants.md §2.10 (pytorch/examples, pytorch/tutorials) and §2.11 (annotated-transformer): div_term = exp(arange(0, d, 2) * -(log(10000) / d))"),
    computed('div-term-odd',
        '**Odd `d_model` crashes** with a `RuntimeError` when \\(\\lceil d/2 \\rceil\\) cosines are assigned to \\(\\lfloor d/2 \\rfloor\\) odd columns.',
        lambda: observed("seed_div_term", "odd_d7") == "crash (RuntimeError)"
        and torch.zeros(4, 7)[:, 1::2].shape[1] == 7 // 2 < torch.arange(0, 7, 2).numel() == math.ceil(7 / 2)),
    cited('div-term-comment',
        '**A comment with the wrong sign**: it describes the angles as `position * (10000 ** (2i / d_model))`.',
        source("seed_div_term") + " (its comment)", passes(tv.test_div_term_comment_has_the_wrong_sign)),
    computed('div-term-reciprocal',
        'The last two lines of the output put the two side by side: `div_term` is the *reciprocal*.',
        div_term_reciprocal),
    computed('comment-grows',
        "Multiplying by the comment's version would make the frequencies grow, not shrink.",
        comment_grows),
    cited('div-term-other-comments',
        '**Other comments**: `div_term` is said to have shape `(d_model,)` but has \\(\\lceil d/2 \\rceil\\) entries; the text says `2i / d_model` "scales the position value to be within [0, 1]" (it scales nothing: it is the exponent) and that the wavelengths "increase a factor by 10000·2π" (they run *from* \\(2\\pi\\) up to a value below \\(10000 \\cdot 2\\pi\\): see [the wavelengths](../formula.md#wavelengths)).',
        source("seed_div_term") + " (its comments and text)", other_comments),
    computed('requires-grad-no-op',
        '**`.requires_grad_(False)` on a buffer slice does nothing**: buffers never require grad.',
        buffer_slice_no_grad),
    computed('div-term-persistent',
        '**Persistent buffer**: saved in every checkpoint, and a checkpoint made with one `seq_len` does not load into a module built with another (see [Converting](converting.md#checkpoints-and-state_dict)).',
        lambda: observed("seed_div_term", "storage")["state_dict"] == ["pe"] and passes(tv.test_checkpoints_with_a_saved_table_refuse_to_load)()),
    prose('plain-heading',
        'Plain attribute',
        "a heading"),
    cited('plain-source',
        '**Source:** the blog post "Deep Learning - Positional Encoding" (2022-04-05, subtitle "Transformer Accessory").',
        source("seed_plain_attribute"), lambda: '"Deep Learning - Positional Encoding" (2022-04-05)' in source("seed_plain_attribute")),
    cited('plain-d2l',
        "Its class follows the design of the d2l.ai book's [`PositionalEncoding`](https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/d2l/torch.py) (a plain attribute `P`, moved to the input's device on every call).",
        "shared/research/variants.md §2.12 (d2l/torch.py @ 23d7a5a: self.P a plain attribute, .to(X.device) every forward)",
        lambda: "23d7a5aecceee57d1292c56e90cce307f183bb0a/d2l/torch.py" in page("seeds.md")),
    cited('plain-prints-debug',
        'The post prints only the debug line; the table is the one its class holds for `hidden_size = 4`.',
        source("seed_plain_attribute"),
        lambda: text("variants/seed_plain_attribute").startswith("debug: torch.Size([1, 10, 4])") and printed("variants/seed_plain_attribute", 0).shape == (10, 4)),
    computed('plain-right',
        "**What it gets right.** The values for even `hidden_size`: paper layout, paper frequencies, positions from 0, a `[1, max_len, d]` shape that broadcasts over the batch, and slicing to the input's length.",
        plain_right),
    computed('plain-attribute',
        "**The table is a plain attribute, not a buffer.** It is not in `state_dict` (good: it can be rebuilt), but `module.to(device)` leaves it behind, so `forward` copies a slice to the input's device **on every call**.",
        lambda: observed("seed_plain_attribute", "storage")["state_dict"] == [] and observed("seed_plain_attribute", "storage")["left_behind"] == ["time_encodings"]
        and passes(tv.test_plain_attribute_copies_on_every_call)()),
    computed('plain-meta-copies',
        'With no GPU here, the `meta` device stands in for one: three calls, three copies; the reference module, whose table is a non-persistent buffer, makes none.',
        meta_copies),
    computed('both-benefits',
        'A non-persistent buffer gets both benefits: not saved, and moved once.',
        both_benefits),
    computed('plain-odd',
        '**Odd `hidden_size` crashes** with a `RuntimeError` in the cosine assignment.',
        lambda: observed("seed_plain_attribute", "odd_d7") == "crash (RuntimeError)"),
    computed('plain-example-call',
        '**The example call does not run**: `pe(torch.rand((10, 4)))` passes a 2-D input, so `X.shape[1]` is the width, not the length, and the broadcast fails.',
        example_call_fails),
    cited('plain-plotting',
        "**The plotting code does not run**: it passes `(encoding_dim, 0)`, d2l's `(num_hiddens, dropout)` arguments, which this class reads as 32 positions of width 0; then it reads an attribute `P` and calls `d2l.plot`, both from the d2l.ai class, neither of which exists here.",
        source("seed_plain_attribute") + " (its plotting code); d2l's PositionalEncoding(num_hiddens, dropout)", plotting_fails),
    computed('plain-debug-print',
        '**A debug `print` is left in `__init__`**, so every construction writes to stdout.',
        debug_print),
], typed={'0.9999': 'what the post printed, quoted from the post'})

test_claims_hold = LEDGER.test
