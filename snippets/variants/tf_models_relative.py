"""What more-libraries.md shows the tensorflow/models variant printing; the variant is pelib/variants/tf_models_relative.py."""

from pelib import docenv

from pelib.variants.tf_models_relative import build


if __name__ == "__main__":
    # --8<-- [start:print]
    print("hidden_size = 8, 5 positions: columns sin w0..w3 | cos w0..w3, tensor2tensor's w")
    print(docenv.fmt(build(5, 8)))
    print("hidden_size = 7: shape", tuple(build(5, 7).shape))
    print("hidden_size = 2: row 1 is", build(2, 2)[1].tolist())
    # --8<-- [end:print]
