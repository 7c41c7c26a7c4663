"""The claims of docs/variants/libraries.md, each with what makes it true (see tests/claimcheck.py).

Where the library itself is installed (transformers, diffusers: not pinned, so those checks skip without them), a
claim about it is checked against the real code; otherwise against our reimplementation, and the entry is cited.
"""

import inspect
import re
import warnings

import pytest
import torch
from claim_words import Compare, Count, Number, Trend, Truth
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


# --- the docstrings the page shows with each library's code (reviewed after the migration) ------------------------


def library_matches(key: str) -> bool:
    """Our variant against the installed library (widths 64, 8 and 7), where it is installed."""
    from pages import test_variants_libraries_code as tl

    if key not in tl.KEYS or installed(tl.BY_KEY[key].checked) is None:
        return True
    return all(passes(tl.test_table_matches_the_real_library, key, d)() for d in (64, 8, 7))


def fitted_frequencies_of_a_variant() -> bool:
    """variants/layouts.py's fitted(): one omega per sin/cos pair, fitted from the table's values."""
    import importlib.util

    source = (SNIPPETS / "variants/layouts.py").read_text(encoding="utf-8")
    fitted = [pair.omega for pair in registry.sinusoids_in(registry.REFERENCE.build(256, 64))]
    paper = [10000 ** (-2 * i / 64) for i in range(32)]
    return (importlib.util.find_spec("pelib.variants.registry") is not None
            and "sinusoids_in(BY_KEY[key].build(256, d_model))" in source
            and len(fitted) == 32 and fitted == pytest.approx(paper, rel=1e-4))


def split_table_as_documented() -> bool:
    table = variant_split_sin_cos.split_sin_cos(30, 8)
    p = torch.arange(30, dtype=torch.float64)[:, None]
    omega = 10000.0 ** (-torch.arange(0, 8, 2, dtype=torch.float64) / 8)
    return (table.dtype == torch.float32 and table.shape == (30, 8)
            and torch.allclose(table[:, :4].double(), (p * omega).sin(), atol=1e-7)
            and torch.allclose(table[:, 4:].double(), (p * omega).cos(), atol=1e-7) and split_exact())


def split_as_tf_text() -> bool:
    """float64 then float32; an odd depth: ceil(depth/2) frequencies, one column too many."""
    return (observed("split_sin_cos", "angle_dtype") == "float64" and variant_split_sin_cos.split_sin_cos(3, 7).dtype == torch.float32
            and tuple(variant_split_sin_cos.split_sin_cos(5, 7).shape) == (5, 8)
            and observed("split_sin_cos", "odd_d7") == "wrong width (8 columns)" and tf_text_odd_and_long())


def tf_layer_as_documented() -> bool:
    layer = variant_split_sin_cos.PositionalEmbedding(8)
    x = torch.randn(2, 5, 8, generator=torch.Generator().manual_seed(0))
    return (layer.pos_encoding.shape == (2048, 8) and list(layer.state_dict()) == []
            and "pos_encoding" in dict(layer.named_buffers())
            and torch.equal(layer(x), x + variant_split_sin_cos.split_sin_cos(2048, 8)[None, :5])
            and passes(tv.test_tf_text_layer_builds_2048_rows_once_and_slices_them)())


def marian_as_documented() -> bool:
    table = variant_marian.build(6, 7)
    return (marian_frozen_parameter() and marian_odd() and table.shape == (6, 7)
            and torch.equal(table[:, :4], positional_encoding(6, 7)[:, 0::2])
            and torch.equal(table[:, 4:], positional_encoding(6, 7)[:, 1::2]) and library_matches("marian"))


def marian_init_as_the_library() -> bool:
    return passes(tv.test_marian_table_is_written_by_init_weight_not_init)() and library_matches("marian")


def t2t_signal_as_documented() -> bool:
    signal = variant_tensor2tensor.timing_signal_1d(20, 7)
    return (signal.dtype == torch.float32 and signal.shape == (1, 20, 7) and bool((signal[0, :, 6] == 0).all())
            and t2t_frequencies("tensor2tensor") and observed("tensor2tensor", "layout") == "[sin | cos]"
            and observed("tensor2tensor", "odd_d7") == "zero column (6)")


def t2t_frequencies_as_documented() -> bool:
    """h = channels // 2 frequencies from min_timescale down to min_timescale**2 / max_timescale (a log-even spacing
    over h - 1 steps: the source multiplies by min_timescale); at min_timescale = 1, from 1 to exactly 1/max_timescale;
    h = 1 gives one frequency without dividing by 0."""
    ok = True
    for channels, lo, hi in ((8, 1.0, 1e4), (12, 2.0, 500.0)):
        pairs = registry.sinusoids_in(variant_tensor2tensor.timing_signal_1d(4000, channels, lo, hi)[0])
        got = sorted((p.omega for p in pairs), reverse=True)
        want = [lo * (lo / hi) ** (i / (channels // 2 - 1)) for i in range(channels // 2)]
        ok &= len(got) == channels // 2 and got == pytest.approx(want, rel=1e-4)
    one = variant_tensor2tensor.timing_signal_1d(5, 2, 1.0, 1e4)[0]
    return bool(ok) and torch.allclose(one[:, 0], torch.sin(torch.arange(5.0))) and passes(tv.test_tensor2tensor_table_matches_its_closed_form)()


def t2t_adds_per_call_in_x_dtype() -> bool:
    x = torch.ones(2, 5, 8, dtype=torch.float16)
    return (variant_tensor2tensor.add_timing_signal_1d(x).dtype == torch.float16
            and torch.equal(variant_tensor2tensor.add_timing_signal_1d(x), x + variant_tensor2tensor.timing_signal_1d(5, 8).half())
            and observed("tensor2tensor", "computed") == "every call")


def diffusers_returns_float32_fractional() -> bool:
    t = torch.tensor([0.0, 0.25, 3.5, 999.0])
    out = variant_diffusers_flipped.timestep_embedding(t, 8)
    return out.dtype == torch.float32 and out.shape == (4, 8) and library_matches("diffusers_flipped")


def diffusers_as_documented() -> bool:
    return (diffusers_switches() and observed("diffusers_flipped", "layout") == "[cos | sin]"
            and observed("diffusers_flipped", "odd_d7") == "zero column (6)"
            and variant_diffusers_flipped.timestep_embedding(torch.arange(3.0), 7).shape == (3, 7)
            and library_matches("diffusers_flipped"))


def fairseq_maps_tokens() -> bool:
    layer = variant_fairseq.FairseqSinusoidal(8, padding_idx=1, init_size=12)
    tokens = torch.tensor([[5, 6, 1, 1], [7, 1, 8, 9]])
    out = layer(tokens)
    return (out.shape == (2, 4, 8) and bool((out[tokens == 1] == 0).all())
            and torch.equal(out[0, 0], layer.weights[2]) and passes(tv.test_fairseq_padding_rows_are_zero)())


def fairseq_as_documented() -> bool:
    return fairseq_also() and fairseq_buffer_grows() and fairseq_first_token() and fairseq_maps_tokens()


def whisper_table_as_documented() -> bool:
    table = variant_whisper.sinusoids(20, 8)
    return (table.dtype == torch.float32 and table.shape == (20, 8) and t2t_frequencies("whisper")
            and observed("whisper", "layout") == "[sin | cos]" and passes(tv.test_whisper_and_fairseq_are_tensor2tensor)())


def whisper_as_documented() -> bool:
    with warnings.catch_warnings():  # numpy warns of its division by zero; no error is raised
        warnings.simplefilter("ignore")
        two = variant_whisper.sinusoids(5, 2)
    return (raises(AssertionError, lambda: variant_whisper.sinusoids(5, 7)) and observed("whisper", "odd_d7") == "crash (AssertionError)"
            and bool(two.isnan().all()))


def whisper_encoder_as_documented() -> bool:
    encoder = variant_whisper.AudioEncoderPositions(n_ctx=12, n_state=8)
    return list(encoder.state_dict()) == ["positional_embedding"] and whisper_persistent()


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def every_but_the_first_measured():
    """"Every frequency but the first is a little lower, and no permutation turns one table into the other: the lowest
    frequency differs": tensor2tensor's frequencies after the first that are lower than the paper's, the largest of
    their ratios to the paper's, the permutations found, and the two lowest frequencies."""
    if not every_frequency_but_the_first():
        return False
    paper, t2t = omegas("reference", 64), omegas("tensor2tensor", 64)
    lower = [t < p for t, p in zip(t2t[1:], paper[1:], strict=True)]
    found = int(observed("tensor2tensor", "permutation_d8") is not None)
    largest = max(t / p for t, p in zip(t2t[1:], paper[1:], strict=True))
    return [Count(sum(lower), len(lower), at=0), Compare(largest, 1.0),
            Count(found, 1, at=1), Compare(round(t2t[-1], 12), round(paper[-1], 12), at=1)]


def figure_right_measured():
    """"the ratio of the two, rising from 1 at the highest frequency": the paper's frequencies over tensor2tensor's,
    highest first (d_model = 64)."""
    if not figure_right():
        return False
    return Trend(tuple(p / t for p, t in zip(omegas("reference", 64), omegas("tensor2tensor", 64), strict=True)))


def tf_odd_measured():
    """"arange(3.5) has 4 entries": the entries of arange(depth / 2) at depth 7."""
    return tf_text_odd_and_long() and Number(torch.arange(7 / 2).numel(), at=0)


def marian_fixed_rows_measured():
    """"never grown, so a longer input is an index error": the rows before and after a longer input, and its length
    against the rows."""
    if not marian_fixed_rows():
        return False
    layer = variant_marian.make(5, 8)
    before = layer.weight.shape[0]
    failed = raises(IndexError, lambda: layer(torch.Size([1, 6])))
    return failed and [Count(int(layer.weight.shape[0] != before), 1), Compare(6, before)]


def marian_shape_measured():
    """"forward takes the shape of the input ids, not the ids": whether forward's argument is the ids."""
    if not marian_takes_a_shape():
        return False
    return Truth(list(inspect.signature(variant_marian.MarianSinusoidal.forward).parameters)[1] == "input_ids")


def last_column_of(build) -> float:
    """The largest value of the last column of a width-7 table."""
    return build(20, 7)[..., 6].abs().max().item()


def t2t_odd_measured():
    """"Odd widths get a zero last column": the largest value of tensor2tensor's last column at width 7."""
    ok = (observed("tensor2tensor", "odd_d7") == "zero column (6)"
          and observed("tensor2tensor", "angle_dtype") == "float32"
          and observed("tensor2tensor", "computed") == "every call"
          and observed("tensor2tensor", "storage") == {"function": ["yes"]})
    return ok and Number(last_column_of(variant_tensor2tensor.build), at=0)


def diffusers_odd_float32() -> bool:
    lib = installed("diffusers")
    return (observed("diffusers_flipped", "odd_d7") == "zero column (6)"
            and observed("diffusers_flipped", "angle_dtype") == "float32"
            and (lib is None
                 or bool((lib.models.embeddings.get_timestep_embedding(torch.arange(9.0), 7, True, 0)[:, -1] == 0)
                         .all())))


def diffusers_odd_measured():
    """"Odd widths get a zero last column": the largest value of diffusers' last column at width 7."""
    ok = diffusers_odd_float32()
    def build(n, d):
        return variant_diffusers_flipped.timestep_embedding(torch.arange(float(n)), d)

    return ok and Number(last_column_of(build))


def fairseq_also_measured():
    """"an odd width gets a zero column, and a width of 2 or 3 divides by zero": fairseq's last column at width 7,
    the smallest and largest width that divides by zero, and the divisor h - 1 there."""
    if not fairseq_also():
        return False
    failing = [d for d in range(2, 9)
               if raises(ZeroDivisionError, lambda d=d: variant_fairseq.FairseqSinusoidal(d, 1, 8))]
    return [Number(last_column_of(variant_fairseq.build)), Number(min(failing)), Number(max(failing)),
            Number(max(failing) // 2 - 1)]


def diffusers_switches_measured():
    """"downscale_freq_shift picks the frequencies (0: the paper's; 1, ...: tensor2tensor's)": the shift that gives
    the paper's frequencies and the one that gives tensor2tensor's."""
    if not diffusers_switches():
        return False
    ours, ref = variant_diffusers_flipped.timestep_embedding, positional_encoding(64, 8)
    t2t = variant_tensor2tensor.timing_signal_1d(64, 8)[0]
    paper = [s for s in (0, 1) if torch.allclose(ours(torch.arange(64.0), 8, flip_sin_to_cos=False,
                                                      downscale_freq_shift=s),
                                                 ref[:, registry.interleaved_to_split(8)], atol=1e-5)]
    theirs = [s for s in (0, 1) if torch.allclose(ours(torch.arange(64.0), 8, flip_sin_to_cos=False,
                                                       downscale_freq_shift=s), t2t, atol=1e-6)]
    return len(paper) == len(theirs) == 1 and [Number(paper[0], at=1), Number(theirs[0], at=2)]


def t2t_signal_measured():
    """"the float32 [1, length, channels] signal, zero-padded by one column for odd channels": its first dimension
    and its last column at 7 channels."""
    if not t2t_signal_as_documented():
        return False
    signal = variant_tensor2tensor.timing_signal_1d(20, 7)
    return [Number(signal.shape[0]), Number(signal[0, :, 6].abs().max().item())]


def same_kind_measured():
    """"not always the same table": the libraries whose table at d_model = 64 is the reference's, entry for entry."""
    ok = (all(observed(k, "layout") in ("[sin | cos]", "[cos | sin]") for k in LIBRARIES)
          and {paper_frequencies(k) for k in LIBRARIES} == {True, False})
    if not ok:
        return False
    ref = positional_encoding(64, 64)
    same = [torch.equal(registry.BY_KEY[k].build(64, 64).reshape(64, 64), ref) for k in LIBRARIES]
    return Count(sum(same), len(same), at=0)


def sections_measured():
    """"Each section ... cites the exact file and commit that was read, and shows what it prints": the libraries
    whose section does."""
    if not sections_cite_and_print():
        return False
    markdown = page("libraries.md")
    done = [bool(re.search(r"/blob/[0-9a-f]{40}/", url(k))) and url(k) in markdown
            and f'--8<-- "variants/{k}.txt"' in markdown for k in LIBRARIES]
    return Count(sum(done), len(done), at=0)


def tf_exact_measured():
    """"the values are exact": whether each value is within float32 rounding of the exact one."""
    if not split_exact():
        return False
    exact = positional_encoding(200, 64, dtype=torch.float64)[:, registry.interleaved_to_split(64)]
    return Truth(bool((variant_split_sin_cos.split_sin_cos(200, 64).double() - exact).abs().max() <= 2.0**-24))


LEDGER = Ledger('variants/libraries.md', [
    prose('title', "the title"),
    computed('same-kind-not-same-table',
        same_kind_measured, backs=['always', 'not', 'same', 'same']),
    prose('two-choices', "announces the two items that follow, each checked"),
    computed('the-layouts',
        lambda: observed("reference", "layout") == "interleaved"
        and {observed(k, "layout") for k in LIBRARIES} == {"[sin | cos]", "[cos | sin]"}
        and [k for k in LIBRARIES if observed(k, "layout") == "[cos | sin]"] == ["diffusers_flipped"], backs=['all', 'all', 'columns', 'cos', 'cos', 'cosine', 'cosines', 'interleaves', 'sin', 'sin', 'sine', 'sines']),
    computed('split-is-a-permutation',
        lambda: all(passes(tv.test_paper_frequency_variants_are_the_reference_permuted, k, d)()
        for k in ("split_sin_cos", "marian", "diffusers_flipped") for d in (8, 64)), backs=['column', 'columns', 'more', 'same']),
    computed('the-frequencies',
        the_paper_frequencies, backs=[r'\(1/10000\)', r'\(10000^{-(h-1)/h}\)', r'\(\omega_i = 10000^{-2i/d}\)', r'\(\omega_i = 10000^{-i/(h-1)}\)', r'\(h - 1\)', r'\(h = d/2\)', r'\(i = 0 \dots h-1\)', 'exactly', 'lowest', 'lowest']),
    computed('every-but-the-first-lower',
        every_but_the_first_measured, backs=['512', '64', 'differs', 'every', 'first', 'gen.variants.comparison.t2t_ratio_d512', 'gen.variants.comparison.t2t_ratio_d64', 'lower', 'lowest', 'no']),
    computed('figure-left', figure_left, backs=['1', '10000', '64', 'each']),
    computed('figure-right',
        figure_right_measured, backs=['1', '512', '64', 'gen.variants.comparison.t2t_ratio_d512', 'gen.variants.comparison.t2t_ratio_d64', 'highest', 'lowest', 'ratio', 'ratio', 'rising']),
    computed('sections-cite-and-print', sections_measured, backs=['each', 'exact']),
    prose('tf-heading', "a heading", unbacked=['cos', 'sin']),
    cited('tf-source',
        "tensorflow/text docs/tutorials/transformer.ipynb @ 17c38bf (variants.md §2.14)",
        lambda: url("split_sin_cos").startswith("https://github.com/tensorflow/text/blob/17c38bf014810b80abbb7c13ff1c2ac3cd9f710f/")),
    cited('tf-older-version',
        f"{RESEARCH} §2.14: tensorflow/docs site/en/tutorials/text/transformer.ipynb @ 8345b8b (interleaved); "
        "tensorflow/text commits e3e9fcf and aed5afd add the note \"Permuting the channels like this is functionally equivalent\"", backs=['interleaved', 'same']),
    computed('tf-diff-bit-for-bit',
        split_is_the_reference_bit_for_bit, backs=['column', 'float64', 'only', 'order', 'same', 'same']),
    computed('tf-right',
        tf_exact_measured, backs=['0', '1', '2', '3', '4', '5', 'column', 'exact', 'float64', 'right', 'up to']),
    computed('order-does-not-matter-from-scratch',
        a_linear_layer_learns_the_permutation, backs=['any', 'first', 'linear', 'not', 'order']),
    cited('tf-layer',
        f"{AUDIT} (TF text tutorial: __init__ builds 2,048 rows once; call only slices, after multiplying x by sqrt(d))",
        passes(tv.test_tf_text_layer_builds_2048_rows_once_and_slices_them), backs=['2,048', r'\(\sqrt{d}\)', 'every', 'recomputed', 'rows']),
    computed('tf-odd-and-long',
        tf_odd_measured, backs=['2', '2,048', '3.5', '4', 'column', 'longer', 'odd', 'only', 'rows']),
    computed('not-for-weights',
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies), backs=['not', 'order']),
    prose('marian-heading', "a heading", unbacked=['cos', 'sin']),
    cited('marian-source',
        "huggingface/transformers src/transformers/models/marian/modeling_marian.py @ 00b676f; Pegasus: "
        "modeling_pegasus.py PegasusSinusoidalPositionalEmbedding (checked in the installed transformers)", marian_source),
    cited('marian-docstring',
        "MarianSinusoidalPositionalEmbedding's docstring (checked in the installed transformers)",
        lambda: "except features are not interleaved" in inspect.getsource(marian_class()), backs=['interleaved', 'not']),
    computed('marian-odd',
        marian_odd, backs=['7', r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'above', 'columns', 'cosines', 'float64', 'odd', 'right', 'sines']),
    cited('marian-sentinel-pr',
        f"{RESEARCH} §1 row 5: the odd-width fix of transformers PR #8226 (2020), made when the class was in modeling_bart",
        lambda: "sentinel = " in code("marian") and (real_marian() is None or "sentinel = " in inspect.getsource(real_marian())), backs=['2020', '8226']),
    computed('marian-frozen-parameter', marian_frozen_parameter, backs=['frozen']),
    cited('marian-init-weight',
        f"{AUDIT} (the table is filled by _init_weights, not __init__) and modeling_marian.py @ 00b676f",
        passes(tv.test_marian_table_is_written_by_init_weight_not_init), backs=['any', 'not']),
    cited('marian-checkpoints',
        f"{AUDIT} ('Marian checkpoints'); MarianMTModel._keys_to_ignore_on_save / _on_load_missing (checked in the installed transformers)",
        marian_checkpoints, backs=['both', 'depends', 'neither', 'no', 'recomputes', 'saves']),
    computed('marian-fixed-rows', marian_fixed_rows_measured, backs=['longer', 'never', 'rows']),
    computed('marian-takes-a-shape', marian_shape_measured, backs=['forward', 'not']),
    prose('t2t-heading', "a heading"),
    cited('t2t-source',
        "tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py @ bafdc1b (variants.md §2.1)",
        lambda: url("tensor2tensor").startswith("https://github.com/tensorflow/tensor2tensor/blob/bafdc1b67730430d38d6ab802cbd51f9d053ba2e/")),
    cited('t2t-comment', f"{RESEARCH} §2.1: the comment added in ffe4cf40 (2019-08-27)", backs=['differs']),
    cited('t2t-history',
        f"{RESEARCH} §2.1: PR #177 (2017-07-22) and commit ca08ad9 (2017-07-25)", backs=['177', '2017', 'interleaved', 'later']),
    computed('t2t-diff', t2t_diff_lines, backs=['1', 'first', 'float32', 'half', 'half', 'last', 'zero']),
    computed('t2t-what-differs',
        lambda: t2t_frequencies("tensor2tensor") and observed("tensor2tensor", "first_position") == 0
        and observed("tensor2tensor", "layout") == observed("split_sin_cos", "layout") and paper_frequencies("split_sin_cos"), backs=['differs']),
    computed('t2t-timescales', t2t_timescales, backs=['8', r'\(1, 10, 100, 1000\)', r'\(10000\)', 'above']),
    computed('t2t-d8-is-paper-d6',
        passes(tv.test_tensor2tensor_table_matches_its_closed_form), backs=['6', '8', 'columns', 'lower']),
    computed('t2t-odd-float32-every-call',
        t2t_odd_measured, backs=['column', 'every', 'float32', 'last', 'odd', 'recomputed', 'stored', 'zero']),
    cited('t2t-shared-by',
        f"{RESEARCH} §4 (frequencies: /(h-1) in t2t, fairseq, fairseq2, M2M100, FSMT, Whisper, Flax WMT, OpenNMT-py concat, diffusers shift=1)",
        lambda: t2t_frequencies("fairseq") and t2t_frequencies("whisper")
        and omegas("tensor2tensor", 16) == pytest.approx([p.omega for p in registry.sinusoids_in(
            variant_diffusers_flipped.timestep_embedding(torch.arange(256.0), 16, downscale_freq_shift=1))], rel=1e-5)),
    computed('fed-these-frequencies',
        lambda: passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)()
        and passes(tv.test_tensor2tensor_family_has_no_permutation_to_the_reference, "tensor2tensor")(), backs=['different', 'exactly']),
    prose('diffusers-heading', "a heading", unbacked=['cos', 'sin']),
    cited('diffusers-source',
        "huggingface/diffusers src/diffusers/models/embeddings.py @ 58eb52c (variants.md §2.18); fractional timesteps checked in the installed diffusers",
        lambda: torch.equal(diffusers().models.embeddings.get_timestep_embedding(torch.tensor([0.25, 3.5]), 8, True, 0),
                            variant_diffusers_flipped.timestep_embedding(torch.tensor([0.25, 3.5]), 8))),
    computed('diffusers-switches', diffusers_switches_measured, backs=['0', '1', 'cos', 'sin']),
    computed('unet-defaults',
        unet_defaults, backs=['0', '0', '1', '2', '3', '4', '5', 'columns', 'equal', 'order', 'row']),
    computed('diffusers-defaults-t2t', diffusers_defaults_print_t2t),
    computed('diffusers-odd-float32',
        diffusers_odd_measured, backs=['column', 'float32', 'last', 'odd', 'zero']),
    prose('fairseq-heading', "a heading"),
    cited('fairseq-source',
        f"facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 3d262bb, its docstring ({RESEARCH} §2.2)",
        lambda: url("fairseq").startswith("https://github.com/facebookresearch/fairseq/blob/3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99/"), backs=['3.5', 'differs']),
    cited('fairseq-copies',
        f"{RESEARCH} §1 row 4 and §2.4 (M2M100 @ 593e8aa; Speech2Text, FSMT, XGLM near copies); M2M100 checked in the installed transformers",
        m2m100_copies_fairseq),
    computed('fairseq-offset', passes(tv.test_fairseq_padding_rows_are_zero), backs=['1', 'row']),
    computed('fairseq-first-token',
        fairseq_first_token, backs=['1', '2', 'above', 'first', 'first', 'gen.variants.comparison.fairseq_first', 'row', 'row', 'rows']),
    computed('fairseq-measured',
        lambda: "first_position(pairs)" in inspect.getsource(registry.observe)
        and "row 0 is position" in text("variants/comparison", "values").splitlines()[0], backs=['0', 'row']),
    computed('fairseq-also', fairseq_also_measured, backs=['2', '3', 'column', 'odd', 'zero', 'zero']),
    cited('fairseq-buffer',
        f"{RESEARCH} §2.2 (PR #5213, 2023-06: weights becomes a non-persistent buffer; auto_expand)", fairseq_buffer_grows, backs=['2023', '5213', 'before', 'buffer', 'longer', 'not']),
    prose('whisper-heading', "a heading"),
    cited('whisper-source',
        "openai/whisper whisper/model.py @ c0d2f62 (variants.md §2.8)",
        lambda: url("whisper").startswith("https://github.com/openai/whisper/blob/c0d2f624c09dc18e709e37c2ad90c039a4eb72a2/")),
    cited('whisper-audio-only', f"{RESEARCH} §2.8: the text decoder uses a learned nn.Parameter PE", backs=['only']),
    cited('whisper-persistent',
        f"{RESEARCH} §2.8 (AudioEncoder registers a persistent buffer, part of the released checkpoints)", whisper_persistent, backs=['buffer', 'every', 'exactly', 'persistent', 'same', 'stored']),
    computed('whisper-odd-assert', lambda: observed("whisper", "odd_d7") == "crash (AssertionError)", backs=['odd']),
    cited('whisper-hf-issue',
        f"{RESEARCH} §2.8: transformers issue #25989 and PR #26032", backs=['25989', 'differ', 'more']),
    prose('code-draws-from-frequencies-fitted', 'an admonition title: it labels the folded code below; what the figure shows is checked by the entries figure-left and figure-right', unbacked=['each']),
    computed('angular-frequency-every-sin-cos', fitted_frequencies_of_a_variant, backs=['cos', 'every', 'sin']),
    computed('return-float32-length-depth-table', split_table_as_documented, backs=['1', '1', 'cos', 'cos', 'float32', 'sin', 'sin']),
    cited('behaves-like-tensorflow-text-s', "tensorflow/text docs/tutorials/transformer.ipynb @ 17c38bf, positional_encoding (variants.md §2.14)", split_as_tf_text, backs=['2', '2', 'column', 'float32', 'float64', 'odd']),
    cited('tutorial-s-layer-around-table', f"{AUDIT} (TF text tutorial: __init__ builds 2,048 rows once; call only slices)", tf_layer_as_documented, backs=['2,048', 'every', 'rows']),
    cited('keras-table-plain-tensor-attribute', "tensorflow/text docs/tutorials/transformer.ipynb @ 17c38bf, PositionalEmbedding.__init__ (self.pos_encoding = positional_encoding(...), a plain attribute)", tf_layer_as_documented, backs=['buffer', 'not', 'not', 'saved']),
    cited('keras-layer-also-looks-up', f"{AUDIT} (TF text tutorial: call multiplies x by sqrt(d) before adding)", tf_layer_as_documented, backs=['forward'], unbacked={'before': 'what the Keras layer does, cited (our forward receives the scaled embeddings)', 'up': 'what the Keras layer does, cited'}),
    computed('nn-embedding-whose-frozen-weight', marian_as_documented, backs=['2', '2', 'columns', 'cos', 'cosines', 'frozen', 'sin', 'sine']),
    cited('behaves-like-transformers-mariansinusoidalpositi', "huggingface/transformers src/transformers/models/marian/modeling_marian.py @ 00b676f (checked in the installed transformers)", marian_init_as_the_library, backs=['any', 'only']),
    computed('angles-float64-numpy-there-cast', lambda: marian_as_documented() and marian_takes_a_shape(), backs=['column', 'float32', 'float64', 'forward', 'not', 'odd', 'sines']),
    computed('return-float32-1-length-channels', t2t_signal_measured,
        backs=['1', 'column', 'cos', 'float32', 'odd', 'sin']),
    cited('behaves-like-tensor2tensor-s-get', "tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py @ bafdc1b, get_timing_signal_1d (variants.md §2.1)", t2t_frequencies_as_documented, backs=['0', '1', '1', '2', '2', 'down', 'not']),
    cited('source-multiplies-by-min-timescale', f"{RESEARCH} §2.1 (open issue #1923: inv_timescales = min_timescale * tf.exp(...) should divide by min_timescale)", t2t_frequencies_as_documented, backs=['1', '1', '1', '1923', 'down', 'exactly']),
    computed('x-batch-length-channels-recomputes', t2t_adds_per_call_in_x_dtype, backs=['recomputes']),
    computed('return-float32-n-embedding-dim', diffusers_returns_float32_fractional, backs=['float32']),
    cited('behaves-like-diffusers-get-timestep', "huggingface/diffusers src/diffusers/models/embeddings.py @ 58eb52c, get_timestep_embedding (checked in the installed diffusers)", diffusers_as_documented, backs=['0', '1', 'column', 'cos', 'odd', 'sin']),
    computed('map-tokens-batch-seq-len', fairseq_maps_tokens, backs=['row', 'rows']),
    cited('behaves-like-fairseq-s-sinusoidalpositionalembed', f"facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 3d262bb ({RESEARCH} §2.2)", fairseq_as_documented, backs=['1', '1', '2', '2', '3', 'all', 'buffer', 'column', 'cos', 'last', 'longer', 'odd', 'row', 'rows', 'sin', 'zero', 'zero']),
    computed('return-float32-length-channels-table', whisper_table_as_documented, backs=['cos', 'float32', 'sin']),
    cited('behaves-like-whisper-s-odd', "openai/whisper whisper/model.py @ c0d2f62, sinusoids (assert channels % 2 == 0; np.log(max_timescale) / (channels // 2 - 1))", whisper_as_documented, backs=['2', 'odd', 'zero']),
    cited('encoder-s-use-persistent-buffer', f"{RESEARCH} §2.8 (openai/whisper AudioEncoder: register_buffer('positional_embedding', sinusoids(n_ctx, n_state)); n_ctx = 1500 in the released models)", whisper_encoder_as_documented, backs=['1500', 'buffer', 'exactly', 'persistent']),
    prose('tables-widely-used-libraries-build', 'what the page gives: a plan of the page', unbacked=['column', 'differ', 'each', 'next', 'order']),
    prose('read-code-variants-first-converting', 'reading advice', unbacked=['first']),
])

test_claims_hold = LEDGER.test
