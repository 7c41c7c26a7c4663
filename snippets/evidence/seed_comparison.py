"""What two groups of five seeds whose ranges do not overlap tell: a Mann-Whitney U of 0, and its exact two-sided
p, counted over every way of splitting ten results into two groups of five."""

from pelib import docenv
import itertools
import math

from pelib.saved_results import load

READS = ("extrapolation.json",)
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
docenv.save_values({"seeds": str(seeds), "splits": f"{len(splits)}", "p_disjoint": f"{p:.3f}"})
