"""What seeds.md shows div_term + dropout printing; the variant itself is pelib/variants/seed_div_term.py."""

from pelib import docenv
import math
import torch

from pelib.variants.seed_div_term import DivTermEncoding


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = DivTermEncoding(d_model=6, seq_len=10, dropout=0.1)
    x = torch.arange(1, 49, dtype=torch.float32).reshape(2, 4, 6)  # the notebook's [2, 4, 6] example input
    layer.eval()  # dropout off, so the output is x + PE exactly
    y = layer(x)
    print("forward(x) - x for the first sequence (d_model = 6, 4 positions):")
    print(docenv.fmt(y[0] - x[0]))
    print("output shape:", tuple(y.shape), "| state_dict:", {k: tuple(v.shape) for k, v in layer.state_dict().items()})

    two_i = torch.arange(0, 6, 2).float()
    print("\ndiv_term                 :", docenv.fmt(torch.exp(two_i * (-math.log(10000.0) / 6))))
    print("10000 ** (2i/d) (comment):", docenv.fmt(10000 ** (two_i / 6)))
    # --8<-- [end:print]
