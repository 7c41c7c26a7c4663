"""What dropout on the sum zeroes: single entries, each with probability p, not whole tokens or whole positions."""

from pelib import docenv  # noqa: F401  (the snippet's outputs go where regen says)
import torch
from reference import PositionalEncoding

torch.manual_seed(0)

# --8<-- [start:dropout]
layer = PositionalEncoding(d_model=512, max_len=128, dropout=0.1).train()
x = torch.randn(32, 128, 512)  # 32 sequences of 128 tokens
y = layer(x)
zero = y == 0
kept = (x + layer.pe[:128])[~zero] / 0.9  # the entries that survive, scaled by 1 / (1 - p)
print(f"entries zeroed: {zero.float().mean():.3f}")
print(f"{int(zero.all(dim=-1).sum())} of {32 * 128} tokens have every entry zeroed")
print(f"{int(zero.all(dim=0).sum())} of {128 * 512:,} table entries are dropped in all 32 sequences")
print(f"survivors scaled by 1/(1 - p): {torch.allclose(y[~zero], kept)}")
# --8<-- [end:dropout]
