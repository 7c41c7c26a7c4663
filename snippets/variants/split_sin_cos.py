"""What libraries.md shows Split sin/cos (TF text) printing; the variant itself is pelib/variants/split_sin_cos.py."""

from pelib import docenv
import torch

from pelib.variants.split_sin_cos import split_sin_cos


if __name__ == "__main__":
    # --8<-- [start:print]
    from reference import positional_encoding

    print("d_model = 8, 5 positions: columns sin w0..w3 | cos w0..w3")
    print(docenv.fmt(split_sin_cos(5, 8)))
    interleaved_to_split = [0, 2, 4, 6, 1, 3, 5, 7]  # the even columns of the reference, then the odd ones
    same = torch.equal(split_sin_cos(5, 8), positional_encoding(5, 8)[:, interleaved_to_split])
    print("equals reference[:, [0, 2, 4, 6, 1, 3, 5, 7]]:", same)
    print("depth = 7 gives shape", tuple(split_sin_cos(5, 7).shape))
    # --8<-- [end:print]
