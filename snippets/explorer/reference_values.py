"""Export the numbers the interactive explorer must reproduce, computed by the reference, for its browser test."""

import math

from pelib import docenv
import torch
from reference import positional_encoding

# Settings a reader can dial into the explorer: the paper's (d_model = 512), an odd width with a lone sine column,
# a small base, a long sequence, and the explorer's default view.
SETTINGS = [
    {"d_model": 128, "base": 10000.0, "positions": 128, "p": 10, "k": 5},
    {"d_model": 16, "base": 10000.0, "positions": 32, "p": 3, "k": 7},
    {"d_model": 7, "base": 100.0, "positions": 20, "p": 4, "k": 9},
    {"d_model": 10, "base": 2.0, "positions": 50, "p": 17, "k": 1},
    {"d_model": 512, "base": 10000.0, "positions": 1000, "p": 900, "k": 99},
]


# --8<-- [start:blocks]
def rotation_blocks(d_model: int, base: float, k: int) -> tuple[list[float], list[float]]:
    """cos(w_i k) and sin(w_i k) for every complete pair i, read off row k of the reference table.

    Row k holds sin(w_i k) in column 2i and cos(w_i k) in column 2i+1, so the 2x2 block of M_k that moves
    pair i from position p to p+k, [[cos, sin], [-sin, cos]], needs nothing but the table itself.
    """
    row = positional_encoding(k + 1, d_model, base=base, dtype=torch.float64)[k]
    pairs = d_model // 2
    return row[1 : 2 * pairs : 2].tolist(), row[0 : 2 * pairs : 2].tolist()


# --8<-- [end:blocks]
# --8<-- [start:shift]
def shift(pe_p: torch.Tensor, cos: list[float], sin: list[float]) -> torch.Tensor:
    """M_k PE(p): rotate each complete pair (sin, cos) by the angle w_i k; a lone last sine column has no partner."""
    pairs = len(cos)
    c, s = torch.tensor(cos, dtype=torch.float64), torch.tensor(sin, dtype=torch.float64)
    x, y = pe_p[0 : 2 * pairs : 2], pe_p[1 : 2 * pairs : 2]  # sin(w p), cos(w p)
    moved = pe_p.clone()
    moved[0 : 2 * pairs : 2] = x * c + y * s  # sin(w (p + k))
    moved[1 : 2 * pairs : 2] = -x * s + y * c  # cos(w (p + k))
    return moved


# --8<-- [end:shift]


def sample_rows(positions: int, p: int) -> list[int]:
    """The rows the test compares: the edges, a few in between and the selected position."""
    return sorted({0, 1, 2, positions // 3, positions // 2, p, positions - 1})


def export(setting: dict) -> dict:
    """Reference values for one setting, all in float64 (the browser computes in float64 too)."""
    d, base, n, p, k = (setting[key] for key in ("d_model", "base", "positions", "p", "k"))
    pe = positional_encoding(max(n, p + n), d, base=base, dtype=torch.float64)  # rows up to p + (n - 1)
    cos, sin = rotation_blocks(d, base, k)
    moved = shift(pe[p], cos, sin)
    # PE(p) . PE(p + k) for k = 0 .. n - 1, summed exactly (fsum): a matrix product's order of summation, and so
    # its last bits, depend on the CPU's vector kernel
    row_p = pe[p].tolist()
    dot = [math.fsum(a * b for a, b in zip(pe[p + j].tolist(), row_p, strict=True)) for j in range(n)]
    return setting | {
        "rows": {str(r): pe[r].tolist() for r in sample_rows(n, p)},
        "dot": dot,
        "cos": cos,
        "sin": sin,
        "moved": moved.tolist(),
        "target": pe[p + k].tolist(),
    }


TOLERANCE = 1e-6  # float32 level: what the browser test allows between the page and these values

def rounded(value: object, decimals: int = 9) -> object:
    """Round every float to `decimals` places: far finer than the test's tolerance, far coarser than the last bits."""
    if isinstance(value, float):
        return round(value, decimals) + 0.0
    if isinstance(value, list):
        return [rounded(v, decimals) for v in value]
    if isinstance(value, dict):
        return {k: rounded(v, decimals) for k, v in value.items()}
    return value


raw = [export(s) for s in SETTINGS]
exported = [rounded(e) for e in raw]
docenv.save_json(exported)
docenv.save_values({"settings": str(len(SETTINGS)), "tolerance": f"{TOLERANCE:.0e}"})
for e in raw:
    pairs = e["d_model"] // 2
    error = max(abs(a - b) for a, b in zip(e["moved"][: 2 * pairs], e["target"][: 2 * pairs], strict=True))
    print(
        f"d_model={e['d_model']:>4} base={e['base']:>8g} positions={e['positions']:>5} p={e['p']:>4} k={e['k']:>3}: "
        f"max |M_k PE(p) - PE(p+k)| over the pairs {docenv.bound(error, 1e-12)}"
    )
