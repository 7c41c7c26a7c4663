"""Inputs longer than max_len: what each kind of table does, and why a fixed table can grow for free."""

from pelib import docenv
import torch
from reference import PositionalEncoding, positional_encoding
from torch import nn

SHORT, LONG, D = 100, 5000, 64

# --8<-- [start:prefix]
short = positional_encoding(SHORT, D)  # max_len = 100
long = positional_encoding(LONG, D)  # max_len = 5000
print(f"the first {SHORT} rows of the {LONG:,}-row table equal the {SHORT}-row table:", torch.equal(long[:SHORT], short))
# --8<-- [end:prefix]

# --8<-- [start:past]
layer = PositionalEncoding(d_model=D, max_len=SHORT)
try:
    layer(torch.zeros(1, SHORT + 1, D))  # one position too many
except ValueError as error:
    print("reference module:", error)
learned = nn.Embedding(SHORT, D)  # a learned table with as many rows
try:
    learned(torch.arange(SHORT + 1))
except IndexError as error:
    print("learned table:", type(error).__name__, error)
# --8<-- [end:past]


# --8<-- [start:checkpoint]
class PersistentTable(nn.Module):
    """The table registered as a persistent buffer, as many tutorials do: it goes into state_dict."""

    def __init__(self, d_model: int, max_len: int):
        super().__init__()
        self.register_buffer("pe", positional_encoding(max_len, d_model))


saved = PositionalEncoding(d_model=D, max_len=SHORT).state_dict()
print(f"reference, saved with max_len={SHORT}, loaded with max_len={LONG}:",
      PositionalEncoding(d_model=D, max_len=LONG).load_state_dict(saved))
try:
    PersistentTable(D, LONG).load_state_dict(PersistentTable(D, SHORT).state_dict())
except RuntimeError as error:
    print("persistent buffer, the same load:", str(error).strip().splitlines()[-1].strip())
# --8<-- [end:checkpoint]

docenv.save_values({"short": str(SHORT), "long": f"{LONG:,}"})
