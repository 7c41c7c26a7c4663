"""What more-libraries.md shows the PegasusX variant printing; the variant itself is pelib/variants/pegasus_x.py."""

from pelib import docenv
import torch

from pelib.variants.pegasus_x import build, float16_error


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 8, 5 positions: columns sin w0..w3 | cos w0..w3, tensor2tensor's w")
    print(docenv.fmt(build(5, 8)))
    print("dtype of the output for float16 input:", build(5, 8, torch.float16).dtype)
    errors = {n: float16_error(n, 1024) for n in (64, 512, 4096)}
    print("largest error of a float16 forward, d_model = 1024:",
          ", ".join(f"{n:,} positions {e:.1e}" for n, e in errors.items()))
    # --8<-- [end:print]
    docenv.save_values({f"float16_error_{n}": f"{e:.1e}" for n, e in errors.items()})
