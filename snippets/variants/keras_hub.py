"""What more-libraries.md shows the keras-hub variant printing; the variant itself is pelib/variants/keras_hub.py."""

from pelib import docenv

from pelib.variants.keras_hub import build, float16_error


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 7 (odd), 5 positions: interleaved, the last column a sine")
    print(docenv.fmt(build(5, 7)))
    errors = {n: float16_error(n, 64) for n in (50, 512, 4096)}
    print("largest error with a float16 compute dtype, d_model = 64:",
          ", ".join(f"{n:,} positions {e:.1e}" for n, e in errors.items()))
    # --8<-- [end:print]
    docenv.save_values({f"float16_error_{n}": f"{e:.1e}" for n, e in errors.items()})
