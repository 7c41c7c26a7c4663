"""What more-libraries.md shows MusicGen (flipped) printing; the variant itself is pelib/variants/musicgen.py."""

from pelib import docenv

from pelib.variants.musicgen import make, build


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 8, 5 positions: columns cos w0..w3 | sin w0..w3, tensor2tensor's w")
    print(docenv.fmt(build(5, 8)))
    print("state_dict:", dict(make(5, 8).state_dict()))
    # --8<-- [end:print]
