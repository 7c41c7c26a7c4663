"""What seeds.md shows Stack and flatten printing; the variant itself is pelib/variants/seed_stack_flatten.py."""

from pelib import docenv
import torch

from pelib.variants.seed_stack_flatten import StackFlattenEncoding


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = StackFlattenEncoding(d_model=6, max_sequence_length=10)
    print("d_model = 6, max_sequence_length = 10 (the table the notebook prints)")
    print(docenv.fmt(layer()))

    two_i = torch.arange(0, 6, 2).float()
    odd_i = torch.arange(1, 6, 2).float()
    same = torch.equal(torch.pow(10000, two_i / 6), torch.pow(10000, (odd_i - 1) / 6))
    print("\neven and odd denominators equal:", same)

    odd = StackFlattenEncoding(d_model=7, max_sequence_length=10)()
    print("d_model = 7 gives shape", tuple(odd.shape))
    first, second = layer(), layer()
    print("two calls: equal values", torch.equal(first, second), "| same tensor", first is second)
    print("state_dict keys:", list(layer.state_dict()))
    # --8<-- [end:print]
