"""What libraries.md shows Split sin/cos (Marian) printing; the variant itself is pelib/variants/marian.py."""

from pelib import docenv
import torch

from pelib.variants.marian import make


if __name__ == "__main__":
    # --8<-- [start:print]
    from reference import positional_encoding

    table = make(5, 7).weight  # MarianSinusoidal(5, 7), then _init_weight(), as the model does
    print("d_model = 7, 5 positions: columns sin w0..w3 | cos w0..w2")
    print(docenv.fmt(table))
    odd_to_split = [0, 2, 4, 6, 1, 3, 5]
    print("equals reference[:, [0, 2, 4, 6, 1, 3, 5]]:", torch.equal(table, positional_encoding(5, 7)[:, odd_to_split]))
    print("state_dict:", {k: tuple(v.shape) for k, v in make(5, 7).state_dict().items()})
    # --8<-- [end:print]
