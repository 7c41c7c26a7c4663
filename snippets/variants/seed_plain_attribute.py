"""What seeds.md shows Plain attribute printing; the variant itself is pelib/variants/seed_plain_attribute.py."""

from pelib import docenv
import torch

from pelib.variants.seed_plain_attribute import PlainAttributeEncoding, CrossDeviceCopies


if __name__ == "__main__":
    # --8<-- [start:print]
    pe = PlainAttributeEncoding(max_input_timesteps=10, hidden_size=4)  # prints its debug line
    print("the table (hidden_size = 4, 10 timesteps):")
    print(docenv.fmt(pe.time_encodings[0]))

    X = torch.rand((10, 4))  # the post's example call: a 2-D input
    try:
        pe(X)
    except RuntimeError as error:
        print("\npe(torch.rand((10, 4))) raises RuntimeError:", error)
    print("with a [batch, seq, d] input it runs:", tuple(pe(torch.zeros(2, 10, 4)).shape))
    # --8<-- [end:print]

    # --8<-- [start:plot]
    encoding_dim, num_steps = 32, 60
    pos_encoding = PlainAttributeEncoding(encoding_dim, 0)  # d2l's (num_hiddens, dropout) arguments
    try:
        pos_encoding(torch.zeros((1, num_steps, encoding_dim)))
    except RuntimeError as error:
        print("forward raises RuntimeError:", error)
    print("has the attribute P that the plotting code reads:", hasattr(pos_encoding, "P"))
    # --8<-- [end:plot]

    # --8<-- [start:device]
    print("state_dict keys:", list(pe.state_dict()))
    pe.to("meta")  # "meta" stands in for "cuda" on this CPU-only machine
    print("after pe.to('meta') the table is still on:", pe.time_encodings.device)
    x = torch.zeros(2, 10, 4, device="meta")
    with CrossDeviceCopies() as counter:
        for _ in range(3):
            pe(x)
    print("cross-device copies in 3 forward calls:", counter.copies)

    from reference import PositionalEncoding

    buffered = PositionalEncoding(d_model=4, max_len=10).eval().to("meta")  # the table is a buffer
    with CrossDeviceCopies() as counter:
        for _ in range(3):
            buffered(x)
    print("the same with the reference module (a buffer):", counter.copies)
    # --8<-- [end:device]
