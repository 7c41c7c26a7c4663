"""Read the index and sign slips of well-known posts literally, and measure what each one changes."""

from pelib import docenv
import math

import torch
from pelib.shift import shift_block
from reference import positional_encoding

BASE = 10000.0


# --8<-- [start:readings]
def paired(omegas: torch.Tensor, positions: int) -> torch.Tensor:
    """Columns sin(w p), cos(w p) for each w in turn: the paper's layout with the given frequencies."""
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * omegas[None, :]
    return torch.stack([torch.sin(angle), torch.cos(angle)], dim=2).flatten(1)


def paper(positions: int, d: int) -> torch.Tensor:
    """Vaswani et al. section 3.5: pair i = 0 .. d/2-1 has w_i = 10000**(-2i/d)."""
    return positional_encoding(positions, d, dtype=torch.float64)


def one_based_pairs(positions: int, d: int) -> torch.Tensor:
    """Pairs m = 1 .. d/2 with w_m = 10000**(-2m/d): drops w = 1, adds w = 1/10000."""
    return paired(BASE ** (-2 * torch.arange(1, d // 2 + 1, dtype=torch.float64) / d), positions)


def column_index_in_exponent(positions: int, d: int) -> torch.Tensor:
    """Column j is sin (j even) or cos (j odd) of p / 10000**(2j/d): j is the column, not the pair."""
    j = torch.arange(d, dtype=torch.float64)
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * BASE ** (-2 * j / d)[None, :]
    return torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))


def one_based_columns(positions: int, d: int) -> torch.Tensor:
    """Columns delta = 1 .. d: sin(p / 10000**(2q/d)) if delta = 2q, cos(p / 10000**(2q/d)) if delta = 2q + 1."""
    delta = torch.arange(1, d + 1, dtype=torch.float64)
    q = torch.div(delta, 2, rounding_mode="floor")
    angle = torch.arange(positions, dtype=torch.float64)[:, None] * BASE ** (-2 * q / d)[None, :]
    return torch.where(delta % 2 == 0, torch.sin(angle), torch.cos(angle))


def missing_minus(positions: int, d: int) -> torch.Tensor:
    """theta_i = 10000**(+2(i-1)/d), i = 1 .. d/2: the frequencies grow instead of shrinking."""
    return paired(BASE ** (2 * torch.arange(0, d // 2, dtype=torch.float64) / d), positions)
# --8<-- [end:readings]


# --8<-- [start:measure]
def best_shift_error(table: torch.Tensor, k: int) -> float:
    """Largest error of the least-squares matrix M for table[p + k] = M table[p] over all rows p (0: exact)."""
    x, y = table[:-k], table[k:]
    m = torch.linalg.lstsq(x, y).solution
    return (x @ m - y).abs().max().item()
# --8<-- [end:measure]


READINGS = {
    "the paper, section 3.5 (our reference)": paper,
    "pairs counted from 1 (Denk; Kazemnejad's vector)": one_based_pairs,
    "column index in the exponent (\"OG positional encoding\")": column_index_in_exponent,
    "columns counted from 1, parity from 0 (Weng)": one_based_columns,
    "exponent without its minus (labml RoPE docs)": missing_minus,
}


def literal_step3_error(d: int, positions: int, k: int) -> float:
    """The seed's step 3 with its own definitions: PE(p+k, i) ?= PE(p, i) cos(k w) + PE(p, i+1) sin(k w), i even."""
    pe = column_index_in_exponent(positions + k, d)
    worst = 0.0
    for i in range(0, d - 1, 2):
        w = BASE ** (-2 * i / d)
        rhs = pe[:positions, i] * math.cos(k * w) + pe[:positions, i + 1] * math.sin(k * w)
        worst = max(worst, (pe[k : positions + k, i] - rhs).abs().max().item())
    return worst


def slips_table(d: int = 8, positions: int = 20000, k: int = 1) -> str:
    """A Markdown table: for each literal reading, is it the paper's table, and does a linear shift exist?"""
    reference = paper(positions, d)
    rows = []
    for label, reading in READINGS.items():
        table = reading(positions, d)
        error = best_shift_error(table, k)
        rows.append([
            label,
            "yes" if torch.allclose(table, reference, rtol=0, atol=1e-12) else "no",
            docenv.bound(error, 1e-12) if error < 1e-9 else f"{error:.0e}",
            "yes" if error < 1e-9 else "no",
        ])
    header = ["read literally", "same table as the paper?", f"least-squares shift error (k = {k})", "shift linear?"]
    return docenv.markdown_table(header, rows, align="lcrc")


if __name__ == "__main__":
    d, positions, k = 8, 20000, 1
    # --8<-- [start:matrix_slips]
    pe = paper(positions, d)[:, :2]  # pair 0: (sin p, cos p), w = 1
    ours, textbook = shift_block(1.0, k), shift_block(1.0, k).T
    p = torch.arange(1, 1000)
    print(f"pair 0, k = {k}, p = 1..999:")
    print(f"  ours     [[cos, sin], [-sin, cos]] PE(p) vs PE(p+k): {docenv.bound((pe[p] @ ours.T - pe[p + k]).abs().max(), 1e-15)}")
    print(f"  textbook [[cos, -sin], [sin, cos]] PE(p) vs PE(p+k): {(pe[p] @ textbook.T - pe[p + k]).abs().max():.1e}")
    print(f"  textbook [[cos, -sin], [sin, cos]] PE(p) vs PE(p-k): {docenv.bound((pe[p] @ textbook.T - pe[p - k]).abs().max(), 1e-15)}")
    print(f"seed's step 3 with its own definitions (d = {d}): error {literal_step3_error(d, 1000, k):.2f}")
    # --8<-- [end:matrix_slips]
    docenv.save_values({
        "d": str(d),
        "positions": f"{positions:,}",
        "step3_error": f"{literal_step3_error(d, 1000, k):.2f}",
        "missing_minus_top_512": f"{BASE ** (510 / 512):,.0f}",
        "missing_minus_aliased_512": str(sum(BASE ** (2 * i / 512) > math.pi for i in range(256))),
    })
