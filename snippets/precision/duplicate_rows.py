"""Find where half-precision formats stop holding integer positions, and count the table rows that collapse."""

from pelib import docenv
import torch
from precision.recipes import rows_computed_in


# --8<-- [start:limits]
def last_exact_integer(dtype: torch.dtype) -> int:
    """The largest n such that every integer 0..n is exactly representable in `dtype` (2 / eps)."""
    if not dtype.is_floating_point:
        raise ValueError(f"dtype must be a floating-point torch.dtype, got {dtype!r}")
    n = round(2 / torch.finfo(dtype).eps)
    below = torch.arange(n + 1, dtype=torch.float64)[-4096:]  # float32: checking the last 4,096 is enough
    assert torch.equal(below.to(dtype).to(torch.float64), below), f"{dtype}: an integer <= {n} is not exact"
    assert float(torch.tensor(n + 1.0, dtype=torch.float64).to(dtype)) != n + 1, f"{dtype}: {n + 1} is exact"
    return n


def first_infinite_integer(dtype: torch.dtype) -> int | None:
    """The smallest integer position that rounds to inf in `dtype` (None when it lies beyond 10**30)."""
    top = torch.finfo(dtype).max
    if top > 1e30:
        return None
    n = int(top)
    while not torch.tensor(float(n), dtype=torch.float64).to(dtype).isinf():
        n += 1
    return n


def collapsed_rows(table: torch.Tensor) -> dict[str, int]:
    """Count the distinct finite rows of a table, the rows equal to the row before, and the rows holding NaN."""
    finite = table.isfinite().all(dim=1)
    same_as_previous = (table[1:] == table[:-1]).all(dim=1)
    return {
        "rows": table.shape[0],
        "distinct": int(torch.unique(table[finite], dim=0).shape[0]),
        "same_as_previous": int(same_as_previous.sum()),
        "nan": int((~finite).sum()),
    }
# --8<-- [end:limits]


D_MODEL = 512
LENGTHS = (256, 2048, 4096, 65_536, 100_000)

if __name__ == "__main__":
    # --8<-- [start:report]
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        n = last_exact_integer(dtype)
        stored = [int(torch.tensor(float(q), dtype=torch.float64).to(dtype)) for q in range(n, n + 6)]
        print(f"{str(dtype):15} last exact integer {n:>10,}; positions {n} .. {n + 5} are stored as {stored}")
    print(f"torch.float16   positions from {first_infinite_integer(torch.float16):,} up are stored as inf")
    # --8<-- [end:report]

    counts = {
        (dtype, length): collapsed_rows(rows_computed_in(range(length), D_MODEL, dtype=dtype))
        for dtype in (torch.float16, torch.bfloat16)
        for length in LENGTHS
    }
    header = ["computed in", "seq_len", "distinct finite rows", "rows equal to the previous row", "rows of NaN"]
    rows = [
        [str(dtype).removeprefix("torch."), f"{length:,}", f"{c['distinct']:,}", f"{c['same_as_previous']:,}",
         f"{c['nan']:,}"]
        for (dtype, length), c in counts.items()
    ]
    docenv.save_markdown(docenv.markdown_table(header, rows, align="lrrrr"))
    docenv.save_json({f"{str(d).removeprefix('torch.')}/{n}": c for (d, n), c in counts.items()})
    f16, b16 = counts[(torch.float16, 100_000)], counts[(torch.bfloat16, 100_000)]
    f16_4k, b16_4k = counts[(torch.float16, 4096)], counts[(torch.bfloat16, 4096)]
    docenv.save_values({
        "float16_last_exact": f"{last_exact_integer(torch.float16):,}",
        "bfloat16_last_exact": f"{last_exact_integer(torch.bfloat16):,}",
        "float32_last_exact": f"{last_exact_integer(torch.float32):,}",
        "float16_max": f"{torch.finfo(torch.float16).max:,.0f}",
        "float16_first_inf": f"{first_infinite_integer(torch.float16):,}",
        "float16_distinct_100k": f"{f16['distinct']:,}",
        "float16_nan_100k": f"{f16['nan']:,}",
        "bfloat16_distinct_100k": f"{b16['distinct']:,}",
        "bfloat16_same_100k": f"{b16['same_as_previous']:,}",
        "float16_distinct_4k": f"{f16_4k['distinct']:,}",
        "float16_same_4k": f"{f16_4k['same_as_previous']:,}",
        "bfloat16_distinct_4k": f"{b16_4k['distinct']:,}",
    })
