"""Build the shift matrix M_k of the sinusoidal encoding and check PE(p + k) = M_k PE(p) over many p and k."""

from pelib import docenv
import torch
from pelib.shift import max_shift_error, shift_matrix
from reference import positional_encoding


if __name__ == "__main__":
    with docenv.output_part("show"):
        # --8<-- [start:show]
        print("M_2 for d_model = 6 (three 2x2 blocks on the diagonal, zeros elsewhere):")
        print(docenv.fmt(shift_matrix(6, 2)))
        pe = positional_encoding(10, 6, dtype=torch.float64)
        print("PE(5)       =", docenv.fmt(pe[5]))
        print("M_2 @ PE(5) =", docenv.fmt(shift_matrix(6, 2) @ pe[5]))
        print("PE(7)       =", docenv.fmt(pe[7]))
        # --8<-- [end:show]

    with docenv.output_part("check"):
        # --8<-- [start:run_check]
        offsets = [-500, -37, -1, 1, 2, 3, 10, 64, 999, 5000]
        positions = 2000
        print(f"{positions} positions x {len(offsets)} offsets k = {offsets}")
        errors = {}
        for d_model in (4, 5, 8, 64, 65, 512):
            errors[d_model] = max_shift_error(d_model, positions, offsets)
            note = f"  (the {d_model - 1} paired columns)" if d_model % 2 else ""
            print(f"d_model = {d_model:3d}: max |PE(p+k) - M_k PE(p)| {docenv.bound(errors[d_model], 1e-11)}{note}")
        # --8<-- [end:run_check]
    docenv.save_values({
        "max_error": docenv.bound(max(errors.values()), 1e-11),
        "positions": f"{positions:,}",
        "offsets": str(len(offsets)),
    })
