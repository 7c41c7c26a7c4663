"""A tiny transformer whose position handling is one switch, and a deterministic loop that trains it on a task.

Readable rather than fast: CPU, one thread, fixed seeds, torch's deterministic algorithms, float64 by default (so
that the rounding differences between CPU kernels stay far below what the experiments print). The same code runs
on a GPU with `Config(device="cuda")`.

The position switch (`Config.position`):

- "none": no position information and no mask: the model sees a bag of tokens.
- "none_causal": no position vectors, but a causal mask (each position sees itself and the ones before it).
- "learned": a learned absolute table (one trained row per position seen in training; rows beyond stay at init).
- "sin_add": the sinusoidal table added to the token embeddings, which are scaled by sqrt(d) as in the paper.
- "sin_concat": the sinusoidal table (width d_pos) concatenated to token embeddings of width d_model - d_pos.
- "rope": rotary embeddings: queries and keys rotated pairwise by the angles of the sinusoidal table.
- "alibi": no position vectors; each head subtracts slope * distance from its attention scores.

The mask is causal for every encoding but "none", unless `Config.causal` says otherwise.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import torch
from torch import nn

from pelib import tasks
from reference import positional_encoding

POSITIONS = ("none", "none_causal", "learned", "sin_add", "sin_concat", "rope", "alibi")


@dataclass(frozen=True)
class Config:
    """Everything a run depends on; two runs with equal configs give bit-identical models on one machine."""

    position: str = "sin_add"
    causal: bool | None = None  # None: causal for every position but "none"
    task: str = "k_back"
    k: int = 3  # the offset of the k_back task
    vocab: int = 16
    d_model: int = 32
    d_pos: int | None = None  # width of the concatenated table ("sin_concat" only); None: d_model // 2
    n_layers: int = 2
    n_heads: int = 2
    d_ff: int = 64
    min_len: int = 8  # training lengths are drawn uniformly from min_len .. max_len, one length per batch
    max_len: int = 16
    max_positions: int = 128  # the longest sequence the model can be evaluated on
    steps: int = 600
    batch: int = 32
    lr: float = 3e-3
    warmup: int = 50
    seed: int = 0
    dtype: str = "float64"
    device: str = "cpu"

    def __post_init__(self) -> None:
        if self.position not in POSITIONS:
            raise ValueError(f"position must be one of {POSITIONS}, got {self.position!r}")
        if self.position in ("none", "none_causal") and self.causal is not None and self.causal != (self.position == "none_causal"):
            raise ValueError(f"position {self.position!r} fixes the mask; leave causal=None, got causal={self.causal}")
        if self.d_model % (2 * self.n_heads):
            raise ValueError(f"d_model must be a multiple of 2 * n_heads = {2 * self.n_heads}, got {self.d_model}")
        if self.position == "sin_concat" and not 2 <= self.pos_width < self.d_model:
            raise ValueError(f"d_pos must be from 2 to d_model - 1 = {self.d_model - 1}, got {self.pos_width}")
        if not 1 <= self.min_len <= self.max_len <= self.max_positions:
            raise ValueError(
                f"need 1 <= min_len <= max_len <= max_positions, got {self.min_len}, {self.max_len}, {self.max_positions}"
            )
        tasks.check_task(self.task, self.min_len, self.k)
        if self.dtype not in ("float32", "float64"):
            raise ValueError(f"dtype must be 'float32' or 'float64', got {self.dtype!r}")

    @property
    def is_causal(self) -> bool:
        if self.position in ("none", "none_causal"):
            return self.position == "none_causal"
        return True if self.causal is None else self.causal

    @property
    def pos_width(self) -> int:
        """Width of the concatenated sinusoidal table (sin_concat)."""
        return self.d_model // 2 if self.d_pos is None else self.d_pos

    def replace(self, **changes) -> Config:
        return dataclasses.replace(self, **changes)


# --8<-- [start:attention]
def alibi_slopes(n_heads: int) -> torch.Tensor:
    """ALiBi's head slopes 2^(-8/H), 2^(-16/H), ..., 2^(-8) (Press et al., 2022, section 3)."""
    return torch.tensor([2.0 ** (-8.0 * (h + 1) / n_heads) for h in range(n_heads)], dtype=torch.float64)


def rotate_pairs(x: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
    """RoPE: rotate each pair (x[2i], x[2i+1]) at position p by the angle p * w_i of the sinusoidal `table`.

    x is [..., T, d_head]; table is positional_encoding(T, d_head): sin(p w_i) in column 2i, cos(p w_i) in 2i+1.
    """
    sin, cos = table[:, 0::2], table[:, 1::2]
    even, odd = x[..., 0::2], x[..., 1::2]
    return torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1).flatten(-2)


class Attention(nn.Module):
    """Multi-head self-attention with the position handling of the attention scores (RoPE, ALiBi, the mask)."""

    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg, self.h, self.dh = cfg, cfg.n_heads, cfg.d_model // cfg.n_heads
        self.q, self.k, self.v, self.o = (nn.Linear(cfg.d_model, cfg.d_model, bias=False) for _ in range(4))

    def scores(self, x: torch.Tensor) -> torch.Tensor:
        """Attention logits [batch, heads, query, key], masked with -inf where a query may not look."""
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.dh).transpose(1, 2)  # [b, h, t, dh]
        k = self.k(x).view(b, t, self.h, self.dh).transpose(1, 2)
        if self.cfg.position == "rope":
            table = positional_encoding(t, self.dh, dtype=x.dtype).to(x.device)
            q, k = rotate_pairs(q, table), rotate_pairs(k, table)
        s = q @ k.transpose(-1, -2) / math.sqrt(self.dh)
        pos = torch.arange(t, device=x.device)
        distance = pos[:, None] - pos[None, :]  # query - key
        if self.cfg.position == "alibi":
            slopes = alibi_slopes(self.h).to(device=x.device, dtype=x.dtype)
            s = s - slopes[:, None, None] * distance.abs().to(x.dtype)
        if self.cfg.is_causal:
            s = s.masked_fill(distance < 0, float("-inf"))
        return s

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, _ = x.shape
        v = self.v(x).view(b, t, self.h, self.dh).transpose(1, 2)
        mixed = self.scores(x).softmax(dim=-1) @ v  # [b, h, t, dh]
        return self.o(mixed.transpose(1, 2).reshape(b, t, -1))
# --8<-- [end:attention]


class Block(nn.Module):
    """A post-norm layer as in the paper: x = LN(x + attention(x)); x = LN(x + FFN(x))."""

    def __init__(self, cfg: Config):
        super().__init__()
        self.attn = Attention(cfg)
        self.ff = nn.Sequential(nn.Linear(cfg.d_model, cfg.d_ff), nn.ReLU(), nn.Linear(cfg.d_ff, cfg.d_model))
        self.norm1, self.norm2 = nn.LayerNorm(cfg.d_model), nn.LayerNorm(cfg.d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.norm1(x + self.attn(x))
        return self.norm2(x + self.ff(x))


# --8<-- [start:embed]
class TinyTransformer(nn.Module):
    """Token embedding, position handling, `n_layers` post-norm layers, and a linear read-out per position."""

    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        d_tok = cfg.d_model - cfg.pos_width if cfg.position == "sin_concat" else cfg.d_model
        self.embed = nn.Embedding(cfg.vocab, d_tok)
        nn.init.normal_(self.embed.weight, std=d_tok**-0.5)  # times sqrt(d_tok) below: entries of size 1
        self.scale = math.sqrt(d_tok)
        if cfg.position == "learned":  # as large as the sinusoids it replaces (their RMS is 1/sqrt(2))
            self.table = nn.Parameter(torch.randn(cfg.max_positions, cfg.d_model) * 2**-0.5)
        elif cfg.position in ("sin_add", "sin_concat"):
            width = cfg.d_model if cfg.position == "sin_add" else cfg.pos_width
            self.register_buffer("table", positional_encoding(cfg.max_positions, width), persistent=False)
        self.layers = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layers))
        self.out = nn.Linear(cfg.d_model, cfg.vocab)

    def embed_positions(self, x: torch.Tensor) -> torch.Tensor:
        """The layers' input [batch, T, d_model]: token embeddings with the position vectors, if any."""
        t = x.shape[1]
        if t > self.cfg.max_positions:
            raise ValueError(f"sequence length must be at most max_positions = {self.cfg.max_positions}, got {t}")
        e = self.embed(x) * self.scale
        if self.cfg.position in ("learned", "sin_add"):
            return e + self.table[:t]
        if self.cfg.position == "sin_concat":
            return torch.cat((e, self.table[:t].expand(x.shape[0], t, -1)), dim=-1)
        return e  # none, none_causal, rope, alibi: position enters in the attention scores, or not at all
    # --8<-- [end:embed]

    def forward(self, x: torch.Tensor, hidden: list | None = None) -> torch.Tensor:
        """Logits [batch, T, vocab]; when `hidden` is a list, the input of every layer and the last output go in it."""
        h = self.embed_positions(x)
        for layer in self.layers:
            if hidden is not None:
                hidden.append(h.detach())
            h = layer(h)
        if hidden is not None:
            hidden.append(h.detach())
        return self.out(h)


def set_deterministic(seed: int) -> None:
    """One thread, deterministic kernels, and every random generator torch uses seeded with `seed`."""
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(seed)


def build(cfg: Config) -> TinyTransformer:
    """The model of `cfg`, initialised from `cfg.seed` (before any training)."""
    set_deterministic(cfg.seed)
    return TinyTransformer(cfg).to(device=cfg.device, dtype=getattr(torch, cfg.dtype))


# --8<-- [start:train]
def train(cfg: Config) -> TinyTransformer:
    """Train a fresh model on `cfg.task` for `cfg.steps` Adam steps, each on a batch of one random length."""
    model = build(cfg)
    data = torch.Generator().manual_seed(cfg.seed)  # the training data: same seed, same batches
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    warmup = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / cfg.warmup))
    model.train()
    for _ in range(cfg.steps):
        length = int(torch.randint(cfg.min_len, cfg.max_len + 1, (), generator=data))
        x, y = tasks.batch(cfg.task, cfg.batch, length, cfg.vocab, data, cfg.k)
        logits = model(x.to(cfg.device))
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), y.flatten().to(cfg.device), ignore_index=tasks.IGNORE)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        warmup.step()
    model.eval()
    return model
# --8<-- [end:train]


def eval_batch(cfg: Config, length: int, count: int = 64, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """A fixed evaluation batch: `count` sequences of `length` from their own seed (never a training batch)."""
    generator = torch.Generator().manual_seed(1_000_003 * (seed + 1) + length)
    return tasks.batch(cfg.task, count, length, cfg.vocab, generator, cfg.k)


@torch.no_grad()
def correct(model: TinyTransformer, x: torch.Tensor, y: torch.Tensor) -> tuple[int, int]:
    """(tokens predicted exactly, tokens with an answer): an exact count, stable across CPU kernels."""
    prediction = model(x.to(model.cfg.device)).argmax(-1).cpu()
    answered = y != tasks.IGNORE
    return int((prediction.eq(y) & answered).sum()), int(answered.sum())


@torch.no_grad()
def correct_by_position(model: TinyTransformer, x: torch.Tensor, y: torch.Tensor) -> list[int]:
    """For each position, how many of the sequences in x have their answer there predicted exactly."""
    prediction = model(x.to(model.cfg.device)).argmax(-1).cpu()
    return (prediction.eq(y) & (y != tasks.IGNORE)).sum(0).tolist()


@torch.no_grad()
def loss(model: TinyTransformer, x: torch.Tensor, y: torch.Tensor) -> float:
    """Mean cross-entropy over the tokens with an answer: what the learning-rate grid compares."""
    logits = model(x.to(model.cfg.device)).cpu()
    return float(nn.functional.cross_entropy(logits.flatten(0, 1), y.flatten(), ignore_index=tasks.IGNORE))


def accuracy(model: TinyTransformer, length: int, count: int = 64, seed: int = 0) -> float:
    """Fraction of answered tokens predicted exactly on the evaluation batch of `length`."""
    right, total = correct(model, *eval_batch(model.cfg, length, count, seed))
    return right / total
