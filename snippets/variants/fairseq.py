"""What libraries.md shows the fairseq variant printing; the variant itself is pelib/variants/fairseq.py."""

from pelib import docenv
import torch

from pelib.variants.fairseq import FairseqSinusoidal, PAD


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = FairseqSinusoidal(embedding_dim=8, padding_idx=PAD, init_size=8)
    tokens = torch.tensor([[5, 6, 7, 8], [5, 6, PAD, PAD]])  # the second sentence is padded on the right
    mask = tokens.ne(PAD).int()
    print("table rows used (positions):", ((torch.cumsum(mask, dim=1) * mask) + PAD).tolist())
    print("first sentence, d_model = 8: columns sin w0..w3 | cos w0..w3")
    out = layer(tokens)
    print(docenv.fmt(out[0]))
    print("padded sentence, last two rows (pads):", docenv.fmt(out[1, 2:]).tolist())
    print("state_dict keys:", list(layer.state_dict()), "| buffers:", [name for name, _ in layer.named_buffers()])
    try:
        FairseqSinusoidal(embedding_dim=3, padding_idx=PAD)
    except ZeroDivisionError as error:
        print("embedding_dim = 3 raises ZeroDivisionError:", error)
    # --8<-- [end:print]
