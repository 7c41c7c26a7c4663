"""Exercise: the shortest and longest wavelengths of the sinusoidal encoding for d_model = 64."""

from pelib import docenv
import math

from reference import frequencies


# --8<-- [start:solution]
lengths = [2 * math.pi / w for w in frequencies(64).tolist()]  # wavelength 2*pi / w_i of each pair, in positions
print(f"pairs: {len(lengths)}, last pair i = {len(lengths) - 1}, exponent 2i/d = {2 * (len(lengths) - 1)}/64")
print(f"shortest: 2*pi = {lengths[0]:.4f} positions")
print(f"longest:  2*pi * 10000**(62/64) = {lengths[-1]:,.1f} positions")
print(f"the paper's upper end 2*pi * 10000 = {2 * math.pi * 10000:,.1f} is never reached")
# --8<-- [end:solution]
docenv.save_values({"longest": f"{lengths[-1]:,.0f}"})
