"""The claims of docs/variants/more-libraries.md, each with what makes it true (see tests/claimcheck.py).

A library fact is cited with the repository and path the page links, and checked on our variant
(snippets/pelib/variants/) or, for the transformers and diffusers classes, on the installed library where it is installed.
"""

import importlib.util
import inspect
import math

import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import distilbert as variant_distilbert
from pelib.variants import espnet as variant_espnet
from pelib.variants import guided_diffusion as variant_guided_diffusion
from pelib.variants import keras_hub as variant_keras_hub
from pelib.variants import nemo as variant_nemo
from pelib.variants import opennmt as variant_opennmt
from pelib.variants import pegasus_x as variant_pegasus_x
from pelib.variants import registry
from pelib.variants import tf_models_relative as variant_tf_models_relative
from pelib.variants import trax as variant_trax
from pelib.variants.registry import BY_KEY

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


LEDGER = Ledger('variants/more-libraries.md', [
    prose('title',
        'More library layouts',
        "the title"),
    prose('summary',
        r"More libraries' tables next to the paper's, in the format of [Library layouts](libraries.md): the code, what it prints, and how it differs.",
        "what the page gives: a plan of the page"),
    prose('read-first',
        r"Read that page first: this one uses its terms (split and flipped halves, tensor2tensor's frequencies).",
        "reading advice"),
    computed('ten-more',
        'Ten more implementations that users meet, in NeMo, ESPnet, Hugging Face transformers, trax, OpenNMT-py, keras-hub, guided-diffusion and tensorflow/models.',
        ten_more),
    computed('rewritten-and-probed',
        'Each is rewritten in our own code so that it behaves like the original, cites the file that was read, and runs through the same probes as [the others](index.md#the-comparison-table).',
        rewritten_and_probed),
    computed('three-new-ways',
        "They differ from the paper in the ways [the library layouts](libraries.md) introduce (split or flipped halves, tensor2tensor's frequencies) and in three new ones: a table **scaled** by \\(1/\\sqrt{d}\\), a table that is **trained**, and a table **computed in the input's dtype**.",
        three_new_ways),
    computed('real-library-check',
        'Where the library installs here at reasonable weight, its tests import the **real** class or function, pinned in `requirements.txt`, and compare it with our variant (`tests/pages/test_variants_libraries_code.py`): the layout the probes find, every value at an even and an odd width, the exception when one is raised, and the `state_dict` keys of a checkpoint written with `torch.save` and read back with `torch.load`, loaded into our module and back.',
        real_library_check),
    prose('what-that-run-gives',
        'What that run gives:',
        "introduces the included table"),
    computed('the-others-not-installed',
        'The other libraries (NeMo, ESPnet, trax, OpenNMT-py, keras-hub, guided-diffusion, tensorflow/models) are not installed here: they bring a second framework or a large toolkit, or have no PyPI package; their variants were written from the **source text at the cited commit**, and their tests check every behaviour stated above on our reimplementation.',
        others_not_installed),
    prose('full-list',
        'The full list:',
        "introduces the included list"),
    prose('nemo-heading',
        'NeMo',
        "a heading"),
    cited('nemo-source',
        '**Source:** NVIDIA/NeMo, [`nemo/collections/nlp/modules/common/transformer/transformer_modules.py`](https://github.com/NVIDIA/NeMo/blob/008ed952634b33498b3772dec57538c84ffa559f/nemo/collections/nlp/modules/common/transformer/transformer_modules.py), `FixedPositionalEncoding`, used by its `TransformerEmbedding` when `learn_positional_encodings` is off.',
        f"NVIDIA/NeMo {NEMO_PATH} @ 008ed95 (FixedPositionalEncoding, TransformerEmbedding, read at that commit; {RESEARCH})", lambda: cites("nemo", NEMO_PATH)),
    computed('nemo-divided',
        "**The paper's table, divided by \\(\\sqrt{d}\\):** `pos_enc.div_(math.sqrt(hidden_size))`.",
        nemo_divided),
    computed('nemo-times-sqrt-d',
        'Times \\(\\sqrt{d}\\), the table is the reference\'s (second output); its largest value is \\(1/\\sqrt{d}\\) instead of 1 (the "amplitude" column of [the comparison table](index.md#what-each-variant-computes)).',
        nemo_times_sqrt_d),
    cited('nemo-layernorm',
        '`TransformerEmbedding` adds these rows to token embeddings that are not multiplied by \\(\\sqrt{d}\\), then applies a LayerNorm.',
        f"NVIDIA/NeMo {NEMO_PATH} @ 008ed95, TransformerEmbedding.forward, read at that commit: token_embedding(input_ids) + position_embedding(position_ids) with no sqrt(d) factor, then self.layer_norm"),
    computed('nemo-persistent',
        'The table is a **persistent buffer**, saved in every checkpoint; an odd width fails at the cosine assignment.',
        nemo_persistent),
    prose('espnet-heading',
        'ESPnet',
        "a heading"),
    cited('espnet-source',
        '**Source:** espnet/espnet, [`espnet/nets/pytorch_backend/transformer/embedding.py`](https://github.com/espnet/espnet/blob/029365d81725db38ae9d8fe2f16a3e1df97df1ee/espnet/nets/pytorch_backend/transformer/embedding.py), `PositionalEncoding` and `LegacyRelPositionalEncoding`.',
        f"espnet/espnet {ESPNET_PATH} @ 029365d ({RESEARCH})", lambda: cites("espnet", ESPNET_PATH) and hasattr(variant_espnet, "LegacyRelPositionalEncoding")),
    computed('espnet-scales-input',
        '**It scales the input, not the table:** `forward` returns \\(x\\sqrt{d} + \\mathrm{PE}\\), so one unit of input becomes \\(\\sqrt{8} \\approx 2.83\\) in the output above.',
        espnet_scales_input),
    computed('espnet-plain-attribute',
        "The table is a **plain attribute** (`self.pe`), so it is not in `state_dict` and `.to()` leaves it behind; `extend_pe` moves it and casts it to the input's dtype and device on each call, rebuilding it when the input is longer.",
        espnet_plain_attribute),
    cited('espnet-drops-pe',
        'A load pre-hook **drops a saved `pe`** (ESPnet saved it "until v.0.5.2"), so old checkpoints still load strictly.',
        f"espnet/espnet {ESPNET_PATH} @ 029365d, _pre_hook (its note: 'We saved self.pe until v.0.5.2'), read at that commit", espnet_drops_pe),
    computed('espnet-legacy-reverse',
        "`LegacyRelPositionalEncoding` sets `reverse=True`: its rows encode the relative distances \\(L-1, \\dots, 1, 0\\), the reference's rows in reverse order (last output).",
        espnet_legacy_reverse),
    computed('espnet-odd',
        'An odd width fails.',
        lambda: observed("espnet", "odd_d7").startswith("crash")),
    prose('distilbert-heading',
        'DistilBERT and XLM',
        "a heading"),
    cited('distilbert-source',
        '**Source:** huggingface/transformers, [`models/distilbert/modeling_distilbert.py`](https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/distilbert/modeling_distilbert.py), `create_sinusoidal_embeddings` (XLM and Flaubert have the same function), used when `config.sinusoidal_pos_embds` is set.',
        "huggingface/transformers src/transformers/models/distilbert/modeling_distilbert.py @ v5.23.0 (checked in the installed transformers: the function in DistilBERT, XLM and Flaubert, and the config flag)", distilbert_source),
    cited('distilbert-marian-before-split',
        "**The paper's table, interleaved, angles in float64.** It is Marian's table before Marian split it (Marian's docstring says so).",
        "MarianSinusoidalPositionalEmbedding's docstring (checked in the installed transformers); tests/pages/test_variants_more_libraries_code.py", distilbert_marian_before_split),
    computed('distilbert-odd',
        'An **odd width works**: the last column is a sine.',
        lambda: observed("distilbert", "odd_d7") == "correct" and bool(variant_distilbert.build(5, 7)[1:, 6].ne(0).all()) and torch.allclose(variant_distilbert.build(5, 7)[:, 6].double(), torch.sin(torch.arange(5.0, dtype=torch.float64) * 10000 ** (-6 / 7)), atol=1e-7)),
    computed('distilbert-frozen',
        'The table is written into the weight of an ordinary `nn.Embedding` and frozen (`requires_grad = False`), so it is **in `state_dict`** and in every checkpoint.',
        distilbert_frozen),
    prose('musicgen-heading',
        'MusicGen',
        "a heading"),
    cited('musicgen-source',
        '**Source:** huggingface/transformers, [`models/musicgen/modeling_musicgen.py`](https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/musicgen/modeling_musicgen.py), `MusicgenSinusoidalPositionalEmbedding` (MusicgenMelody has a copy).',
        "huggingface/transformers src/transformers/models/musicgen/modeling_musicgen.py @ v5.23.0 (checked in the installed transformers, with the MusicgenMelody copy)", musicgen_source),
    cited('musicgen-docstring',
        'Its docstring: "This matches the implementation in tensor2tensor".',
        "MusicgenSinusoidalPositionalEmbedding (checked in the installed transformers)", lambda: installed("transformers") is None or "This matches the implementation in tensor2tensor" in inspect.getsource(musicgen_class())),
    computed('musicgen-halves-swapped',
        "**tensor2tensor's table with its halves swapped**, `torch.cat([torch.cos(emb), torch.sin(emb)], ...)`: equal, bit for bit, to [tensor2tensor's](libraries.md#tensor2tensor) table with the cosine half moved first.",
        musicgen_halves_swapped),
    computed('musicgen-neither',
        "So it has neither the paper's frequencies nor the paper's layout, and no column permutation turns it into the reference.",
        lambda: observed("musicgen", "permutation_d8") is None and observed("musicgen", "layout") == "[cos | sin]" and t2t_frequencies("musicgen") and not paper_frequencies("musicgen")),
    computed('musicgen-buffer',
        'The table is a **non-persistent buffer** (not saved), rebuilt larger when a longer input arrives; an odd width gets a zero last column.',
        musicgen_buffer),
    prose('pegasusx-heading',
        'PegasusX',
        "a heading"),
    cited('pegasusx-source',
        '**Source:** huggingface/transformers, [`models/pegasus_x/modeling_pegasus_x.py`](https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/pegasus_x/modeling_pegasus_x.py), `PegasusXSinusoidalPositionalEmbedding`.',
        "huggingface/transformers src/transformers/models/pegasus_x/modeling_pegasus_x.py @ v5.23.0 (checked in the installed transformers)", lambda: cites("pegasus_x", "models/pegasus_x/modeling_pegasus_x.py") and (installed("transformers") is None or hasattr(installed("transformers").models.pegasus_x.modeling_pegasus_x, "PegasusXSinusoidalPositionalEmbedding"))),
    computed('pegasusx-recomputes',
        '**Nothing is stored: every forward recomputes the table in the dtype of its input** (`.type_as(inputs_embeds)`).',
        pegasusx_recomputes),
    computed('pegasusx-float32',
        "With float32 input that is tensor2tensor's split table.",
        lambda: observed("pegasus_x", "layout") == "[sin | cos]" and t2t_frequencies("pegasus_x") and torch.allclose(variant_pegasus_x.build(50, 16), BY_KEY["tensor2tensor"].build(50, 16), atol=1e-6)),
    computed('pegasusx-float16',
        'With float16 input, the frequencies, the angles and the sines are all float16, and for `d_model = 1024` the largest error is {{ gen.variants.pegasus_x.float16_error_64 }} over 64 positions, {{ gen.variants.pegasus_x.float16_error_512 }} over 512 and {{ gen.variants.pegasus_x.float16_error_4096 }} over 4,096: above 2,048, consecutive float16 numbers are 2 apart, so an angle there can be off by a whole radian ([why](../precision.md)).',
        passes(tm.test_pegasus_x_recomputes_in_the_input_dtype_and_float16_errors)),
    computed('pegasusx-odd',
        'An odd width fails: `d // 2` cosines do not fill `d // 2 + 1` columns.',
        lambda: observed("pegasus_x", "odd_d7") == "crash (RuntimeError)" and raises(RuntimeError, lambda: variant_pegasus_x.build(5, 7))),
    prose('trax-heading',
        'trax',
        "a heading"),
    cited('trax-source',
        '**Source:** google/trax, [`trax/layers/attention.py`](https://github.com/google/trax/blob/044c10b4cc6a82b0abd3bc771d17844248bbb4cf/trax/layers/attention.py), `PositionalEncoding`.',
        f"google/trax {TRAX_PATH} @ 044c10b ({RESEARCH})", lambda: cites("trax", TRAX_PATH)),
    cited('trax-trainable',
        '**The paper\'s table, as trainable weights.** `init_weights_and_state` computes it (numpy, float64 angles, into a float32 array) and stores it as the layer\'s `weights`, commented "Trainable parameters, initialized above".',
        f"google/trax {TRAX_PATH} @ 044c10b, PositionalEncoding.init_weights_and_state (the comment quoted)", lambda: "Trainable parameters, initialized above" in code("trax") and observed("trax", "angle_dtype") == "float64" and observed("trax", "storage")["state_dict"] == ["weights"] and variant_trax.make(5, 8).weights.requires_grad and variant_trax.make(5, 8).weights.dtype == torch.float32),
    computed('trax-sgd',
        'Training moves it away from the sinusoids: one SGD step with learning rate 0.1 on the sum of the output already shifts row 0 by 0.1 (last output).',
        passes(tm.test_trax_table_is_trained)),
    computed('trax-initialisation',
        'It is a sinusoidal *initialisation* of a learned embedding.',
        passes(tm.test_trax_table_is_trained)),
    computed('trax-odd',
        'An odd width fails at the cosine assignment (numpy raises `ValueError` there; our torch version raises `RuntimeError`).',
        lambda: observed("trax", "odd_d7") == "crash (RuntimeError)" and passes(tm.test_trax_table_is_trained)()),
    prose('opennmt-heading',
        'OpenNMT-py',
        "a heading"),
    cited('opennmt-source',
        '**Source:** OpenNMT/OpenNMT-py, [`onmt/modules/embeddings.py`](https://github.com/OpenNMT/OpenNMT-py/blob/0f2852c1849d7f70d4445161ba6f0aea4abfc0af/onmt/modules/embeddings.py), `PositionalEncoding`.',
        f"OpenNMT/OpenNMT-py {ONMT_PATH} @ 0f2852c ({RESEARCH})", lambda: cites("opennmt", ONMT_PATH)),
    computed('opennmt-refuses-odd',
        '**It refuses an odd width** with a `ValueError` that names the width, before building anything.',
        lambda: observed("opennmt", "odd_d7") == "crash (ValueError)" and passes(tm.test_opennmt_refuses_odd_width_and_scales_inside)()),
    computed('opennmt-buffer',
        "The table is the paper's, interleaved, in a persistent `[max_len, 1, dim]` buffer for sequence-first input.",
        lambda: row("opennmt", "interleaved") and observed("opennmt", "storage")["state_dict"] == ["pe"] and variant_opennmt.make(6, 8).pe.shape == (6, 1, 8)),
    computed('opennmt-scales-inside',
        'The multiplication of the word embeddings by \\(\\sqrt{d}\\) happens **inside this module** (`emb = emb * math.sqrt(self.dim)`), so a model that also scales its embeddings would scale twice.',
        lambda: "emb = emb * math.sqrt(self.dim)" in code("opennmt") and observed("opennmt", "output").endswith("√d·x + PE")),
    computed('opennmt-step',
        'When decoding step by step, `step` picks the one row to add.',
        passes(tm.test_opennmt_refuses_odd_width_and_scales_inside)),
    prose('keras-heading',
        'keras-hub',
        "a heading"),
    cited('keras-source',
        '**Source:** keras-team/keras-hub, [`keras_hub/src/layers/modeling/sine_position_encoding.py`](https://github.com/keras-team/keras-hub/blob/0e1444fdfbc088d2e736a43927f4719a30becd19/keras_hub/src/layers/modeling/sine_position_encoding.py), `SinePositionEncoding`.',
        f"keras-team/keras-hub {KERAS_PATH} @ 0e1444f ({RESEARCH})", lambda: cites("keras_hub", KERAS_PATH)),
    computed('keras-right',
        "**Right:** the paper's table, interleaved with sine and cosine masks, so an **odd width works**, and a `start_index` for cached decoding.",
        lambda: row("keras_hub", "interleaved") and observed("keras_hub", "odd_d7") == "correct" and "start_index" in code("keras_hub") and "cos_mask = (j % 2)" in code("keras_hub")),
    cited('keras-risky',
        "**Risky:** every number is cast to the layer's `compute_dtype` (`ops.cast(positions + start_index, self.compute_dtype)`).",
        f"keras-team/keras-hub {KERAS_PATH} @ 0e1444f, SinePositionEncoding.call", lambda: "self.compute_dtype" in code("keras_hub") and variant_keras_hub.build(5, 8, torch.float16).dtype == torch.float16),
    computed('keras-float16',
        "Under Keras' `mixed_float16` policy that is float16, and for `d_model = 64` the largest error is {{ gen.variants.keras_hub.float16_error_50 }} over 50 positions, {{ gen.variants.keras_hub.float16_error_512 }} over 512 and {{ gen.variants.keras_hub.float16_error_4096 }} over 4,096: errors above 1 on values between −1 and 1, so the encoding of a late position is noise.",
        passes(tm.test_keras_hub_float16_errors)),
    computed('keras-torch-float16',
        "Our reimplementation runs the same steps in torch's float16; a Keras backend may differ in the digits, while the size of the error is set by float16's spacing.",
        lambda: "float16" in code("keras_hub") and passes(tm.test_keras_hub_float16_errors)()),
    computed('keras-every-call',
        'It is recomputed on every call and returns the table only.',
        lambda: observed("keras_hub", "computed") == "every forward" and observed("keras_hub", "output").endswith("PE only")),
    prose('guided-heading',
        'guided-diffusion',
        "a heading"),
    cited('guided-source',
        '**Source:** openai/guided-diffusion, [`guided_diffusion/nn.py`](https://github.com/openai/guided-diffusion/blob/aca3097a89fab9c9962b22224d5f48950eb57e29/guided_diffusion/nn.py), `timestep_embedding`, which encodes diffusion timesteps (fractional ones too) rather than token positions.',
        f"openai/guided-diffusion {GUIDED_PATH} @ aca3097 ({RESEARCH})", lambda: cites("guided_diffusion", GUIDED_PATH) and torch.isfinite(variant_guided_diffusion.timestep_embedding(torch.tensor([0.5, 1.25]), 8)).all().item()),
    computed('guided-flipped',
        "**The paper's frequencies, flipped to `[cos | sin]`**: the reference with the columns `[1, 3, 5, …, 0, 2, 4, …]`.",
        lambda: row("guided_diffusion", "[cos | sin]") and observed("guided_diffusion", "permutation_d8") == [1, 3, 5, 7, 0, 2, 4, 6]),
    computed('guided-is-diffusers',
        "It is exactly what [diffusers' `get_timestep_embedding`](libraries.md#flipped-cos-sin-diffusers) computes with `flip_sin_to_cos=True, downscale_freq_shift=0`: the test runs the installed diffusers function next to it and finds them equal bit for bit, at even and odd widths and for fractional timesteps.",
        guided_is_diffusers),
    computed('guided-odd',
        'An odd width gets a zero last column.',
        lambda: observed("guided_diffusion", "odd_d7") == "zero column (6)"),
    prose('tfm-heading',
        'tensorflow/models RelativePositionEmbedding',
        "a heading"),
    cited('tfm-source',
        '**Source:** tensorflow/models, [`official/nlp/modeling/layers/position_embedding.py`](https://github.com/tensorflow/models/blob/00b830c7ca641413f37e5147cf059c89f79b0e8e/official/nlp/modeling/layers/position_embedding.py), `RelativePositionEmbedding`.',
        f"tensorflow/models {TFM_PATH} @ 00b830c ({RESEARCH})", lambda: cites("tf_models_relative", TFM_PATH)),
    cited('tfm-absolute',
        'Despite the name, it is an absolute table; its docstring cites section 3.5 of the paper.',
        f"tensorflow/models {TFM_PATH} @ 00b830c, RelativePositionEmbedding docstring ('Defined and formulized in \"Attention is All You Need\", section 3.5'), read at that commit; call builds position = tf.range(length) from 0", lambda: observed("tf_models_relative", "first_position") == 0 and torch.allclose(variant_tf_models_relative.build(50, 8), BY_KEY["tensor2tensor"].build(50, 8), atol=1e-6)),
    computed('tfm-no-guard',
        "**tensor2tensor's table without tensor2tensor's two safety nets.** The step between frequencies is divided by `num_timescales - 1` with no `max(·, 1)` guard, so a width of 2 or 3 divides by zero: in float32 that is no error but a table of NaN (last output).",
        lambda: passes(tm.test_tf_models_relative_has_neither_guard_nor_padding)() and "/ (torch.tensor(num_timescales, dtype=torch.float32) - 1)" in code("tf_models_relative") and "max(half - 1, 1)" in code("tensor2tensor") and observed("tensor2tensor", "odd_d7") == "zero column (6)"),
    computed('tfm-no-padding',
        'And an odd width gets no padding column: asked for 7 columns, it returns 6, which fails only when the table is added.',
        lambda: observed("tf_models_relative", "odd_d7") == "wrong width (6 columns)" and passes(tm.test_tf_models_relative_has_neither_guard_nor_padding)()),
    cited('tfm-float32',
        'The layer defaults its dtype to float32 and casts every number it computes with to float32, because, as its comment says, log and exp "are numerically unstable in float16".',
        f"tensorflow/models {TFM_PATH} @ 00b830c, RelativePositionEmbedding: __init__ sets kwargs['dtype'] = 'float32' unless given (the comment quoted), call casts positions, num_timescales and the range to tf.float32", lambda: "float32" in code("tf_models_relative") and variant_tf_models_relative.build(4, 8).dtype == torch.float32),
])

test_claims_hold = LEDGER.test
