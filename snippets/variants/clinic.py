"""Minimal reproductions of real sinusoidal-encoding bugs (docs/variants/clinic.md), each judged by pecheck.

Each reproduction is written here from the upstream report's description (none is copied); the page shows the lines
that make the bug, pecheck's verdict on them (the parts clinic-<case>.txt) and the fix.
"""

from pelib import docenv
import math

import torch
from pecheck import check_module, check_table

N, D = 200, 64  # positions and width of every table below
BASE = 10000.0


def paper_angles(n: int = N, d: int = D) -> torch.Tensor:
    """[n, d/2] angles p * 10000 ** (-2i/d), in float32 as most code computes them."""
    p = torch.arange(n, dtype=torch.float32)[:, None]
    return p * torch.exp(torch.arange(0, d, 2) * (-math.log(BASE) / d))


# --8<-- [start:halves_swapped]
def ported_timestep_embedding(t: torch.Tensor, dim: int) -> torch.Tensor:
    """A port of a model trained with [cos | sin] (flip_sin_to_cos=True) that concatenates [sin | cos]."""
    half = dim // 2
    freqs = torch.exp(-math.log(BASE) * torch.arange(half) / half)
    args = t[:, None].float() * freqs
    return torch.cat([torch.sin(args), torch.cos(args)], dim=-1)  # the original: [cos, sin]
# --8<-- [end:halves_swapped]


# --8<-- [start:shift_switch]
def timestep_embedding(t: torch.Tensor, dim: int, freq_shift: float = 1) -> torch.Tensor:
    """diffusers-style: the exponent is divided by (half - freq_shift); 1 was set where 0 was meant."""
    half = dim // 2
    exponent = -math.log(BASE) * torch.arange(half) / (half - freq_shift)
    args = t[:, None].float() * torch.exp(exponent)
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
# --8<-- [end:shift_switch]


# --8<-- [start:multiplied]
def multiplied(n: int = N, d: int = D) -> torch.Tensor:
    """Multiplies the position by 10000 ** (2i/d) instead of dividing by it."""
    p = torch.arange(n, dtype=torch.float32)[:, None]
    scale = BASE ** (torch.arange(0, d, 2) / d)  # should be 1 / BASE ** (...)
    pe = torch.zeros(n, d)
    pe[:, 0::2], pe[:, 1::2] = torch.sin(p * scale), torch.cos(p * scale)
    return pe
# --8<-- [end:multiplied]


# --8<-- [start:column_exponent]
def column_exponent(n: int = N, d: int = D) -> torch.Tensor:
    """The exponent uses the column index j (j / d) where the paper uses the pair's 2 * (j // 2) / d."""
    p = torch.arange(n, dtype=torch.float32)[:, None]
    j = torch.arange(d)
    angle = p / BASE ** (j / d)  # should be 2 * (j // 2) / d
    return torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))
# --8<-- [end:column_exponent]


# --8<-- [start:odd_width]
def split_table(n: int = N, d: int = D + 1) -> torch.Tensor:
    """[sin | cos] written for even widths: with an odd d the last column is never filled."""
    half = d // 2
    p = torch.arange(n, dtype=torch.float32)[:, None]
    angle = p * torch.exp(torch.arange(0, 2 * half, 2) * (-math.log(BASE) / d))
    pe = torch.zeros(n, d)
    pe[:, :half], pe[:, half : 2 * half] = torch.sin(angle), torch.cos(angle)
    return pe
# --8<-- [end:odd_width]


# --8<-- [start:missing_slice]
class MissingSlice(torch.nn.Module):
    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        angle = paper_angles(max_len, d_model)
        pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
        self.register_buffer("pe", pe[None], persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.pe[:, x.size(1)]  # one row for every token; the fix: self.pe[:, : x.size(1)]
# --8<-- [end:missing_slice]


# --8<-- [start:sequence_first]
class SequenceFirst(torch.nn.Module):
    """Written for x of shape [seq, batch, d] (as PyTorch's tutorial); used with batch-first x."""

    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        pe = torch.zeros(max_len, 1, d_model)
        angle = paper_angles(max_len, d_model)
        pe[:, 0, 0::2], pe[:, 0, 1::2] = torch.sin(angle), torch.cos(angle)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.pe[: x.size(0)]  # batch-first x: x.size(0) is the batch
# --8<-- [end:sequence_first]


# --8<-- [start:overwritten]
class Overwritten(torch.nn.Module):
    """A sinusoidal nn.Embedding, then a model-wide init that draws every Embedding afresh."""

    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        self.table = torch.nn.Embedding(max_len, d_model)
        angle = paper_angles(max_len, d_model)
        with torch.no_grad():
            self.table.weight[:, 0::2], self.table.weight[:, 1::2] = torch.sin(angle), torch.cos(angle)
        self.apply(init_weights)  # runs after the table is filled

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.table.weight[: x.size(1)]


def init_weights(module: torch.nn.Module) -> None:
    if isinstance(module, torch.nn.Embedding):
        torch.nn.init.normal_(module.weight, std=0.02)
# --8<-- [end:overwritten]


# --8<-- [start:low_precision]
def half_arithmetic(n: int = N, d: int = D) -> torch.Tensor:
    """Angles and sines computed in float16 (the table's dtype) instead of float32, then cast."""
    p = torch.arange(n, dtype=torch.float16)[:, None]
    omega = torch.exp(torch.arange(0, d, 2) * (-math.log(BASE) / d)).half()
    pe = torch.zeros(n, d, dtype=torch.float16)
    pe[:, 0::2], pe[:, 1::2] = torch.sin(p * omega), torch.cos(p * omega)
    return pe


def stored_in_half(n: int = N, d: int = D) -> torch.Tensor:
    """The fix: compute in float32 (or float64), then store in float16."""
    angle = paper_angles(n, d)
    pe = torch.zeros(n, d)
    pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
    return pe.half()
# --8<-- [end:low_precision]


# --8<-- [start:offset_ignored]
class CachedDecoding(torch.nn.Module):
    """forward(x, offset) for incremental decoding: the offset is accepted and never used."""

    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        angle = paper_angles(max_len, d_model)
        pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x: torch.Tensor, offset: int = 0) -> torch.Tensor:
        return x + self.pe[: x.size(1)]  # the fix: self.pe[offset : offset + x.size(1)]
# --8<-- [end:offset_ignored]


# --8<-- [start:never_applied]
class NeverApplied(torch.nn.Module):
    """Builds the table, then forgets to add it."""

    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        angle = paper_angles(max_len, d_model)
        pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x  # the fix: x + self.pe[: x.size(1)]
# --8<-- [end:never_applied]


def padding_offset(n: int = N, d: int = D, padding_idx: int = 1) -> torch.Tensor:
    """Positions counted from padding_idx + 1, as fairseq and its ports do."""
    p = torch.arange(padding_idx + 1, padding_idx + 1 + n, dtype=torch.float32)[:, None]
    pe = torch.zeros(n, d)
    angle = p * torch.exp(torch.arange(0, d, 2) * (-math.log(BASE) / d))
    pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
    return pe


def base_1000(n: int = N, d: int = D) -> torch.Tensor:
    """The paper's formula with base 1000 typed for 10000."""
    p = torch.arange(n, dtype=torch.float32)[:, None]
    angle = p * torch.exp(torch.arange(0, d, 2) * (-math.log(1000.0) / d))
    pe = torch.zeros(n, d)
    pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
    return pe


# --8<-- [start:cases]
t = torch.arange(N)
CASES = {  # what pecheck is given for each reproduction: a table, or a module class judged as itself
    "halves_swapped": lambda: check_table(ported_timestep_embedding(t, D)),
    "shift_switch": lambda: check_table(timestep_embedding(t, D)),
    "multiplied": lambda: check_table(multiplied()),
    "column_exponent": lambda: check_table(column_exponent()),
    "base_1000": lambda: check_table(base_1000()),
    "odd_width": lambda: check_table(split_table()),
    "missing_slice": lambda: check_module(MissingSlice, width=D, positions=N),
    "sequence_first": lambda: check_module(SequenceFirst, width=D, positions=N),
    "padding_offset": lambda: check_table(padding_offset()),
    "overwritten": lambda: check_module(Overwritten, width=D, positions=N),
    "low_precision": lambda: check_table(half_arithmetic()),
    "stored_in_half": lambda: check_table(stored_in_half()),
    "offset_ignored": lambda: check_module(CachedDecoding, width=D, positions=N),
    "never_applied": lambda: check_module(NeverApplied, width=D, positions=N),
}
# --8<-- [end:cases]


PROBLEM_WORDS = {  # each problem code in words, as the page and the explorer show it
    "multiplied": "frequencies multiplied, not divided", "pair_mismatch": "the two columns of a pair disagree",
    "same_function": "the same function twice in a pair", "pair_phase": "a pair's columns a step apart",
    "stacked": "sines and cosines stacked by rows", "zero_row": "a zero row", "frozen_pairs": "pairs that never turn",
    "zero_column": "an empty column", "odd_column": "a wrong odd column", "repeated_rows": "one row for every position",
    "position_axis": "positions on the wrong axis", "not_sinusoidal": "not a sinusoidal table",
    "values_off": "values off", "offset_ignored": "an offset ignored", "not_applied": "the encoding never added",
    "amplitude": "a scale no convention uses", "transposed": "saved transposed", "past_max_len": "wrong past max_len",
    "raises": "the module raises", "aliased": "frequencies past pi", "not_geometric": "frequencies that do not fall",
    "first_frequency": "positions scaled", "all_zero": "all zeros", "not_finite": "NaN or infinite values",
}


def escape(text: str) -> str:
    """Text shown as Markdown: its *, _, [, ] and ` read as characters, not as emphasis, links or code."""
    return "".join("\\" + c if c in "*_[]`\\" else c for c in str(text))


def summary(verdict) -> str:
    """The verdict as the page shows it: OK or NOT OK in words, in a green or red box, then one line per field (the
    convention, what was measured, what the module returns) and one per problem, its advice in words."""
    kind = "success" if verdict.ok else "failure"
    what = verdict.convention or ("sinusoids, but of no frequency law it knows" if verdict.sinusoidal
                                  else "not a sinusoidal encoding")
    title = f"OK: a correct encoding, {what}" if verdict.ok else f"NOT OK: {what}"
    lines = [f'!!! {kind} "{title.replace(chr(34), chr(39))}"', ""]
    fields = []
    if verdict.members:
        fields.append(("same table as", ", ".join(verdict.members)))
    for key in ("layout", "base", "denominator", "first_position", "amplitude"):
        value = getattr(verdict, key)
        if value is not None:
            fields.append((key.replace("_", " "), f"{value:g}" if isinstance(value, float) else str(value)))
    if verdict.ok:
        fields.append(("the paper's own table", "yes" if verdict.paper else "no: " + "; ".join(verdict.deviations)))
    if "output" in verdict.module:
        fields.append(("the module returns", verdict.module["output"]))
    lines += [f"    - **{name}**: {escape(value)}" for name, value in fields]
    lines += [f"    - **NOT OK, {PROBLEM_WORDS.get(p.code, p.code)}** (`{p.code}`): {escape(p.message)}"
              for p in verdict.problems]
    return "\n".join(lines)


# --8<-- [start:library]
def library_tables() -> dict:
    """Tables and modules of the pinned transformers and diffusers, made as their users make them: each is right."""
    from diffusers.models.embeddings import Timesteps, get_timestep_embedding
    from transformers.models.m2m_100.modeling_m2m_100 import M2M100SinusoidalPositionalEmbedding
    from transformers.models.musicgen.modeling_musicgen import MusicgenSinusoidalPositionalEmbedding
    from transformers.models.speecht5.modeling_speecht5 import SpeechT5ScaledPositionalEncoding
    from transformers.models.whisper.modeling_whisper import sinusoids

    speecht5 = SpeechT5ScaledPositionalEncoding(0.1, D, max_len=N)  # dropout on: judged in eval mode
    return {
        "M2M100's weights, padding row 1 zeroed": lambda: check_table(M2M100SinusoidalPositionalEmbedding
                                                                      .get_embedding(N + 2, D, 1)),
        "M2M100's weights stored in float16": lambda: check_table(M2M100SinusoidalPositionalEmbedding
                                                                  .get_embedding(N + 2, D, 1).half()),
        "Whisper's sinusoids, rows from position 150,000": lambda: check_table(sinusoids(150_064, D)[150_000:]),
        "MusicGen's table": lambda: check_table(MusicgenSinusoidalPositionalEmbedding.get_embedding(N, D)),
        "diffusers' timesteps 999 down to 800": lambda: check_table(get_timestep_embedding(
            torch.arange(999, 799, -1), D, True, 0)),
        "diffusers' Timesteps module": lambda: check_module(Timesteps(D, True, 0), width=D, positions=N),
        "SpeechT5's scaled encoding, in training mode": lambda: check_module(speecht5.train(), width=D, positions=N),
    }


def beside_each_bug() -> dict:
    """Beside each bug, a real table or module of the same kind from the pinned transformers or diffusers, made as
    its users make it: each is right."""
    from diffusers.models.embeddings import SinusoidalPositionalEmbedding, get_timestep_embedding
    from transformers import MarianConfig, MarianModel
    from transformers.models.distilbert.modeling_distilbert import _create_sinusoidal_embeddings
    from transformers.models.m2m_100.modeling_m2m_100 import M2M100SinusoidalPositionalEmbedding
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding
    from transformers.models.musicgen.modeling_musicgen import MusicgenSinusoidalPositionalEmbedding
    from transformers.models.pegasus_x.modeling_pegasus_x import PegasusXSinusoidalPositionalEmbedding
    from transformers.models.speecht5.modeling_speecht5 import SpeechT5ScaledPositionalEncoding
    from transformers.models.whisper.modeling_whisper import sinusoids
    from transformers.models.xlm.modeling_xlm import create_sinusoidal_embeddings

    def filled(fill, d: int) -> torch.Tensor:  # DistilBERT's and XLM's helpers fill a tensor given to them
        out = torch.empty(N, d)
        fill(n_pos=N, dim=d, out=out)
        return out

    def marian_model() -> torch.nn.Module:  # a whole model, its weights initialised as from_config does
        config = MarianConfig(vocab_size=50, d_model=D, encoder_layers=1, decoder_layers=1, encoder_ffn_dim=32,
                              decoder_ffn_dim=32, encoder_attention_heads=2, decoder_attention_heads=2,
                              max_position_embeddings=N, pad_token_id=0, decoder_start_token_id=0)
        return MarianModel(config).encoder.embed_positions

    m2m100 = M2M100SinusoidalPositionalEmbedding.get_embedding
    return {
        "halves_swapped": ("MusicGen's [cos | sin] table", lambda: check_table(
            MusicgenSinusoidalPositionalEmbedding.get_embedding(N, D))),
        "shift_switch": ("diffusers' get_timestep_embedding with the shift at 0", lambda: check_table(
            get_timestep_embedding(t, D, flip_sin_to_cos=True, downscale_freq_shift=0))),
        "multiplied": ("Whisper's sinusoids", lambda: check_table(sinusoids(N, D))),
        "column_exponent": ("DistilBERT's table", lambda: check_table(filled(_create_sinusoidal_embeddings, D))),
        "base_1000": ("Marian's table", lambda: check_table(MarianSinusoidalPositionalEmbedding(N, D).create_weight())),
        "odd_width": (f"XLM's table at the odd width {D + 1}", lambda: check_table(
            filled(create_sinusoidal_embeddings, D + 1))),
        "low_precision": ("M2M100's weights stored in float16", lambda: check_table(m2m100(N + 2, D, 1).half())),
        "padding_offset": ("M2M100's weights, padding row 1 zeroed", lambda: check_table(m2m100(N + 2, D, 1))),
        "missing_slice": ("MusicGen's module", lambda: check_module(
            MusicgenSinusoidalPositionalEmbedding(N, D), width=D, positions=N)),
        "sequence_first": ("SpeechT5's scaled encoding, batch-first, in training mode", lambda: check_module(
            SpeechT5ScaledPositionalEncoding(0.1, D, max_len=N).train(), width=D, positions=N)),
        "overwritten": ("Marian's table in a model after its weight initialisation", lambda: check_module(
            marian_model(), width=D, positions=N)),
        "offset_ignored": ("PegasusX's module", lambda: check_module(
            PegasusXSinusoidalPositionalEmbedding(D), width=D, positions=N)),
        "never_applied": ("diffusers' SinusoidalPositionalEmbedding", lambda: check_module(
            SinusoidalPositionalEmbedding(D, N), width=D, positions=N)),
    }
# --8<-- [end:library]


def library_summary(name: str, verdict) -> str:
    """One line per library table: OK or NOT OK in words, the convention, and what the verdict measured."""
    what = [verdict.convention or "no convention"]  # a family's id, or the law written out with what differs
    if verdict.padding_rows:
        what.append(f"padding row {verdict.padding_rows[0]}")
    if verdict.precision and verdict.precision != verdict.dtype:
        what.append(f"precision {verdict.precision}")
    what.append(f"stored as {verdict.dtype}")
    word = "**OK**" if verdict.ok else "**NOT OK**"
    return f"- {word}: {escape(name)}: {escape(', '.join(what))}"



def beside_summary(name: str, verdict) -> str:
    """The library table beside a bug: a green box when OK (a red one if it ever were not), the convention, and for a
    module what it returns and whether its offset is honoured."""
    kind = "success" if verdict.ok else "failure"
    what, word = "module" if verdict.module else "table", "OK" if verdict.ok else "NOT OK"
    title = f"Beside it, a real library {what} judged {word}"
    lines = [f'!!! {kind} "{title}: {name.replace(chr(34), chr(39))}"', ""]
    lines.append(f"    - **convention**: {escape(verdict.convention or 'none')}")
    if verdict.padding_rows:
        lines.append(f"    - **padding rows**: {escape(', '.join(map(str, verdict.padding_rows)))}")
    lines.append(f"    - **stored as**: {verdict.dtype}")
    for key in ("output", "offset", "mode"):
        if verdict.module.get(key):
            lines.append(f"    - **{key}**: {escape(verdict.module[key])}")
    lines += [f"    - **NOT OK** (`{p.code}`): {escape(p.message)}" for p in verdict.problems]
    return "\n".join(lines)

if __name__ == "__main__":
    torch.manual_seed(0)  # the overwritten table's fresh draw
    for name, judge in CASES.items():
        with docenv.output_part(name):
            print(summary(judge()))
        print()
    for case, (name, judge) in beside_each_bug().items():
        with docenv.output_part(f"{case}_beside"):
            print(beside_summary(name, judge()))
        print()
    with docenv.output_part("library"):
        for name, judge in library_tables().items():
            print(library_summary(name, judge()))
