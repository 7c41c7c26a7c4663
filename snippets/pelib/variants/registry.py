"""Every code variant on the site behind one interface, and the probes that observe how each one behaves by running it.

Each variant's module pelib/variants/<key>.py defines `build(seq_len, d_model)` (the [seq_len, d_model] table the
variant makes for positions 0, 1, ...), `make(seq_len, d_model)` (the module it builds, or None for a plain function)
and `call(made, x)` (its own way of being used on embeddings x of shape [batch, seq, d_model]). The registry below adds
what a reader needs to find the original; the probes below turn "what does this variant do" into measurements.
"""

from __future__ import annotations

from pelib import docenv  # noqa: F401  (fixed seeds and settings, as in every snippet)
import math
from dataclasses import dataclass
from types import ModuleType

import torch
from torch.overrides import TorchFunctionMode

from pelib.variants import diffusers_flipped as variant_diffusers_flipped
from pelib.variants import distilbert as variant_distilbert
from pelib.variants import espnet as variant_espnet
from pelib.variants import fairseq as variant_fairseq
from pelib.variants import guided_diffusion as variant_guided_diffusion
from pelib.variants import keras_hub as variant_keras_hub
from pelib.variants import marian as variant_marian
from pelib.variants import musicgen as variant_musicgen
from pelib.variants import nemo as variant_nemo
from pelib.variants import opennmt as variant_opennmt
from pelib.variants import pegasus_x as variant_pegasus_x
from pelib.variants import seed_aiedge as variant_seed_aiedge
from pelib.variants import seed_div_term as variant_seed_div_term
from pelib.variants import seed_nested_loops as variant_seed_nested_loops
from pelib.variants import seed_plain_attribute as variant_seed_plain_attribute
from pelib.variants import seed_stack_flatten as variant_seed_stack_flatten
from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from pelib.variants import tf_models_relative as variant_tf_models_relative
from pelib.variants import trax as variant_trax
from pelib.variants import whisper as variant_whisper
from reference import positional_encoding

from pelib.adapters import ReferenceAsVariant


# --8<-- [start:registry]
@dataclass(frozen=True)
class Variant:
    """One implementation: where it comes from, and the code that behaves like it."""

    key: str  # snippets/pelib/variants/<key>.py
    name: str  # label of its tab and of its row in the comparison table
    kind: str  # "reference", "seed" or "library"
    source: str  # the original, to cite
    url: str  # where to read it ("" when the seed text gives no address)
    page: str  # the section of this site that explains it
    code: ModuleType | type  # the module with build / make / call
    checked: str = ""  # the installed package its test runs against ("transformers"), or "" for the source text

    def build(self, seq_len: int, d_model: int) -> torch.Tensor:
        """The [seq_len, d_model] table for positions 0 .. seq_len - 1, as this variant makes it."""
        return self.code.build(seq_len, d_model)

    def make(self, seq_len: int, d_model: int):
        return self.code.make(seq_len, d_model)

    def call(self, made, x: torch.Tensor) -> torch.Tensor:
        return self.code.call(made, x)


REFERENCE = Variant(
    "reference", "Reference", "reference", "this site, snippets/reference.py", "", "../reference.md", ReferenceAsVariant
)
VARIANTS = [
    Variant("seed_nested_loops", "Nested loops", "seed", 'blog post "OG positional encoding" (2023-08-20)', "",
            "seeds.md#nested-loops", variant_seed_nested_loops),
    Variant("seed_stack_flatten", "Stack and flatten", "seed", "YouTube video ZMxVe-HK174 (notebook)",
            "https://www.youtube.com/watch?v=ZMxVe-HK174", "seeds.md#stack-and-flatten", variant_seed_stack_flatten),
    Variant("seed_aiedge", "AiEdge slices", "seed", "The AiEdge Newsletter, Positional Encoding in AAYN",
            "https://drive.google.com/file/d/1Je2SAFBlsWcgwzK_gl1_f-LtPK3SOzg3/view", "seeds.md#aiedge-slices",
            variant_seed_aiedge),
    Variant("seed_div_term", "div_term + dropout", "seed", "bala1802, Neural-Networks-and-Deep-Learning, Transformers",
            "https://github.com/bala1802/Neural-Networks-and-Deep-Learning", "seeds.md#div_term-and-dropout",
            variant_seed_div_term),
    Variant("seed_plain_attribute", "Plain attribute", "seed",
            'blog post "Deep Learning - Positional Encoding" (2022-04-05)', "", "seeds.md#plain-attribute",
            variant_seed_plain_attribute),
    Variant("split_sin_cos", "Split sin/cos (TF text)", "library",
            "tensorflow/text, docs/tutorials/transformer.ipynb, positional_encoding and PositionalEmbedding",
            "https://github.com/tensorflow/text/blob/17c38bf014810b80abbb7c13ff1c2ac3cd9f710f/docs/tutorials/transformer.ipynb",
            "libraries.md#split-sin-cos-tensorflow-text", variant_split_sin_cos),
    Variant("marian", "Split sin/cos (Marian)", "library",
            "huggingface/transformers, MarianSinusoidalPositionalEmbedding",
            "https://github.com/huggingface/transformers/blob/00b676f8f0489b88652a31d70751cc540dd06305/src/transformers/models/marian/modeling_marian.py",
            "libraries.md#split-sin-cos-marian", variant_marian, "transformers"),
    Variant("tensor2tensor", "tensor2tensor", "library", "tensorflow/tensor2tensor, get_timing_signal_1d",
            "https://github.com/tensorflow/tensor2tensor/blob/bafdc1b67730430d38d6ab802cbd51f9d053ba2e/tensor2tensor/layers/common_attention.py",
            "libraries.md#tensor2tensor", variant_tensor2tensor),
    Variant("diffusers_flipped", "Flipped cos/sin (diffusers)", "library",
            "huggingface/diffusers, get_timestep_embedding",
            "https://github.com/huggingface/diffusers/blob/58eb52c0803ea9af3abec60841c2a093bdf1f951/src/diffusers/models/embeddings.py",
            "libraries.md#flipped-cos-sin-diffusers", variant_diffusers_flipped, "diffusers"),
    Variant("fairseq", "fairseq", "library", "facebookresearch/fairseq, SinusoidalPositionalEmbedding",
            "https://github.com/facebookresearch/fairseq/blob/3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99/fairseq/modules/sinusoidal_positional_embedding.py",
            "libraries.md#fairseq", variant_fairseq),
    Variant("whisper", "Whisper", "library", "openai/whisper, sinusoids and AudioEncoder",
            "https://github.com/openai/whisper/blob/c0d2f624c09dc18e709e37c2ad90c039a4eb72a2/whisper/model.py",
            "libraries.md#whisper", variant_whisper),
    Variant("nemo", "NeMo (÷√d)", "library", "NVIDIA/NeMo, FixedPositionalEncoding",
            "https://github.com/NVIDIA/NeMo/blob/008ed952634b33498b3772dec57538c84ffa559f/nemo/collections/nlp/modules/common/transformer/transformer_modules.py",
            "more-libraries.md#nemo", variant_nemo),
    Variant("espnet", "ESPnet (√d·x)", "library", "espnet/espnet, PositionalEncoding",
            "https://github.com/espnet/espnet/blob/029365d81725db38ae9d8fe2f16a3e1df97df1ee/espnet/nets/pytorch_backend/transformer/embedding.py",
            "more-libraries.md#espnet", variant_espnet),
    Variant("distilbert", "DistilBERT / XLM", "library", "huggingface/transformers, create_sinusoidal_embeddings",
            "https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/distilbert/modeling_distilbert.py", "more-libraries.md#distilbert-and-xlm", variant_distilbert,
            "transformers"),
    Variant("musicgen", "MusicGen (flipped)", "library",
            "huggingface/transformers, MusicgenSinusoidalPositionalEmbedding",
            "https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/musicgen/modeling_musicgen.py", "more-libraries.md#musicgen", variant_musicgen, "transformers"),
    Variant("pegasus_x", "PegasusX", "library", "huggingface/transformers, PegasusXSinusoidalPositionalEmbedding",
            "https://github.com/huggingface/transformers/blob/v5.23.0/src/transformers/models/pegasus_x/modeling_pegasus_x.py", "more-libraries.md#pegasusx", variant_pegasus_x, "transformers"),
    Variant("trax", "trax (trainable)", "library", "google/trax, PositionalEncoding",
            "https://github.com/google/trax/blob/044c10b4cc6a82b0abd3bc771d17844248bbb4cf/trax/layers/attention.py",
            "more-libraries.md#trax", variant_trax),
    Variant("opennmt", "OpenNMT-py", "library", "OpenNMT/OpenNMT-py, PositionalEncoding",
            "https://github.com/OpenNMT/OpenNMT-py/blob/0f2852c1849d7f70d4445161ba6f0aea4abfc0af/onmt/modules/embeddings.py",
            "more-libraries.md#opennmt-py", variant_opennmt),
    Variant("keras_hub", "keras-hub", "library", "keras-team/keras-hub, SinePositionEncoding",
            "https://github.com/keras-team/keras-hub/blob/0e1444fdfbc088d2e736a43927f4719a30becd19/keras_hub/src/layers/modeling/sine_position_encoding.py",
            "more-libraries.md#keras-hub", variant_keras_hub),
    Variant("guided_diffusion", "guided-diffusion", "library", "openai/guided-diffusion, timestep_embedding",
            "https://github.com/openai/guided-diffusion/blob/aca3097a89fab9c9962b22224d5f48950eb57e29/guided_diffusion/nn.py",
            "more-libraries.md#guided-diffusion", variant_guided_diffusion),
    Variant("tf_models_relative", "tensorflow/models relative", "library",
            "tensorflow/models, RelativePositionEmbedding",
            "https://github.com/tensorflow/models/blob/00b830c7ca641413f37e5147cf059c89f79b0e8e/official/nlp/modeling/layers/position_embedding.py",
            "more-libraries.md#tensorflowmodels-relativepositionembedding", variant_tf_models_relative),
]
# --8<-- [end:registry]

BY_KEY = {v.key: v for v in [REFERENCE, *VARIANTS]}


# --8<-- [start:permutations]
def interleaved_to_split(d_model: int) -> list[int]:
    """Column order that turns the paper's table into [sin | cos]: split = reference[:, perm]."""
    return list(range(0, d_model, 2)) + list(range(1, d_model, 2))


def interleaved_to_flipped(d_model: int) -> list[int]:
    """Column order that turns the paper's table into [cos | sin]: flipped = reference[:, perm] (even d_model)."""
    return list(range(1, d_model, 2)) + list(range(0, d_model, 2))


def inverse(perm: list[int]) -> list[int]:
    """The permutation that undoes `perm`: table[:, perm][:, inverse(perm)] == table."""
    inv = [0] * len(perm)
    for new, old in enumerate(perm):
        inv[old] = new
    return inv
# --8<-- [end:permutations]


# --8<-- [start:probes]
def amplitude(table: torch.Tensor) -> float:
    """The largest |value| of a table: 1 for the paper's, 1/sqrt(d) for a table divided by sqrt(d) (NeMo's).

    Any row at or near position 0 holds cos(0) = 1 times the amplitude in every cosine column.
    """
    return float(table.double().abs().max())


def unit_amplitude(table: torch.Tensor) -> torch.Tensor:
    """The table divided by its amplitude when that is not 1 (beyond rounding), so the probes see unit sinusoids."""
    scale = amplitude(table)
    return table if abs(scale - 1) < 1e-3 or scale == 0 else table / scale


def column_permutation(table: torch.Tensor, target: torch.Tensor, tol: float = 1e-4) -> list[int] | None:
    """perm with table[:, j] == target[:, perm[j]] for every column j (within tol), or None if there is none.

    A table with another amplitude is compared after dividing by it (see `unit_amplitude`).
    """
    if table.shape != target.shape:
        return None
    a, b = unit_amplitude(table).double().T, target.double().T  # one row per column
    distance = torch.cdist(a, b, p=float("inf"))  # max |difference| between every pair of columns
    perm = distance.argmin(dim=1)
    matched = distance[torch.arange(len(perm)), perm] <= tol
    if not bool(matched.all()) or len(set(perm.tolist())) != len(perm):
        return None
    return perm.tolist()


@dataclass(frozen=True)
class Sinusoid:
    """A pair of columns that hold sin and cos of one angle omega * (position + offset)."""

    sin_column: int
    cos_column: int
    omega: float
    phase: float  # the fitted angle at row 0


def _unwrap(theta: torch.Tensor) -> torch.Tensor:
    step = torch.diff(theta)
    step = step - 2 * math.pi * torch.round(step / (2 * math.pi))
    return torch.cat([theta[:1], theta[:1] + torch.cumsum(step, 0)])


def sinusoids_in(table: torch.Tensor, tol: float = 1e-4) -> list[Sinusoid]:
    """Find the sin/cos column pairs of a table (sin^2 + cos^2 = 1 on every row) and fit each one's frequency.

    Works for any layout: interleaved, split, flipped. The angle atan2(sin, cos) is unwrapped along the rows and a
    straight line is fitted to it: its slope is omega, its value at row 0 the phase. Columns without a partner
    (a zero column, a lone sine) are left out. A table of another amplitude is divided by it first.
    """
    x = unit_amplitude(table).double()
    squares = (x**2).T  # [d, seq_len]
    distance = torch.cdist(squares, 1 - squares, p=float("inf"))
    distance.fill_diagonal_(float("inf"))
    partner = distance.argmin(dim=1).tolist()
    rows = torch.arange(x.shape[0], dtype=torch.float64)
    found = []
    for a, b in enumerate(partner):
        if a >= b or partner[b] != a or distance[a, b] > tol:
            continue
        theta = _unwrap(torch.atan2(x[:, a], x[:, b]))
        if theta[-1] < theta[0]:  # a is the cosine: atan2(cos, sin) runs backwards
            a, b = b, a
            theta = _unwrap(torch.atan2(x[:, a], x[:, b]))
        slope = float(((rows - rows.mean()) * (theta - theta.mean())).sum() / ((rows - rows.mean()) ** 2).sum())
        found.append(Sinusoid(a, b, slope, float(theta.mean() - slope * rows.mean())))
    return sorted(found, key=lambda s: -s.omega)


def layout(pairs: list[Sinusoid], d_model: int) -> str:
    """Name the column layout from where the sines and cosines sit, highest frequency first."""
    half = d_model // 2
    if len(pairs) != half:
        return f"{len(pairs)} pairs for d_model = {d_model}"
    columns = [(p.sin_column, p.cos_column) for p in pairs]
    if columns == [(2 * i, 2 * i + 1) for i in range(half)]:
        return "interleaved"
    if columns == [(i, half + i) for i in range(half)]:
        return "[sin | cos]"
    if columns == [(half + i, i) for i in range(half)]:
        return "[cos | sin]"
    return "other: " + ", ".join(f"({s},{c})" for s, c in columns)


def first_position(pairs: list[Sinusoid]) -> int:
    """The position row 0 encodes: phase / omega of the pair whose omega is nearest 0.05 (no 2 pi ambiguity)."""
    pair = min(pairs, key=lambda p: abs(math.log(p.omega / 0.05)))
    return round(pair.phase / pair.omega)


def frequency_ratio(table: torch.Tensor, target: torch.Tensor) -> float:
    """Largest omega_target / omega_table over the pairs sorted by frequency (1.0: the same frequencies)."""
    mine, theirs = sinusoids_in(table), sinusoids_in(target)
    if len(mine) != len(theirs):
        raise ValueError(f"tables hold {len(mine)} and {len(theirs)} sinusoids; frequencies cannot be paired")
    return max(t.omega / m.omega for m, t in zip(mine, theirs))


def odd_width_behaviour(variant: Variant, d_model: int = 7, seq_len: int = 16) -> str:
    """Run the variant at an odd width and classify what happens."""
    try:
        table = variant.build(seq_len, d_model)
    except Exception as error:  # the point is to see which exception it is
        return f"crash ({type(error).__name__})"
    if table.shape[-1] != d_model:
        return f"wrong width ({table.shape[-1]} columns)"
    zero = [j for j in range(d_model) if bool((table[:, j] == 0).all())]
    if zero:
        return f"zero column ({', '.join(map(str, zero))})"
    perm = column_permutation(table, positional_encoding(seq_len, d_model))
    if perm is None:
        return "wrong values"
    return "correct" if perm == list(range(d_model)) else "correct (permuted)"


class TrigCalls(TorchFunctionMode):
    """Record the dtype of every tensor passed to sin or cos while the mode is active."""

    TRIG = {torch.sin, torch.cos, torch.Tensor.sin, torch.Tensor.cos}

    def __init__(self) -> None:
        super().__init__()
        self.dtypes: list[torch.dtype] = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func in self.TRIG:
            self.dtypes.append(args[0].dtype)
        return func(*args, **(kwargs or {}))


def trig_profile(variant: Variant, seq_len: int = 8, d_model: int = 6) -> tuple[str, str]:
    """(dtype of the angles given to sin/cos, when they are computed), observed over construction and two calls."""
    x = torch.zeros(3, seq_len, d_model)
    with TrigCalls() as at_build:
        made = variant.make(seq_len, d_model)
    with TrigCalls() as at_call:
        variant.call(made, x)
        variant.call(made, x)
    dtypes = sorted({str(t).removeprefix("torch.") for t in at_build.dtypes + at_call.dtypes})
    if at_call.dtypes:
        when = "every call" if made is None else "every forward"
    else:
        when = "once, at construction"
    return ", ".join(dtypes), when


def output_convention(variant: Variant, batch: int = 3, seq_len: int = 5, d_model: int = 6) -> str:
    """The shape of what the variant returns, in words, and whether it adds the input or returns the table alone."""
    made = variant.make(seq_len, d_model)
    zeros = variant.call(made, torch.zeros(batch, seq_len, d_model))
    ones = variant.call(made, torch.ones(batch, seq_len, d_model))
    names = {batch: "batch", seq_len: "seq", d_model: "d", 1: "1"}
    shape = "[" + ", ".join(names.get(n, str(n)) for n in zeros.shape) + "]"
    if ones.shape != zeros.shape or bool(torch.allclose(ones, zeros)):
        return f"{shape}, PE only"
    factor = ones - zeros  # what one unit of x becomes: 1 when x is added as it is
    for value, name in ((1.0, "x"), (math.sqrt(d_model), "√d·x")):
        if bool(torch.allclose(factor, torch.full((), value))):
            return f"{shape}, {name} + PE"
    return f"{shape}, other: {float(factor.mean()):.3g}·x + PE"


def storage(variant: Variant, seq_len: int = 8, d_model: int = 6) -> dict[str, list[str]]:
    """Where a built module keeps its table: state_dict entries, non-persistent buffers, plain tensor attributes,
    and which tensors stay behind when the module is moved with .to() (to the "meta" device here)."""
    made = variant.make(seq_len, d_model)
    if made is None:
        return {"function": ["yes"]}
    saved = [k for k, v in made.state_dict().items() if v.numel() >= seq_len * d_model]
    buffers = [n for n, _ in made.named_buffers() if n not in made.state_dict()]
    plain = [k for k, v in vars(made).items() if isinstance(v, torch.Tensor)]
    made.to("meta")
    left = [k for k, v in vars(made).items() if isinstance(v, torch.Tensor) and v.device.type != "meta"]
    return {"state_dict": saved, "non_persistent": buffers, "plain": plain, "left_behind": left}


def describe_storage(found: dict[str, list[str]]) -> str:
    if "function" in found:
        return "nothing kept: a function"
    parts = []
    if found["state_dict"]:
        parts.append("in state_dict: " + ", ".join(f"`{k}`" for k in found["state_dict"]))
    if found["non_persistent"]:
        parts.append("not saved: non-persistent buffer " + ", ".join(f"`{k}`" for k in found["non_persistent"]))
    if found["plain"]:
        parts.append("plain attribute " + ", ".join(f"`{k}`" for k in found["plain"]) + " (.to() leaves it behind)")
    return "; ".join(parts) or "nothing kept: rebuilt by forward"
# --8<-- [end:probes]


# --8<-- [start:observe]
def observe(variant: Variant) -> dict[str, object]:
    """Every cell of the comparison table for one variant, each measured by running it."""
    ref = positional_encoding(64, 64, dtype=torch.float64)
    table = variant.build(64, 64)
    pairs = sinusoids_in(variant.build(256, 8))
    ratio = {d: frequency_ratio(variant.build(128, d), positional_encoding(128, d)) for d in (64, 512)}
    perm8 = column_permutation(variant.build(64, 8), positional_encoding(64, 8))
    perm64 = column_permutation(table, ref)
    dtype, when = trig_profile(variant)
    return {
        "amplitude_d64": amplitude(table),
        "layout": layout(pairs, 8),
        "first_position": first_position(pairs),
        "max_abs_diff": float((table.double() - ref).abs().max()),
        "permutation_d8": perm8,
        "max_abs_diff_permuted": None if perm64 is None
        else float((unit_amplitude(table).double() - ref[:, perm64]).abs().max()),
        "frequency_ratio_d64": ratio[64],
        "frequency_ratio_d512": ratio[512],
        "odd_d7": odd_width_behaviour(variant),
        "output": output_convention(variant),
        "storage": storage(variant),
        "angle_dtype": dtype,
        "computed": when,
    }
# --8<-- [end:observe]
