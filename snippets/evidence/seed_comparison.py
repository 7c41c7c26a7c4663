"""What two groups of five seeds whose ranges do not overlap tell: a Mann-Whitney U of 0, and its exact two-sided
p, counted over every way of splitting ten results into two groups of five; and the seeds of the summary's
learned-or-fixed tie, to two decimals of a percent."""

from pelib import docenv
import itertools
import math

from pelib.saved_results import load

READS = ("extrapolation.json", "position_probe.json")
seeds = len(load("extrapolation.json")["config"]["seeds"])

# --8<-- [start:count]
ranks = range(2 * seeds)  # ten results, no ties: only their order matters
splits = list(itertools.combinations(ranks, seeds))  # every group of five the first setting could have got


def u(first: tuple[int, ...]) -> int:
    """Mann-Whitney's U: the pairs (x in the first group, y in the second) with x above y."""
    second = [r for r in ranks if r not in first]
    return sum(x > y for x in first for y in second)


extreme = sum(u(s) in (0, seeds * seeds) for s in splits)  # U = 0 or U = 25: ranges that do not overlap
p = extreme / len(splits)
print(f"{seeds} seeds against {seeds}: {len(splits)} splits, {extreme} with disjoint ranges; two-sided p = {p:.4f}")
# --8<-- [end:count]
assert extreme == 2 and len(splits) == math.comb(2 * seeds, seeds)

# The learned table and the added sinusoids with the causal mask, at the training length: each seed's tokens right.
probe = load("position_probe.json")
lowest = {}
for position in ("learned", "sin_add"):
    right = [probe["results"][f"{position}/True/{s}"]["tokens_right"] for s in probe["config"]["seeds"]]
    lowest[position] = min(right)
    print(f"{position}, causal: tokens right per seed " + ", ".join(f"{100 * r:.2f}%" for r in right))
docenv.save_values({"seeds": str(seeds), "splits": f"{len(splits)}", "p_disjoint": f"{p:.3f}",
                    "learned_lowest": f"{100 * lowest['learned']:.2f}%", "sin_add_lowest": f"{100 * lowest['sin_add']:.2f}%"})
