"""What more-libraries.md shows the OpenNMT-py variant printing; the variant itself is pelib/variants/opennmt.py."""

from pelib import docenv
import torch

from pelib.variants.opennmt import make, build


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = make(5, 8)
    print("d_model = 8, 5 positions: the paper's table")
    print(docenv.fmt(build(5, 8)))
    print("forward(ones) - PE, one row:", docenv.fmt(layer(torch.ones(5, 1, 8))[0, 0] - layer.pe[0, 0]))
    print("state_dict:", {k: tuple(v.shape) for k, v in layer.state_dict().items()})
    try:
        make(5, 7)
    except ValueError as error:
        print("dim = 7: ValueError:", error)
    # --8<-- [end:print]
