"""Left padding: positions counted from the first real token (as transformers derives them from the attention mask)
give each sequence the rows it has unpadded; counting from the first slot shifts them. RoPE scores see only offsets."""

from pelib import docenv
import torch
from pelib.variants.fairseq import PAD, FairseqSinusoidal
from reference import PositionalEncoding
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

torch.manual_seed(0)

# --8<-- [start:mask]
attention_mask = torch.tensor([[1, 1, 1, 1, 1],   # no pads
                               [0, 0, 0, 1, 1]])  # 3 pads, 2 tokens
position_ids = attention_mask.long().cumsum(-1) - 1  # real tokens before
position_ids = position_ids.masked_fill(attention_mask == 0, 0)  # pads
print(position_ids)
# --8<-- [end:mask]

# --8<-- [start:absolute]
PADS = 3  # the second sequence above
layer = PositionalEncoding(d_model=16, max_len=64).eval()
tokens = torch.randn(1, 2, 16)  # two real tokens
alone = layer(tokens)  # unpadded: rows 0, 1
padded = torch.cat([torch.zeros(1, PADS, 16), tokens], 1)
naive = layer(padded)[:, PADS:]  # rows 3, 4
ids = position_ids[1:]  # 0 0 0 0 1
from_mask = layer(padded, position_ids=ids)[:, PADS:]  # rows 0, 1
print("mask positions = unpadded rows:", torch.equal(from_mask, alone))
print("slot positions = unpadded rows:", torch.equal(naive, alone))
# --8<-- [end:absolute]
absolute_error = (naive - alone).abs().max().item()
print(f"slot positions: off by up to {absolute_error:.2f}")

# RoPE as transformers' Llama applies it: a score depends on the two positions' offset only.
rotary = LlamaRotaryEmbedding(LlamaConfig(hidden_size=64, num_attention_heads=4, num_key_value_heads=4))
q, k = torch.randn(1, 1, 2, 16, dtype=torch.float64), torch.randn(1, 1, 2, 16, dtype=torch.float64)


def rope_scores(positions: torch.Tensor) -> torch.Tensor:
    """Scores q_i . k_j after transformers' Llama rotates q and k by their positions."""
    cos, sin = rotary(q, positions[None])
    q_rot, k_rot = apply_rotary_pos_emb(q, k, cos, sin)
    return q_rot[0, 0] @ k_rot[0, 0].T


rope_gap = (rope_scores(torch.arange(PADS, PADS + 2)) - rope_scores(torch.arange(2))).abs().max().item()
print(f"RoPE scores at 3, 4 vs 0, 1:\n  {docenv.bound(rope_gap, 1e-5)} apart")

# fairseq counts real tokens from the mask too, starting at padding_idx + 1; pads get the zeroed row padding_idx.
fairseq = FairseqSinusoidal(16, padding_idx=PAD)
rows = fairseq(torch.tensor([[5, 6]]))
fairseq_same = torch.equal(fairseq(torch.tensor([[PAD, PAD, PAD, 5, 6]]))[:, PADS:], rows)
fairseq_first = int(torch.nonzero((fairseq.weights == rows[0, 0]).all(dim=1))[0])
print(f"fairseq, padded = unpadded rows: {fairseq_same}")
print(f"fairseq, first real token: row {fairseq_first}")

docenv.save_values({
    "pads": f"{PADS}",
    "absolute_error": f"{absolute_error:.2f}",
    "rope_gap": docenv.bound(rope_gap, 1e-5),
    "fairseq_first": f"{fairseq_first}",
    "fairseq_pad": f"{PAD}",
})
