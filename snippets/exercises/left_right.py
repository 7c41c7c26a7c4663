"""Exercise: the dot product of two encodings cannot tell a position k to the left from one k to the right."""

from pelib import docenv
import torch
from reference import positional_encoding

# --8<-- [start:solution]
pe = positional_encoding(200, 64, dtype=torch.float64)
p = 100
print(" k | PE(p).PE(p+k) | PE(p).PE(p-k) | |PE(p+k) - PE(p-k)|")
for k in (1, 2, 5, 20):
    right, left = pe[p] @ pe[p + k], pe[p] @ pe[p - k]
    print(f"{k:2d} | {right:13.6f} | {left:13.6f} | {(pe[p + k] - pe[p - k]).norm():.4f}")
# --8<-- [end:solution]
