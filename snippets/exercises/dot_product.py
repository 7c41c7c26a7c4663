"""Exercise: use M_k to show PE(p) . PE(p + k) = sum_i cos(w_i k), the same for every position p."""

from pelib import docenv
import torch
from reference import frequencies, positional_encoding

# --8<-- [start:solution]
d, k = 64, 10
pe = positional_encoding(1000 + k, d, dtype=torch.float64)
dots = (pe[:1000] * pe[k:]).sum(dim=1)  # PE(p) . PE(p + k) for p = 0 .. 999
predicted = torch.cos(frequencies(d) * k).sum()
print(f"sum_i cos(w_i * {k}) = {predicted:.6f}")
print(f"PE(p).PE(p+{k}) over p = 0..999: min {dots.min():.6f}, max {dots.max():.6f}")
# --8<-- [end:solution]
docenv.save_values({"value": f"{predicted:.4f}"})
