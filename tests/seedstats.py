"""Comparison words between two groups of seed results, decided on the seeds (issue 37, stage B).

A sentence of an evidence page that compares two settings ("RoPE keeps more than the learned table") is a claim
about two small groups of seeds. The word it uses is read from the sentence and decided here:

- an order word (more, less, higher, lower, better, worse, above, below, ...) needs the two groups told apart:
  the exact two-sided Mann-Whitney p is at most ALPHA, and either their ranges do not overlap (5 seeds against 5
  with disjoint ranges is U = 0, p = 2/252, about 0.008) or a bootstrap interval of the difference of the means
  excludes 0. The bootstrap alone is not enough: resampling 5 seeds never leaves their range, so its interval is
  too narrow (RoPE against the causal mask alone on the local task: the bootstrap excludes 0, p = 0.056);
- where they cannot be told apart, only a tie word is allowed ("cannot tell apart", "overlap", "near", ...), and an
  order word is refused;
- "every seed" (or "each seed") needs at least MIN_SEEDS seeds.

A group may be a single number (a fixed level such as chance): it is told apart from a group of seeds when every
seed is on one side of it. A check in a ledger calls `holds(LEDGER.text(id), anchor, a, b)`, so flipping the
sentence's word (more to less, above to near) turns the check red.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import statistics
from collections.abc import Callable, Sequence

ALPHA = 0.05  # the largest two-sided p for which disjoint ranges tell two groups apart
MIN_SEEDS = 5  # "every seed" needs at least this many seeds
BOOTSTRAP_DRAWS, BOOTSTRAP_LEVEL, BOOTSTRAP_SEED = 10_000, 0.95, 0

UP = ("more than", "more", "higher", "better", "above", "larger", "greater", "exceeds", "beats", "twice")
DOWN = ("less than", "less", "lower", "worse", "below", "smaller", "fewer", "under")
TIE = ("cannot tell apart", "cannot be told apart", "can not tell apart", "indistinguishable", "overlap", "overlaps",
       "near", "as high as", "tie", "ties", "alike", "level with")
WORDS = {**{w: 1 for w in UP}, **{w: -1 for w in DOWN}, **{w: 0 for w in TIE}}

Group = Sequence[float] | float


def as_list(group: Group) -> list[float]:
    return [float(group)] if isinstance(group, (int, float)) else [float(v) for v in group]


def mann_whitney_u(a: Sequence[float], b: Sequence[float]) -> float:
    """U of `a` against `b`: the pairs (x in a, y in b) with x > y, a tie counting one half."""
    return sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)


def mann_whitney_p(a: Sequence[float], b: Sequence[float]) -> float:
    """The exact two-sided p of Mann-Whitney's U: the share of all splits of the pooled values into groups of the
    two sizes whose U is at least as far from its mean n*m/2 as the observed one (ties kept as they are)."""
    a, b = list(a), list(b)
    n, m = len(a), len(b)
    if not n or not m:
        raise ValueError(f"both groups need values, got {n} and {m}")
    if math.comb(n + m, n) > 200_000:
        raise ValueError(f"{n} against {m} values: too many splits to count exactly")
    pooled, centre = a + b, n * m / 2
    observed = abs(mann_whitney_u(a, b) - centre)
    count = total = 0
    for chosen in itertools.combinations(range(n + m), n):
        picked = set(chosen)
        x = [pooled[i] for i in chosen]
        y = [pooled[i] for i in range(n + m) if i not in picked]
        total += 1
        count += abs(mann_whitney_u(x, y) - centre) >= observed - 1e-12
    return count / total


def bootstrap_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """A percentile bootstrap interval (BOOTSTRAP_LEVEL) of mean(a) - mean(b), each group resampled with
    replacement, from a fixed seed (the same interval every run)."""
    rng = random.Random(BOOTSTRAP_SEED)
    diffs = sorted(statistics.fmean(rng.choices(a, k=len(a))) - statistics.fmean(rng.choices(b, k=len(b)))
                   for _ in range(BOOTSTRAP_DRAWS))
    tail = (1 - BOOTSTRAP_LEVEL) / 2
    return diffs[int(tail * BOOTSTRAP_DRAWS)], diffs[int((1 - tail) * BOOTSTRAP_DRAWS) - 1]


def order(a: Group, b: Group) -> int:
    """+1 if group `a` is told apart above `b`, -1 if below, 0 if the seeds cannot tell them apart."""
    a, b = as_list(a), as_list(b)
    if len(a) == 1 or len(b) == 1:  # a fixed level: every seed on one side of it
        return 1 if min(a) > max(b) else -1 if max(a) < min(b) else 0
    if mann_whitney_p(a, b) > ALPHA:
        return 0
    disjoint = 1 if min(a) > max(b) else -1 if max(a) < min(b) else 0
    if disjoint:
        return disjoint
    low, high = bootstrap_interval(a, b)
    return 1 if low > 0 else -1 if high < 0 else 0


def comparison_word(text: str, anchor: str = "") -> str:
    """The first comparison word or phrase of WORDS in `text` after `anchor` (the whole text when empty); the
    longest phrase wins where several start at one place."""
    start = text.find(anchor) if anchor else 0
    if start < 0:
        raise LookupError(f"the anchor {anchor!r} is not in the sentence: {text!r}")
    rest = text[start + len(anchor):].lower()
    best: tuple[int, int, str] | None = None
    for word in WORDS:
        found = re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", rest)
        if found and (best is None or (found.start(), -len(word)) < (best[0], best[1])):
            best = (found.start(), -len(word), word)
    if best is None:
        raise LookupError(f"no comparison word after {anchor!r} in: {text!r}")
    return best[2]


def allowed(word: str, a: Group, b: Group) -> bool:
    """Whether `word` may compare `a` with `b` ("a is <word> b"): an order word needs the seeds to tell them apart
    in its direction; a tie word needs them not to."""
    if word not in WORDS:
        raise KeyError(f"{word!r} is not a comparison word this module decides: {sorted(WORDS)}")
    return order(a, b) == WORDS[word]


def holds(text: str, anchor: str, a: Group, b: Group) -> bool:
    """The comparison word after `anchor` in the sentence `text`, decided on the seeds of `a` against `b`."""
    return allowed(comparison_word(text, anchor), a, b)


def every_seed(values: Sequence[float], predicate: Callable[[float], bool]) -> bool:
    """"every seed ..." / "each seed ...": at least MIN_SEEDS seeds, and the predicate true of each."""
    return len(values) >= MIN_SEEDS and all(predicate(v) for v in values)


def disjoint_p(seeds: int) -> float:
    """The exact two-sided p of two groups of `seeds` seeds whose ranges do not overlap (U = 0)."""
    return 2 / math.comb(2 * seeds, seeds)
