"""What seeds.md shows the Nested loops variant printing; the variant itself is pelib/variants/seed_nested_loops.py."""

from pelib import docenv
import math

from pelib.variants.seed_nested_loops import nested_loop_encoding


if __name__ == "__main__":
    # --8<-- [start:print]
    print("emb_size = 4, sequence_length = 4 (the table the post prints)")
    print(docenv.fmt(nested_loop_encoding(4, 4)))
    print("\nemb_size = 5: the loop fills 2 pairs and never touches column 4")
    print(docenv.fmt(nested_loop_encoding(4, 5)))
    # --8<-- [end:print]
    cos_001 = nested_loop_encoding(4, 4)[1, 3]  # cos(1 * 10000 ** (-2/4)) = cos(0.01), as float32 holds it
    docenv.save_values({
        "cos_001_exact": f"{math.cos(0.01):.11f}",  # just above the halfway point 0.99995
        "cos_001_exact_4": f"{math.cos(0.01):.4f}",
        "cos_001_float32": f"{cos_001.item():.10f}",  # just below it
        "cos_001_printed": f"{docenv.fmt(cos_001).item():.4f}",
    })
