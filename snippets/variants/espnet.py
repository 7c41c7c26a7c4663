"""What more-libraries.md shows the ESPnet (√d·x) variant printing; the variant itself is pelib/variants/espnet.py."""

from pelib import docenv
import torch

from pelib.variants.espnet import LegacyRelPositionalEncoding, make


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = make(5, 8)
    print("forward(zeros): the paper's table, d_model = 8, 5 positions")
    print(docenv.fmt(layer(torch.zeros(1, 5, 8))[0]))
    print("forward(ones) - forward(zeros), one row:", docenv.fmt(layer(torch.ones(1, 5, 8))[0, 0] - layer.pe[0, 0]))
    print("state_dict:", dict(layer.state_dict()), "| pe is a", type(layer.pe).__name__, "attribute")
    old = {"pe": torch.zeros(1, 5, 8)}  # what v0.5.2 and earlier saved
    print("loading an old checkpoint with 'pe':", layer.load_state_dict(old))
    legacy = LegacyRelPositionalEncoding(8, 0.0, max_len=4).eval()
    _, rel = legacy(torch.zeros(1, 4, 8))
    print("\nLegacyRelPositionalEncoding, 4 frames: rows encode 3, 2, 1, 0")
    print(docenv.fmt(rel[0]))
    # --8<-- [end:print]
