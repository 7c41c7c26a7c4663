"""What more-libraries.md shows the NeMo (÷√d) variant printing; the variant itself is pelib/variants/nemo.py."""

from pelib import docenv
import math

from pelib.variants.nemo import make, build


if __name__ == "__main__":
    # --8<-- [start:print]
    table = build(5, 8)
    print("d_model = 8, 5 positions: the paper's table divided by sqrt(8)")
    print(docenv.fmt(table))
    print("times sqrt(8):")
    print(docenv.fmt(table * math.sqrt(8)))
    print("state_dict:", {k: tuple(v.shape) for k, v in make(5, 8).state_dict().items()})
    # --8<-- [end:print]
