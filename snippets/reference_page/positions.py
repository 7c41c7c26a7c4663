"""The module's offset (cached decoding) and position_ids (padded and packed batches), and what bad values get."""

from pelib import docenv  # noqa: F401  (the snippet's outputs go where regen says)
import torch
from reference import PositionalEncoding

# --8<-- [start:positions]
layer = PositionalEncoding(d_model=8, max_len=16).eval()
x = torch.zeros(2, 3, 8)  # zeros: the output is the rows added
print("offset=5 adds rows 5, 6, 7:", torch.equal(layer(x, offset=5)[0], layer.pe[5:8]))
ids = torch.tensor([[0, 1, 2], [0, 0, 1]])  # per sequence: the second has one pad first
y = layer(x, position_ids=ids)
print("position_ids pick rows per token:", torch.equal(y[1, 1:], layer.pe[:2]))
# --8<-- [end:positions]

# --8<-- [start:errors]
for bad in ({"offset": 14}, {"offset": -1}, {"position_ids": torch.tensor([0.0, 1.0, 2.0])},
            {"position_ids": torch.tensor([0, 1, 16])}, {"position_ids": torch.arange(4)}):
    try:
        layer(x, **bad)
    except (TypeError, ValueError) as error:
        print(f"{type(error).__name__}: {error}")
# --8<-- [end:errors]
