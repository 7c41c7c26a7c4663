"""Show that M_k does not depend on p, is orthogonal, and composes like the shifts: M_k M_j = M_(k+j), M_-k = M_k^T."""

from pelib import docenv
import torch
from pelib.shift import fitted_shift_matrix, shift_matrix


def max_dev(a: torch.Tensor, b: torch.Tensor) -> float:
    """Largest absolute difference of two matrices."""
    return (a - b).abs().max().item()


if __name__ == "__main__":
    with docenv.output_part("independent"):
        # --8<-- [start:independent]
        d, k = 8, 3
        closed_form = shift_matrix(d, k)
        for first in (0, 1000, 50000):
            fitted = fitted_shift_matrix(d, k, first, count=200)
            print(f"fitted from p = {first}..{first + 199}: max |M_fit - M_{k}| {docenv.bound(max_dev(fitted, closed_form), 1e-12)}")
        # --8<-- [end:independent]

    with docenv.output_part("group"):
        # --8<-- [start:group]
        d = 64
        eye = torch.eye(d, dtype=torch.float64)
        checks = {
            "M_0 = I": max_dev(shift_matrix(d, 0), eye),
            "M_k^T M_k = I (orthogonal)": max(max_dev(shift_matrix(d, k).T @ shift_matrix(d, k), eye) for k in range(-50, 51)),
            "M_k M_j = M_(k+j)": max(
                max_dev(shift_matrix(d, k) @ shift_matrix(d, j), shift_matrix(d, k + j))
                for k in range(-20, 21, 5) for j in range(-20, 21, 5)
            ),
            "M_-k = M_k^T = M_k^-1": max(max_dev(shift_matrix(d, -k), shift_matrix(d, k).T) for k in range(51)),
            "M_k M_j = M_j M_k": max(
                max_dev(shift_matrix(d, k) @ shift_matrix(d, j), shift_matrix(d, j) @ shift_matrix(d, k))
                for k in range(0, 20, 3) for j in range(0, 20, 7)
            ),
        }
        for claim, deviation in checks.items():
            print(f"{claim:28s} max deviation {docenv.bound(deviation, 1e-14)}")
        # --8<-- [end:group]
