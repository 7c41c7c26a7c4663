"""What seeds.md shows the AiEdge slices variant printing; the variant itself is pelib/variants/seed_aiedge.py."""

from pelib import docenv
import torch

from pelib.variants.seed_aiedge import AiEdgeEncoding


if __name__ == "__main__":
    # --8<-- [start:print]
    layer = AiEdgeEncoding(context_size=20, d_model=11)
    x_emb = torch.zeros(2, 7, 11)  # stands in for the token embeddings of 2 sequences of 7 tokens
    x_pos_embed = layer(x_emb)
    print("d_model = 11, context_size = 20, input [2, 7, 11] (the table the newsletter prints)")
    print(docenv.fmt(x_pos_embed))
    print("\nshapes:", tuple(x_emb.shape), tuple(x_pos_embed.shape), "(the table only: x is not added)")
    print("state_dict:", {k: tuple(v.shape) for k, v in layer.state_dict().items()})
    print("attribute and buffer are one tensor:", layer.encoding is layer.pos_encoding)
    # --8<-- [end:print]
