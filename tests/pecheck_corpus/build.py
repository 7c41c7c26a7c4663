#!/usr/bin/env python3
"""Build the corpus of real encodings pecheck is tested on: tests/pecheck_corpus/tables.npz and cases.json.

Every table is made by calling the pinned transformers and diffusers as their users do (a static builder, a module's
buffer or weight, a module's forward in eval and in train mode), then handled as users handle it (saved with its
padding row, sliced from an offset, cast to float16 or bfloat16, printed at 4 decimals); the bug classes of issue 39
are reproduced from those tables. Each case's expected verdict is written here from the library's source (the file
and line of the builder are recorded), never from pecheck's output.

    .venv/bin/python tests/pecheck_corpus/build.py          # rewrite the two files
    .venv/bin/python tests/pecheck_corpus/build.py --check  # exit 1 when a rebuild would differ

Expected verdict keys: ok, convention (a family id of pecheck.CONVENTIONS, or None when no family builds it),
first_position, codes (the problem codes, in any order), and optionally padding_rows, position_step, paper (True
only for the paper's own table: interleaved, base 10000, 2i/d, from position 0, amplitude 1, nothing else).
"""

from __future__ import annotations

import inspect
import io
import json
import math
import sys
import warnings
from pathlib import Path

import numpy as np
import torch

HERE = Path(__file__).resolve().parent
SITE = Path(torch.__file__).resolve().parent.parent  # site-packages
warnings.filterwarnings("ignore")


def where(obj) -> str:
    """module path and line of a library object, relative to site-packages."""
    obj = inspect.unwrap(getattr(obj, "__func__", obj))
    file = Path(inspect.getsourcefile(obj)).resolve()
    line = inspect.getsourcelines(obj)[1]
    return f"{file.relative_to(SITE)}:{line}"


CASES: list[dict] = []
TABLES: dict[str, np.ndarray] = {}


def add(name: str, table, source: str, expect: dict, why: str, printed: int | None = None,
        transposed_of: str | None = None) -> None:
    """One case: the table as the user holds it, where it comes from, and the verdict its source implies. A case
    `transposed_of` another stores no table of its own: the test judges that case's table transposed."""
    assert name not in TABLES, name
    if transposed_of is not None:
        assert np.array_equal(TABLES[transposed_of].T, np.asarray(table.float() if table.dtype == torch.bfloat16
                                                                  else table))
        stored = next(c["stored"] for c in CASES if c["name"] == transposed_of)
        CASES.append({"name": name, "source": source, "stored": stored, "why": why, "transposed_of": transposed_of,
                      "expect": {"codes": [], **expect}})
        return
    if isinstance(table, torch.Tensor):
        table = table.detach().clone()
        dtype = str(table.dtype).removeprefix("torch.")
        array = table.float().numpy() if table.dtype == torch.bfloat16 else table.numpy()
    else:
        array, dtype = np.asarray(table), str(np.asarray(table).dtype)
    array = np.ascontiguousarray(array)
    if printed is not None:  # the text a user pastes: the table printed at `printed` decimals
        array = np.round(array.astype(np.float64), printed)
        dtype = f"printed {printed}"
    TABLES[name] = array
    expect = {"codes": [], **expect}
    CASES.append({"name": name, "source": source, "stored": dtype, "why": why, "expect": expect})


OK = dict(ok=True)


def fam(convention, first=0, **extra):
    return {"ok": True, "convention": convention, "first_position": first, **extra}


def bad(*codes, **extra):
    return {"ok": False, "codes": list(codes), **extra}


# --- the fairseq family: get_embedding(num, dim, padding_idx), t2t frequencies in [sin | cos], row padding_idx zeroed

def fairseq_family():
    from transformers.models.fsmt import modeling_fsmt
    from transformers.models.kosmos2 import modeling_kosmos2
    from transformers.models.kosmos2_5 import modeling_kosmos2_5
    from transformers.models.m2m_100 import modeling_m2m_100
    from transformers.models.nllb_moe import modeling_nllb_moe
    from transformers.models.seamless_m4t import modeling_seamless_m4t
    from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2
    from transformers.models.speech_to_text import modeling_speech_to_text
    from transformers.models.speecht5 import modeling_speecht5
    from transformers.models.trocr import modeling_trocr
    from transformers.models.xglm import modeling_xglm

    classes = {
        "m2m100": modeling_m2m_100.M2M100SinusoidalPositionalEmbedding,
        "nllb_moe": modeling_nllb_moe.NllbMoeSinusoidalPositionalEmbedding,
        "xglm": modeling_xglm.XGLMSinusoidalPositionalEmbedding,
        "trocr": modeling_trocr.TrOCRSinusoidalPositionalEmbedding,
        "kosmos2": modeling_kosmos2.Kosmos2TextSinusoidalPositionalEmbedding,
        "kosmos2_5": modeling_kosmos2_5.Kosmos2_5TextSinusoidalPositionalEmbedding,
        "seamless_m4t": modeling_seamless_m4t.SeamlessM4TSinusoidalPositionalEmbedding,
        "seamless_m4t_v2": modeling_seamless_m4t_v2.SeamlessM4Tv2SinusoidalPositionalEmbedding,
        "speech2text": modeling_speech_to_text.Speech2TextSinusoidalPositionalEmbedding,
        "speecht5": modeling_speecht5.SpeechT5SinusoidalPositionalEmbedding,
    }
    why = ("get_embedding: log(10000) / (half_dim - 1), cat([sin, cos]) (t2t frequencies, split), emb[padding_idx] = 0;"
           " odd width: a zero column appended; forward positions start at padding_idx + 1")
    for key, cls in classes.items():
        src = where(cls.get_embedding)
        weights = cls.get_embedding(66, 32, 1)
        add(f"{key}-weights-pad1", weights, src, fam("split-t2t", 0, padding_rows=[1]), why)
        add(f"{key}-weights-nopad", cls.get_embedding(64, 32), src, fam("split-t2t", 0), why)
        add(f"{key}-odd15", cls.get_embedding(64, 15), src,
            bad("zero_column", convention=None, first_position=0), why + " (zero column: what the library does)")
        module = cls(64, 32, padding_idx=1)
        add(f"{key}-weights-buffer", module.weights, src, fam("split-t2t", 0, padding_rows=[1]), why)
        embeds = torch.zeros(1, 48, 32)
        try:
            out = module(inputs_embeds=embeds)
        except TypeError:
            out = None
        if out is not None:
            add(f"{key}-forward", out[0], where(cls.forward), fam("split-t2t-from2", 2), why)
        add(f"{key}-pad0", cls.get_embedding(64, 32, 0), src, fam("split-t2t", 0, padding_rows=[0]), why)
    # FSMT: the same builder with padding_idx required, stored as a frozen nn.Embedding weight (in state_dict)
    cls = modeling_fsmt.SinusoidalPositionalEmbedding
    src = where(cls.get_embedding)
    add("fsmt-weights-pad1", cls.get_embedding(66, 32, 1), src, fam("split-t2t", 0, padding_rows=[1]), why)
    module = cls(66, 32, 1)
    add("fsmt-uninitialised", module.state_dict()["weight"], where(cls), bad("not_sinusoidal"),
        "nn.Embedding.__init__ fills the weight at random; _init_weights calls make_weight")
    module.make_weight(66, 32, 1)
    add("fsmt-state-dict", module.state_dict()["weight"], where(cls.make_weight), fam("split-t2t", 0, padding_rows=[1]),
        why + "; after make_weight (what _init_weights calls)")
    add("fsmt-odd", cls.get_embedding(64, 33, 1), src, bad("zero_column", convention=None, first_position=0), why)
    # the user's own usual handling of a saved buffer
    base = classes["m2m100"].get_embedding(130, 32, 1)
    src = where(classes["m2m100"].get_embedding)
    add("m2m100-rows-from-2", base[2:], src, fam("split-t2t-from2", 2), why + "; rows 2.. are positions 2..")
    add("m2m100-float16", base.half(), src, fam("split-t2t", 0, padding_rows=[1]), why + "; stored as float16")
    add("m2m100-bfloat16", base.bfloat16(), src, fam("split-t2t", 0, padding_rows=[1]), why + "; stored as bfloat16")
    add("m2m100-half-and-back", base.half().float(), src, fam("split-t2t", 0, padding_rows=[1]),
        why + "; model.half() then .float(): float16 values stored as float32")
    add("m2m100-printed4", base[2:66], src, fam("split-t2t-from2", 2), why + "; printed at 4 decimals", printed=4)
    big = classes["m2m100"].get_embedding(258, 64, 1)
    add("m2m100-258x64-pad1", big, src, fam("split-t2t", 0, padding_rows=[1]), why)
    sq = classes["xglm"].get_embedding(64, 64, None)
    add("xglm-square-64", sq, where(classes["xglm"].get_embedding), fam("split-t2t", 0), why + "; a square table")
    add("xglm-square-64-transposed", sq.T, where(classes["xglm"].get_embedding), bad("transposed"),
        why + "; saved transposed ([width, positions])")


# --- MusicGen: t2t frequencies, [cos | sin] -----------------------------------------------------------------------

def musicgen():
    from transformers.models.musicgen import modeling_musicgen
    from transformers.models.musicgen_melody import modeling_musicgen_melody

    why = "get_embedding: log(10000) / (half_dim - 1), cat([cos, sin]); forward takes ids [batch, codebooks, seq]"
    for key, cls in (("musicgen", modeling_musicgen.MusicgenSinusoidalPositionalEmbedding),
                     ("musicgen_melody", modeling_musicgen_melody.MusicgenMelodySinusoidalPositionalEmbedding)):
        src = where(cls.get_embedding)
        add(f"{key}-weights", cls.get_embedding(64, 32), src, fam("flipped-t2t", 0), why)
        add(f"{key}-odd", cls.get_embedding(64, 31), src, bad("zero_column", convention=None, first_position=0), why)
        module = cls(64, 32)
        out = module(torch.zeros(2, 4, 40, dtype=torch.long), past_key_values_length=5)
        add(f"{key}-forward-offset5", out, where(cls.forward), fam(None, 5), why + "; positions from 5")
        add(f"{key}-float16", cls.get_embedding(64, 32).half(), src, fam("flipped-t2t", 0), why)


# --- Marian and its copies: XLM's position_enc, not interleaved: [sin | cos], paper frequencies ---------------------

def marian_family():
    from transformers.models.autoformer import modeling_autoformer
    from transformers.models.informer import modeling_informer
    from transformers.models.marian import modeling_marian
    from transformers.models.pegasus import modeling_pegasus
    from transformers.models.time_series_transformer import modeling_time_series_transformer as tst

    why = "create_weight: pos / 10000 ** (2 (j // 2) / dim), sin of even j then cos of odd j (split, paper frequencies)"
    for key, cls in (("marian", modeling_marian.MarianSinusoidalPositionalEmbedding),
                     ("pegasus", modeling_pegasus.PegasusSinusoidalPositionalEmbedding),
                     ("time_series", tst.TimeSeriesSinusoidalPositionalEmbedding),
                     ("informer", modeling_informer.InformerSinusoidalPositionalEmbedding),
                     ("autoformer", modeling_autoformer.AutoformerSinusoidalPositionalEmbedding)):
        builder = cls.create_weight
        src = where(builder)
        module = cls(64, 32)
        weight = module.create_weight() if hasattr(module, "create_weight") else None
        if weight is None:
            continue
        add(f"{key}-weight", weight, src, fam("split-paper", 0), why)
        add(f"{key}-weight-uninitialised", module.weight, where(cls), bad("not_sinusoidal", convention=None),
            "nn.Embedding holds random weights until _init_weights calls create_weight")
        odd = cls(64, 17).create_weight()
        add(f"{key}-odd17", odd, src, fam(None, 0),
            why + "; odd width: sentinel = dim // 2 + 1 sine columns, the last one the lone sine")
        module.weight.data.copy_(weight)
        out = module(torch.Size([2, 40]), past_key_values_length=7)
        add(f"{key}-forward-past7", out, where(cls.forward), fam(None, 7), why + "; forward from position 7")
        add(f"{key}-bfloat16", weight.bfloat16(), src, fam("split-paper", 0), why + "; stored as bfloat16")
    weight = modeling_marian.MarianSinusoidalPositionalEmbedding(64, 64).create_weight()
    src = where(modeling_marian.MarianSinusoidalPositionalEmbedding.create_weight)
    add("marian-square-64", weight, src, fam("split-paper", 0), why)
    add("marian-square-64-transposed", weight.T, src, bad("transposed"), why + "; saved transposed")
    add("marian-printed4", weight, src, fam("split-paper", 0), why + "; printed at 4 decimals", printed=4)
    add("marian-printed5", weight, src, fam("split-paper", 0), why + "; printed at 5 decimals", printed=5)
    add("marian-reversed-rows", weight.flip(0), src, fam(None, 63, position_step=-1),
        why + "; rows reversed: positions 63 down to 0")
    big = modeling_marian.MarianSinusoidalPositionalEmbedding(256, 256).create_weight()
    add("marian-square-256", big, src, fam("split-paper", 0), why)
    add("marian-square-256-transposed", big.T, src, bad("transposed"), why + "; saved transposed",
        transposed_of="marian-square-256")


# --- interleaved paper tables: DistilBERT / XLM / Flaubert, VideoMAE, SpeechT5 scaled, diffusers' module ------------

def interleaved():
    from transformers.models.distilbert import modeling_distilbert
    from transformers.models.flaubert import modeling_flaubert
    from transformers.models.speecht5 import modeling_speecht5
    from transformers.models.videomae import modeling_videomae
    from transformers.models.xlm import modeling_xlm

    why = "position_enc = pos / 10000 ** (2 (j // 2) / dim); out[:, 0::2] = sin, out[:, 1::2] = cos (the paper's table)"
    for key, fn in (("distilbert", modeling_distilbert._create_sinusoidal_embeddings),
                    ("xlm", modeling_xlm.create_sinusoidal_embeddings),
                    ("flaubert", modeling_flaubert.create_sinusoidal_embeddings)):
        for n, d in ((64, 32), (40, 17), (128, 128)):
            out = torch.empty(n, d)
            fn(n_pos=n, dim=d, out=out)
            add(f"{key}-{n}x{d}", out, where(fn), fam("interleaved-paper", 0, paper=True), why)
        out = torch.empty(64, 32)
        fn(n_pos=64, dim=32, out=out)
        add(f"{key}-sqrt-d", out * math.sqrt(32), where(fn), bad("amplitude"),
            why + "; the user multiplied the encoding by sqrt(d) (scaling belongs to the token embeddings)")
        add(f"{key}-printed4", out, where(fn), fam("interleaved-paper", 0), why + "; printed", printed=4)
    fn = modeling_videomae.get_sinusoid_encoding_table
    add("videomae-1x64x32", fn(64, 32), where(fn), fam("interleaved-paper", 0, paper=True), why + "; [1, n, d]")
    add("videomae-odd", fn(64, 33)[0], where(fn), fam("interleaved-paper", 0, paper=True), why)
    add("videomae-float16", fn(64, 32)[0].half(), where(fn), fam("interleaved-paper", 0), why)
    # SpeechT5ScaledPositionalEncoding: x + alpha * pe, then dropout
    cls = modeling_speecht5.SpeechT5ScaledPositionalEncoding
    why5 = "__init__: div_term = exp(arange(0, dim, 2) * -(log(10000) / dim)); pe[:, 0::2] = sin, pe[:, 1::2] = cos"
    torch.manual_seed(0)
    module = cls(0.1, 32, max_len=100)
    add("speecht5-scaled-pe-buffer", module.pe, where(cls), fam("interleaved-paper", 0, paper=True), why5)
    module.eval()
    add("speecht5-scaled-eval-forward", module(torch.zeros(1, 50, 32))[0], where(cls.forward),
        fam("interleaved-paper", 0), why5 + "; forward in eval mode: x + alpha * pe, alpha = 1")
    module.train()
    torch.manual_seed(1)
    add("speecht5-scaled-train-forward", module(torch.zeros(1, 50, 32))[0], where(cls.forward),
        bad("not_sinusoidal", convention=None), why5 + "; forward in train mode: dropout zeroes and rescales values")
    with torch.no_grad():
        module.alpha.fill_(math.sqrt(32))
    module.eval()
    add("speecht5-scaled-alpha-sqrt-d", module(torch.zeros(1, 50, 32))[0], where(cls.forward), bad("amplitude"),
        why5 + "; alpha trained up to sqrt(d): the encoding carries sqrt(d)")
    from diffusers.models.embeddings import SinusoidalPositionalEmbedding

    whyd = "SinusoidalPositionalEmbedding.__init__: div_term with -log(10000) / embed_dim; pe[0, :, 0::2] = sin"
    for d in (32, 64, 128):
        module = SinusoidalPositionalEmbedding(d, 80)
        add(f"diffusers-sinusoidal-pe-{d}", module.pe, where(SinusoidalPositionalEmbedding),
            fam("interleaved-paper", 0, paper=True), whyd)
        add(f"diffusers-sinusoidal-forward-{d}", module(torch.zeros(1, 60, d))[0],
            where(SinusoidalPositionalEmbedding.forward), fam("interleaved-paper", 0), whyd + "; x + pe")
    module = SinusoidalPositionalEmbedding(64, 64)
    add("diffusers-sinusoidal-square", module.pe[0], where(SinusoidalPositionalEmbedding),
        fam("interleaved-paper", 0, paper=True), whyd)
    add("diffusers-sinusoidal-square-transposed", module.pe[0].T, where(SinusoidalPositionalEmbedding),
        bad("transposed"), whyd + "; saved transposed")


# --- t2t split: Whisper, PegasusX -----------------------------------------------------------------------------------

def t2t_split():
    from transformers.models.pegasus_x import modeling_pegasus_x
    from transformers.models.whisper import modeling_whisper

    fn = modeling_whisper.sinusoids
    why = "sinusoids: log(max_timescale) / (channels // 2 - 1), cat([sin, cos]) (t2t)"
    for n, d in ((64, 32), (300, 96), (64, 64), (100, 8)):
        add(f"whisper-{n}x{d}", fn(n, d), where(fn), fam("split-t2t", 0), why)
    add("whisper-base-12345.6", fn(64, 32, max_timescale=12345.6).double(), where(fn),
        fam(None, 0), why + "; max_timescale 12345.6 (a non-round base)")
    add("whisper-base-12345.6-f64", torch.cat([
        torch.sin(torch.arange(64, dtype=torch.float64)[:, None]
                  * torch.exp(-math.log(12345.6) / 15 * torch.arange(16, dtype=torch.float64))),
        torch.cos(torch.arange(64, dtype=torch.float64)[:, None]
                  * torch.exp(-math.log(12345.6) / 15 * torch.arange(16, dtype=torch.float64)))], 1),
        where(fn), fam(None, 0), why + "; the same law in float64")
    add("whisper-float16", fn(64, 32).half(), where(fn), fam("split-t2t", 0), why + "; stored float16")
    add("whisper-large-positions", fn(150064, 32)[150000:], where(fn), fam(None, 150000),
        why + "; rows from position 150,000")
    cls = modeling_pegasus_x.PegasusXSinusoidalPositionalEmbedding
    whyx = ("forward: div_term over half_d_feature - 1 (t2t), pe[:, :half] = sin, pe[:, half:] = cos, computed in "
            "inputs_embeds' dtype")
    module = cls(32)
    add("pegasus_x-forward", module(torch.zeros(1, 64, 32))[0], where(cls.forward), fam("split-t2t", 0), whyx)
    add("pegasus_x-forward-past10", module(torch.zeros(1, 64, 32), past_key_values_length=10)[0], where(cls.forward),
        fam(None, 10), whyx + "; from position 10")
    half = module(torch.zeros(1, 200, 32, dtype=torch.float16))[0]
    add("pegasus_x-half-forward", half, where(cls.forward), bad("values_off", arithmetic="float16"),
        whyx + "; model.half(): computed in float16")
    add("pegasus_x-half-forward-as-float32", half.float(), where(cls.forward), bad("values_off", arithmetic="float16"),
        whyx + "; model.half() then .float(): computed in float16, stored float32")
    half = module(torch.zeros(1, 200, 32, dtype=torch.bfloat16))[0]
    add("pegasus_x-bf16-forward-as-float32", half.float(), where(cls.forward), bad("values_off", arithmetic="bfloat16"),
        whyx + "; computed in bfloat16, stored float32")


# --- diffusers timestep embeddings ----------------------------------------------------------------------------------

def diffusers_timesteps():
    from diffusers.models.embeddings import Timesteps, get_1d_sincos_pos_embed_from_grid, get_timestep_embedding

    fn = get_timestep_embedding
    why = ("get_timestep_embedding: exponent -log(max_period) * i / (half_dim - downscale_freq_shift), "
           "cat([sin, cos]), flipped to [cos | sin] when flip_sin_to_cos, zero pad for odd widths")
    t = torch.arange(64)
    for flip in (False, True):
        for shift, den in ((1, "t2t"), (0, "paper")):
            layout = "flipped" if flip else "split"
            convention = f"{layout}-{den}"
            for d in (32, 96):
                add(f"diffusers-timestep-{layout}-shift{shift}-{d}", fn(t, d, flip, shift), where(fn),
                    fam(convention, 0), why)
            add(f"diffusers-timestep-{layout}-shift{shift}-odd", fn(t, 33, flip, shift), where(fn),
                bad("zero_column", convention=None, first_position=0), why)
            add(f"diffusers-timestep-{layout}-shift{shift}-fp16", fn(t, 64, flip, shift).half(), where(fn),
                fam(convention, 0), why + "; stored float16")
            add(f"diffusers-timestep-{layout}-shift{shift}-descending", fn(torch.arange(999, 935, -1), 64, flip,
                shift), where(fn), fam(None, 999, position_step=-1), why + "; timesteps 999 down to 936 (a sampler)")
    add("diffusers-timestep-scale1000", fn(torch.arange(64) / 1000, 32, True, 0, scale=1000), where(fn),
        fam("flipped-paper", 0), why + "; t / 1000 times scale 1000")
    add("diffusers-timestep-max-period-1000", fn(t, 32, False, 1, max_period=1000), where(fn), fam(None, 0),
        why + "; max_period 1000")
    add("diffusers-timestep-shift1-sdxl-bug", fn(t, 32, True, 1), where(fn), fam("flipped-t2t", 0),
        why + "; downscale_freq_shift=1 where 0 was meant (sd-scripts#1187): a known convention, judged as such")
    add("diffusers-timestep-large-t", fn(torch.arange(150000, 150064), 32, False, 1), where(fn), fam(None, 150000),
        why + "; timesteps from 150,000")
    module = Timesteps(32, True, 0)
    add("diffusers-Timesteps-module", module(torch.arange(64)), where(Timesteps.forward), fam("flipped-paper", 0),
        why + "; Timesteps(32, flip_sin_to_cos=True, downscale_freq_shift=0) on 1-D timesteps")
    fn = get_1d_sincos_pos_embed_from_grid
    why = "get_1d_sincos_pos_embed_from_grid: omega = 1 / 10000 ** (i / (D / 2)), concat([sin, cos]) (split, paper)"
    for d in (16, 64):
        add(f"diffusers-1d-sincos-{d}", fn(d, torch.arange(64)), where(fn), fam("split-paper", 0), why)
        add(f"diffusers-1d-sincos-flip-{d}", fn(d, torch.arange(64), flip_sin_to_cos=True), where(fn),
            fam("flipped-paper", 0), why)
    add("diffusers-1d-sincos-negative", fn(32, torch.arange(-50, 14)), where(fn), fam(None, -50),
        why + "; positions from -50")
    add("diffusers-1d-sincos-relative", fn(32, torch.arange(99, -100, -1)), where(fn), fam(None, 99, position_step=-1),
        why + "; relative positions 99 down to -99")


# --- descending relative tables: FastSpeech2Conformer (ESPnet's) --------------------------------------------------

def relative():
    from transformers import FastSpeech2ConformerConfig
    from transformers.models.fastspeech2_conformer import modeling_fastspeech2_conformer as fs2

    cls = fs2.FastSpeech2ConformerRelPositionalEncoding
    why = ("extend_pos_enc: interleaved paper table for positions L-1 .. 0 (flipped) then -1 .. -(L-1): "
           "positions descend from L-1")
    config = FastSpeech2ConformerConfig(hidden_size=32)
    module = cls(config, {"positional_dropout_rate": 0.1})
    pos = module.extend_pos_enc(torch.zeros(1, 100))[0]
    add("fastspeech2-rel-pos-enc", pos, where(cls.extend_pos_enc), fam(None, 99, position_step=-1), why)
    add("fastspeech2-rel-pos-enc-float16", pos.half(), where(cls.extend_pos_enc), fam(None, 99, position_step=-1), why)
    add("fastspeech2-rel-pos-enc-printed", pos, where(cls.extend_pos_enc), fam(None, 99, position_step=-1), why,
        printed=4)


# --- vibevoice, florence2, qwenimage ---------------------------------------------------------------------------------

def others():
    from transformers.models.florence2 import modeling_florence2

    cls = next(c for c in vars(modeling_florence2).values() if inspect.isclass(c)
               and hasattr(c, "get_sinusoid_embeddings"))
    sin, cos = cls.get_sinusoid_embeddings(64, 32)
    why = "get_sinusoid_embeddings: log(10000) / half_dim, returns sin and cos of p * omega (paper frequencies)"
    add("florence2-sin-cos", torch.cat([sin, cos], 1), where(cls.get_sinusoid_embeddings), fam("split-paper", 0), why)
    from transformers.models.vibevoice import modeling_vibevoice

    cls = modeling_vibevoice.VibeVoiceDiffusionHeadSinusoidalEmbedding

    class Config:
        frequency_embedding_size = 32
        diffusion_max_period = 10000

    module = cls(Config())
    why = "compute_default_freq: exp(-log(max_period) * i / dim), dim = size // 2; forward: cat([cos, sin])"
    add("vibevoice-timesteps", module(torch.arange(64)), where(cls.forward), fam("flipped-paper", 0), why)
    from diffusers.models.transformers import transformer_qwenimage

    fn = transformer_qwenimage.get_timestep_embedding
    why = ("qwenimage get_timestep_embedding: diffusers' copy, but exp(exponent).to(timesteps.dtype) casts the "
           "frequencies to the timesteps' dtype")
    add("qwenimage-timesteps", fn(torch.arange(64.0), 32, True, 0), where(fn), fam("flipped-paper", 0),
        why + "; float timesteps, as its pipelines pass them")
    add("qwenimage-int-timesteps", fn(torch.arange(64), 32, True, 0), where(fn), bad("frozen_pairs"),
        why + "; integer timesteps: every frequency but the first truncated to 0")


# --- the bug classes of issue 39, made from real tables ----------------------------------------------------------

def bugs():
    from transformers.models.distilbert import modeling_distilbert
    from transformers.models.m2m_100 import modeling_m2m_100

    fn = modeling_distilbert._create_sinusoidal_embeddings
    src = where(fn)
    good = torch.empty(64, 32)
    fn(n_pos=64, dim=32, out=good)
    why = "DistilBERT's interleaved paper table, then "
    sin, cos = good[:, 0::2], good[:, 1::2]
    sine_twice = good.clone()
    sine_twice[:, 1::2] = sin
    add("bug-sine-twice", sine_twice, src, bad("same_function"), why + "sin written into the cosine columns too")
    late = good.clone()
    late[1:, 1::2] = cos[:-1]
    late[0, 1::2] = torch.cos(-torch.tensor(1.0) * (10000 ** (-torch.arange(16) * 2 / 32)))
    add("bug-cos-one-late", late, src, bad("pair_phase"), why + "cosine columns one position late")
    zero_row = good.clone()
    zero_row[10] = 0
    add("bug-zero-row", zero_row, src, bad("zero_row"), why + "row 10 zeroed (not a padding row at the start)")
    angles = torch.arange(64)[:, None] * 10000 ** (-torch.arange(16) * 2 / 32)
    stacked = torch.stack([angles.sin(), angles.cos()], 0).reshape(64, 32)
    add("bug-stack-reshape", stacked, src, bad("stacked"), "stack([sin, cos], 0).reshape(n, d) instead of dim=-1")
    add("bug-sqrt-d", good * math.sqrt(32), src, bad("amplitude"), why + "multiplied by sqrt(d)")
    add("bug-times-2", good * 2, src, bad("amplitude"), why + "multiplied by 2")
    add("bug-nemo-divided", good / math.sqrt(32), src, fam("interleaved-paper-divided", 0), why + "divided by sqrt(d)")
    col = torch.empty(64, 32)
    j = torch.arange(32)
    col = torch.where(j % 2 == 0, torch.sin(torch.arange(64)[:, None] * 10000 ** (-j / 32)),
                      torch.cos(torch.arange(64)[:, None] * 10000 ** (-j / 32)))
    add("bug-column-exponent", col, src, bad("pair_mismatch"), "exponent j / d instead of 2 (j // 2) / d")
    from1 = torch.empty(65, 32)
    fn(n_pos=65, dim=32, out=from1)
    add("bug-positions-from-1", from1[1:], src, fam(None, 1, paper=False), why + "rows from position 1")
    perm = torch.randperm(32, generator=torch.Generator().manual_seed(3))
    add("bug-shuffled-columns", good[:, perm], src, fam(None, 0, paper=False), why + "columns shuffled")
    i_for_2i = torch.empty(64, 32)
    w = 10000 ** (-torch.arange(16) / 32)
    angles = torch.arange(64)[:, None] * w
    i_for_2i[:, 0::2], i_for_2i[:, 1::2] = torch.sin(angles), torch.cos(angles)
    add("bug-i-for-2i", i_for_2i, src, fam(None, 0, paper=False), "exponent i / d instead of 2i / d (a denominator d)")
    w = 1e8 ** (-torch.arange(16) * 2 / 32)
    b8 = torch.empty(64, 32)
    b8[:, 0::2], b8[:, 1::2] = torch.sin(torch.arange(64)[:, None] * w), torch.cos(torch.arange(64)[:, None] * w)
    add("bug-base-1e8", b8, src, fam(None, 0, paper=False), "base 10^8")
    w = 10000 ** (torch.arange(16) * 2 / 32)
    mult = torch.empty(64, 32)
    mult[:, 0::2], mult[:, 1::2] = torch.sin(torch.arange(64)[:, None] * w), torch.cos(torch.arange(64)[:, None] * w)
    add("bug-multiplied", mult, src, bad("multiplied"), "10000 ** (+2i/d): multiplied instead of divided")
    add("bug-repeated-row", good[5:6].expand(64, 32), src, bad("repeated_rows"), "pe[:, 5] added to every token")
    add("bug-all-zero", torch.zeros(64, 32), src, bad("all_zero"), "never filled")
    torch.manual_seed(0)
    add("bug-random", torch.randn(64, 32) * 0.02, src, bad("not_sinusoidal"), "a learned table's initialisation")
    fp16 = torch.empty(64, 32, dtype=torch.float16)
    a16 = torch.arange(64, dtype=torch.float16)[:, None] * (10000 ** (-torch.arange(16) * 2 / 32)).half()
    a16 = torch.arange(200, dtype=torch.float16)[:, None] * (10000 ** (-torch.arange(16) * 2 / 32)).half()
    fp16 = torch.empty(200, 32, dtype=torch.float16)
    fp16[:, 0::2], fp16[:, 1::2] = a16.sin(), a16.cos()
    add("bug-float16-arithmetic", fp16, src, bad("values_off", arithmetic="float16"), "angles computed in float16")
    add("bug-float16-arithmetic-as-float32", fp16.float(), src, bad("values_off", arithmetic="float16"),
        "angles computed in float16, then .float()")
    m2m = modeling_m2m_100.M2M100SinusoidalPositionalEmbedding.get_embedding
    table = m2m(66, 32, 1)
    shifted = table[1:]
    add("bug-padding-row-in-the-middle", torch.cat([table[2:30], torch.zeros(1, 32), table[30:60]]), where(m2m),
        bad("zero_row"), "a zero row inside the table, not at its start")
    add("bug-fairseq-shifted-pad0", shifted, where(m2m), fam(None, 1, padding_rows=[0]),
        "fairseq table read from row 1: the padding row first, then positions 2..")


def build() -> tuple[dict[str, np.ndarray], list[dict]]:
    torch.manual_seed(0)
    for part in (fairseq_family, musicgen, marian_family, interleaved, t2t_split, diffusers_timesteps, relative,
                 others, bugs):
        part()
    return TABLES, CASES


def main(argv: list[str]) -> int:
    tables, cases = build()
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **tables)
    text = json.dumps(cases, indent=1) + "\n"
    if "--check" in argv:
        same = (HERE / "cases.json").read_text(encoding="utf-8") == text
        print("corpus up to date" if same else "corpus differs: rebuild it")
        return 0 if same else 1
    (HERE / "tables.npz").write_bytes(buffer.getvalue())
    (HERE / "cases.json").write_text(text, encoding="utf-8")
    print(f"{len(cases)} cases, {len(buffer.getvalue()):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
