"""What more-libraries.md shows DistilBERT / XLM printing; the variant itself is pelib/variants/distilbert.py."""

from pelib import docenv

from pelib.variants.distilbert import make, build


if __name__ == "__main__":
    # --8<-- [start:print]
    made = make(5, 7)
    print("d_model = 7 (odd), 5 positions: interleaved, the last column a sine")
    print(docenv.fmt(build(5, 7)))
    print("requires_grad:", made.weight.requires_grad, "| state_dict:",
          {k: tuple(v.shape) for k, v in made.state_dict().items()})
    # --8<-- [end:print]
