"""The claims of docs/faq.md, each with what makes it true (see tests/claimcheck.py).

The FAQ restates results that other pages show; most checks reuse the tests behind those pages (passes) or re-derive
the number it quotes. A link sentence ("See ...") is prose: tests/test_site.py checks that its target exists.
"""

import inspect
import math

import sympy as sp
import test_evidence as evidence_tests
import test_reference as reference_tests
import torch
import why_positions.permutation_equivariance as perm_eq
from claimcheck import Ledger, cited, computed, measured, passes, prose
from pelib.shift import shift_block, shift_matrix
from pelib.variants.registry import BY_KEY, VARIANTS, output_convention
from reference import PositionalEncoding, frequencies, positional_encoding
from support import DOCS, data, number, quoted_equals, text, values
from variants.axis_slip import SeqFirstEncoding

from pages import test_add_or_concatenate_code as add_or_concatenate_tests
from pages import test_beyond_indices_code as beyond_indices_tests
from pages import test_exercises_code as exercises_tests
from pages import test_faq_code as faq_tests
from pages import test_formula_code as formula_tests
from pages import test_input_step as input_step
from pages import test_linearity_code as linearity_tests
from pages import test_properties_code as properties_tests
from pages import test_variants_converting_code as axis_tests
from pages import test_variants_real_code as real_code
from pages import test_variants_real_code_code as real_code_tests
from pages import test_why_positions_code as why_positions_tests

SOURCES = "shared/research/content_anchors.md, section 8 (learner questions and confusions, with links)"


def pe64(n, d):
    return positional_encoding(n, d, dtype=torch.float64)


def distinct_rows():
    table = pe64(4096, 512)
    return torch.unique(table, dim=0).shape[0] == 4096 and bool(torch.cdist(table[:512], table[:512]).fill_diagonal_(9).min() > 0.1)


def same_word_two_inputs():
    return distinct_rows() and passes(why_positions_tests.test_repeated_token_gets_the_same_output_only_without_pe)()


def pooled_is_invariant():
    weights = perm_eq.make_weights(16, 8)
    x = perm_eq.make_tokens(6, 16)
    perm = torch.tensor([3, 0, 5, 1, 4, 2])
    out, shuffled = perm_eq.self_attention(x, *weights), perm_eq.self_attention(x[perm], *weights)
    return bool(torch.allclose(out.sum(0), shuffled.sum(0), rtol=0, atol=1e-12)
                and torch.allclose(out.mean(0), shuffled.mean(0), rtol=0, atol=1e-12)
                and (out - shuffled).abs().max() > 1e-2)


def clock_hands():
    omega = frequencies(512)
    return omega[0].item() == 1.0 and 2 * math.pi / omega[-1].item() > 10_000 and bool((omega[1:] < omega[:-1]).all())


def fast_and_slow_hands():
    table = pe64(200, 512)
    fast = table[:, :2]
    slow = table[:, -64:]
    neighbours = (fast[101] - fast[100]).norm()  # 2 sin(1/2): the fast pair moves a lot from one position to the next
    wrapped = (fast[144] - fast[100]).norm()  # 44 positions is almost 7 turns: the fast pair nearly repeats
    far_apart = (slow[144] - slow[100]).norm() > 20 * (slow[101] - slow[100]).norm()
    return bool(neighbours > 0.9 and wrapped < 0.05 and far_apart)


def lone_sine_has_no_matrix():
    p, k, w = sp.symbols("p k omega", real=True)
    shifted = sp.expand_trig(sp.sin(w * p + w * k))
    needs_cosine = shifted.coeff(sp.cos(w * p)) != 0
    return needs_cosine and passes(linearity_tests.test_odd_width_last_column_is_not_linear, 5)()


def pairs_rotate():
    blocks = [shift_block(float(w), 7) for w in frequencies(16)]
    return (all(torch.allclose(b @ b.T, torch.eye(2, dtype=torch.float64), rtol=0, atol=1e-12) for b in blocks)
            and passes(linearity_tests.test_shift_identity_many_positions_and_offsets, 16)())


def odd_misses():
    from linearity.odd import best_linear_fit_error

    v = values("linearity/odd")
    w_last = frequencies(5)[-1].item()  # the page's example: d_model = 5, its lone sine
    return (passes(linearity_tests.test_odd_width_output_shows_a_large_miss)() and number(v["block_error_k1000"]) > 0.5
            and quoted_equals("linearity/odd", "block_error_k1000", abs(math.sin(w_last * 1000)), ".3f")
            and quoted_equals("linearity/odd", "lstsq_error_k1000", best_linear_fit_error(5, 1000, int(number(v['positions']))), ".3f"))


def not_linear_in_position():
    table = pe64(300, 16)
    return bool((table[100 + 150] - (table[100] + table[150])).abs().max() > 0.5)


def never_mixes_pairs():
    m = shift_matrix(16, 9)
    outside = m.clone()
    for i in range(8):
        outside[2 * i: 2 * i + 2, 2 * i: 2 * i + 2] = 0
    return bool(outside.abs().max() == 0) and pairs_rotate()


def proof_has_both_rows():
    page = (DOCS / "linearity.md").read_text(encoding="utf-8")
    return r"\mathrm{PE}(p+k)_{2i} =" in page and r"\mathrm{PE}(p+k)_{2i+1} =" in page


def base_sets_slowest():
    return all(math.isclose(frequencies(512, base=base)[-1].item(), base ** (-510 / 512), rel_tol=1e-12)
               and frequencies(512, base=base)[0].item() == 1.0 for base in (100.0, 10000.0))


def why_10000_numbers():
    omega = frequencies(512)
    wavelengths = 2 * math.pi / omega
    return (quoted_equals("faq/quoted_numbers", "longest_512", wavelengths[-1].item(), ",.0f") and quoted_equals("faq/quoted_numbers", "stated_512", 2 * math.pi * 10000, ",.0f")
            and values("base/comparison")["slow_10000"] == str(int((wavelengths > 4096).sum())) and omega.numel() == 256
            and bool(wavelengths[-1] > 10 * 4096))


def non_integer_positions():
    d, p, k = 16, 2.37, 0.613
    rows = rows_at([p, p + k], d)
    m = torch.block_diag(*[shift_block(float(w), k) for w in frequencies(d)])
    return bool(torch.allclose(m @ rows[0], rows[1], rtol=0, atol=1e-12))


def rows_at(positions, d):
    angle = torch.tensor(positions, dtype=torch.float64)[:, None] * frequencies(d)[None, :]
    return torch.stack([angle.sin(), angle.cos()], dim=-1).flatten(1)


def fine_positions_need_float32():
    positions = torch.tensor([10_000.0, 10_000.1, 10_000.2], dtype=torch.float64)
    return (positions.to(torch.float16).unique().numel() == 1 and positions.to(torch.float32).unique().numel() == 3)


def adding_costs_nothing():
    layer = PositionalEncoding(16, max_len=32)
    x = torch.randn(2, 5, 16)
    return (layer(x).shape == x.shape and sum(p.numel() for p in layer.parameters()) == 0
            and passes(add_or_concatenate_tests.test_concatenation_costs_width)())


def cross_terms():
    g = torch.Generator().manual_seed(2)
    x, p, wq, wk = (torch.randn(*s, generator=g, dtype=torch.float64) for s in ((6, 8), (6, 8), (8, 8), (8, 8)))
    score = (x + p) @ wq @ wk.T @ (x + p).T
    terms = x @ wq @ wk.T @ x.T + x @ wq @ wk.T @ p.T + p @ wq @ wk.T @ x.T + p @ wq @ wk.T @ p.T
    return bool(torch.allclose(score, terms, rtol=0, atol=1e-10) and (x @ wq @ wk.T @ p.T).abs().max() > 0.1)


def fixed_never_trained():
    layer = PositionalEncoding(16, max_len=32)
    return (list(layer.parameters()) == [] and not layer.pe.requires_grad
            and torch.equal(layer.pe, positional_encoding(32, 16)))


def where_saved():
    observed = data("variants/comparison")
    saved = {key for key, v in observed.items() if v["storage"].get("state_dict")}
    non_persistent = {key for key, v in observed.items() if v["storage"].get("non_persistent")}

    def frozen(key):
        made = BY_KEY[key].make(8, 6)
        trainable = {name for name, q in made.named_parameters() if q.requires_grad}
        return not any(name in trainable for name in observed[key]["storage"]["state_dict"])

    named = {"whisper", "marian", "seed_aiedge", "seed_div_term"}
    return (named <= saved and {"reference", "fairseq"} <= non_persistent and all(frozen(key) for key in named)
            and BY_KEY["marian"].source.startswith("huggingface/transformers"))


def trax_trains_it():
    """trax keeps the table in state_dict as a trainable parameter, and one optimiser step moves it."""
    layer = BY_KEY["trax"].make(8, 6)
    stored = data("variants/comparison")["trax"]["storage"]["state_dict"]
    trainable = {name for name, q in layer.named_parameters() if q.requires_grad}
    before = {name: q.detach().clone() for name, q in layer.named_parameters()}
    optimiser = torch.optim.SGD(layer.parameters(), lr=0.1)
    layer(torch.zeros(1, 8, 6)).sum().backward()
    optimiser.step()
    moved = any(not torch.equal(before[name], q.detach()) for name, q in layer.named_parameters())
    return bool(stored) and set(stored) <= trainable and moved


def misread_breaks_the_shift():
    return (passes(formula_tests.test_reading_i_as_the_column_gives_another_table)()
            and passes(linearity_tests.test_slip_readings)())


def dimensions_alternate():
    table = pe64(30, 10)
    positions = torch.arange(30, dtype=torch.float64)
    return (passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)()
            and bool(torch.allclose(table[:, 0], positions.sin(), rtol=0, atol=1e-12))
            and bool(torch.allclose(table[:, 1], positions.cos(), rtol=0, atol=1e-12)))


def first_rise():
    similarity = torch.cos(frequencies(512)[None, :] * torch.arange(200, dtype=torch.float64)[:, None]).sum(1)
    return next(k for k in range(1, 200) if similarity[k] > similarity[k - 1])


def dot_product_facts():
    return (values("faq/quoted_numbers")["first_rise_512"] == str(first_rise()) and passes(properties_tests.test_dot_product_depends_only_on_the_offset)()
            and passes(properties_tests.test_dot_product_is_symmetric_in_the_offset)()
            and passes(faq_tests.test_faq_numbers)())


def odd_width_patterns():
    return (math.ceil(5 / 2) == 3 and 5 // 2 == 2 and passes(exercises_tests.test_exercise_7_odd_width_patterns, 5)())


def exercise_7_and_reference():
    lines = text("exercises/odd_width").splitlines()
    return ([line.split(":")[0] for line in lines] == ["slice assignment", "pair loop", "stack and flatten"]
            and passes(reference_tests.test_odd_width_ends_with_a_lone_sine)())


def libraries_differ():
    observed = data("variants/comparison")
    libraries = [v.key for v in VARIANTS if v.kind == "library"]
    split = [key for key in libraries if observed[key]["layout"] in ("[sin | cos]", "[cos | sin]")]
    other_frequencies = [key for key in libraries if abs(observed[key]["frequency_ratio_d512"] - 1) > 0.01]
    return len(split) >= 4 and 0 < len(other_frequencies) < len(libraries)


def same_up_to_permutation():
    observed = data("variants/comparison")
    matching = [key for key, v in observed.items() if abs(v["frequency_ratio_d512"] - 1) < 1e-4]
    others = [key for key, v in observed.items() if abs(v["frequency_ratio_d512"] - 1) > 0.01]
    return (all(observed[key]["max_abs_diff_permuted"] is not None and observed[key]["max_abs_diff_permuted"] < 1e-4
                for key in matching if observed[key]["odd_d7"] != "crash (RuntimeError)")
            and all(observed[key]["max_abs_diff_permuted"] is None for key in others) and len(others) > 0)


def seq_first_tutorial():
    source = inspect.getsource(SeqFirstEncoding.forward)
    return "x.size(0)" in source and SeqFirstEncoding(8).pe.shape[1] == 1


def batch_first_slip():
    return passes(axis_tests.test_batch_first_input_gets_row_b_at_every_position_of_sequence_b, 3, 5, 8)()


def returns_column():
    defaults = {name: q.default for name, q in inspect.signature(output_convention).parameters.items()}
    return defaults["batch"] == 3 and defaults["seq_len"] == 5


def checker_names() -> bool:
    """pecheck names a library table's convention, and a broken one's problem with a sentence."""
    import test_pecheck

    right = test_pecheck.pecheck.check_table(positional_encoding(100, 32))
    wrong = test_pecheck.pecheck.check_table(test_pecheck.formula(100, 32, grow=True))
    return (right.ok and right.convention == "interleaved-paper" and not wrong.ok
            and all(p.code and p.message for p in wrong.problems) and bool(wrong.problems))


LEDGER = Ledger('faq.md', [
    prose('title', "FAQ", "the page's title"),
    cited('questions', "The questions learners ask most often about the sinusoidal encoding (on Stack Exchange, in course forums and in issue trackers), and the mistakes that recur in posts.", SOURCES),
    computed('answers-link', "Each answer is short and points to the page that shows it with code.", passes(faq_tests.test_faq_every_question_has_an_anchor_and_a_link)),
    prose('idea', "The idea", "a heading"),
    prose('q-why-positions', "Why does a Transformer need positions at all?", "a question"),
    computed('bag-of-words', "Self-attention compares every token with every other token and never looks at their order: shuffle the input tokens and the outputs come out shuffled the same way.", passes(why_positions_tests.test_attention_without_pe_is_permutation_equivariant)),
    computed('distinct-vectors', "The encoding gives each position a distinct vector, so the same word at two places becomes two different inputs.", same_word_two_inputs),
    prose('see-why', "[Why positions are needed](why-positions.md#self-attention-cannot-see-order) shows it.", "a link"),
    cited('causal', "That is attention without a mask, as in the encoder; a decoder's causal mask already breaks the symmetry, and causal language models can learn positions with no encoding at all (same page).",
          "Haviv et al. 2022, arXiv:2203.16634 (causal language models without positional encodings still learn "
          "positions); the symmetry broken by the mask: tests/pages/test_why_positions_code.py",
          passes(why_positions_tests.test_a_causal_mask_breaks_the_symmetry_without_pe)),
    prose('q-invariant', 'Is self-attention "permutation invariant"?', "a question"),
    computed('equivariant', "Without a causal mask it is *equivariant*, a word often misused: permuting the inputs permutes the outputs in the same way.", passes(why_positions_tests.test_attention_without_pe_is_permutation_equivariant)),
    computed('pooled', "Only a pooled output (a sum or mean over positions) is invariant.", pooled_is_invariant),
    prose('see-why-2', "See [why positions are needed](why-positions.md#self-attention-cannot-see-order).", "a link"),
    prose('q-encode', "How can sines and cosines encode a position?", "a question"),
    computed('clock', r"Think of each pair \((\sin \omega_i p, \cos \omega_i p)\) as a clock hand turning at its own speed: the first pair turns once every \(2\pi\) positions, the last one very slowly.", clock_hands),
    computed('hands', "The fast hands tell neighbouring positions apart and wrap around quickly, which is why the early columns look random; the slow hands tell far-apart positions apart.", fast_and_slow_hands),
    computed('own-vector', "Together the hands give every position its own vector.", distinct_rows),
    prose('see-formula', "See [the formula](formula.md#the-formula), the [binary-counter analogy](why-positions.md#why-the-simple-codes-fail) and the heatmap on [the reference page](reference.md#as-a-picture).", "links"),
    prose('q-both', "Why both sine and cosine?", "a question"),
    prose('q-one', "Would one of them do?", "a question"),
    computed('lone-sine', r"A sine column alone cannot be shifted by any matrix: \(\sin(\omega(p + k))\) needs \(\cos(\omega p)\), which a sine-only vector does not contain.", lone_sine_has_no_matrix),
    computed('both-rotate', "With both, each pair moves under a fixed 2×2 rotation, whatever the position.", pairs_rotate),
    computed('odd-miss', "[The linearity page](linearity.md#odd-d_model-the-lone-sine-has-no-matrix) proves that a lone sine has no shift matrix and measures how far linear maps miss at offset 1000: the block map by up to {{ gen.linearity.odd.block_error_k1000 }}, the least-squares map by up to {{ gen.linearity.odd.lstsq_error_k1000 }}.", odd_misses),
    prose('q-linear', 'How can a sine be "linear" in the offset?', "a question"),
    computed('not-in-position', "It is not linear in the position.", not_linear_in_position),
    computed('vector-linear', r"The claim is that the *vector* \(\mathrm{PE}(p + k)\) is a linear function of the *vector* \(\mathrm{PE}(p)\): one matrix \(M_k\), built from \(k\) only, works for every \(p\).", passes(linearity_tests.test_shift_identity_many_positions_and_offsets, 64)),
    computed('no-mixing', "It rotates each pair within its own two columns and never mixes pairs.", never_mixes_pairs),
    computed('proof-rows', "[The proof](linearity.md#the-proof-one-pair-at-a-time) derives both rows of each block.", proof_has_both_rows),
    prose('q-base', "Why base 10000?", "a question"),
    computed('base-slowest', "The base sets the slowest frequency.", base_sets_slowest),
    computed('base-numbers', 'With 10000 the longest wavelength for `d_model = 512` is {{ gen.faq.quoted_numbers.longest_512 }} positions (not the {{ gen.faq.quoted_numbers.stated_512 }} the paper\'s "\\(10000 \\cdot 2\\pi\\)" suggests, because the last pair is \\(i = d/2 - 1\\): see [the wavelengths](formula.md#wavelengths)), far longer than the sequences the paper trained on, so the slowest pairs never wrap around within a sentence (over 4,096 positions, {{ gen.base.comparison.slow_10000 }} of the 256 pairs never complete a turn).', why_10000_numbers),
    cited('no-reason', "There is no deeper reason given in the paper.", "Vaswani et al. 2017, arXiv:1706.03762, section 3.5: the base 10000 is stated without a reason"),
    prose('see-base', "See [why base 10000](base.md#what-the-base-sets).", "a link"),
    prose('q-extrapolate', "Does the encoding extrapolate to longer sequences?", "a question"),
    cited('alibi', "The table is defined for every position, but trained models do not extrapolate well with it: ALiBi's authors measured sinusoidal models degrading a few dozen tokens past their training length.", "Press, Smith, Lewis, ICLR 2022 (arXiv:2108.12409), section 2.2 and Figure 1: the sinusoidal L = 512 "
                          "model improves up to 20 extra tokens, holds to 50, then degrades"),
    prose('see-beyond', 'See [beyond the paper](beyond.md#what-was-measured-alibi) and [why linearity did not buy extrapolation](beyond.md#why-linearity-did-not-buy-extrapolation); [evidence from trained models](evidence.md#extrapolation) measures tiny models beyond their training length on two tasks.', "links"),
    prose('q-upper-layers', "Does the position survive to the upper layers?", "a question"),
    cited('added-once', "The encoding is added once, at the bottom.", "Vaswani et al. 2017, section 3.5: added \"to the input embeddings at the bottoms of the encoder "
                               "and decoder stacks\"; the reference module adds it once, in forward",
          passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)),
    cited('residual', "Every sublayer adds its output back to its input through a residual connection.", "Vaswani et al. 2017, section 3.1: the output of each sub-layer is LayerNorm(x + Sublayer(x))"),
    cited('post-ln', "In the paper's post-LN layers, which compute LayerNorm(x + Sublayer(x)), each LayerNorm then re-centres and rescales the whole sum, so the encoding reaches the top transformed, not as a separate term.",
          "Vaswani et al. 2017, section 3.1 (LayerNorm(x + Sublayer(x))); Ba et al. 2016, Layer Normalization (subtracts the mean and divides by the standard deviation of the whole vector); pelib.training.Block is such a layer",
          lambda: post_ln_rescales_the_sum()),
    cited('pre-ln', "In pre-LN layers (x + Sublayer(LayerNorm(x)), as in GPT-2 and most recent models) the original sum does stay one term of the stream that reaches the top.",
          "Xiong et al. 2020, On Layer Normalization in the Transformer Architecture (arXiv:2002.04745), Figure 1 and section 3 (Pre-LN: x + F(LN(x)), the residual path carries x unnormalised); Radford et al. 2019, GPT-2, section 2.3 (layer normalization moved to the input of each sub-block)"),
    measured('probe-fades',
             "In tiny two-layer models on token 3 back, [probes on the evidence page](evidence.md#position-probe) read both tables less after the second layer than from the embedding, and which one fades more depends on the probe: a regression onto the index favours the sinusoids, a classifier of the exact position the learned table.",
             lambda: passes(evidence_tests.test_which_table_fades_more_depends_on_the_probe)() and probe_fades(),
             scope="In tiny two-layer models on token 3 back"),
    prose('q-real', "Can positions be non-integer (time stamps)?", "a question"),
    computed('real-offsets', r"The formula accepts any real \(p\), and the shift proof, written for integer offsets, goes through unchanged for any real offset \(k\): the angle-addition formulas do not care.", non_integer_positions),
    computed('fine-positions', "What changes is precision: large or finely spaced positions need float32 or float64 angles.", fine_positions_need_float32),
    prose('see-precision', "See [precision](precision.md#the-error-as-the-position-grows) and [the linearity page](linearity.md#the-proof-one-pair-at-a-time).", "links"),
    computed('timesteps',
             r"For timesteps in \([0, 1]\), as in diffusion models, almost every pair barely turns: scale \(t\) or choose the frequencies for its range ([timesteps](beyond-indices.md#timesteps-between-0-and-1)).",
             lambda: passes(beyond_indices_tests.test_turns_over_the_unit_interval)()
             and passes(beyond_indices_tests.test_a_barely_turning_pair_barely_changes)()),
    # --- the input step (input-step.md) ---
    prose('q-sqrt-d', "Why multiply the embeddings by √d?", "a question"),
    cited('sqrt-d-shared', "The paper shares one matrix between the embeddings and the output layer.",
          "Vaswani et al. 2017, section 3.4: the same weight matrix for the two embedding layers and the pre-softmax linear transformation"),
    computed('sqrt-d-why',
             r"Rows small enough for the output's logits are small beside the table's rows, so the factor goes on the input side; dividing the table by \(\sqrt{d}\) instead, as NeMo does, gives the same sum up to one overall factor.",
             lambda: input_step.tied_numbers() and input_step.input_norms() and input_step.nemo_same_sum()),
    prose('see-sqrt-d', "See [√d and tied embeddings](input-step.md#sqrt-d-and-tied-embeddings).", "a link"),
    prose('q-dropout', "What does dropout on the sum drop?", "a question"),
    computed('dropout-entries',
             r"Single entries of the sum, each with probability \(p\) (0.1 in the paper), never a whole token or a whole position.",
             lambda: input_step.masks_differ_per_sequence()),
    prose('see-dropout', "See [dropout on the sum](input-step.md#dropout-on-the-sum).", "a link"),
    prose('q-read-back', "Can the token and the position be read back from the sum?", "a question"),
    computed('read-back',
             "Not by one linear map once there are many positions: the table's rows span the space, but most of their directions are faint in floating point.",
             lambda: input_step.faint_directions() and input_step.read_out_results() and input_step.exact_full_rank()),
    prose('see-read-back', "See [getting the token and the position back](input-step.md#getting-the-token-and-the-position-back).", "a link"),
    # --- positions in real models (variants/real-code.md, beyond-indices.md) ---
    prose('real-models', "Positions in real models", "a heading"),
    prose('q-cached', "Which position does a new token get in cached decoding?", "a question"),
    computed('cached',
             "The number of tokens already in the cache, not 0: the reference module takes it as `offset`, keras-hub as `start_index`, OpenNMT-py as `step`, and transformers as `position_ids` or `past_key_values_length`.",
             lambda: passes(real_code_tests.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)()
             and real_code.keras_start_index() and real_code.opennmt_step() and real_code.marian_source()
             and passes(real_code_tests.test_transformers_counts_past_tokens_from_the_cache)()),
    prose('see-cached', "See [cached decoding](variants/real-code.md#cached-decoding-the-offset).", "a link"),
    prose('q-padded', "Which positions do padded tokens get?", "a question"),
    computed('padded',
             "Positions count real tokens only: with left padding, a sequence's first real token is at position 0, which is how transformers computes `position_ids` from the attention mask; fairseq starts real tokens at `padding_idx + 1`.",
             lambda: passes(real_code_tests.test_transformers_positions_count_real_tokens_from_the_mask)()
             and passes(real_code_tests.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row)()),
    prose('see-padded', "See [left padding](variants/real-code.md#left-padding-positions-from-the-attention-mask).", "a link"),
    prose('q-rope-layouts', "Why do two RoPE implementations disagree on the same weights?", "a question"),
    computed('rope-layouts',
             r"They pair different dimensions: `rotate_half` (GPT-NeoX, Llama) pairs \(j\) with \(j + d/2\), GPT-J's `rotate_every_two` pairs neighbours, so converting a checkpoint permutes the rows of \(W_Q\) and \(W_K\).",
             lambda: passes(real_code_tests.test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours)()
             and passes(real_code_tests.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)()),
    prose('see-rope-layouts', "See [RoPE's two layouts](variants/real-code.md#ropes-two-layouts) and [why RoPE rotates only queries and keys](variants/real-code.md#why-rope-rotates-only-queries-and-keys).", "links"),
    prose('q-grid', "How do I encode a 2-D grid, or change its size?", "a question"),
    computed('grid',
             "Give each axis whole sine-cosine pairs (a width that is not a multiple of 4 can be split unequally), rebuild a fixed table for the new grid, and interpolate a learned one.",
             lambda: passes(beyond_indices_tests.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)()
             and passes(beyond_indices_tests.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)()),
    prose('see-grid', "See [2-D grids](beyond-indices.md#2-d-grids-whose-width-is-not-a-multiple-of-4) and [changing the resolution](beyond-indices.md#changing-the-resolution).", "links"),
    prose('q-unique', "Can two positions have the same encoding?", "a question"),
    computed('unique', "No: every position's encoding is unique, at every width and every base.",
             lambda: distinct_rows() and __import__("pages.test_beyond", fromlist=["never_repeats"]).never_repeats()),
    prose('see-unique', "See [the proof](beyond.md#no-two-positions-share-an-encoding).", "a link"),
    prose('adding', "Adding it to the embeddings", "a heading"),
    prose('q-add', "Why add the encoding instead of concatenating it?", "a question"),
    computed('add-width', "Adding keeps the model width unchanged and costs nothing; concatenating reserves dimensions for position.", adding_costs_nothing),
    prose('see-add', "The trade-offs and what attention does with a sum are on [add or concatenate?](add-or-concatenate.md#why-a-sum-and-not-a-concatenation).", "a link"),
    prose('q-blur', "Doesn't adding the encoding blur the word's meaning?", "a question"),
    cited('cross-terms', "It mixes two signals in one vector, and attention scores then contain word–position cross terms (TUPE, Ke et al., ICLR 2021, removes them for this reason).", "Ke et al., TUPE, ICLR 2021 (arXiv:2006.15595), section 3: the word-position correlations "
                                "of an added encoding; the four-term expansion is checked here", cross_terms),
    computed('separate-directions', "The usual defence is that in many dimensions the two signals can occupy nearly separate directions.", passes(add_or_concatenate_tests.test_embeddings_and_pe_are_nearly_orthogonal)),
    prose('see-add-2', "See [add or concatenate?](add-or-concatenate.md#does-the-table-drown-the-token-embedding) and the four-term expansion on [beyond the paper](beyond.md#why-linearity-did-not-buy-extrapolation).", "links"),
    prose('q-learned', "Is the sinusoidal encoding learned?", "a question"),
    computed('fixed', "No. The paper's encoding is a fixed function of the position, never trained.", fixed_never_trained),
    computed('saved', "Whether it is *saved* depends on the code: [the reference module](reference.md#the-module) keeps it in a non-persistent buffer, rebuilt when the module is built and left out of `state_dict`, as fairseq does; Whisper, a bare Hugging Face `MarianModel` and two of the seeds (AiEdge, div_term) put it in `state_dict`, so their checkpoints carry it, frozen (see [where the table lives](variants/index.md#where-the-table-lives)).", where_saved),
    computed('trax-trains', "One library we read trains it: [trax](variants/more-libraries.md#trax) stores the table as the layer's trainable weights, so there the sinusoids are only where training starts.", trax_trains_it),
    cited('learned-table-3', 'The paper also tried learned position embeddings, with nearly identical results ([the paper gives no reason](base.md#the-paper-gives-no-reason) quotes it; [learned or fixed?](evidence.md#learned-or-fixed) measures both on tiny models).', "Vaswani et al. 2017, section 3.5 and Table 3 row (E): learned positional embeddings, "
                                    "PPL 4.92 / BLEU 25.7 against 4.92 / 25.8"),
    prose('reading', "Reading the formula", "a heading"),
    prose('q-dimension', "Is i the dimension?", "a question"),
    computed('pair', r"No, \(i\) is the *pair*: columns \(2i\) (sine) and \(2i + 1\) (cosine) share \(\omega_i = 10000^{-2i/d}\).", passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency)),
    computed('misreading', 'The paper\'s wording "\\(i\\) is the dimension" causes the common slip of putting a column index into the exponent, which gives the sine and cosine of a pair different frequencies and breaks the shift.', misread_breaks_the_shift),
    prose('see-formula-2', "See [the formula](formula.md#the-formula), [what the misreadings do](formula.md#what-the-misreadings-do) and [the slips, measured](linearity.md#slips-in-well-known-posts).", "links"),
    prose('q-even-odd', "Sine for even positions, cosine for odd positions?", "a question"),
    computed('dimensions-alternate', "No: *dimensions* alternate, not positions.", dimensions_alternate),
    computed('both-per-position', "Every position gets both sines and cosines, one of each per pair.", dimensions_alternate),
    prose('see-formula-3', "See [the formula](formula.md#the-formula) and its column table.", "a link"),
    prose('q-decay', "Does the dot product of two encodings decay with distance?", "a question"),
    computed('dot-product', r"\(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k)\) depends only on \(k\) (it equals \(\sum_i \cos \omega_i k\), [exercise 5](exercises.md#5-the-dot-product-depends-only-on-the-offset)), it is symmetric in \(k\) ([exercise 4](exercises.md#4-left-or-right)), and it falls at first, but not monotonically: for `d_model = 512` it first rises again at \(k =\) {{ gen.faq.quoted_numbers.first_rise_512 }}.", dot_product_facts),
    prose('see-properties', "See [it decreases only locally](properties.md#it-decreases-only-locally).", "a link"),
    prose('code', "Code", "a heading"),
    prose('q-odd', "Why does my code crash, or go wrong silently, with an odd `d_model`?", "a question"),
    computed('odd-patterns', r"The usual slice assignment puts \(\lceil d/2 \rceil\) cosine columns into \(\lfloor d/2 \rfloor\) slots and crashes; other patterns leave a zero column or return an extra one.", odd_width_patterns),
    computed('exercise-7', "[Exercise 7](exercises.md#7-odd-d_model) runs all three; the [reference](reference.md#the-function) handles odd widths (the lone sine is explained on [the formula page](formula.md#odd-d_model-a-lone-sine)), and [the seed implementations](variants/seeds.md) shows which published code does what ([the comparison](variants/index.md#how-each-variant-behaves) sums it up).", exercise_7_and_reference),
    prose('q-heatmap', "Why does my heatmap look different from the one in a blog post?", "a question"),
    computed('libraries', "Many libraries store all sines first and all cosines after them (split halves) instead of interleaving them, and some use slightly different frequencies.", libraries_differ),
    computed('permutation', "The numbers are the same up to a column permutation ([exercise 6](exercises.md#6-from-interleaved-to-split-halves)) when the frequencies match.", same_up_to_permutation),
    prose('see-layouts', "See [library layouts](variants/libraries.md) and [converting between them](variants/converting.md#layouts-are-column-permutations).", "links"),
    prose('q-axis', "My encoding is added along the wrong axis.", "the reader's problem, as a question's premise"),
    prose('q-axis-why', "Why?", "a question"),
    cited('seq-first', "Tutorial code often stores the table for inputs shaped `[seq, batch, d_model]` and slices it with the first dimension of the input.", "PyTorch tutorials @e5f60c6, beginner_source/transformer_tutorial.py: PositionalEncoding keeps "
                              "pe as [max_len, 1, d_model] and adds pe[:x.size(0)]", seq_first_tutorial),
    computed('batch-first', "Feed it batch-first input and it silently adds one encoding per *batch index* instead of per position, without any error: each sequence gets one constant vector, so position information is lost.", batch_first_slip),
    computed('returns-column', 'See [sequence-first tables fed batch-first input](variants/converting.md#sequence-first-tables-fed-batch-first-input) for what is added, the fix, and a check you can run on your own module, and [how each variant behaves](variants/index.md#how-each-variant-behaves) (the "returns" column shows what each one gives back for a batch of 3 sequences of 5 positions).', returns_column),
    prose('q-check', "How do I check that my encoding is right?", "a question"),
    computed('checker', "Run the site's checker on your table or module: it names the convention your code follows, or what is wrong and how to fix it.", checker_names),
    prose('see-clinic', "[Is my encoding right?](variants/clinic.md) shows how, with the real bugs it catches.", "a link"),
    prose('q-float16', "At which position does float16 stop working?", "a question"),
    computed('float16', "A float16 tensor of positions cannot hold {{ gen.exercises.float16_integers.float16 }} exactly (bfloat16: {{ gen.exercises.float16_integers.bfloat16 }}), so neighbouring positions merge.", lambda: passes(exercises_tests.test_exercise_8_first_inexact_positions)()
             and values("exercises/float16_integers") == {"float16": "2049", "bfloat16": "257"}
             and float(torch.tensor(2049.0).half()) == 2048 and float(torch.tensor(257.0).bfloat16()) == 256),
    computed('float16-computed',
             "That is where float16 stops holding positions, not where it starts to hurt: a table *computed* in float16 (its angles and sines in float16) is already off by about 0.04 at position 100 and by {{ gen.precision.error_vs_position.float16_error_1e3 }} at position 1,000, on values between -1 and 1, long before 2,049. A table computed in float32 or float64 and stored in float16 stays within {{ gen.precision.error_vs_position.float16_stored_max }} of the exact one at every position.",
             lambda: float16_computed_errors() and float16_stored_error()),
    prose('see-exercise-8', "See [exercise 8](exercises.md#8-positions-in-float16) and [half precision: where positions stop existing](precision.md#half-precision-where-positions-stop-existing).", "links"),
], typed={"0.04": "the float16-computed row error at position 100, read from precision/error_vs_position.json (checked by float16_computed_errors); the same digits as an unrelated saved value"})

test_claims_hold = LEDGER.test


def _precision_errors() -> tuple[list[int], dict]:
    import json
    from conftest import GENERATED

    data = json.loads((GENERATED / "precision" / "error_vs_position.json").read_text(encoding="utf-8"))
    return data["positions"], data["max_error"]


def float16_computed_errors() -> bool:
    """The precision page's measurement: the float16-computed table's largest error in a row at positions 100 and
    1,000 (about 0.04 and the quoted value), both far below 2,049, where positions start to merge."""
    positions, errors = _precision_errors()
    computed = errors["float16 throughout"]
    at_100, at_1000 = computed[positions.index(100)], computed[positions.index(1000)]
    quoted = values("precision/error_vs_position")["float16_error_1e3"]
    return round(at_100, 2) == 0.04 and f"{at_1000:.2f}" == quoted and at_1000 > 10 * at_100 / 2


def float16_stored_error() -> bool:
    """The exact table stored in float16 stays at its rounding step at every measured position (the quoted maximum)."""
    positions, errors = _precision_errors()
    stored = errors["reference stored as float16"]
    finite = [e for e in stored if e == e]
    return (len(finite) == len(positions) and f"{max(finite):.1e}" == values("precision/error_vs_position")["float16_stored_max"])


def post_ln_rescales_the_sum() -> bool:
    """A post-LN layer's output has mean 0 and unit variance across the width whatever its input's scale: adding the
    same vector to the sum, or scaling it, does not pass through unchanged (the sum is re-centred and rescaled)."""
    import torch
    from pelib.training import Block, Config

    torch.manual_seed(0)
    block = Block(Config(d_model=16, d_ff=16, n_heads=2, dtype="float64")).double().eval()
    x = torch.randn(1, 5, 16, dtype=torch.float64)
    with torch.no_grad():
        y, y_scaled = block(x), block(3 * x)
    centred = float(y.mean(-1).abs().max()) < 1e-9 and float((y.var(-1, unbiased=False) - 1).abs().max()) < 1e-3
    return centred and not torch.allclose(y_scaled, 3 * y)


def probe_fades() -> bool:
    """Both tables, both probes, with and without the mask: the median after layer 2 is below the embedding's."""
    ev = evidence_tests
    return all(ev.median(ev.layer(p, c, 2, key)) < ev.median(ev.layer(p, c, 0, key))
               for p in ("learned", "sin_add") for c in (False, True) for key in ("r2", "accuracy"))

