"""RoPE's two layouts in transformers (Llama's rotate_half, GPT-J's rotate_every_two) are one fixed permutation of the
head dimensions of q and k apart; and why RoPE rotates queries and keys but not values."""

from pelib import docenv
import torch
from transformers import GPTJConfig, GPTNeoXConfig, LlamaConfig
from transformers.models.gptj.modeling_gptj import apply_rotary_pos_emb as gptj_rotate
from transformers.models.gptj.modeling_gptj import create_sinusoidal_positions
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding
from transformers.models.llama.modeling_llama import apply_rotary_pos_emb as llama_rotate

torch.manual_seed(0)
HEAD_DIM, SEQ = 16, 12
positions = torch.arange(SEQ)[None]  # [batch 1, seq]
rotary = LlamaRotaryEmbedding(LlamaConfig(hidden_size=4 * HEAD_DIM, num_attention_heads=4, num_key_value_heads=4))
llama_cos, llama_sin = rotary(torch.zeros(1, SEQ, HEAD_DIM), positions)  # [1, seq, head_dim]
gptj_sin, gptj_cos = create_sinusoidal_positions(SEQ, HEAD_DIM)[positions].chunk(2, dim=-1)  # [1, seq, head_dim/2]


# --8<-- [start:layouts]
def llama(q: torch.Tensor, k: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """q, k: [batch, seq, heads, head_dim], rotated by transformers' Llama code (pairs j and j + head_dim/2)."""
    q_rot, k_rot = llama_rotate(q.transpose(1, 2), k.transpose(1, 2), llama_cos, llama_sin)
    return q_rot.transpose(1, 2), k_rot.transpose(1, 2)


def gptj(q: torch.Tensor, k: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """q, k: [batch, seq, heads, head_dim], rotated by transformers' GPT-J code (pairs 2j and 2j + 1)."""
    return gptj_rotate(q, gptj_sin, gptj_cos), gptj_rotate(k, gptj_sin, gptj_cos)


def scores(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """Every query against every key, per head: [batch, heads, seq, seq]."""
    return torch.einsum("bqhd,bkhd->bhqk", q, k)
# --8<-- [end:layouts]


q, k = torch.randn(2, 1, SEQ, 1, HEAD_DIM).unbind(0)  # [batch 1, seq, heads 1, head_dim]

# --8<-- [start:permutation]
perm = torch.cat([torch.arange(0, HEAD_DIM, 2), torch.arange(1, HEAD_DIM, 2)])  # 0 2 4 .. 14 1 3 .. 15
print("perm:", *perm[: HEAD_DIM // 2].tolist())  # the even dimensions, then the odd ones
print("     ", *perm[HEAD_DIM // 2 :].tolist())

q_j, k_j = gptj(q, k)  # GPT-J's layout: pair j is dimensions 2j, 2j + 1
q_l, k_l = llama(q[..., perm], k[..., perm])  # Llama's layout: pair j is dimensions j, j + 8
print("Llama(q[perm]) = GPT-J(q)[perm]:", torch.allclose(q_l, q_j[..., perm], atol=1e-6))
print("same scores:              ", torch.allclose(scores(q_l, k_l), scores(q_j, k_j), atol=1e-5))
q_x, k_x = llama(q, k)  # the same weights read in the other layout, not permuted
print("same scores without perm: ", torch.allclose(scores(q_x, k_x), scores(q_j, k_j), atol=1e-5))
# --8<-- [end:permutation]

layout_gap = max((q_l - q_j[..., perm]).abs().max().item(), (k_l - k_j[..., perm]).abs().max().item())
unpermuted_gap = (scores(q_x, k_x) - scores(q_j, k_j)).abs().max().item()
print(f"largest difference with perm: {docenv.bound(layout_gap, 1e-6)}")
print(f"                 without perm: {unpermuted_gap:.2f}")

# Why only q and k: shift every position by the same amount and compare the attention output.
v = torch.randn(1, SEQ, 1, HEAD_DIM)
SHIFT = 5
shifted = torch.arange(SHIFT, SHIFT + SEQ)[None]
cos_s, sin_s = rotary(torch.zeros(1, SEQ, HEAD_DIM), shifted)


# --8<-- [start:attend]
def attend(cos: torch.Tensor, sin: torch.Tensor, rotate_values: bool) -> torch.Tensor:
    """Causal attention of one head with q and k (and v, if asked) rotated by transformers' Llama code."""
    q_r, k_r = llama_rotate(q.transpose(1, 2), k.transpose(1, 2), cos, sin)
    v_r = llama_rotate(v.transpose(1, 2), v.transpose(1, 2), cos, sin)[0] if rotate_values else v.transpose(1, 2)
    logits = q_r @ k_r.transpose(-1, -2) / HEAD_DIM**0.5
    logits = logits.masked_fill(torch.ones(SEQ, SEQ, dtype=torch.bool).triu(1), float("-inf"))
    return logits.softmax(-1) @ v_r
# --8<-- [end:attend]


qk_only = (attend(cos_s, sin_s, False) - attend(llama_cos, llama_sin, False)).abs().max().item()
qkv = (attend(cos_s, sin_s, True) - attend(llama_cos, llama_sin, True)).abs().max().item()
print(f"every position moved by {SHIFT}: the output")
print(f"  q, k rotated:    changes by {docenv.bound(qk_only, 1e-5)}")
print(f"  q, k, v rotated: changes by {qkv:.2f}")

# Partial rotation: the defaults of transformers' GPT-NeoX and GPT-J configurations rotate only the first
# dimensions of each head and pass the rest through (q[..., :rotary_dim] in both modeling files).
neox, gptj_config = GPTNeoXConfig(), GPTJConfig()
neox_head = neox.hidden_size // neox.num_attention_heads
neox_rotary = int(neox_head * neox.rope_parameters["partial_rotary_factor"])
gptj_head = gptj_config.n_embd // gptj_config.n_head
print(f"rotated dimensions per head: GPT-NeoX {neox_rotary} of {neox_head}, GPT-J {gptj_config.rotary_dim} of {gptj_head}")

docenv.save_values({
    "neox_factor": f"{neox.rope_parameters['partial_rotary_factor']:g}",
    "neox_rotary": f"{neox_rotary}", "neox_head": f"{neox_head}",
    "gptj_rotary": f"{gptj_config.rotary_dim}", "gptj_head": f"{gptj_head}",
    "head_dim": f"{HEAD_DIM}",
    "layout_gap": docenv.bound(layout_gap, 1e-6),
    "unpermuted_gap": f"{unpermuted_gap:.2f}",
    "shift": f"{SHIFT}",
    "qk_only": docenv.bound(qk_only, 1e-5),
    "qkv": f"{qkv:.2f}",
})
