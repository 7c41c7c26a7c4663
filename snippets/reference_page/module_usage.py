"""Use the PositionalEncoding module: add the table to embeddings, and show what state_dict holds."""

from pelib import docenv
import torch
from reference import PositionalEncoding

# --8<-- [start:usage]
layer = PositionalEncoding(d_model=8, max_len=16, dropout=0.1)
x = torch.zeros(2, 5, 8)  # [batch, seq, d_model]: zeros, so the output is the table itself
layer.eval()  # dropout off, to show the table
y = layer(x)
print("output shape:", tuple(y.shape))
print("equals the table for every batch row:", bool(torch.equal(y[0], layer.pe[:5]) and torch.equal(y[1], layer.pe[:5])))
print("buffers:", [name for name, _ in layer.named_buffers()])
print("state_dict keys:", list(layer.state_dict()))
# --8<-- [end:usage]

# --8<-- [start:errors]
for bad in (torch.zeros(2, 5, 7), torch.zeros(2, 17, 8)):
    try:
        layer(bad)
    except ValueError as error:
        print("ValueError:", error)
# --8<-- [end:errors]

table_bytes = layer.pe.numel() * layer.pe.element_size()
docenv.save_values(
    {
        "state_dict_entries": str(len(layer.state_dict())),
        "table_kib_512": f"{5000 * 512 * 4 / 1024:,.0f}",
        "table_bytes_small": f"{table_bytes:,}",
    }
)
