"""The claims of docs/variants/real-code.md, each with what makes it true (see tests/claimcheck.py).

The checks reuse tests/pages/test_variants_real_code_code.py, which re-derives each result with the reference module,
the fairseq variant and the installed transformers; library facts are cited from the sources the page links.
"""

import inspect

import test_reference as tr
import torch
from claim_words import Count
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import keras_hub as variant_keras_hub
from pelib.variants import opennmt as variant_opennmt
from reference import PositionalEncoding, positional_encoding
from support import ROOT, values

from pages import test_variants_real_code_code as t

KERAS = "keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding.py @ 0e1444f, SinePositionEncoding.call"
ONMT = "OpenNMT/OpenNMT-py onmt/modules/embeddings.py @ 0f2852c, PositionalEncoding.forward"
FAIRSEQ = "facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 0491f26, SinusoidalPositionalEmbedding.forward"
MARIAN = "huggingface/transformers src/transformers/models/marian/modeling_marian.py, MarianSinusoidalPositionalEmbedding.forward (installed 5.23.0)"
CONVERT = ("huggingface/transformers src/transformers/models/llama/convert_llama_weights_to_hf.py @ 6ae9169, write_model: "
           "permute(w) = w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2).reshape(dim1, dim2), applied to "
           "attention.wq and attention.wk; wv and wo are copied")
ROFORMER = "Su et al. 2021, RoFormer: Enhanced Transformer with Rotary Position Embedding, arXiv:2104.09864"
PADDING = values("real_code/padding")
LAYOUTS = values("real_code/rope_layouts")


def partial_heads() -> Count:
    """How many of the two models (GPT-NeoX, GPT-J) rotate fewer dimensions than a head has, by the quoted defaults
    (the installed functions checked to pass the rest through): "each" needs both."""
    assert passes(t.test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions)()
    shown = values("real_code/rope_layouts")
    pairs = [(shown["neox_rotary"], shown["neox_head"]), (shown["gptj_rotary"], shown["gptj_head"])]
    return Count(sum(int(r) < int(h) for r, h in pairs), len(pairs))


def keras_start_index() -> bool:
    layer = variant_keras_hub.SinePositionEncoding()
    x = torch.zeros(1, 4, 8)
    return torch.allclose(layer(x, start_index=3)[0], positional_encoding(7, 8)[3:], atol=1e-6)


def opennmt_step() -> bool:
    source = inspect.getsource(variant_opennmt.OnmtPositionalEncoding.forward)
    return "self.pe[step]" in source


def marian_source() -> bool:
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding

    source = inspect.getsource(MarianSinusoidalPositionalEmbedding.forward)
    return ("past_key_values_length, past_key_values_length + seq_len" in source
            and passes(t.test_marian_starts_at_past_key_values_length_unless_position_ids_are_given)())


def left_padding_warning() -> bool:
    from transformers.generation.utils import GenerationMixin

    return "right-padding was detected" in inspect.getsource(GenerationMixin)


def padding_reach() -> bool:
    """With slot positions, a prompt of length L padded by n reaches position n + L - 1 instead of L - 1."""
    mask = torch.tensor([[0, 0, 0, 1, 1]])
    slot = torch.arange(mask.size(1))
    return int(slot[-1]) == 3 + 2 - 1 and int(t.transformers_position_ids(mask).max()) == 2 - 1


def llama_rotates_pairs_by_position_times_frequency() -> bool:
    """Position 5, pair j (dimensions j, j + 8): a rotation by 5 * theta_j, theta_j = 10000**(-2j/16)."""
    for j in range(t.HEAD_DIM // 2):
        theta = 5 * 10000.0 ** (-2 * j / t.HEAD_DIM)
        unit = torch.zeros(1, t.HEAD_DIM)
        unit[0, j] = 1.0
        out = t.llama(unit, torch.tensor([5]))[0]
        if abs(out[j] - torch.cos(torch.tensor(theta))) > 1e-5 or abs(out[j + 8] - torch.sin(torch.tensor(theta))) > 1e-5:
            return False
    return True


def check_file_exists() -> bool:
    return (ROOT / "tests" / "pages" / "test_variants_real_code.py").is_file() and any(
        "offset=" in line for line in (ROOT / "tests" / "test_reference.py").read_text().splitlines())


# --- the docstrings the page shows with the RoPE code (reviewed after the migration) ------------------------------


def rope_script():
    """snippets/real_code/rope_layouts.py, imported once (it prints its results: silenced here)."""
    import contextlib
    import importlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        return importlib.import_module("real_code.rope_layouts")


def rope_pairs(which: str) -> bool:
    """The snippet's llama() pairs dimension j with j + head_dim/2, gptj() pairs 2j with 2j + 1, both keep the shape."""
    rope = rope_script()
    d, seq = rope.HEAD_DIM, rope.SEQ
    ok = True
    for j in range(d // 2):
        unit = torch.zeros(1, seq, 1, d)
        dim = j if which == "llama" else 2 * j
        unit[..., dim] = 1.0
        out = (rope.llama if which == "llama" else rope.gptj)(unit, unit)[0]
        partner = j + d // 2 if which == "llama" else 2 * j + 1
        ok &= out.shape == unit.shape and set(torch.nonzero(out[0, 3, 0]).flatten().tolist()) == {dim, partner}
    return bool(ok) and passes(t.test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours)()


def rope_scores() -> bool:
    rope = rope_script()
    q, k = torch.randn(2, 2, 5, 3, 4).unbind(0)
    s = rope.scores(q, k)
    return s.shape == (2, 3, 5, 5) and torch.allclose(s[1, 2, 4, 0], q[1, 4, 2] @ k[1, 0, 2])


def rope_attend() -> bool:
    rope = rope_script()
    out = rope.attend(rope.llama_cos, rope.llama_sin, False)
    first = rope.attend(rope.llama_cos, rope.llama_sin, True)
    return (out.shape[-2:] == (rope.SEQ, rope.HEAD_DIM) and not torch.allclose(out, first)
            and passes(t.test_shifting_every_position_moves_the_output_only_when_values_are_rotated)())


LEDGER = Ledger("variants/real-code.md", [
    prose('title', "a heading"),
    computed('takeaway',
        lambda: passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)()
        and passes(t.test_slot_positions_give_a_left_padded_prompt_other_rows)(), backs=['after', 'first', 'first', 'never']),
    prose('page-shows-how-give-reference',
        "says what the page gives (the words name its sections, each checked there)", unbacked=['each', 'left', 'rotates']),
    prose('figure-alt-1', "the figure's description (the grid is checked in the next sentence)"),
    computed('figure-alt-2',
        passes(t.test_transformers_positions_count_real_tokens_from_the_mask), backs=['0', '0', '2', '5', 'every', 'every', 'first']),
    prose('offset-heading', "a heading"),
    cited('kv-cache',
        "transformers generation/utils.py (installed 5.23.0): past_key_values, a Cache whose get_seq_length() counts the cached tokens",
        passes(t.test_transformers_counts_past_tokens_from_the_cache), backs=['before', 'only']),
    computed('offset-is-cache-length',
        lambda: passes(t.test_transformers_counts_past_tokens_from_the_cache)()
        and torch.equal(PositionalEncoding(8, 16)(torch.zeros(1, 1, 8), offset=6)[0, 0], positional_encoding(16, 8)[6])),
    computed('offset-equals-full',
        lambda: passes(tr.test_decoding_step_by_step_gives_the_rows_of_the_full_sequence, torch.float32)()
        and passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)(), backs=['exactly', 'rows']),
    computed('offset-forgotten',
        passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0), backs=['0', '0', 'after', 'every', 'gen.real_code.offsets.largest_error', 'left', 'row', 'row', 'up to']),
    prose('library-names', "introduces the table", unbacked=['each']),
    prose('table-header', "a table header", unbacked=['rows']),
    cited('keras',
        KERAS + ": positions = ops.cast(positions + start_index, ...); docstring 'This is useful during cached decoding'",
        keras_start_index),
    cited('opennmt', ONMT + ": 'emb = emb + self.pe[step]' when step is not None", opennmt_step, backs=['row']),
    cited('fairseq',
        FAIRSEQ + ": 'pos = timestep.view(-1)[0] + 1 if timestep is not None else seq_len', then self.weights[self.padding_idx + pos, :]", backs=['1', 'row']),
    cited('marian', MARIAN, marian_source),
    prose('padding-heading', "a heading", unbacked=['left']),
    cited('left-padding',
        "transformers generation/utils.py (installed 5.23.0) warns 'A decoder-only architecture is being used, but right-padding was detected! For correct generation results, please set padding_side=left'",
        left_padding_warning, backs=['after', 'every', 'left', 'next', 'same']),
    computed('positions-from-mask',
        passes(t.test_transformers_positions_count_real_tokens_from_the_mask), backs=['before']),
    computed('absolute-wrong',
        passes(t.test_slot_positions_give_a_left_padded_prompt_other_rows), backs=['0', 'first', 'gen.real_code.padding.pads', 'gen.real_code.padding.pads', 'row', 'rows', 'same']),
    computed('rope-offsets',
        passes(t.test_rope_scores_see_only_offsets), backs=['above', 'depends', 'differ', 'every', 'gen.real_code.padding.rope_gap', 'only', 'same']),
    computed('rope-reach', padding_reach, backs=[r'\(n\)', r'\(n\)']),
    cited('fairseq-start',
        FAIRSEQ + " and fairseq/utils.py make_positions: (torch.cumsum(mask, dim=1) * mask).long() + padding_idx; get_embedding zeroes row padding_idx",
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row), backs=['1', '1', '2', 'all', 'row', 'rows']),
    computed('fairseq-default',
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row), backs=['first', 'gen.real_code.padding.fairseq_first', 'gen.real_code.padding.fairseq_pad', 'row', 'rows']),
    computed('fairseq-trained',
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row), backs=['0', 'every', 'first', 'gen.real_code.padding.fairseq_first', 'row']),
    prose('layouts-heading', "a heading"),
    cited('rope-rotates',
        ROFORMER + ", section 3.2.2, Eqs. 14-15", llama_rotates_pairs_by_position_times_frequency, backs=['each', 'rotates', 'rotation', 'times']),
    computed('which-dimensions-form-pair-differs',
        lambda: passes(t.test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours)()
        and passes(t.test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions)(), backs=[r'\(2j + 1\)', r'\(2j\)', r'\(j + d/2\)', r'\(j\)', 'differs']),
    prose('here-counts-dimensions-are-rotated', 'a definition: what d stands for in the pairing above',
          unbacked=[r'\(d\)']),
    computed('gpt-neox-gpt-j-rotate', partial_heads,
        backs=['each', 'gen.real_code.rope_layouts.gptj_head', 'gen.real_code.rope_layouts.gptj_rotary',
               'gen.real_code.rope_layouts.neox_head', 'gen.real_code.rope_layouts.neox_rotary', 'only', 'only',
               'rotate', 'rotates']),
    computed('one-permutation',
        lambda: passes(t.test_the_layouts_are_one_permutation_apart)()
        and passes(t.test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions)(), backs=['interleaved']),
    computed('runs-installed', passes(t.test_the_page_scripts_call_the_installed_functions), backs=['both']),
    computed('so-converting-checkpoint-from-one',
        lambda: passes(t.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)()
        and passes(t.test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions)(), backs=[r'\(W_K\)', r'\(W_Q\)', r'\(W_V\)', 'each', 'rows']),
    computed('other-rows-stay-as-they',
        lambda: passes(t.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)()
        and passes(t.test_gpt_neox_and_gptj_rotate_only_their_rotary_dimensions)(), backs=[r'\(W_K\)', r'\(W_Q\)', 'rows']),
    cited('llama-script',
        CONVERT, passes(t.test_the_llama_conversion_script_permutation_is_the_same), backs=['exactly', 'only']),
    computed('unpermuted',
        lambda: passes(t.test_the_layouts_are_one_permutation_apart)() and passes(t.test_unpermuted_gap_is_large)(), backs=['gen.real_code.rope_layouts.unpermuted_gap', 'up to']),
    prose('qk-heading', "a heading", unbacked=['only', 'rotates']),
    cited('eq16',
        ROFORMER + ", Eq. 16", passes(t.test_rotation_scores_depend_on_the_offset_only), backs=['16', r'\((R_m q)^\top (R_n k) = q^\top R_{n-m}\, k\)', r'\(n - m\)', 'after', 'depends', 'not']),
    computed('values-absolute',
        passes(t.test_shifting_every_position_moves_the_output_only_when_values_are_rotated), backs=['after']),
    computed('shift-test',
        passes(t.test_shifting_every_position_moves_the_output_only_when_values_are_rotated), backs=['above', 'every', 'gen.real_code.rope_layouts.qk_only', 'gen.real_code.rope_layouts.qkv', 'gen.real_code.rope_layouts.shift', 'last', 'only']),
    computed('checked-where', check_file_exists, backs=['every']),
    computed('checked-installed',
        lambda: "LlamaRotaryEmbedding(config)" in inspect.getsource(t.rotary) and "modeling_gptj.apply_rotary_pos_emb" in inspect.getsource(t.gptj), backs=['rows']),
    prose('two-installed-functions-called-tensors', 'an admonition title: it labels the folded code, whose docstrings have their own entries'),
    prose('attention-used-test', 'an admonition title: it labels the folded code, whose docstring has its own entry'),
    prose('how-page-checked', 'an admonition title: it labels the note on the tests'),
    computed('q-k-batch-seq-heads', lambda: rope_pairs("llama"), backs=['2']),
    computed('q-k-batch-seq-heads-2', lambda: rope_pairs("gptj"), backs=['1']),
    computed('every-query-against-every-key', rope_scores, backs=['every', 'every']),
    computed('causal-attention-one-head-with', rope_attend),
])

test_claims_hold = LEDGER.test
