"""The claims of docs/variants/more-libraries.md, each with what makes it true (see tests/claimcheck.py).

A library fact is cited with the repository and path the page links, and checked on our variant
(snippets/pelib/variants/) or, for the transformers and diffusers classes, on the installed library where it is installed.
"""

import importlib.util
import inspect
import math

import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import distilbert as variant_distilbert
from pelib.variants import espnet as variant_espnet
from pelib.variants import guided_diffusion as variant_guided_diffusion
from pelib.variants import keras_hub as variant_keras_hub
from pelib.variants import musicgen as variant_musicgen
from pelib.variants import nemo as variant_nemo
from pelib.variants import opennmt as variant_opennmt
from pelib.variants import pegasus_x as variant_pegasus_x
from pelib.variants import registry
from pelib.variants import tf_models_relative as variant_tf_models_relative
from pelib.variants import trax as variant_trax
from pelib.variants.registry import BY_KEY
from reference import positional_encoding

from pages import test_variants_libraries_code as tl
from pages import test_variants_more_libraries_code as tm
from pages.variants_facts import code, committed, observed, page, paper_frequencies, raises, t2t_frequencies

RESEARCH = "shared/research/library_audit.md ('Layouts users meet')"
NEMO_PATH = "nemo/collections/nlp/modules/common/transformer/transformer_modules.py"
ESPNET_PATH = "espnet/nets/pytorch_backend/transformer/embedding.py"
TRAX_PATH = "trax/layers/attention.py"
ONMT_PATH = "onmt/modules/embeddings.py"
KERAS_PATH = "keras_hub/src/layers/modeling/sine_position_encoding.py"
GUIDED_PATH = "guided_diffusion/nn.py"
TFM_PATH = "official/nlp/modeling/layers/position_embedding.py"
MORE = [v.key for v in registry.VARIANTS if v.page.startswith("more-libraries.md#")]
NOT_INSTALLED = ["nemo", "espnet", "trax", "opennmt", "keras_hub", "guided_diffusion", "tf_models_relative"]


def installed(name: str):
    """The library if it is installed, else None (a check's library part runs only where it is)."""
    try:
        return __import__(name)
    except ImportError:
        return None


def cites(key: str, path: str) -> bool:
    """The variant cites the file at a pinned commit, and the page links that same address."""
    url = BY_KEY[key].url
    return url.endswith(path) and "/blob/" in url and url in page("more-libraries.md")


def row(key: str, layout: str) -> bool:
    """The variant's table has that layout and the paper's frequencies, observed."""
    return observed(key, "layout") == layout and paper_frequencies(key)


def ten_more() -> bool:
    owners = [BY_KEY[k].source.split(",")[0] for k in MORE]
    return len(MORE) == 10 and owners == [
        "NVIDIA/NeMo", "espnet/espnet", "huggingface/transformers", "huggingface/transformers",
        "huggingface/transformers", "google/trax", "OpenNMT/OpenNMT-py", "keras-team/keras-hub",
        "openai/guided-diffusion", "tensorflow/models"]


def rewritten_and_probed() -> bool:
    table = committed()
    return all(BY_KEY[k].url in page("more-libraries.md") and k in table
               and callable(getattr(BY_KEY[k].code, "build", None)) for k in MORE) and bool(
        observed("nemo", "layout"))


def three_new_ways() -> bool:
    layouts = {observed(k, "layout") for k in MORE}
    scaled = [k for k in MORE if abs(observed(k, "amplitude_d64") - 1) > 1e-3]
    trained = [k for k in MORE if any(p.requires_grad for p in (BY_KEY[k].make(5, 8) or torch.nn.Module()).parameters())]
    in_dtype = variant_pegasus_x.build(5, 8, torch.float16).dtype == torch.float16
    return ({"[sin | cos]", "[cos | sin]"} <= layouts and any(t2t_frequencies(k) for k in MORE)
            and scaled == ["nemo"] and observed("nemo", "amplitude_d64") == 64 ** -0.5
            and trained == ["trax"] and in_dtype)


def real_library_check() -> bool:
    source = inspect.getsource(tl)
    return (passes(tl.test_every_variant_marked_as_checked_has_a_real_library_check)()
            and all(passes(tl.test_checked_packages_are_pinned_at_the_installed_version, p)()
                    for p in {v.checked for v in registry.VARIANTS if v.checked})
            and "saved_and_loaded(module)" in source and "strict=True" in source and "(64, 7)" in code("library_checks"))


def others_not_installed() -> bool:
    modules = ["nemo", "espnet", "trax", "onmt", "keras_hub", "guided_diffusion", "official"]
    return ([k for k in MORE if not BY_KEY[k].checked] == NOT_INSTALLED
            and all(importlib.util.find_spec(m) is None for m in modules))


def nemo_divided() -> bool:
    return row("nemo", "interleaved") and "pos_enc.div_(math.sqrt(hidden_size))" in code("nemo")


def nemo_times_sqrt_d() -> bool:
    return all(passes(tm.test_nemo_is_the_paper_divided_by_sqrt_d, d)() for d in (8, 64)) and passes(
        tm.test_comparison_table_shows_nemo_amplitude)()


def nemo_persistent() -> bool:
    made = variant_nemo.make(5, 8)
    return (observed("nemo", "storage")["state_dict"] == ["pos_enc"] and not observed("nemo", "storage")["non_persistent"]
            and list(made.state_dict()) == ["pos_enc"] and observed("nemo", "odd_d7") == "crash (RuntimeError)"
            and raises(RuntimeError, lambda: variant_nemo.build(5, 7)))


def espnet_scales_input() -> bool:
    layer = variant_espnet.make(5, 8)
    unit = (layer(torch.ones(1, 5, 8)) - layer(torch.zeros(1, 5, 8))).mean().item()
    return (observed("espnet", "output").endswith("√d·x + PE") and f"{math.sqrt(8):.2f}" == "2.83"
            and abs(unit - math.sqrt(8)) < 1e-5)


def espnet_plain_attribute() -> bool:
    storage = observed("espnet", "storage")
    return storage["plain"] == ["pe"] and storage["left_behind"] == ["pe"] and not storage["state_dict"] and passes(
        tm.test_espnet_scales_the_input_and_keeps_the_table_out_of_state_dict)()


def espnet_drops_pe() -> bool:
    return "0.5.2" in code("espnet") and passes(tm.test_espnet_scales_the_input_and_keeps_the_table_out_of_state_dict)()


def espnet_legacy_reverse() -> bool:
    return "reverse=True" in code("espnet") and passes(tm.test_espnet_legacy_relative_rows_run_backwards)()


def distilbert_source() -> bool:
    lib = installed("transformers")
    return cites("distilbert", "models/distilbert/modeling_distilbert.py") and (lib is None or (
        all(hasattr(getattr(lib.models, m), f"modeling_{m}") for m in ("distilbert", "xlm", "flaubert"))
        and "create_sinusoidal_embeddings" in inspect.getsource(lib.models.xlm.modeling_xlm)
        and "sinusoidal_pos_embds" in inspect.getsource(lib.models.distilbert.modeling_distilbert)))


def distilbert_marian_before_split() -> bool:
    lib = installed("transformers")
    return (row("distilbert", "interleaved") and observed("distilbert", "angle_dtype") == "float64"
            and passes(tm.test_distilbert_is_marian_before_the_split)()
            and (lib is None or "except features are not interleaved" in inspect.getsource(
                lib.models.marian.modeling_marian.MarianSinusoidalPositionalEmbedding)))


def distilbert_frozen() -> bool:
    made = variant_distilbert.make(5, 8)
    return (isinstance(made, torch.nn.Embedding) and not made.weight.requires_grad
            and observed("distilbert", "storage")["state_dict"] == ["weight"])


def musicgen_class():
    return installed("transformers").models.musicgen.modeling_musicgen.MusicgenSinusoidalPositionalEmbedding


def musicgen_source() -> bool:
    lib = installed("transformers")
    return cites("musicgen", "models/musicgen/modeling_musicgen.py") and (lib is None or hasattr(
        lib.models.musicgen_melody.modeling_musicgen_melody, "MusicgenMelodySinusoidalPositionalEmbedding"))


def musicgen_halves_swapped() -> bool:
    lib = installed("transformers")
    return (all(passes(tm.test_musicgen_is_tensor2tensor_with_the_halves_swapped, d)() for d in (8, 64))
            and (lib is None or "torch.cat([torch.cos(emb), torch.sin(emb)]" in inspect.getsource(musicgen_class())))


def musicgen_buffer() -> bool:
    storage = observed("musicgen", "storage")
    return (storage["non_persistent"] == ["weights"] and not storage["state_dict"]
            and observed("musicgen", "odd_d7") == "zero column (6)"
            and passes(tm.test_musicgen_is_tensor2tensor_with_the_halves_swapped, 8)())


def pegasusx_recomputes() -> bool:
    return (observed("pegasus_x", "computed") == "every forward" and not any(observed("pegasus_x", "storage").values())
            and ".type_as(inputs_embeds)" in code("pegasus_x")
            and variant_pegasus_x.build(6, 8, torch.float16).dtype == torch.float16)


def guided_is_diffusers() -> bool:
    lib = installed("diffusers")
    return passes(tm.test_guided_diffusion_is_the_diffusers_variant)() and (
        lib is None or passes(tl.test_guided_diffusion_is_diffusers_with_flip_and_no_shift)())


# --- the docstrings the page shows with each library's code (reviewed after the migration) ------------------------


def library_checks_compare() -> bool:
    """snippets/variants/library_checks.py's check(): the installed library's table and state_dict against our variant."""
    from variants import library_checks

    source = inspect.getsource(library_checks.check)
    return ("LIBRARY_TABLES[key]" in source and "BY_KEY[key]" in source and "state_dict" in source
            and passes(tl.test_the_page_table_is_what_running_the_libraries_gives)())


def nemo_looks_up_rows() -> bool:
    layer = variant_nemo.make(10, 8)
    ids = torch.tensor([[3, 0, 7]])
    return (layer.pos_enc.dtype == torch.float32 and torch.equal(layer(ids), layer.pos_enc[ids])
            and torch.allclose(layer.pos_enc, variant_nemo.build(10, 8)) and nemo_times_sqrt_d())


def nemo_as_documented() -> bool:
    return (nemo_divided() and nemo_times_sqrt_d() and nemo_persistent() and observed("nemo", "angle_dtype") == "float32"
            and observed("nemo", "output") == "[batch, seq, d], PE only")


def espnet_pre_hook_drops_pe() -> bool:
    layer = variant_espnet.make(5, 8)
    layer.load_state_dict({"pe": torch.zeros(1, 5, 8)})  # an old checkpoint's table: dropped, not loaded
    return bool(layer.pe.abs().sum() > 0) and espnet_drops_pe()


def espnet_forward_as_documented() -> bool:
    layer = variant_espnet.make(5, 8).eval()
    x = torch.randn(2, 5, 8, generator=torch.Generator().manual_seed(0))
    return torch.allclose(layer(x), x * math.sqrt(8) + layer.pe[:, :5], atol=1e-6) and espnet_scales_input()


def espnet_as_documented() -> bool:
    layer = variant_espnet.make(5, 8).eval()
    layer(torch.zeros(1, 9, 8, dtype=torch.float64))  # longer and float64: rebuilt and cast
    return (layer.pe.shape[1] >= 9 and layer.pe.dtype == torch.float64 and espnet_plain_attribute()
            and espnet_legacy_reverse() and observed("espnet", "odd_d7") == "crash (RuntimeError)"
            and observed("espnet", "angle_dtype") == "float32" and observed("espnet", "layout") == "interleaved")


def espnet_legacy_as_documented() -> bool:
    layer = variant_espnet.LegacyRelPositionalEncoding(8, 0.0, max_len=6).eval()
    x = torch.ones(1, 6, 8)
    scaled, table = layer(x)
    return torch.allclose(scaled, x * math.sqrt(8)) and espnet_legacy_reverse() and table.shape[-1] == 8


def distilbert_as_documented() -> bool:
    out = torch.empty(6, 7)
    variant_distilbert.create_sinusoidal_embeddings(6, 7, out)
    return (torch.equal(out, positional_encoding(6, 7)) and not out.requires_grad and distilbert_frozen()
            and distilbert_marian_before_split() and observed("distilbert", "odd_d7") == "correct")


def distilbert_module() -> bool:
    made = variant_distilbert.make(5, 8)
    return isinstance(made, torch.nn.Embedding) and torch.equal(made.weight, positional_encoding(5, 8)) and distilbert_source()


def musicgen_rows() -> bool:
    layer = variant_musicgen.make(6, 8)
    rows = layer(torch.zeros(1, 2, 3, dtype=torch.long), past_key_values_length=2)
    table = variant_musicgen.MusicgenSinusoidal.get_embedding(6, 8)
    return (rows.dtype == torch.float32 and torch.equal(rows, table[2:5]) and musicgen_halves_swapped())


def musicgen_as_documented() -> bool:
    layer = variant_musicgen.make(4, 8)
    layer(torch.zeros(1, 2, 7, dtype=torch.long))  # more rows than built: rebuilt larger
    return (layer.weights.shape[0] >= 7 and musicgen_buffer() and t2t_frequencies("musicgen")
            and observed("musicgen", "angle_dtype") == "float32" and observed("musicgen", "layout") == "[cos | sin]"
            and observed("musicgen", "output") == "[seq, d], PE only")


def pegasus_as_documented() -> bool:
    return (pegasusx_recomputes() and t2t_frequencies("pegasus_x") and observed("pegasus_x", "odd_d7") == "crash (RuntimeError)"
            and observed("pegasus_x", "layout") == "[sin | cos]" and passes(tm.test_pegasus_x_recomputes_in_the_input_dtype_and_float16_errors)())


def pegasus_float16_error_as_documented() -> bool:
    n, d = 300, 16
    expected = (variant_pegasus_x.build(n, d, torch.float16).double() - variant_pegasus_x.build(n, d, torch.float64)).abs().max().item()
    return variant_pegasus_x.float16_error(n, d) == expected


def trax_as_documented() -> bool:
    return (passes(tm.test_trax_table_is_trained)() and observed("trax", "angle_dtype") == "float64"
            and observed("trax", "odd_d7") == "crash (RuntimeError)" and observed("trax", "storage")["state_dict"] == ["weights"]
            and variant_trax.make(5, 8).weights.dtype == torch.float32)


def trax_adds_rows() -> bool:
    layer = variant_trax.make(6, 8)
    x = torch.zeros(2, 4, 8)
    return (layer.weights.shape == (1, 6, 8) and layer.weights.requires_grad
            and torch.equal(layer(x), x + layer.weights[:, :4].detach()))


def opennmt_as_documented() -> bool:
    return (passes(tm.test_opennmt_refuses_odd_width_and_scales_inside)() and observed("opennmt", "layout") == "interleaved"
            and observed("opennmt", "angle_dtype") == "float32" and observed("opennmt", "storage")["state_dict"] == ["pe"])


def opennmt_forward() -> bool:
    layer = variant_opennmt.make(6, 8).eval()
    emb = torch.ones(3, 2, 8)
    return torch.allclose(layer(emb), emb * math.sqrt(8) + layer.pe[:3]) and opennmt_as_documented()


def keras_as_documented() -> bool:
    return (passes(tm.test_keras_hub_float16_errors)() and variant_keras_hub.build(6, 8, torch.float16).dtype == torch.float16
            and observed("keras_hub", "odd_d7") == "correct" and observed("keras_hub", "output") == "[batch, seq, d], PE only"
            and observed("keras_hub", "angle_dtype") == "float32")


def keras_broadcast_every_call() -> bool:
    layer = variant_keras_hub.make(5, 8)
    x = torch.zeros(2, 5, 8)
    return (layer(x).shape == x.shape and torch.allclose(layer(x)[1], positional_encoding(5, 8), atol=1e-6)
            and observed("keras_hub", "computed") == "every forward")


def guided_as_documented() -> bool:
    out = variant_guided_diffusion.timestep_embedding(torch.arange(5.0), 7)
    return (out.dtype == torch.float32 and out.shape == (5, 7) and bool((out[:, -1] == 0).all()) and guided_is_diffusers()
            and paper_frequencies("guided_diffusion") and observed("guided_diffusion", "layout") == "[cos | sin]")


def tf_models_as_documented() -> bool:
    table = variant_tf_models_relative.build(10, 8)
    return (table.dtype == torch.float32 and table.shape == (10, 8) and t2t_frequencies("tf_models_relative")
            and observed("tf_models_relative", "layout") == "[sin | cos]"
            and passes(tm.test_tf_models_relative_has_neither_guard_nor_padding)())


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def ten_more_measured():
    """"Ten more implementations": the library variants this page rewrites."""
    return ten_more() and Number(len(MORE), at=0)


def three_new_ways_measured():
    """"in three new ones: scaled, trained, computed in the input's dtype": the ways found among the variants."""
    if not three_new_ways():
        return False
    scaled = any(abs(observed(k, "amplitude_d64") - 1) > 1e-3 for k in MORE)
    trained = any(any(p.requires_grad for p in (BY_KEY[k].make(5, 8) or torch.nn.Module()).parameters()) for k in MORE)
    in_dtype = variant_pegasus_x.build(5, 8, torch.float16).dtype == torch.float16
    return Number(int(scaled) + int(trained) + int(in_dtype))


def nemo_measured():
    """"its largest value is 1/sqrt(d) instead of 1": the reference table's largest value."""
    return nemo_times_sqrt_d() and Number(positional_encoding(64, 64).abs().max().item())


def musicgen_neither_measured():
    """"neither the paper's frequencies nor the paper's layout, and no column permutation": which of the two it has,
    and the permutations found."""
    ok = (observed("musicgen", "layout") == "[cos | sin]" and t2t_frequencies("musicgen"))
    has = int(paper_frequencies("musicgen")) + int(observed("musicgen", "layout") == "interleaved")
    return ok and [Count(has, 2), Count(int(observed("musicgen", "permutation_d8") is not None), 1)]


def last_column(key: str) -> float:
    """The largest value of the last column of a variant's width-7 table."""
    return BY_KEY[key].build(20, 7)[..., -1].abs().max().item()


def guided_odd_measured():
    """"An odd width gets a zero last column": the largest value of guided-diffusion's last column at width 7."""
    return observed("guided_diffusion", "odd_d7") == "zero column (6)" and Number(last_column("guided_diffusion"))


def tfm_no_guard_measured():
    """"a width of 2 or 3 divides by zero: in float32 that is no error but a table of NaN": the smallest and largest
    width whose table is NaN, and the errors raised building them."""
    ok = (passes(tm.test_tf_models_relative_has_neither_guard_nor_padding)()
          and "/ (torch.tensor(num_timescales, dtype=torch.float32) - 1)" in code("tf_models_relative")
          and "max(half - 1, 1)" in code("tensor2tensor") and observed("tensor2tensor", "odd_d7") == "zero column (6)")
    if not ok:
        return False
    nan, errors = [], 0
    for d in range(2, 9):
        try:
            if bool(variant_tf_models_relative.build(4, d).isnan().any()):
                nan.append(d)
        except Exception:  # noqa: BLE001  (any error counts)
            errors += 1
    return [Number(min(nan), at=1), Number(max(nan), at=2), Count(errors, len(nan), at=1)]


def tfm_no_padding_measured():
    """"no padding column: asked for 7 columns, it returns 6": the columns past its sine and cosine halves at width 7,
    and the width it returns."""
    if not (observed("tf_models_relative", "odd_d7") == "wrong width (6 columns)"
            and passes(tm.test_tf_models_relative_has_neither_guard_nor_padding)()):
        return False
    width = variant_tf_models_relative.build(4, 7).shape[-1]
    return [Count(width - 2 * (7 // 2), 1), Number(width, at=1)]


def musicgen_rows_measured():
    """"for positions past ... past + seq_len - 1": past + seq_len less the last position it returns."""
    if not musicgen_rows():
        return False
    table = variant_musicgen.MusicgenSinusoidal.get_embedding(6, 8)
    rows = variant_musicgen.make(6, 8)(torch.zeros(1, 2, 3, dtype=torch.long), past_key_values_length=2)
    last = next(p for p in range(6) if torch.equal(table[p], rows[-1]))
    return Number(2 + 3 - last)


def trax_rows_measured():
    """"a [1, max_len, d] table": the table's first dimension."""
    return trax_adds_rows() and Number(variant_trax.make(6, 8).weights.shape[0])


def tf_models_width_measured():
    """"[length, 2 * (hidden_size // 2)]": the width of the table over hidden_size // 2, at hidden_size 7."""
    return tf_models_as_documented() and Number(variant_tf_models_relative.build(10, 7).shape[-1] / (7 // 2), at=0)


def fresh_outputs(module, x, calls: int = 3) -> int:
    """How many of `calls` forward passes returned a tensor of their own (kept alive, so memory is not reused)."""
    outs = [module(x) for _ in range(calls)]
    return len({o.data_ptr() for o in outs})


def keras_every_call_measured():
    """"It is recomputed on every call": the calls that returned a table of their own."""
    ok = observed("keras_hub", "computed") == "every forward" and observed("keras_hub", "output").endswith("PE only")
    return ok and Count(fresh_outputs(variant_keras_hub.make(5, 8), torch.zeros(2, 5, 8)), 3)


def keras_broadcast_measured():
    """"computed on every call": the calls that returned a table of their own."""
    return keras_broadcast_every_call() and Count(fresh_outputs(variant_keras_hub.make(5, 8), torch.zeros(2, 5, 8)), 3)


def pegasus_every_forward_measured():
    """"every forward recomputes the table in the dtype of its input": the dtypes asked for that the table came in."""
    if not pegasusx_recomputes():
        return False
    dtypes = (torch.float16, torch.float32, torch.float64)
    return Count(sum(variant_pegasus_x.build(6, 8, dt).dtype == dt for dt in dtypes), len(dtypes))


def checkpoints_holding(key: str, name: str) -> Count:
    """The state_dicts of the variant's module, at three sizes, that hold its table."""
    sizes = ((5, 8), (10, 16), (7, 4))
    return Count(sum(name in registry.BY_KEY[key].make(n, d).state_dict() for n, d in sizes), len(sizes))


def distilbert_every_checkpoint_measured():
    """"in state_dict and in every checkpoint": the modules' state_dicts that hold the weight."""
    return distilbert_frozen() and checkpoints_holding("distilbert", "weight")


def nemo_every_checkpoint_measured():
    """"a persistent buffer, saved in every checkpoint": the modules' state_dicts that hold it."""
    return nemo_persistent() and checkpoints_holding("nemo", "pos_enc")


def musicgen_buffer_measured():
    """"(not saved), rebuilt larger when a longer input arrives; an odd width gets a zero last column": whether its
    state_dict holds the table, its rows after and before a longer input, that input's length against the rows, and
    the largest value of the last column at width 7."""
    if not musicgen_buffer():
        return False
    layer = variant_musicgen.make(4, 8)
    saved = bool(layer.state_dict())
    before = layer.weights.shape[0]
    layer(torch.zeros(1, 2, 7, dtype=torch.long))
    return [Truth(saved), Compare(layer.weights.shape[0], before, at=0), Compare(7, before, at=1),
            Number(last_column("musicgen"))]


LEDGER = Ledger('variants/more-libraries.md', [
    prose('title', "the title", unbacked=['more']),
    computed('ten-more', ten_more_measured, backs=['more']),
    computed('rewritten-and-probed', rewritten_and_probed, backs=['each', 'same']),
    computed('three-new-ways', three_new_ways_measured, backs=[r'\(1/\sqrt{d}\)', 'differ']),
    computed('real-library-check', real_library_check, backs=['even', 'every', 'odd', 'save']),
    prose('what-that-run-gives', "introduces the included table"),
    computed('other-libraries-nemo-espnet-trax', others_not_installed, backs=['above', 'every', 'no', 'not']),
    prose('full-list', "introduces the included list"),
    prose('nemo-heading', "a heading"),
    cited('nemo-source',
        f"NVIDIA/NeMo {NEMO_PATH} @ 008ed95 (FixedPositionalEncoding, TransformerEmbedding, read at that commit; {RESEARCH})", lambda: cites("nemo", NEMO_PATH)),
    computed('nemo-divided', nemo_divided, backs=[r'\(\sqrt{d}\)']),
    computed('nemo-times-sqrt-d',
        nemo_measured, backs=['1', r'\(1/\sqrt{d}\)', r'\(\sqrt{d}\)', 'column', 'largest', 'times']),
    cited('nemo-layernorm',
        f"NVIDIA/NeMo {NEMO_PATH} @ 008ed95, TransformerEmbedding.forward, read at that commit: token_embedding(input_ids) + position_embedding(position_ids) with no sqrt(d) factor, then self.layer_norm", backs=[r'\(\sqrt{d}\)', 'not', 'rows']),
    computed('nemo-persistent', nemo_every_checkpoint_measured,
             backs=['buffer', 'cosine', 'every', 'odd', 'persistent', 'saved']),
    prose('espnet-heading', "a heading"),
    cited('espnet-source',
        f"espnet/espnet {ESPNET_PATH} @ 029365d ({RESEARCH})", lambda: cites("espnet", ESPNET_PATH) and hasattr(variant_espnet, "LegacyRelPositionalEncoding")),
    computed('espnet-scales-input',
        espnet_scales_input, backs=[r'\(\sqrt{8} \approx 2.83\)', r'\(x\sqrt{d} + \mathrm{PE}\)', 'above', 'forward', 'not']),
    computed('espnet-plain-attribute', espnet_plain_attribute, backs=['each', 'longer', 'not']),
    cited('espnet-drops-pe',
        f"espnet/espnet {ESPNET_PATH} @ 029365d, _pre_hook (its note: 'We saved self.pe until v.0.5.2'), read at that commit", espnet_drops_pe, backs=['drops', 'saved', 'saved']),
    computed('espnet-legacy-reverse',
        espnet_legacy_reverse, backs=[r'\(L-1, \dots, 1, 0\)', 'last', 'order', 'rows', 'rows']),
    computed('espnet-odd', lambda: observed("espnet", "odd_d7").startswith("crash"), backs=['odd']),
    prose('distilbert-heading', "a heading"),
    cited('distilbert-source',
        "huggingface/transformers src/transformers/models/distilbert/modeling_distilbert.py @ v5.23.0 (checked in the installed transformers: the function in DistilBERT, XLM and Flaubert, and the config flag)", distilbert_source, backs=['same']),
    cited('distilbert-marian-before-split',
        "MarianSinusoidalPositionalEmbedding's docstring (checked in the installed transformers); tests/pages/test_variants_more_libraries_code.py", distilbert_marian_before_split, backs=['before', 'float64', 'interleaved']),
    computed('distilbert-odd',
        lambda: observed("distilbert", "odd_d7") == "correct" and bool(variant_distilbert.build(5, 7)[1:, 6].ne(0).all()) and torch.allclose(variant_distilbert.build(5, 7)[:, 6].double(), torch.sin(torch.arange(5.0, dtype=torch.float64) * 10000 ** (-6 / 7)), atol=1e-7), backs=['column', 'last', 'odd', 'sine']),
    computed('distilbert-frozen', distilbert_every_checkpoint_measured, backs=['every', 'frozen']),
    prose('musicgen-heading', "a heading"),
    cited('musicgen-source',
        "huggingface/transformers src/transformers/models/musicgen/modeling_musicgen.py @ v5.23.0 (checked in the installed transformers, with the MusicgenMelody copy)", musicgen_source),
    cited('musicgen-docstring',
        "MusicgenSinusoidalPositionalEmbedding (checked in the installed transformers)", lambda: installed("transformers") is None or "This matches the implementation in tensor2tensor" in inspect.getsource(musicgen_class())),
    computed('musicgen-halves-swapped',
        musicgen_halves_swapped, backs=['cos', 'cosine', 'equal', 'first', 'half', 'sin']),
    computed('musicgen-neither',
        musicgen_neither_measured, backs=['column', 'neither', 'no', 'nor']),
    computed('musicgen-buffer',
        musicgen_buffer_measured,
        backs=['buffer', 'column', 'larger', 'last', 'longer', 'not', 'odd', 'saved', 'zero']),
    prose('pegasusx-heading', "a heading"),
    cited('pegasusx-source',
        "huggingface/transformers src/transformers/models/pegasus_x/modeling_pegasus_x.py @ v5.23.0 (checked in the installed transformers)", lambda: cites("pegasus_x", "models/pegasus_x/modeling_pegasus_x.py") and (installed("transformers") is None or hasattr(installed("transformers").models.pegasus_x.modeling_pegasus_x, "PegasusXSinusoidalPositionalEmbedding"))),
    computed('pegasusx-recomputes', pegasus_every_forward_measured,
             backs=['every', 'forward', 'recomputes', 'stored']),
    computed('pegasusx-float32',
        lambda: observed("pegasus_x", "layout") == "[sin | cos]" and t2t_frequencies("pegasus_x") and torch.allclose(variant_pegasus_x.build(50, 16), BY_KEY["tensor2tensor"].build(50, 16), atol=1e-6), backs=['float32']),
    computed('pegasusx-float16',
        lambda: passes(tm.test_pegasus_x_recomputes_in_the_input_dtype_and_float16_errors)() and pegasus_position_rounding(), backs=['0.96', '1', '1', '1', '1', '1024', '2', '2', '2', '2,048', '4,096', '512', '64', 'above', 'all', 'at most', 'at most', 'at most', 'cannot', 'exceeds', 'float16', 'float16', 'float16', 'gen.variants.pegasus_x.float16_error_4096', 'gen.variants.pegasus_x.float16_error_512', 'gen.variants.pegasus_x.float16_error_64', 'largest', 'last', 'no', 'sin', 'sine', 'sines', '≈']),
    computed('error-2-also-needs-float16',
        lambda: pegasus_frequency_rounding() and pegasus_position_rounding(), backs=['0.4', '1', '1.4', '2', '2,048', '3', '4,095', '4,096', 'each', 'even', 'float16', 'float16', 'float16', 'more', 'negative', 'sine', 'up to', 'up to', 'up to', 'up to']),
    computed('pegasusx-odd',
        lambda: observed("pegasus_x", "odd_d7") == "crash (RuntimeError)" and raises(RuntimeError, lambda: variant_pegasus_x.build(5, 7)), backs=['1', '2', '2', 'columns', 'cosines', 'not', 'odd']),
    prose('trax-heading', "a heading"),
    cited('trax-source', f"google/trax {TRAX_PATH} @ 044c10b ({RESEARCH})", lambda: cites("trax", TRAX_PATH)),
    cited('trax-trainable',
        f"google/trax {TRAX_PATH} @ 044c10b, PositionalEncoding.init_weights_and_state (the comment quoted)", lambda: "Trainable parameters, initialized above" in code("trax") and observed("trax", "angle_dtype") == "float64" and observed("trax", "storage")["state_dict"] == ["weights"] and variant_trax.make(5, 8).weights.requires_grad and variant_trax.make(5, 8).weights.dtype == torch.float32, backs=['above', 'float32', 'float64', 'stores', 'trainable', 'trainable']),
    computed('trax-sgd', passes(tm.test_trax_table_is_trained), backs=['0', '0.1', '0.1', 'last', 'row']),
    computed('trax-initialisation', passes(tm.test_trax_table_is_trained)),
    computed('trax-odd',
        lambda: observed("trax", "odd_d7") == "crash (RuntimeError)" and passes(tm.test_trax_table_is_trained)(), backs=['cosine', 'odd']),
    prose('opennmt-heading', "a heading"),
    cited('opennmt-source',
        f"OpenNMT/OpenNMT-py {ONMT_PATH} @ 0f2852c ({RESEARCH})", lambda: cites("opennmt", ONMT_PATH)),
    computed('opennmt-refuses-odd',
        lambda: observed("opennmt", "odd_d7") == "crash (ValueError)" and passes(tm.test_opennmt_refuses_odd_width_and_scales_inside)(), backs=['before', 'odd']),
    computed('opennmt-buffer',
        lambda: row("opennmt", "interleaved") and observed("opennmt", "storage")["state_dict"] == ["pe"] and variant_opennmt.make(6, 8).pe.shape == (6, 1, 8), backs=['1', 'buffer', 'interleaved', 'persistent']),
    computed('opennmt-scales-inside',
        lambda: "emb = emb * math.sqrt(self.dim)" in code("opennmt") and observed("opennmt", "output").endswith("√d·x + PE"), backs=[r'\(\sqrt{d}\)', 'twice']),
    computed('opennmt-step', passes(tm.test_opennmt_refuses_odd_width_and_scales_inside), backs=['row']),
    prose('keras-heading', "a heading"),
    cited('keras-source',
        f"keras-team/keras-hub {KERAS_PATH} @ 0e1444f ({RESEARCH})", lambda: cites("keras_hub", KERAS_PATH)),
    computed('keras-right',
        lambda: row("keras_hub", "interleaved") and observed("keras_hub", "odd_d7") == "correct" and "start_index" in code("keras_hub") and "cos_mask = (j % 2)" in code("keras_hub"), backs=['cosine', 'interleaved', 'odd', 'right', 'sine']),
    cited('keras-risky',
        f"keras-team/keras-hub {KERAS_PATH} @ 0e1444f, SinePositionEncoding.call", lambda: "self.compute_dtype" in code("keras_hub") and variant_keras_hub.build(5, 8, torch.float16).dtype == torch.float16, backs=['every']),
    computed('keras-float16',
        passes(tm.test_keras_hub_float16_errors), backs=['1', '1', '1', '4,096', '50', '512', '64', 'above', 'float16', 'gen.variants.keras_hub.float16_error_4096', 'gen.variants.keras_hub.float16_error_50', 'gen.variants.keras_hub.float16_error_512', 'largest']),
    computed('keras-torch-float16',
        lambda: "float16" in code("keras_hub") and passes(tm.test_keras_hub_float16_errors)(), backs=['differ', 'float16', 'float16', 'same']),
    computed('keras-every-call',
        keras_every_call_measured, backs=['every', 'only', 'recomputed']),
    prose('guided-heading', "a heading"),
    cited('guided-source',
        f"openai/guided-diffusion {GUIDED_PATH} @ aca3097 ({RESEARCH})", lambda: cites("guided_diffusion", GUIDED_PATH) and torch.isfinite(variant_guided_diffusion.timestep_embedding(torch.tensor([0.5, 1.25]), 8)).all().item()),
    computed('guided-flipped',
        lambda: row("guided_diffusion", "[cos | sin]") and observed("guided_diffusion", "permutation_d8") == [1, 3, 5, 7, 0, 2, 4, 6], backs=['0', '1', '2', '3', '4', '5', 'columns', 'cos', 'sin']),
    computed('guided-is-diffusers', guided_is_diffusers, backs=['0', 'equal', 'even', 'exactly', 'next', 'odd']),
    computed('guided-odd',
        guided_odd_measured, backs=['column', 'last', 'odd', 'zero']),
    prose('tfm-heading', "a heading"),
    cited('tfm-source',
        f"tensorflow/models {TFM_PATH} @ 00b830c ({RESEARCH})", lambda: cites("tf_models_relative", TFM_PATH)),
    cited('tfm-absolute',
        f"tensorflow/models {TFM_PATH} @ 00b830c, RelativePositionEmbedding docstring ('Defined and formulized in \"Attention is All You Need\", section 3.5'), read at that commit; call builds position = tf.range(length) from 0", lambda: observed("tf_models_relative", "first_position") == 0 and torch.allclose(variant_tf_models_relative.build(50, 8), BY_KEY["tensor2tensor"].build(50, 8), atol=1e-6), backs=['3.5']),
    computed('tfm-no-guard',
        tfm_no_guard_measured, backs=['1', '1', '2', '3', 'float32', 'last', 'no', 'no', 'zero']),
    computed('tfm-no-padding',
        tfm_no_padding_measured, backs=['6', '7', 'column', 'columns', 'no', 'odd', 'only']),
    cited('tfm-float32',
        f"tensorflow/models {TFM_PATH} @ 00b830c, RelativePositionEmbedding: __init__ sets kwargs['dtype'] = 'float32' unless given (the comment quoted), call casts positions, num_timescales and the range to tf.float32", lambda: "float32" in code("tf_models_relative") and variant_tf_models_relative.build(4, 8).dtype == torch.float32, backs=['every', 'float16', 'float32', 'float32']),
    prose('check-code', 'an admonition title: it labels the folded code of the check'),
    prose('how-float16-error-measured', "an admonition title: it labels the folded code; the entry largest-float16-table-float64-table checks that code's docstring", unbacked=['float16']),
    computed('compare-installed-library-s-table', library_checks_compare, backs=['same']),
    computed('look-up-rows-float32-table', nemo_looks_up_rows, backs=['float32', 'rows', 'up']),
    cited('behaves-like-nemo-s-fixedpositionalencoding', f"NVIDIA/NeMo {NEMO_PATH}, FixedPositionalEncoding", lambda: cites("nemo", NEMO_PATH) and nemo_as_documented(), backs=['buffer', 'cosine', 'every', 'float32', 'forward', 'interleaved', 'odd', 'only', 'persistent', 'rows', 'saved']),
    cited('load-pre-hook-checkpoints-up', f"espnet/espnet {ESPNET_PATH}, _pre_hook of PositionalEncoding", lambda: cites("espnet", ESPNET_PATH) and espnet_pre_hook_drops_pe(), backs=['saved', 'up to']),
    computed('return-x-sqrt-d-model', espnet_forward_as_documented),
    cited('behaves-like-espnet-s-positionalencoding', f"espnet/espnet {ESPNET_PATH}, PositionalEncoding and LegacyRelPositionalEncoding", lambda: cites("espnet", ESPNET_PATH) and espnet_as_documented(), backs=['0', '1', 'buffer', 'cosine', 'down', 'float32', 'interleaved', 'longer', 'not', 'not', 'odd', 'rows', 'stored']),
    computed('return-x-sqrt-d-table', espnet_legacy_as_documented, backs=['0', '1', 'down']),
    computed('write-interleaved-table-into-embedding', distilbert_as_documented, backs=['interleaved']),
    cited('behaves-like-transformers-create-sinusoidal', "huggingface/transformers models/distilbert/modeling_distilbert.py and models/xlm/modeling_xlm.py, create_sinusoidal_embeddings (checked in the installed transformers)", lambda: distilbert_source() and distilbert_as_documented(), backs=['10000', '2', '2', 'column', 'columns', 'cosines', 'even', 'float32', 'float64', 'last', 'odd', 'odd', 'same', 'sine', 'sines']),
    cited('model-s-position-embeddings-nn', "huggingface/transformers models/distilbert/modeling_distilbert.py, Embeddings and DistilBertPreTrainedModel._init_weights (checked in the installed transformers)", distilbert_module),
    computed('return-rows-float32-cos-sin', musicgen_rows_measured, backs=['1', 'cos', 'float32', 'rows', 'sin']),
    cited('behaves-like-transformers-musicgensinusoidalposi', "huggingface/transformers models/musicgen/modeling_musicgen.py, MusicgenSinusoidalPositionalEmbedding (checked in the installed transformers)", lambda: musicgen_source() and musicgen_as_documented(), backs=['1', '2', 'buffer', 'column', 'cosines', 'first', 'float32', 'larger', 'last', 'more', 'not', 'odd', 'only', 'rows', 'rows', 'saved', 'zero']),
    computed('return-batch-seq-len-d', pegasusx_recomputes, backs=['cos', 'sin']),
    cited('behaves-like-transformers-pegasusxsinusoidalposi', "huggingface/transformers models/pegasus_x/modeling_pegasus_x.py, PegasusXSinusoidalPositionalEmbedding (checked in the installed transformers)", pegasus_as_documented, backs=['1', '1', '2', 'columns', 'cosines', 'every', 'float16', 'float16', 'forward', 'no', 'odd', 'only', 'sines']),
    computed('largest-float16-table-float64-table', pegasus_float16_error_as_documented, backs=['0', '1', 'float16', 'float64', 'largest']),
    computed('add-rows-1-max-len', trax_rows_measured, backs=['1', 'rows', 'trainable']),
    cited('behaves-like-trax-s-positionalencoding', f"google/trax {TRAX_PATH}, PositionalEncoding (\"Trainable parameters, initialized above\")", lambda: cites("trax", TRAX_PATH) and trax_as_documented(), backs=['above', 'any', 'cosine', 'float32', 'float64', 'odd', 'trainable']),
    computed('emb-sqrt-dim-pe-then', opennmt_forward),
    cited('behaves-like-opennmt-py-s', f"OpenNMT/OpenNMT-py {ONMT_PATH}, PositionalEncoding", lambda: cites("opennmt", ONMT_PATH) and opennmt_forward(), backs=['1', 'before', 'buffer', 'float32', 'interleaved', 'odd', 'persistent', 'row', 'saved']),
    computed('return-interleaved-table-broadcast-input', keras_broadcast_measured, backs=['every', 'interleaved']),
    cited('behaves-like-keras-hub-s', f"keras-team/keras-hub {KERAS_PATH}, SinePositionEncoding", lambda: cites("keras_hub", KERAS_PATH) and keras_as_documented(), backs=['all', 'cosine', 'float16', 'float32', 'odd', 'only', 'sine', 'sines']),
    computed('return-float32-n-dim-embedding', guided_as_documented, backs=['cos', 'float32', 'sin']),
    cited('behaves-like-guided-diffusion-s', f"openai/guided-diffusion {GUIDED_PATH}, timestep_embedding", lambda: cites("guided_diffusion", GUIDED_PATH) and guided_as_documented(), backs=['2', 'all', 'all', 'column', 'cosines', 'first', 'float32', 'last', 'odd', 'sines', 'zero']),
    computed('return-float32-length-2-hidden', tf_models_width_measured,
        backs=['2', '2', 'cos', 'float32', 'sin']),
    cited('behaves-like-relativepositionembedding-tensorflo', f"tensorflow/models {TFM_PATH}, RelativePositionEmbedding", lambda: cites("tf_models_relative", TFM_PATH) and tf_models_as_documented(), backs=['0', '1', '1', '2', '3', 'column', 'column', 'float32', 'narrower', 'no', 'no', 'no', 'odd']),
    prose('more-libraries-tables-next-paper', 'what the page gives: a plan of the page', unbacked=['differs', 'more', 'next']),
    prose('read-page-first-one-uses', 'reading advice', unbacked=['first']),
    prose('how-page-checked', 'an admonition title: it labels the folded block of how the page is checked'),
])

test_claims_hold = LEDGER.test

def pegasus_position_rounding() -> bool:
    """Positions below 4,096 round to float16 by at most 1 (spacing 2 above 2,048); the frequencies are at most 1;
    an angle off by 1 moves a sine by at most 2 sin(1/2) = 0.96, below the measured error of 2."""
    p = torch.arange(4096, dtype=torch.float64)
    off = (p.half().double() - p).abs()
    w = (10000.0 ** (-torch.arange(0, 1024, 2, dtype=torch.float64) / 1024))
    spacing = float(torch.tensor(2049.0).half()) - 2048.0  # 2049 is not a float16: it rounds to 2048 (or 2050)
    bound = 2 * math.sin(0.5)
    import json

    from conftest import GENERATED

    values = json.loads((GENERATED / "variants" / "pegasus_x.values.json").read_text(encoding="utf-8"))
    measured = float(values["float16_error_4096"])
    return (float(off.max()) == 1.0 and float(w.max()) == 1.0 and abs(spacing) <= 2 and round(bound, 2) == 0.96
            and measured > bound + 1)


def pegasus_float16_angles(seq_len: int = 4096, d_model: int = 1024) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """PegasusX's float16 frequencies and angles, re-derived step by step (exponent rounded to float16, then exp), with
    the exact frequencies; the sines of these angles must be the variant's own float16 table, bit for bit."""
    half = d_model // 2
    exponent = torch.arange(half, dtype=torch.int64).half() * -(math.log(10000.0) / (half - 1))  # rounded to float16
    w16 = torch.exp(exponent)
    angles = torch.arange(seq_len, dtype=torch.long)[:, None] * w16  # the position and the product rounded too
    variant = variant_pegasus_x.build(seq_len, d_model, torch.float16)
    assert torch.equal(torch.sin(angles), variant[:, :half]), "the re-derivation is not PegasusX's computation"
    exact = torch.exp(torch.arange(half, dtype=torch.float64) * -(math.log(10000.0) / (half - 1)))
    return w16.double(), angles.double(), exact


def pegasus_frequency_rounding() -> bool:
    """PegasusX's float16 frequencies are exp of an exponent already rounded to float16: off by up to 0.4 % of
    themselves (several times the 2^-11 of one rounding), up to 1.4 radians at position 4,095; float16 numbers from
    2,048 to 4,096 are the even integers (the product's rounding: at most 1); the angles of positions 0 to 4,095 come
    out up to about 3 radians off (below pi), enough for a sine to come out near its negative (error 2)."""
    w16, angles, exact = pegasus_float16_angles()
    relative = float(((w16 - exact).abs() / exact).max())
    at_4095 = float((4095 * (w16 - exact)).abs().max())
    total = float((angles - torch.arange(4096, dtype=torch.float64)[:, None] * exact).abs().max())
    evens = torch.arange(2048, 4096, 2, dtype=torch.float64)
    return (round(100 * relative, 1) == 0.4 and relative > 4 * 2.0 ** -11 and round(at_4095, 1) == 1.4
            and torch.equal(evens.half().double(), evens) and float(torch.tensor(2049.0).half()) in (2048.0, 2050.0)
            and round(total) == 3 and total < math.pi)
