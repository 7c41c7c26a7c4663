"""Decode step by step with the reference module: with offset = the cache length, the rows equal the full sequence's."""

from pelib import docenv
import torch
from reference import PositionalEncoding

torch.manual_seed(0)

# --8<-- [start:steps]
layer = PositionalEncoding(d_model=16, max_len=64).eval()
x = torch.randn(2, 10, 16)  # 2 sequences of 10 tokens
full = layer(x)  # all at once: rows 0..9

rows = [layer(x[:, :4])]  # a prompt: rows 0..3
for t in range(4, 10):  # then one token at a time
    new = x[:, t : t + 1]
    rows.append(layer(new, offset=t))  # t tokens cached
cached = torch.cat(rows, dim=1)

forgot = [layer(x[:, :4])] + [layer(x[:, t : t + 1]) for t in range(4, 10)]
forgot = torch.cat(forgot, dim=1)
print("with offset, equal to full:   ", torch.equal(cached, full))
print("offset left 0, equal to full: ", torch.equal(forgot, full))
# --8<-- [end:steps]

wrong = (forgot - full).abs().amax(dim=(0, 2))  # largest error at each position
first_wrong = int(torch.nonzero(wrong > 0)[0])
print(f"left 0, positions {first_wrong}..9 get row 0:")
print(f"  largest error {wrong.max().item():.2f}")

docenv.save_values({
    "prompt": "4",
    "first_wrong": f"{first_wrong}",
    "largest_error": f"{wrong.max().item():.2f}",
})
