"""The claims of docs/variants/real-code.md, each with what makes it true (see tests/claimcheck.py).

The checks reuse tests/pages/test_variants_real_code_code.py, which re-derives each result with the reference module,
the fairseq variant and the installed transformers; library facts are cited from the sources the page links.
"""

import inspect

import test_reference as tr
import torch
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


LEDGER = Ledger("variants/real-code.md", [
    prose('title',
        'Positions in real code',
        "a heading"),
    computed('takeaway',
        "**A token's position is where it sits in its own sequence: after the tokens already in the cache, counted from its first real token, never from the first slot of a padded batch.**",
        lambda: passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)()
        and passes(t.test_slot_positions_give_a_left_padded_prompt_other_rows)()),
    prose('figure-alt-1',
        '![Two grids of three left-padded sequences in six slots.',
        "the figure's description (the grid is checked in the next sentence)"),
    computed('figure-alt-2',
        "In the panel position = slot index (wrong), every sequence numbers its slots 0 to 5, so a sequence with two pads starts its text at position 2. In the panel position from the attention mask (correct), pads are skipped and every sequence's first real token is at position 0](../generated/real_code/position_grid.svg)",
        passes(t.test_transformers_positions_count_real_tokens_from_the_mask)),
    prose('offset-heading',
        'Cached decoding: the offset',
        "a heading"),
    cited('kv-cache',
        'A decoder that generates one token at a time keeps the keys and values of the tokens before it in a cache and runs only the new token through the model.',
        "transformers generation/utils.py (installed 5.23.0): past_key_values, a Cache whose get_seq_length() counts the cached tokens",
        passes(t.test_transformers_counts_past_tokens_from_the_cache)),
    computed('offset-is-cache-length',
        "The new token's position is the number of tokens already decoded, and the [reference module](../reference.md#the-module) takes it as `offset`:",
        lambda: passes(t.test_transformers_counts_past_tokens_from_the_cache)()
        and torch.equal(PositionalEncoding(8, 16)(torch.zeros(1, 1, 8), offset=6)[0, 0], positional_encoding(16, 8)[6])),
    computed('offset-equals-full',
        'With the offset, step-by-step decoding adds exactly the rows of the full sequence.',
        lambda: passes(tr.test_decoding_step_by_step_gives_the_rows_of_the_full_sequence, torch.float32)()
        and passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)()),
    computed('offset-forgotten',
        'Left at 0, every token after the prompt gets row 0, off by up to {{ gen.real_code.offsets.largest_error }} from its own row.',
        passes(t.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)),
    prose('library-names',
        'Each library has its own name for the offset:',
        "introduces the table"),
    prose('table-header',
        '| Library | Where the rows start |',
        "a table header"),
    cited('keras',
        '| keras-hub, [`SinePositionEncoding`](https://github.com/keras-team/keras-hub/blob/0e1444fdfbc088d2e736a43927f4719a30becd19/keras_hub/src/layers/modeling/sine_position_encoding.py) | `start_index`, added to `arange(seq_length)`, "useful during cached decoding" |',
        KERAS + ": positions = ops.cast(positions + start_index, ...); docstring 'This is useful during cached decoding'",
        keras_start_index),
    cited('opennmt',
        '| OpenNMT-py, [`PositionalEncoding`](https://github.com/OpenNMT/OpenNMT-py/blob/0f2852c1849d7f70d4445161ba6f0aea4abfc0af/onmt/modules/embeddings.py) | `step`: when given, the one row `pe[step]` is added |',
        ONMT + ": 'emb = emb + self.pe[step]' when step is not None", opennmt_step),
    cited('fairseq',
        "| fairseq, [`SinusoidalPositionalEmbedding`](https://github.com/facebookresearch/fairseq/blob/0491f2696114f5e35e14b6c133fc55c2e60d8077/fairseq/modules/sinusoidal_positional_embedding.py) | with an `incremental_state`, row `padding_idx + pos`, where `pos` is `timestep + 1` or the input's length |",
        FAIRSEQ + ": 'pos = timestep.view(-1)[0] + 1 if timestep is not None else seq_len', then self.weights[self.padding_idx + pos, :]"),
    cited('marian',
        "| transformers, Marian's [`MarianSinusoidalPositionalEmbedding`](https://github.com/huggingface/transformers/blob/00b676f8f0489b88652a31d70751cc540dd06305/src/transformers/models/marian/modeling_marian.py) | `past_key_values_length`, the start of its `arange`, unless `position_ids` are given |",
        MARIAN, marian_source),
    prose('padding-heading',
        'Left padding: positions from the attention mask',
        "a heading"),
    cited('left-padding',
        'Batched generation pads short prompts on the left, so that every sequence ends in the same slot and the next token goes after it.',
        "transformers generation/utils.py (installed 5.23.0) warns 'A decoder-only architecture is being used, but right-padding was detected! For correct generation results, please set padding_side=left'",
        left_padding_warning),
    computed('positions-from-mask',
        "A token's position is then the number of real tokens before it, and transformers computes it from the attention mask (`_prepare_position_ids_for_generation` in `generation/utils.py`):",
        passes(t.test_transformers_positions_count_real_tokens_from_the_mask)),
    computed('absolute-wrong',
        '**With an absolute table,** positions counted from the slot give a left-padded prompt other rows than the same prompt alone: with {{ gen.real_code.padding.pads }} pads its first token gets row {{ gen.real_code.padding.pads }} instead of 0.',
        passes(t.test_slot_positions_give_a_left_padded_prompt_other_rows)),
    computed('rope-offsets',
        "**With RoPE only offsets matter.** A score depends on the difference of the two positions, so moving every real token by the same number of pads leaves their scores as they were: they differ by {{ gen.real_code.padding.rope_gap }} with transformers' Llama code (output above).",
        passes(t.test_rope_scores_see_only_offsets)),
    computed('rope-reach',
        'What the pads change is how far the positions run: a prompt padded by \\(n\\) slots reaches position \\(n\\) further, which can pass the length the model was trained on.',
        padding_reach),
    cited('fairseq-start',
        '**fairseq starts at `padding_idx + 1`.** It counts real tokens from the mask too: they take rows `padding_idx + 1`, `padding_idx + 2`, …, and pads take row `padding_idx`, which is all zeros.',
        FAIRSEQ + " and fairseq/utils.py make_positions: (torch.cumsum(mask, dim=1) * mask).long() + padding_idx; get_embedding zeroes row padding_idx",
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row)),
    computed('fairseq-default',
        "With fairseq's default pad index {{ gen.real_code.padding.fairseq_pad }}, the first real token takes row {{ gen.real_code.padding.fairseq_first }}, and a left-padded sentence keeps its rows.",
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row)),
    computed('fairseq-trained',
        "A model trained this way has seen its first token at row {{ gen.real_code.padding.fairseq_first }}: positions from 0 would move every token ([fairseq's layout](libraries.md#fairseq)).",
        passes(t.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row)),
    prose('layouts-heading',
        "RoPE's two layouts",
        "a heading"),
    cited('rope-rotates',
        "RoPE rotates each pair of dimensions of a query or key by the token's position times the pair's frequency ([the rotation](../beyond.md#from-the-rotation-to-relative-encodings)).",
        ROFORMER + ", section 3.2.2, Eqs. 14-15", llama_rotates_pairs_by_position_times_frequency),
    computed('which-pairs',
        'Which dimensions form a pair differs: GPT-NeoX and Llama, as transformers implements them (`rotate_half`), pair dimension \\(j\\) with \\(j + d/2\\); GPT-J (`rotate_every_two`) pairs \\(2j\\) with \\(2j + 1\\).',
        passes(t.test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours)),
    computed('one-permutation',
        'The two are one fixed permutation of the head dimensions apart, like the [interleaved and split tables](converting.md).',
        passes(t.test_the_layouts_are_one_permutation_apart)),
    computed('runs-installed',
        'The code runs both installed functions:',
        passes(t.test_the_page_scripts_call_the_installed_functions)),
    computed('converting',
        'So converting a checkpoint from one layout to the other permutes the rows of \\(W_Q\\) and \\(W_K\\) within each head, and leaves \\(W_V\\) as it is.',
        passes(t.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)),
    cited('llama-script',
        "The conversion script of transformers for Meta's Llama checkpoints does exactly that (`permute`, applied to `wq` and `wk` only, in [`convert_llama_weights_to_hf.py`](https://github.com/huggingface/transformers/blob/6ae9169c77cc8b35130fa63af2c9329c20a2ad44/src/transformers/models/llama/convert_llama_weights_to_hf.py)).",
        CONVERT, passes(t.test_the_llama_conversion_script_permutation_is_the_same)),
    computed('unpermuted',
        'Without the permutation the scores change, here by up to {{ gen.real_code.rope_layouts.unpermuted_gap }}.',
        lambda: passes(t.test_the_layouts_are_one_permutation_apart)() and passes(t.test_unpermuted_gap_is_large)()),
    prose('qk-heading',
        'Why RoPE rotates only queries and keys',
        "a heading"),
    cited('eq16',
        "A score after the rotations is \\((R_m q)^\\top (R_n k) = q^\\top R_{n-m}\\, k\\) (RoFormer's Eq. 16): it depends on the offset \\(n - m\\), not on where the two tokens are.",
        ROFORMER + ", Eq. 16", passes(t.test_rotation_scores_depend_on_the_offset_only)),
    computed('values-absolute',
        'The values are what attention averages; rotating them by their own positions would put absolute positions into the output, and nothing after attention turns them back.',
        passes(t.test_shifting_every_position_moves_the_output_only_when_values_are_rotated)),
    computed('shift-test',
        'Moving every position by {{ gen.real_code.rope_layouts.shift }} shows it (last line of the output above): the output changes by {{ gen.real_code.rope_layouts.qk_only }} with only queries and keys rotated, and by {{ gen.real_code.rope_layouts.qkv }} with the values rotated too.',
        passes(t.test_shifting_every_position_moves_the_output_only_when_values_are_rotated)),
    computed('checked-where',
        "Every sentence is tied to a check in `tests/pages/test_variants_real_code.py`; the reference module's offsets and position ids are tested in `tests/test_reference.py`.",
        check_file_exists),
    computed('checked-installed',
        'The RoPE checks call the installed transformers (`LlamaRotaryEmbedding`, Llama\'s and GPT-J\'s `apply_rotary_pos_emb`), and the library rows are read from the sources linked in the table.',
        lambda: "LlamaRotaryEmbedding(config)" in inspect.getsource(t.rotary) and "modeling_gptj.apply_rotary_pos_emb" in inspect.getsource(t.gptj)),
])

test_claims_hold = LEDGER.test
