"""Two real positions with one encoding: when every pair's frequency is a rational multiple of pair 0's, the
encoding of real positions repeats, though no two integer positions ever share one."""

from pelib import docenv
import math

import torch
from reference import encode_positions

# --8<-- [start:repeat]
cases = ((2, 1), (4, 100))  # (d_model, the period in units of 2*pi): d = 2 has one pair (omega 1); d = 4 with base
# 10000 has omega 1 and 1/100, whose common period is 100 turns of pair 0
gaps = {}
for d, turns in cases:
    rows = encode_positions(torch.tensor([0.0, 2 * math.pi * turns], dtype=torch.float64), d)
    gaps[d] = float((rows[0] - rows[1]).abs().max())
# --8<-- [end:repeat]
docenv.save_values({
    "d_one_pair": "2", "period_one_pair": "2π", "gap_one_pair": docenv.bound(gaps[2], 1e-12),
    "d_two_pairs": "4", "period_two_pairs": "200π", "gap_two_pairs": docenv.bound(gaps[4], 1e-12),
})
