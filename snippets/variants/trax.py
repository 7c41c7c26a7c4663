"""What more-libraries.md shows the trax (trainable) variant printing; the variant itself is pelib/variants/trax.py."""

from pelib import docenv
import torch

from pelib.variants.trax import make, build


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = make(5, 8)
    print("d_model = 8, 5 positions: the paper's table")
    print(docenv.fmt(build(5, 8)))
    print("requires_grad:", layer.weights.requires_grad, "| in parameters():",
          [name for name, _ in layer.named_parameters()])
    loss = layer(torch.zeros(1, 5, 8)).sum()
    loss.backward()
    torch.optim.SGD(layer.parameters(), lr=0.1).step()
    print("after one SGD step, row 0 is", docenv.fmt(layer.weights[0, 0].detach()))
    # --8<-- [end:print]
