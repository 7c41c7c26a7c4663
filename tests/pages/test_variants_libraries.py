"""The claims of docs/variants/libraries.md, each with what makes it true (see tests/claimcheck.py).

Where the library itself is installed (transformers, diffusers: not pinned, so those checks skip without them), a
claim about it is checked against the real code; otherwise against our reimplementation, and the entry is cited.
"""

import inspect
import re

import pytest
import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import diffusers_flipped as variant_diffusers_flipped
from pelib.variants import fairseq as variant_fairseq
from pelib.variants import marian as variant_marian
from pelib.variants import registry
from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from pelib.variants import whisper as variant_whisper
from reference import positional_encoding
from support import GENERATED, SNIPPETS, number, text, values

from pages import test_variants_index_code as tv
from pages.variants_facts import LIBRARIES, code, observed, omegas, page, paper_frequencies, raises, t2t_frequencies

RESEARCH = "shared/research/variants.md"
AUDIT = "shared/research/library_audit.md"
QUOTED = values("variants/comparison")
FIGURE = (SNIPPETS / "variants/layouts.py").read_text(encoding="utf-8").split("# --8<-- [start:frequencies]")[1]


def url(key: str) -> str:
    return registry.BY_KEY[key].url


def quoted_ratio(d: int) -> bool:
    """The quoted ratio is 10000 ** (2 / d), to the digits shown, and the comparison measured it."""
    shown = QUOTED[f"t2t_ratio_d{d}"]
    places = len(shown.split(".")[1])
    return shown == f"{10000 ** (2 / d):.{places}f}" == f"{observed('tensor2tensor', f'frequency_ratio_d{d}'):.{places}f}"


def diff_lines(name: str, sign: str) -> list[str]:
    return [line[1:] for line in (GENERATED / f"variants/diffs-{name}.diff").read_text(encoding="utf-8").splitlines()
            if line.startswith(sign) and not line.startswith(sign * 3)]


def printed_rows(job: str, block: int = 0) -> list[str]:
    """The rows of the block-th tensor a snippet printed, as text."""
    tensors = re.findall(r"tensor\(\[(.*?)\]\)", text(job), flags=re.S)
    return [r.strip(" [],\n") for r in tensors[block].split("],")]


def the_paper_frequencies() -> bool:
    ok = []
    for d in (8, 64):
        h = d // 2
        paper = [10000 ** (-2 * i / d) for i in range(h)]
        ok.append(omegas("reference", d) == pytest.approx(paper, rel=1e-6))
        ok.append(min(omegas("reference", d)) == pytest.approx(10000 ** (-(h - 1) / h), rel=1e-6))
        t2t = variant_tensor2tensor.timing_signal_1d(2, d)  # row 1 holds sin(omega_i) in the first h columns
        ok.append(torch.asin(t2t[0, 1, :h].double()).tolist() == pytest.approx([10000 ** (-i / (h - 1)) for i in range(h)], rel=1e-5))
    return all(ok) and all(passes(tv.test_tensor2tensor_frequencies, k, d)() for k in ("tensor2tensor",) for d in (64, 512))


def every_frequency_but_the_first() -> bool:
    paper, t2t = omegas("reference", 64), omegas("tensor2tensor", 64)
    return (t2t[0] == pytest.approx(paper[0], rel=1e-6) and all(t < p * (1 - 1e-3) for t, p in zip(t2t[1:], paper[1:], strict=True))
            and observed("tensor2tensor", "permutation_d8") is None and quoted_ratio(64) and quoted_ratio(512))


def figure_left() -> bool:
    paper, t2t = omegas("reference", 64), omegas("tensor2tensor", 64)
    return ("left.semilogy" in FIGURE and 'fitted(key, 64)' in FIGURE and t2t[-1] == pytest.approx(1e-4, rel=1e-4)
            and max(p / t for p, t in zip(paper, t2t, strict=True)) < 1.5)


def figure_right() -> bool:
    ok = [("for d_model in (64, 512)" in FIGURE)]
    for d in (64, 512):
        ratio = [p / t for p, t in zip(omegas("reference", d), omegas("tensor2tensor", d), strict=True)]
        ok += [ratio[0] == pytest.approx(1, abs=1e-5), all(b >= a - 1e-6 for a, b in zip(ratio, ratio[1:], strict=False)), quoted_ratio(d)]
    return all(ok)


def sections_cite_and_print() -> bool:
    markdown = page("libraries.md")
    return all(re.search(r"/blob/[0-9a-f]{40}/", url(k)) and url(k) in markdown
               and f'--8<-- "variants/{k}.txt"' in markdown for k in LIBRARIES)


def split_is_the_reference_bit_for_bit() -> bool:
    removed, added = diff_lines("split_sin_cos", "-"), diff_lines("split_sin_cos", "+")
    perm = registry.interleaved_to_split(64)
    return (sum("pe[:, " in line and "= torch." in line for line in removed) == 2
            and sum("torch.cat(" in line for line in added) == 1
            and torch.equal(variant_split_sin_cos.split_sin_cos(100, 64), positional_encoding(100, 64)[:, perm]))


def split_exact() -> bool:
    exact = positional_encoding(200, 64, dtype=torch.float64)[:, registry.interleaved_to_split(64)]
    error = (variant_split_sin_cos.split_sin_cos(200, 64).double() - exact).abs().max()
    return (observed("split_sin_cos", "angle_dtype") == "float64" and error <= 2.0 ** -24
            and observed("split_sin_cos", "permutation_d8") == [0, 2, 4, 6, 1, 3, 5, 7])


def a_linear_layer_learns_the_permutation() -> bool:
    gen = torch.Generator().manual_seed(0)
    w = torch.randn(16, 5, generator=gen, dtype=torch.float64)
    perm = registry.interleaved_to_split(16)
    ref = positional_encoding(30, 16, dtype=torch.float64)
    return torch.allclose(ref[:, perm] @ w[perm], ref @ w, atol=1e-12) and not torch.allclose(ref[:, perm] @ w, ref @ w)


def tf_text_odd_and_long() -> bool:
    layer = variant_split_sin_cos.PositionalEmbedding(7)  # builds without complaint
    return (tuple(variant_split_sin_cos.split_sin_cos(5, 7).shape) == (5, 8) and torch.arange(3.5).numel() == 4
            and raises(RuntimeError, lambda: layer(torch.zeros(1, 5, 7)))
            and passes(tv.test_tf_text_layer_builds_2048_rows_once_and_slices_them)())


def installed(name: str):
    """The library if it is installed (it is not pinned: a check's library part runs only where it is), else None."""
    try:
        return __import__(name)
    except ImportError:
        return None


def transformers():
    """For a check that is about the library alone: skipped, visibly, where it is not installed."""
    return pytest.importorskip("transformers")


def real_marian():
    lib = installed("transformers")
    return None if lib is None else lib.models.marian.modeling_marian.MarianSinusoidalPositionalEmbedding


def marian_class():
    return transformers().models.marian.modeling_marian.MarianSinusoidalPositionalEmbedding


def marian_source() -> bool:
    lib = installed("transformers")
    return ((lib is None or (issubclass(real_marian(), torch.nn.Embedding)
                             and hasattr(lib.models.pegasus.modeling_pegasus, "PegasusSinusoidalPositionalEmbedding")))
            and url("marian").endswith("models/marian/modeling_marian.py") and url("marian") in page("libraries.md"))


def marian_odd() -> bool:
    ours = variant_marian.build(5, 7)
    real = ours if real_marian() is None else real_marian()(5, 7).create_weight()
    return (paper_frequencies("marian") and observed("marian", "angle_dtype") == "float64"
            and observed("marian", "odd_d7") == "correct (permuted)"
            and torch.equal(ours, positional_encoding(5, 7)[:, [0, 2, 4, 6, 1, 3, 5]])
            and torch.equal(real, ours) and "d_model = 7" in text("variants/marian"))


def marian_frozen_parameter() -> bool:
    modules = [variant_marian.make(5, 8)] + ([real_marian()(5, 8)] if real_marian() else [])
    return all(isinstance(m, torch.nn.Embedding) and isinstance(m.weight, torch.nn.Parameter)
               and not m.weight.requires_grad and list(m.state_dict()) == ["weight"] for m in modules)


def marian_checkpoints() -> bool:
    t = transformers()
    tables = {f"model.{side}.embed_positions.weight" for side in ("encoder", "decoder")}
    return (tables <= set(t.MarianMTModel._keys_to_ignore_on_save or [])
            and tables <= set(t.MarianMTModel._keys_to_ignore_on_load_missing or [])
            and not t.MarianModel._keys_to_ignore_on_save)


def marian_fixed_rows() -> bool:
    return (raises(IndexError, lambda: variant_marian.make(5, 8)(torch.Size([1, 6])))
            and (real_marian() is None or raises(IndexError, lambda: real_marian()(5, 8)(torch.Size([1, 6])))))


def marian_takes_a_shape() -> bool:
    ours = list(inspect.signature(variant_marian.MarianSinusoidal.forward).parameters)[1]
    real = ours if real_marian() is None else list(inspect.signature(real_marian().forward).parameters)[1]
    return ours == real == "input_ids_shape" and variant_marian.make(5, 8)(torch.Size([3, 4])).shape == (4, 8)


def t2t_diff_lines() -> bool:
    added = diff_lines("tensor2tensor", "+")
    return ("half - 1" in added[1] and all("float" in line for line in added[2:4])
            and "torch.cat(" in added[-3] and "pad" in added[-2])


def t2t_timescales() -> bool:
    lines = {name: [float(v) for v in line.split(":")[1].split()]
             for name, line in re.findall(r"timescales 1/w_i, (t2t|paper)\s*(:.*)", text("variants/tensor2tensor"))}
    fitted = {"t2t": [1 / w for w in omegas("tensor2tensor", 8)], "paper": [1 / w for w in omegas("reference", 8)]}
    return (lines["paper"] == [1, 10, 100, 1000] and lines["t2t"][-1] == 10000
            and fitted["paper"] == pytest.approx([1, 10, 100, 1000], rel=1e-5)
            and fitted["t2t"][-1] == pytest.approx(10000, rel=1e-5))


def diffusers():
    """For a check that is about the library alone: skipped, visibly, where it is not installed."""
    return pytest.importorskip("diffusers")


def diffusers_switches() -> bool:
    t = torch.tensor([0.0, 0.5, 1.5, 7.25, 40.0])
    ref = positional_encoding(64, 8)
    ours = variant_diffusers_flipped.timestep_embedding
    t2t = variant_tensor2tensor.timing_signal_1d(64, 8)[0]
    mine = (torch.allclose(ours(torch.arange(64.0), 8), ref[:, registry.interleaved_to_flipped(8)], atol=1e-5)
            and torch.allclose(ours(torch.arange(64.0), 8, flip_sin_to_cos=False, downscale_freq_shift=1), t2t, atol=1e-6))
    lib = installed("diffusers")
    if lib is None:
        return mine
    real = lib.models.embeddings.get_timestep_embedding
    defaults = {n: p.default for n, p in inspect.signature(real).parameters.items()}
    return (mine and defaults["flip_sin_to_cos"] is False and defaults["downscale_freq_shift"] == 1
            and torch.equal(real(t, 8, flip_sin_to_cos=True, downscale_freq_shift=0), ours(t, 8))
            and torch.allclose(real(torch.arange(64.0), 8), t2t, atol=1e-6))


def unet_defaults() -> bool:
    mine = (observed("diffusers_flipped", "permutation_d8") == [1, 3, 5, 7, 0, 2, 4, 6]
            and paper_frequencies("diffusers_flipped"))
    lib = installed("diffusers")
    if lib is None:
        return mine
    init = inspect.signature(lib.UNet2DConditionModel.__init__).parameters
    return mine and init["flip_sin_to_cos"].default is True and init["freq_shift"].default == 0


def diffusers_defaults_print_t2t() -> bool:
    return printed_rows("variants/diffusers_flipped", 1) == printed_rows("variants/tensor2tensor", 0)


def m2m100_copies_fairseq() -> bool:
    m2m = transformers().models.m2m_100.modeling_m2m_100.M2M100SinusoidalPositionalEmbedding
    return torch.equal(m2m.get_embedding(40, 8, 1), variant_fairseq.FairseqSinusoidal.get_embedding(40, 8, 1))


def fairseq_first_token() -> bool:
    rows, t2t = printed_rows("variants/fairseq", 0), printed_rows("variants/tensor2tensor", 0)
    pads = re.search(r"pads\): (.*)", text("variants/fairseq")).group(1)
    return (variant_fairseq.PAD == 1 and number(QUOTED["fairseq_first"]) == observed("fairseq", "first_position") == 2
            and rows[0] == t2t[2] and set(re.findall(r"[\d.]+", pads)) == {"0.0"})


def fairseq_also() -> bool:
    return (t2t_frequencies("fairseq") and observed("fairseq", "layout") == "[sin | cos]"
            and observed("fairseq", "odd_d7") == "zero column (6)"
            and all(raises(ZeroDivisionError, lambda d=d: variant_fairseq.FairseqSinusoidal(d, 1, 8)) for d in (2, 3))
            and not raises(ZeroDivisionError, lambda: variant_fairseq.FairseqSinusoidal(4, 1, 8)))


def fairseq_buffer_grows() -> bool:
    layer = variant_fairseq.FairseqSinusoidal(8, padding_idx=1, init_size=4)
    layer(torch.full((1, 10), 4))
    return (observed("fairseq", "storage")["non_persistent"] == ["weights"] and list(layer.state_dict()) == []
            and layer.weights.shape[0] == 1 + 1 + 10)


def whisper_persistent() -> bool:
    encoder = variant_whisper.AudioEncoderPositions(n_ctx=12, n_state=8)
    return (passes(tv.test_whisper_and_fairseq_are_tensor2tensor)()
            and observed("whisper", "storage")["state_dict"] == ["positional_embedding"]
            and raises(AssertionError, lambda: encoder(torch.zeros(1, 11, 8)))
            and encoder(torch.zeros(1, 12, 8)).shape == (1, 12, 8))

LEDGER = Ledger('variants/libraries.md', [
    prose('title',
        'Library layouts',
        "the title"),
    prose('summary',
        r"The tables that widely used libraries build, next to the paper's: how their column order and frequencies differ, with each library's code and what it prints.",
        "what the page gives: a plan of the page (the differences are checked by 'same-kind-not-same-table' and each section's entries)"),
    prose('read-first',
        r"Read [Code variants](index.md) first; [Converting and choosing](converting.md) then shows how to move between layouts.",
        "reading advice"),
    computed('same-kind-not-same-table',
        'Major libraries compute the same kind of table, but not always the same table.',
        lambda: all(observed(k, "layout") in ("[sin | cos]", "[cos | sin]") for k in LIBRARIES)
        and {paper_frequencies(k) for k in LIBRARIES} == {True, False}),
    prose('two-choices',
        'Two choices separate them:',
        "announces the two items that follow, each checked"),
    computed('the-layouts',
        '**The layout**: the paper *interleaves* sine and cosine columns ([the formula](../formula.md#the-formula)); many libraries *split* the table into all sines, then all cosines (`[sin | cos]`), and diffusers can *flip* the halves (`[cos | sin]`).',
        lambda: observed("reference", "layout") == "interleaved"
        and {observed(k, "layout") for k in LIBRARIES} == {"[sin | cos]", "[cos | sin]"}
        and [k for k in LIBRARIES if observed(k, "layout") == "[cos | sin]"] == ["diffusers_flipped"]),
    computed('split-is-a-permutation',
        "With the same frequencies, a split table is the paper's table with its columns permuted, nothing more ([layouts are column permutations](converting.md#layouts-are-column-permutations)).",
        lambda: all(passes(tv.test_paper_frequency_variants_are_the_reference_permuted, k, d)()
        for k in ("split_sin_cos", "marian", "diffusers_flipped") for d in (8, 64))),
    computed('the-frequencies',
        '**The frequencies**: the paper uses \\(\\omega_i = 10000^{-2i/d}\\), \\(i = 0 \\dots h-1\\) with \\(h = d/2\\), so the lowest frequency is \\(10000^{-(h-1)/h}\\) ([the wavelengths](../formula.md#wavelengths)). tensor2tensor spaces them over \\(h - 1\\) steps instead, \\(\\omega_i = 10000^{-i/(h-1)}\\), so that the lowest is exactly \\(1/10000\\).',
        the_paper_frequencies),
    computed('every-but-the-first-lower',
        'Every frequency but the first is a little lower, and **no permutation turns one table into the other**: the lowest frequency differs by a factor of {{ gen.variants.comparison.t2t_ratio_d64 }} at `d_model = 64` and {{ gen.variants.comparison.t2t_ratio_d512 }} at `d_model = 512` (measured in the [comparison table](index.md#the-comparison-table)).',
        every_frequency_but_the_first),
    computed('figure-left',
        "![Frequency panel: the angular frequencies of the paper and of tensor2tensor for d_model = 64 on a log scale, nearly on top of each other and ending at 1/10000 for tensor2tensor.",
        figure_left),
    computed('figure-right',
        "Ratio panel: the ratio of the two, rising from 1 at the highest frequency to {{ gen.variants.comparison.t2t_ratio_d64 }} at the lowest for d_model = 64 and {{ gen.variants.comparison.t2t_ratio_d512 }} for d_model = 512](../generated/variants/layouts-frequencies.svg)",
        figure_right),
    computed('sections-cite-and-print',
        "Each section rewrites one library's code in our own words so that it behaves like the original, cites the exact file and commit that was read, and shows what it prints.",
        sections_cite_and_print),
    prose('tf-heading',
        'Split [sin | cos] (TensorFlow text)',
        "a heading"),
    cited('tf-source',
        '**Source:** the Transformer tutorial of tensorflow/text, [`docs/tutorials/transformer.ipynb`](https://github.com/tensorflow/text/blob/17c38bf014810b80abbb7c13ff1c2ac3cd9f710f/docs/tutorials/transformer.ipynb), function `positional_encoding` and the `PositionalEmbedding` layer that uses it.',
        "tensorflow/text docs/tutorials/transformer.ipynb @ 17c38bf (variants.md §2.14)",
        lambda: url("split_sin_cos").startswith("https://github.com/tensorflow/text/blob/17c38bf014810b80abbb7c13ff1c2ac3cd9f710f/")),
    cited('tf-older-version',
        'An older version of the same tutorial (in tensorflow/docs) interleaved like the paper; the current one concatenates and says so in a note, calling the permuted channels "functionally equivalent".',
        f"{RESEARCH} §2.14: tensorflow/docs site/en/tutorials/text/transformer.ipynb @ 8345b8b (interleaved); "
        "tensorflow/text commits e3e9fcf and aed5afd add the note \"Permuting the channels like this is functionally equivalent\""),
    computed('tf-diff-bit-for-bit',
        'Only the frequency lines are reworded and the two slice assignments become one `cat`: the angles are the same, in the same float64, so the values are bit for bit those of the reference, in another column order.',
        split_is_the_reference_bit_for_bit),
    computed('tf-right',
        "**Right:** the paper's frequencies, computed in float64 and cast once, so the values are exact; it *is* the paper's table up to the column permutation `[0, 2, 4, …, 1, 3, 5, …]`.",
        split_exact),
    computed('order-does-not-matter-from-scratch',
        'For a model trained from scratch the order of channels does not matter: the first linear layer that reads the embeddings can learn any permutation.',
        a_linear_layer_learns_the_permutation),
    cited('tf-layer',
        'The `PositionalEmbedding` layer builds the table once, in `__init__`, with a fixed 2,048 rows, keeps it as a plain tensor rather than a weight, and in every call multiplies the token embeddings by \\(\\sqrt{d}\\) and adds a slice of the table: nothing is recomputed per call.',
        f"{AUDIT} (TF text tutorial: __init__ builds 2,048 rows once; call only slices, after multiplying x by sqrt(d))",
        passes(tv.test_tf_text_layer_builds_2048_rows_once_and_slices_them)),
    computed('tf-odd-and-long',
        '**Wrong:** an **odd depth gives a table one column too wide** (`depth / 2` is a float, and `arange(3.5)` has 4 entries), which fails only when it is added to the embeddings; so does an input longer than the 2,048 rows.',
        tf_text_odd_and_long),
    computed('not-for-weights',
        'And "functionally equivalent" holds for training, not for weights: a checkpoint trained on one order reads nonsense from the other (see [what a checkpoint sees](converting.md#what-a-checkpoint-sees)).',
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)),
    prose('marian-heading',
        'Split [sin | cos] (Marian)',
        "a heading"),
    cited('marian-source',
        '**Source:** Hugging Face transformers, [`MarianSinusoidalPositionalEmbedding`](https://github.com/huggingface/transformers/blob/00b676f8f0489b88652a31d70751cc540dd06305/src/transformers/models/marian/modeling_marian.py) (Pegasus has an equivalent class).',
        "huggingface/transformers src/transformers/models/marian/modeling_marian.py @ 00b676f; Pegasus: "
        "modeling_pegasus.py PegasusSinusoidalPositionalEmbedding (checked in the installed transformers)", marian_source),
    cited('marian-docstring',
        'Its docstring calls it the XLM table "except features are not interleaved".',
        "MarianSinusoidalPositionalEmbedding's docstring (checked in the installed transformers)",
        lambda: "except features are not interleaved" in inspect.getsource(marian_class())),
    computed('marian-odd',
        "**Right:** paper frequencies in float64; **odd `d_model` is handled**: the sines get \\(\\lceil d/2 \\rceil\\) columns and the cosines \\(\\lfloor d/2 \\rfloor\\), so the `d_model = 7` table above is the reference's table, permuted, with nothing lost.",
        marian_odd),
    cited('marian-sentinel-pr',
        '(The `sentinel` that makes this work came with a 2020 fix, transformers PR #8226.)',
        f"{RESEARCH} §1 row 5: the odd-width fix of transformers PR #8226 (2020), made when the class was in modeling_bart",
        lambda: "sentinel = " in code("marian") and (real_marian() is None or "sentinel = " in inspect.getsource(real_marian()))),
    computed('marian-frozen-parameter',
        "**Worth knowing:** the table is a frozen `nn.Parameter` of an `nn.Embedding`, so it is **in the module's `state_dict`**.",
        marian_frozen_parameter),
    cited('marian-init-weight',
        "It is not written by `__init__`, which leaves the random weights of any new embedding, but by `_init_weight`, which the model's `_init_weights` calls when it initialises its modules.",
        f"{AUDIT} (the table is filled by _init_weights, not __init__) and modeling_marian.py @ 00b676f",
        passes(tv.test_marian_table_is_written_by_init_weight_not_init)),
    cited('marian-checkpoints',
        'Whether a checkpoint carries it depends on the model class: `MarianMTModel`, the translation model, lists both tables (encoder and decoder) in `_keys_to_ignore_on_save`, so `save_pretrained` writes neither, and in `_keys_to_ignore_on_load_missing`, so `from_pretrained` recomputes them; a bare `MarianModel` has no such list and saves them.',
        f"{AUDIT} ('Marian checkpoints'); MarianMTModel._keys_to_ignore_on_save / _on_load_missing (checked in the installed transformers)",
        marian_checkpoints),
    computed('marian-fixed-rows',
        'The table has a fixed number of rows and is never grown, so a longer input is an index error.',
        marian_fixed_rows),
    computed('marian-takes-a-shape',
        '`forward` takes the *shape* of the input ids, not the ids.',
        marian_takes_a_shape),
    prose('t2t-heading',
        'tensor2tensor',
        "a heading"),
    cited('t2t-source',
        '**Source:** tensorflow/tensor2tensor, [`layers/common_attention.py`](https://github.com/tensorflow/tensor2tensor/blob/bafdc1b67730430d38d6ab802cbd51f9d053ba2e/tensor2tensor/layers/common_attention.py), `get_timing_signal_1d` and `add_timing_signal_1d`.',
        "tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py @ bafdc1b (variants.md §2.1)",
        lambda: url("tensor2tensor").startswith("https://github.com/tensorflow/tensor2tensor/blob/bafdc1b67730430d38d6ab802cbd51f9d053ba2e/")),
    cited('t2t-comment',
        'A code comment says the result "slightly differs from the published paper".',
        f"{RESEARCH} §2.1: the comment added in ffe4cf40 (2019-08-27)"),
    cited('t2t-history',
        'The history is instructive: [PR #177](https://github.com/tensorflow/tensor2tensor/pull/177) (July 2017) switched to the paper\'s interleaved layout, and three days later commit [`ca08ad9`](https://github.com/tensorflow/tensor2tensor/commit/ca08ad9bf1ec957646a17eda089d3b530fb77d93), "Un-reorder of timing signals to make trained models work", switched back.',
        f"{RESEARCH} §2.1: PR #177 (2017-07-22) and commit ca08ad9 (2017-07-25)"),
    computed('t2t-diff',
        'Two changes hide in the first three lines: the exponent is spread over `half - 1` steps instead of `half`, and everything is float32. The last lines are the split layout and the zero padding.',
        t2t_diff_lines),
    computed('t2t-what-differs',
        '**What differs from the paper, measured:** the frequencies.',
        lambda: t2t_frequencies("tensor2tensor") and observed("tensor2tensor", "first_position") == 0
        and observed("tensor2tensor", "layout") == observed("split_sin_cos", "layout") and paper_frequencies("split_sin_cos")),
    computed('t2t-timescales',
        "With `d_model = 8` the paper's timescales are \\(1, 10, 100, 1000\\) and tensor2tensor's reach \\(10000\\) (output above).",
        t2t_timescales),
    computed('t2t-d8-is-paper-d6',
        "Its `d_model = 8` columns are, in fact, the paper's `d_model = 6` frequencies plus one lower.",
        passes(tv.test_tensor2tensor_table_matches_its_closed_form)),
    computed('t2t-odd-float32-every-call',
        'Odd widths get a **zero last column**; the signal is recomputed, in float32, on every call, and nothing is stored.',
        lambda: observed("tensor2tensor", "odd_d7") == "zero column (6)"
        and observed("tensor2tensor", "angle_dtype") == "float32" and observed("tensor2tensor", "computed") == "every call"
        and observed("tensor2tensor", "storage") == {"function": ["yes"]}),
    cited('t2t-shared-by',
        '**Why it matters:** tensor2tensor\'s frequencies are shared by fairseq, fairseq2, M2M100, FSMT, Speech2Text, Whisper, the Flax WMT example, OpenNMT-py\'s "concat" mode and diffusers\' default.',
        f"{RESEARCH} §4 (frequencies: /(h-1) in t2t, fairseq, fairseq2, M2M100, FSMT, Whisper, Flax WMT, OpenNMT-py concat, diffusers shift=1)",
        lambda: t2t_frequencies("fairseq") and t2t_frequencies("whisper")
        and omegas("tensor2tensor", 16) == pytest.approx([p.omega for p in registry.sinusoids_in(
            variant_diffusers_flipped.timestep_embedding(torch.arange(256.0), 16, downscale_freq_shift=1))], rel=1e-5)),
    computed('fed-these-frequencies',
        "A model trained with one of them must be fed exactly these frequencies; the paper's table is a different input.",
        lambda: passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)()
        and passes(tv.test_tensor2tensor_family_has_no_permutation_to_the_reference, "tensor2tensor")()),
    prose('diffusers-heading',
        'Flipped [cos | sin] (diffusers)',
        "a heading"),
    cited('diffusers-source',
        '**Source:** huggingface/diffusers, [`models/embeddings.py`](https://github.com/huggingface/diffusers/blob/58eb52c0803ea9af3abec60841c2a093bdf1f951/src/diffusers/models/embeddings.py), `get_timestep_embedding`, which encodes diffusion *timesteps* (possibly fractional) rather than token positions.',
        "huggingface/diffusers src/diffusers/models/embeddings.py @ 58eb52c (variants.md §2.18); fractional timesteps checked in the installed diffusers",
        lambda: torch.equal(diffusers().models.embeddings.get_timestep_embedding(torch.tensor([0.25, 3.5]), 8, True, 0),
                            variant_diffusers_flipped.timestep_embedding(torch.tensor([0.25, 3.5]), 8))),
    computed('diffusers-switches',
        "**Two switches decide the table.** `downscale_freq_shift` picks the frequencies (0: the paper's; 1, the function's default: tensor2tensor's), and `flip_sin_to_cos=True` swaps the halves to `[cos | sin]`.",
        diffusers_switches),
    computed('unet-defaults',
        "`UNet2DConditionModel` uses `flip_sin_to_cos=True, freq_shift=0`: the paper's frequencies in flipped order, which is the row in the [comparison table](index.md#the-comparison-table), equal to the reference with the columns `[1, 3, 5, …, 0, 2, 4, …]`.",
        unet_defaults),
    computed('diffusers-defaults-t2t',
        "Calling the function with its defaults gives tensor2tensor's table instead (second output).",
        diffusers_defaults_print_t2t),
    computed('diffusers-odd-float32',
        'Odd widths get a zero last column; angles are float32.',
        lambda: observed("diffusers_flipped", "odd_d7") == "zero column (6)"
        and observed("diffusers_flipped", "angle_dtype") == "float32"
        and (installed("diffusers") is None
             or bool((installed("diffusers").models.embeddings.get_timestep_embedding(torch.arange(9.0), 7, True, 0)[:, -1] == 0).all()))),
    prose('fairseq-heading',
        'fairseq',
        "a heading"),
    cited('fairseq-source',
        '**Source:** facebookresearch/fairseq, [`modules/sinusoidal_positional_embedding.py`](https://github.com/facebookresearch/fairseq/blob/3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99/fairseq/modules/sinusoidal_positional_embedding.py), `SinusoidalPositionalEmbedding`, whose docstring says it "matches the implementation in tensor2tensor, but differs slightly from the description in Section 3.5".',
        f"facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 3d262bb, its docstring ({RESEARCH} §2.2)",
        lambda: url("fairseq").startswith("https://github.com/facebookresearch/fairseq/blob/3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99/")),
    cited('fairseq-copies',
        "Hugging Face's M2M100, XGLM, FSMT and Speech2Text copy it.",
        f"{RESEARCH} §1 row 4 and §2.4 (M2M100 @ 593e8aa; Speech2Text, FSMT, XGLM near copies); M2M100 checked in the installed transformers",
        m2m100_copies_fairseq),
    computed('fairseq-offset',
        '**The position offset.** fairseq numbers real tokens from `padding_idx + 1`, and pads keep `padding_idx`, whose row is zeroed.',
        passes(tv.test_fairseq_padding_rows_are_zero)),
    computed('fairseq-first-token',
        "With the default dictionary (`<pad>` at index 1) **the first token gets the encoding of position {{ gen.variants.comparison.fairseq_first }}**: the first row printed above is tensor2tensor's row 2, and the pads of the second sentence get all-zero rows.",
        fairseq_first_token),
    computed('fairseq-measured',
        'The [comparison table](index.md#the-comparison-table) measures this offset from the phases of the table ("row 0 is position").',
        lambda: "first_position(pairs)" in inspect.getsource(registry.observe)
        and "row 0 is position" in text("variants/comparison", "values").splitlines()[0]),
    computed('fairseq-also',
        "**Also:** tensor2tensor's frequencies and split layout; an odd width gets a zero column, and a width of 2 or 3 divides by zero.",
        fairseq_also),
    cited('fairseq-buffer',
        'The table is a **non-persistent buffer** (since fairseq PR #5213, 2023: before, it was a plain attribute that "is not moved to CPU or CUDA when the module is moved"), grown when a longer input arrives.',
        f"{RESEARCH} §2.2 (PR #5213, 2023-06: weights becomes a non-persistent buffer; auto_expand)", fairseq_buffer_grows),
    prose('whisper-heading',
        'Whisper',
        "a heading"),
    cited('whisper-source',
        '**Source:** openai/whisper, [`whisper/model.py`](https://github.com/openai/whisper/blob/c0d2f624c09dc18e709e37c2ad90c039a4eb72a2/whisper/model.py), `sinusoids` and the `AudioEncoder` that registers it.',
        "openai/whisper whisper/model.py @ c0d2f62 (variants.md §2.8)",
        lambda: url("whisper").startswith("https://github.com/openai/whisper/blob/c0d2f624c09dc18e709e37c2ad90c039a4eb72a2/")),
    cited('whisper-audio-only',
        'Only the audio encoder uses it; the text decoder learns its positional embedding.',
        f"{RESEARCH} §2.8: the text decoder uses a learned nn.Parameter PE"),
    cited('whisper-persistent',
        '**The same table as tensor2tensor** (checked bit for bit in [Converting](converting.md#the-same-table-under-other-names)), but stored as a **persistent buffer**: it is inside every released checkpoint, and the encoder accepts exactly `n_ctx` frames.',
        f"{RESEARCH} §2.8 (AudioEncoder registers a persistent buffer, part of the released checkpoints)", whisper_persistent),
    computed('whisper-odd-assert',
        'Odd widths fail an `assert`.',
        lambda: observed("whisper", "odd_d7") == "crash (AssertionError)"),
    cited('whisper-hf-issue',
        "Hugging Face's port keeps it as an embedding weight; its issue [#25989](https://github.com/huggingface/transformers/issues/25989) notes that the released weights differ slightly from what `sinusoids()` computes, which is one more reason to load a model's table from its checkpoint rather than rebuild it.",
        f"{RESEARCH} §2.8: transformers issue #25989 and PR #26032"),
])

test_claims_hold = LEDGER.test
