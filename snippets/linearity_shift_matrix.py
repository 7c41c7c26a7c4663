"""Build the shift matrix M_k of the sinusoidal encoding and check PE(p + k) = M_k PE(p) over many p and k."""

import _docenv
import math

import torch
from reference import positional_encoding


# --8<-- [start:shift_matrix]
def frequencies(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """Angular frequencies w_i = base**(-2i/d_model) of the ceil(d_model/2) sine columns, in float64."""
    if d_model < 1:
        raise ValueError(f"d_model must be a positive int, got {d_model}")
    two_i = torch.arange(0, d_model, 2, dtype=torch.float64)
    return base ** (-two_i / d_model)


def shift_block(omega: float, k: int) -> torch.Tensor:
    """The 2x2 matrix taking (sin w p, cos w p) to (sin w(p+k), cos w(p+k)); it contains k, never p."""
    c, s = math.cos(omega * k), math.sin(omega * k)
    return torch.tensor([[c, s],  # sin(a + b) = sin a cos b + cos a sin b
                         [-s, c]],  # cos(a + b) = cos a cos b - sin a sin b
                        dtype=torch.float64)


def shift_matrix(d_model: int, k: int, base: float = 10000.0) -> torch.Tensor:
    """M_k = diag(R_0(k), ..., R_{d/2-1}(k)): PE(p + k) = M_k @ PE(p) for every p, for an even d_model.

    For an odd d_model it covers the floor(d_model/2) complete pairs only (the first d_model - 1 columns):
    the lone last sine has no matrix (see the section on odd widths).
    """
    if d_model < 2:
        raise ValueError(f"d_model must be an int >= 2 (at least one sin/cos pair), got {d_model}")
    pairs = frequencies(d_model, base)[: d_model // 2]
    return torch.block_diag(*[shift_block(float(w), k) for w in pairs])


# --8<-- [end:shift_matrix]


# --8<-- [start:check]
def max_shift_error(d_model: int, positions: int, offsets: list[int]) -> float:
    """Largest |PE(p + k) - M_k PE(p)| over `positions` consecutive p (from max |k|, so p + k >= 0) and the offsets.

    For an odd d_model only the first d_model - 1 columns (the complete pairs) are compared.
    """
    even = d_model - d_model % 2
    span = max(abs(k) for k in offsets)
    pe = positional_encoding(positions + 2 * span, d_model, dtype=torch.float64)[:, :even]
    worst = 0.0
    for k in offsets:
        p = torch.arange(span, span + positions)  # shifted so that p + k stays inside the table
        predicted = pe[p] @ shift_matrix(d_model, k).T  # each row: M_k @ PE(p)
        worst = max(worst, (pe[p + k] - predicted).abs().max().item())
    return worst
# --8<-- [end:check]


if __name__ == "__main__":
    with _docenv.output_part("show"):
        # --8<-- [start:show]
        print("M_2 for d_model = 6 (three 2x2 blocks on the diagonal, zeros elsewhere):")
        print(_docenv.fmt(shift_matrix(6, 2)))
        pe = positional_encoding(10, 6, dtype=torch.float64)
        print("PE(5)       =", _docenv.fmt(pe[5]))
        print("M_2 @ PE(5) =", _docenv.fmt(shift_matrix(6, 2) @ pe[5]))
        print("PE(7)       =", _docenv.fmt(pe[7]))
        # --8<-- [end:show]

    with _docenv.output_part("check"):
        # --8<-- [start:run_check]
        offsets = [-500, -37, -1, 1, 2, 3, 10, 64, 999, 5000]
        positions = 2000
        print(f"{positions} positions x {len(offsets)} offsets k = {offsets}")
        errors = {}
        for d_model in (4, 5, 8, 64, 65, 512):
            errors[d_model] = max_shift_error(d_model, positions, offsets)
            note = f"  (the {d_model - 1} paired columns)" if d_model % 2 else ""
            print(f"d_model = {d_model:3d}: max |PE(p+k) - M_k PE(p)| {_docenv.bound(errors[d_model], 1e-11)}{note}")
        # --8<-- [end:run_check]
    _docenv.save_values({
        "max_error": _docenv.bound(max(errors.values()), 1e-11),
        "positions": f"{positions:,}",
        "offsets": str(len(offsets)),
    })
