"""Exercise: the first position that a float16 (or bfloat16) tensor of positions cannot hold exactly."""

from pelib import docenv
import torch


# --8<-- [start:solution]
def first_inexact_integer(dtype: torch.dtype, limit: int = 100_000) -> int:
    """Smallest non-negative integer that changes when stored in `dtype` (searched up to `limit`)."""
    n = torch.arange(limit, dtype=torch.float64)
    changed = (n.to(dtype).to(torch.float64) != n).nonzero()
    if changed.numel() == 0:
        raise ValueError(f"every integer below limit={limit} is exact in {dtype}; raise the limit")
    return int(changed[0])


for dtype in (torch.float16, torch.bfloat16):
    first = first_inexact_integer(dtype)
    stored = torch.tensor([first - 1, first, first + 1], dtype=torch.float64).to(dtype)
    print(f"{str(dtype):15s} first inexact position {first}: {first - 1}, {first}, {first + 1} "
          f"are stored as {stored.to(torch.float64).int().tolist()}")
print(f"float32 is exact up to 2**24 = {2 ** 24:,}; float32(2**24 + 1) = "
      f"{int(torch.tensor(2 ** 24 + 1, dtype=torch.float64).to(torch.float32).item()):,}")
# --8<-- [end:solution]
docenv.save_values({
    "float16": str(first_inexact_integer(torch.float16)),
    "bfloat16": str(first_inexact_integer(torch.bfloat16)),
})
