"""Exercise: write M_3 for d_model = 4 and use it to move PE(10) to PE(13)."""

from pelib import docenv
import torch
from pelib.shift import shift_matrix
from reference import positional_encoding

# --8<-- [start:solution]
m3 = shift_matrix(4, 3)  # blocks for w_0 = 1 and w_1 = 10000**(-2/4) = 0.01
pe = positional_encoding(14, 4, dtype=torch.float64)
print("M_3 =")
print(docenv.fmt(m3))
print("M_3 @ PE(10) =", docenv.fmt(m3 @ pe[10]))
print("PE(13)       =", docenv.fmt(pe[13]))
print(f"max difference: {docenv.bound((m3 @ pe[10] - pe[13]).abs().max(), 1e-15)}")
# --8<-- [end:solution]
