"""Where the position enters attention: the paper's sum feeds queries, keys, values and the residual; DETR's layer
only the queries and keys."""

from pelib import docenv
import torch
from reference import positional_encoding
from transformers.models.detr.modeling_detr import DetrConfig, DetrSelfAttention

D = 16
config = DetrConfig(d_model=D, encoder_attention_heads=2, use_timm_backbone=False, use_pretrained_backbone=False)
config._attn_implementation = "eager"
attention = DetrSelfAttention(config, hidden_size=D, num_attention_heads=2).eval()  # transformers' own layer

# --8<-- [start:twins]
token = torch.randn(1, 1, D).repeat(1, 2, 1)  # the same feature vector at positions 0 and 1
pe = positional_encoding(2, D)[None]  # [1, 2, D]
with torch.no_grad():
    out, _ = attention(token, position_embeddings=pe)  # DETR: positions added to the queries and keys only
    detr = token + out  # the residual connection carries the features on, without positions
    summed = token + pe  # the paper: positions added to the input, so to queries, keys, values and residual
    out, _ = attention(summed)
    paper = summed + out
detr_gap, paper_gap = ((x[0, 0] - x[0, 1]).abs().max().item() for x in (detr, paper))
print("positions on queries and keys (DETR): the two tokens leave the layer differing by", docenv.bound(detr_gap, 1e-6))
print(f"positions added to the input (the paper): they leave it differing by {paper_gap:.2f}")
# --8<-- [end:twins]

docenv.save_values({"detr_gap": docenv.bound(detr_gap, 1e-6), "paper_gap": f"{paper_gap:.2f}"})
