"""The few numbers the FAQ quotes: wavelengths for d_model = 512 and where the dot product first stops decaying."""

from pelib import docenv
import math

import torch
from pelib.similarity import dot_by_offset, first_rise
from pelib.spectrum import wavelengths

# --8<-- [start:numbers]
d = 512
longest = wavelengths(d)[-1].item()  # the slowest pair, i = d/2 - 1
stated = 2 * math.pi * 10000  # the upper end the paper states, never reached
similarity = dot_by_offset(torch.arange(0, 200), d)  # PE(p) . PE(p + k) for every p
rise = first_rise(similarity)  # first k with a larger value than k - 1
print(f"d_model = {d}: longest wavelength {longest:,.0f} positions; the paper's 2*pi*10000 = {stated:,.0f}")
print(f"PE(p).PE(p+k) falls from {similarity[0]:.0f} at k = 0 and first rises again at k = {rise}")
# --8<-- [end:numbers]
docenv.save_values({
    "longest_512": f"{longest:,.0f}",
    "stated_512": f"{stated:,.0f}",
    "first_rise_512": str(rise),
})
