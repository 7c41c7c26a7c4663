"""The few numbers the FAQ quotes: wavelengths for d_model = 512 and where the dot product first stops decaying."""

import _docenv
import math

import torch
from linearity_shift_matrix import frequencies

# --8<-- [start:numbers]
d = 512
omega = frequencies(d)
longest = 2 * math.pi / omega[-1].item()  # the slowest pair, i = d/2 - 1
stated = 2 * math.pi * 10000  # the upper end the paper states, never reached
k = torch.arange(0, 200, dtype=torch.float64)
similarity = torch.cos(omega[None, :] * k[:, None]).sum(dim=1)  # PE(p) . PE(p + k) for every p
first_rise = int((similarity[1:] > similarity[:-1]).nonzero()[0]) + 1  # first k with a larger value than k - 1
print(f"d_model = {d}: longest wavelength {longest:,.0f} positions; the paper's 2*pi*10000 = {stated:,.0f}")
print(f"PE(p).PE(p+k) falls from {similarity[0]:.0f} at k = 0 and first rises again at k = {first_rise}")
# --8<-- [end:numbers]
_docenv.save_values({
    "longest_512": f"{longest:,.0f}",
    "stated_512": f"{stated:,.0f}",
    "first_rise_512": str(first_rise),
})
