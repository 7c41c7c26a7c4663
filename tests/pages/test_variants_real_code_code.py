"""What docs/variants/real-code.md's code computes, re-derived with the reference module and the installed transformers
(not with the page's scripts): offsets, positions from the attention mask, RoPE's two layouts, rotating only q and k."""

from __future__ import annotations

import inspect

import torch
from pelib.variants.fairseq import PAD, FairseqSinusoidal
from reference import PositionalEncoding, positional_encoding
from support import ROOT, text, values
from transformers import LlamaConfig
from transformers.generation.utils import GenerationMixin
from transformers.models.gpt_neox import modeling_gpt_neox
from transformers.models.gptj import modeling_gptj
from transformers.models.llama import modeling_llama

HEAD_DIM = 16
PERM = torch.cat([torch.arange(0, HEAD_DIM, 2), torch.arange(1, HEAD_DIM, 2)])


def transformers_position_ids(mask: torch.Tensor) -> torch.Tensor:
    """The installed transformers' own position ids for a batch with this attention mask (generation/utils.py)."""
    return GenerationMixin._prepare_position_ids_for_generation(None, torch.zeros_like(mask), {"attention_mask": mask})


def rotary(positions: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """cos, sin of transformers' Llama for one head of HEAD_DIM at these positions ([seq])."""
    config = LlamaConfig(hidden_size=4 * HEAD_DIM, num_attention_heads=4, num_key_value_heads=4)
    return modeling_llama.LlamaRotaryEmbedding(config)(torch.zeros(1, 1, HEAD_DIM), positions[None])


def llama(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """x: [seq, head_dim], rotated by the installed Llama code."""
    cos, sin = rotary(positions)
    return modeling_llama.apply_rotary_pos_emb(x[None, None], x[None, None], cos, sin)[0][0, 0]


def gptj(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """x: [seq, head_dim], rotated by the installed GPT-J code."""
    sin, cos = modeling_gptj.create_sinusoidal_positions(int(positions.max()) + 1, HEAD_DIM)[positions].chunk(2, -1)
    return modeling_gptj.apply_rotary_pos_emb(x[None, :, None], sin[None], cos[None])[0, :, 0]


# --- offsets -------------------------------------------------------------------------------------------------------


def test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0():
    layer = PositionalEncoding(d_model=16, max_len=64).eval()
    x = torch.randn(2, 10, 16)
    full = layer(x)
    for t in range(4, 10):
        assert torch.equal(layer(x[:, t : t + 1], offset=t), full[:, t : t + 1])
        assert torch.allclose(layer(x[:, t : t + 1])[0, 0] - x[0, t], positional_encoding(1, 16)[0], atol=1e-6)
    table = positional_encoding(10, 16)
    worst = (table[4:10] - table[0]).abs().max().item()
    assert f"{worst:.2f}" == values("real_code/offsets")["largest_error"]
    out = text("real_code/offsets")
    assert "with offset, equal to full:    True" in out
    assert "offset left 0, equal to full:  False" in out


def test_marian_starts_at_past_key_values_length_unless_position_ids_are_given():
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding

    module = MarianSinusoidalPositionalEmbedding(20, 8)
    module.weight.data = positional_encoding(20, 8)  # any table: what is checked is which rows come out
    assert torch.equal(module(torch.Size([2, 4]), past_key_values_length=3), module.weight[3:7])
    assert torch.equal(module(torch.Size([2, 4]), 3, position_ids=torch.tensor([0, 1, 2, 3])), module.weight[:4])


def test_transformers_counts_past_tokens_from_the_cache():
    source = inspect.getsource(GenerationMixin._prepare_position_ids_for_generation)
    assert "past_length = cache.get_seq_length()" in source
    assert "torch.arange(seq_length + past_length" in source


# --- left padding --------------------------------------------------------------------------------------------------


def test_transformers_positions_count_real_tokens_from_the_mask():
    mask = torch.tensor([[1, 1, 1, 1, 1, 1], [0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 1, 1]])
    ids = transformers_position_ids(mask)
    assert ids.tolist() == [[0, 1, 2, 3, 4, 5], [0, 0, 0, 1, 2, 3], [0, 0, 0, 0, 0, 1]]
    page = (mask.cumsum(-1) - 1).masked_fill(mask == 0, 0)  # the two lines the page shows
    assert torch.equal(ids, page)
    assert "tensor([[0, 1, 2, 3, 4],\n        [0, 0, 0, 0, 1]])" in text("real_code/padding")


def test_slot_positions_give_a_left_padded_prompt_other_rows():
    pads = int(values("real_code/padding")["pads"])
    layer = PositionalEncoding(d_model=16, max_len=64).eval()
    tokens = torch.randn(1, 2, 16)
    padded = torch.cat([torch.zeros(1, pads, 16), tokens], dim=1)
    mask = torch.tensor([[0] * pads + [1, 1]])
    naive = layer(padded)[0, pads:] - tokens[0]
    assert torch.allclose(naive[0], positional_encoding(64, 16)[pads]) and not torch.allclose(naive[0], layer.pe[0])
    right = layer(padded, position_ids=transformers_position_ids(mask))[:, pads:]
    assert torch.equal(right, layer(tokens))


def test_rope_scores_see_only_offsets():
    q, k = torch.randn(2, 2, HEAD_DIM, dtype=torch.float64).unbind(0)
    for shift in (1, 3, 100):
        moved = llama(q, torch.arange(shift, shift + 2)) @ llama(k, torch.arange(shift, shift + 2)).T
        assert (moved - llama(q, torch.arange(2)) @ llama(k, torch.arange(2)).T).abs().max() < 1e-5
    assert values("real_code/padding")["rope_gap"] == "< 1e-05"


def test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row():
    module = FairseqSinusoidal(16, padding_idx=PAD)
    rows = module(torch.tensor([[PAD, PAD, 5, 6]]))
    assert torch.equal(rows[0, 2:], module.weights[PAD + 1 : PAD + 3])
    assert not torch.equal(rows[0, 2:], module.weights[0:2])
    assert torch.equal(rows[0, :2], torch.zeros(2, 16)) and torch.equal(module.weights[PAD], torch.zeros(16))
    assert torch.equal(rows[0, 2:], module(torch.tensor([[5, 6]]))[0])
    assert values("real_code/padding")["fairseq_first"] == str(PAD + 1) == "2"
    assert values("real_code/padding")["fairseq_pad"] == str(PAD)


# --- RoPE's layouts ------------------------------------------------------------------------------------------------


def test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours():
    assert inspect.getsource(modeling_gpt_neox.rotate_half) == inspect.getsource(modeling_llama.rotate_half)
    for j in range(HEAD_DIM // 2):
        unit = torch.zeros(1, HEAD_DIM)
        unit[0, j] = 1.0
        assert set(torch.nonzero(llama(unit, torch.tensor([1]))[0]).flatten().tolist()) == {j, j + HEAD_DIM // 2}
        unit = torch.zeros(1, HEAD_DIM)
        unit[0, 2 * j] = 1.0
        assert set(torch.nonzero(gptj(unit, torch.tensor([1]))[0]).flatten().tolist()) == {2 * j, 2 * j + 1}


def test_the_layouts_are_one_permutation_apart():
    positions = torch.arange(0, 300, 7)
    x = torch.randn(len(positions), HEAD_DIM)
    assert torch.allclose(llama(x[:, PERM], positions), gptj(x, positions)[:, PERM], atol=2e-5)
    assert not torch.allclose(llama(x, positions), gptj(x, positions), atol=1e-2)
    out = text("real_code/rope_layouts")
    assert "perm: 0 2 4 6 8 10 12 14\n      1 3 5 7 9 11 13 15" in out
    assert "Llama(q[perm]) = GPT-J(q)[perm]: True" in out and "same scores without perm:  False" in out


def test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv():
    """A GPT-J-layout head and a Llama-layout head with W_Q, W_K rows permuted and W_V unchanged: same output."""
    d_in, seq = 24, 9
    x = torch.randn(seq, d_in)
    w_q, w_k, w_v = torch.randn(3, HEAD_DIM, d_in).unbind(0)
    positions = torch.arange(seq)

    def attend(rotate, w_q, w_k) -> torch.Tensor:
        q, k = rotate(x @ w_q.T, positions), rotate(x @ w_k.T, positions)
        return (q @ k.T / HEAD_DIM**0.5).softmax(-1) @ (x @ w_v.T)

    converted = attend(llama, w_q[PERM], w_k[PERM])
    assert torch.allclose(converted, attend(gptj, w_q, w_k), atol=1e-5)
    assert not torch.allclose(attend(llama, w_q, w_k), attend(gptj, w_q, w_k), atol=1e-2)


def test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions():
    """Partial rotation: GPT-NeoX's and GPT-J's installed functions, given a rotary width r below the head's,
    rotate dimensions 0 .. r - 1 (so the pairing, and any layout permutation, lives there) and pass the rest
    through; the page quotes the configurations' defaults."""
    from transformers import GPTJConfig, GPTNeoXConfig

    rotary, head, seq = 8, 16, 5
    q, k = torch.randn(2, 1, 1, seq, head, dtype=torch.float64).unbind(0)  # [batch, heads, seq, head]
    angles = torch.arange(seq, dtype=torch.float64)[:, None] * torch.rand(rotary // 2, dtype=torch.float64)
    cos, sin = torch.cat([angles.cos()] * 2, -1)[None], torch.cat([angles.sin()] * 2, -1)[None]
    q_neox, _ = modeling_gpt_neox.apply_rotary_pos_emb(q, k, cos, sin)
    assert torch.equal(q_neox[..., rotary:], q[..., rotary:]) and not torch.allclose(q_neox[..., :rotary], q[..., :rotary])
    source = inspect.getsource(modeling_gptj.GPTJAttention.forward)
    assert "query[:, :, :, : self.rotary_dim]" in source and "query[:, :, :, self.rotary_dim :]" in source
    neox, gptj_config = GPTNeoXConfig(), GPTJConfig()
    neox_head = neox.hidden_size // neox.num_attention_heads
    shown = values("real_code/rope_layouts")
    assert shown["neox_rotary"] == str(int(neox_head * neox.rope_parameters["partial_rotary_factor"])) != str(neox_head)
    assert shown["neox_head"] == str(neox_head) and shown["gptj_rotary"] == str(gptj_config.rotary_dim)
    assert shown["gptj_head"] == str(gptj_config.n_embd // gptj_config.n_head) != shown["gptj_rotary"]


def test_the_llama_conversion_script_permutation_is_the_same():
    """`permute` of transformers' convert_llama_weights_to_hf.py (one line, quoted from its source) on labelled rows."""
    n_heads, dim = 3, 3 * HEAD_DIM
    rows = torch.arange(dim, dtype=torch.float64)[:, None].expand(dim, 2)
    permuted = rows.view(n_heads, dim // n_heads // 2, 2, 2).transpose(1, 2).reshape(dim, 2)[:, 0].long()
    assert permuted.tolist() == torch.cat([PERM + h * HEAD_DIM for h in range(n_heads)]).tolist()


def test_unpermuted_gap_is_large():
    assert float(values("real_code/rope_layouts")["unpermuted_gap"]) > 1


# --- rotating only q and k -----------------------------------------------------------------------------------------


def test_rotation_scores_depend_on_the_offset_only():
    from beyond.rope_relative import rope_matrix

    q, k = torch.randn(2, 8, dtype=torch.float64).unbind(0)
    for m, n in [(0, 3), (7, 2), (100, 40)]:
        left = (rope_matrix(8, m) @ q) @ (rope_matrix(8, n) @ k)
        assert abs(left - q @ rope_matrix(8, n - m) @ k) < 1e-12


def test_shifting_every_position_moves_the_output_only_when_values_are_rotated():
    seq = 12
    q, k, v = torch.randn(3, seq, HEAD_DIM, dtype=torch.float64).unbind(0)
    causal = torch.ones(seq, seq, dtype=torch.bool).triu(1)

    def attend(positions: torch.Tensor, rotate_values: bool) -> torch.Tensor:
        logits = (llama(q, positions) @ llama(k, positions).T).masked_fill(causal, float("-inf"))
        return logits.softmax(-1) @ (llama(v, positions) if rotate_values else v)

    base, moved = torch.arange(seq), torch.arange(5, 5 + seq)
    assert (attend(moved, False) - attend(base, False)).abs().max() < 1e-5
    assert (attend(moved, True) - attend(base, True)).abs().max() > 0.1
    shown = values("real_code/rope_layouts")
    assert shown["qk_only"] == "< 1e-05" and float(shown["qkv"]) > 0.1 and shown["shift"] == "5"


def test_the_page_scripts_call_the_installed_functions():
    source = (ROOT / "snippets" / "real_code" / "rope_layouts.py").read_text(encoding="utf-8")
    assert ("from transformers.models.gptj.modeling_gptj import apply_rotary_pos_emb" in source
            and "from transformers.models.llama.modeling_llama import apply_rotary_pos_emb" in source)
