"""The shift-matrix experiment, pair by pair: how many of each trained head's slow pairs are off the shift matrix's
angle by more than half a radian (and the largest error), and how W's fast corner shares its norm among the pairs'
blocks, read from the saved results."""

from pelib import docenv
import math

import torch
from pelib.saved_results import load

READS = ("learned_shift_matrix.json",)
data = load("learned_shift_matrix.json")
cfg, results, expected = data["config"], data["results"], data["expected_angles"]
seeds, fast = cfg["seeds"], cfg["fast_pairs"]
STRAY = 0.5  # radians: a pair farther than this from omega_i k is counted as off


def error(angle: float, target: float) -> float:
    """The angle between two angles, in [0, pi]."""
    return abs(math.remainder(angle - target, math.tau))


off, largest, pair0, own = [], [], [], []
for seed in seeds:
    run = results[f"trained/{seed}"]
    slow = [error(a, e) for a, e in zip(run["angles"][fast:], expected[fast:])]
    off.append(sum(e > STRAY for e in slow))
    largest.append(max(slow))
    w = torch.tensor(run["w_fast"], dtype=torch.float64)  # W's fast corner, as saved (one decimal)
    block = [[float(w[2 * i:2 * i + 2, 2 * j:2 * j + 2].pow(2).sum()) for j in range(fast)] for i in range(fast)]
    pair0.append(block[0][0] / sum(map(sum, block)))
    own.extend(block[i][i] / sum(block[i]) for i in range(1, fast))
slow_pairs = len(expected) - fast
docenv.save_values({
    "slow_pairs": str(slow_pairs), "stray": f"{STRAY}",
    "slow_off_min": str(min(off)), "slow_off_max": str(max(off)),
    "slow_largest": f"{max(largest):.2f}",
    "pair0_min": f"{min(pair0):.2f}", "pair0_max": f"{max(pair0):.2f}",
    "own_max": f"{max(own):.2f}", "own_iid": f"{1 / fast:.2f}",
})
