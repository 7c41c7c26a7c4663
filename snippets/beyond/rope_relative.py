"""Rotate q and k by their positions (RoPE) and show that q_m . k_n depends only on m - n; added PE does not."""

from pelib import docenv
import math

import torch
from pelib.shift import shift_matrix
from reference import frequencies
from reference import positional_encoding


# --8<-- [start:rope]
def rope_matrix(d_model: int, m: int, base: float = 10000.0) -> torch.Tensor:
    """R_m = diag of 2x2 rotations by m * theta_i, theta_i = base**(-2i/d) (RoFormer eq. 15, counted from 0)."""
    if d_model < 2 or d_model % 2:
        raise ValueError(f"RoPE rotates pairs: d_model must be even and >= 2, got {d_model}")
    blocks = []
    for theta in frequencies(d_model, base=base).tolist():
        c, s = math.cos(m * theta), math.sin(m * theta)
        blocks.append(torch.tensor([[c, -s], [s, c]], dtype=torch.float64))  # counter-clockwise by m * theta
    return torch.block_diag(*blocks)


def rope_score(q: torch.Tensor, k: torch.Tensor, m: int, n: int) -> float:
    """Attention score of query q at position m and key k at position n, both rotated by their positions."""
    d = q.numel()
    return float((rope_matrix(d, m) @ q) @ (rope_matrix(d, n) @ k))


def added_pe_score(q: torch.Tensor, k: torch.Tensor, m: int, n: int, w: torch.Tensor) -> float:
    """The same score when the sinusoidal table is added to the inputs instead: (q + PE_m)^T W (k + PE_n)."""
    pe = positional_encoding(max(m, n) + 1, q.numel(), dtype=torch.float64)
    return float((q + pe[m]) @ w @ (k + pe[n]))
# --8<-- [end:rope]


if __name__ == "__main__":
    # --8<-- [start:demo]
    d = 8
    q, k = torch.randn(d, dtype=torch.float64), torch.randn(d, dtype=torch.float64)
    w = torch.randn(d, d, dtype=torch.float64)  # a query-key projection W_q^T W_k
    print(" query m | key n | m - n | RoPE score | added-PE score")
    for m, n in [(0, 3), (7, 10), (100, 103), (5000, 5003), (3, 0), (103, 100)]:
        print(f"{m:8d} | {n:5d} | {m - n:5d} | {rope_score(q, k, m, n):10.6f} | {added_pe_score(q, k, m, n, w):10.6f}")
    # --8<-- [end:demo]

    # --8<-- [start:same_matrix]
    gap = max((shift_matrix(d, s) - rope_matrix(d, -s)).abs().max().item() for s in range(-50, 51))
    print("max |M_k - R_(-k)|, k = -50..50:")
    print(f"  {docenv.bound(gap, 1e-15)} (RoPE's rotation, reversed)")
    # --8<-- [end:same_matrix]
