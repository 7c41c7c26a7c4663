"""The claims of docs/faq.md, each with what makes it true (see tests/claimcheck.py).

The FAQ restates results that other pages show; most checks reuse the tests behind those pages (passes) or re-derive
the number it quotes. A link sentence ("See ...") is prose: tests/test_site.py checks that its target exists.
"""

import inspect
import math

import sympy as sp
import test_evidence as evidence_tests
import test_questions as questions_tests
import test_reference as reference_tests
import torch
import why_positions.permutation_equivariance as perm_eq
from claim_words import Compare, Count, Number, Truth
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
from pages import test_formula as formula_ledger
from pages import test_formula_code as formula_tests
from pages import test_input_step as input_step
from pages import test_linearity_code as linearity_tests
from pages import test_properties_code as properties_tests
from pages import test_reference as reference_ledger
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

def answer_opens_with(question: str, answer: str) -> bool:
    """The answer to the question of id `question` starts with the sentence of id `answer` (page order, as the
    page's lock lists it)."""
    from claimcheck import texts_by_id

    ids = list(texts_by_id("faq.md"))
    return question in ids and ids.index(answer) == ids.index(question) + 1


def real_positions_gaps() -> tuple[int, list[float], int]:
    """The FAQ's two real positions with one encoding, recomputed with the reference's default base: d = 2 repeats
    after 2 pi (one pair, omega 1); d = 4 after 200 pi (omega 1 and base^(-1/2)). Returns the base, the two gaps
    (largest difference of PE(0) and PE(period)), and how many pairs of the width-4 frequencies have a rational
    ratio, exactly (sympy), out of how many; the quoted values are the job's."""
    import inspect
    from itertools import combinations

    from reference import encode_positions

    base = inspect.signature(encode_positions).parameters["base"].default
    shown = values("faq/same_encoding")
    gaps = []
    for d, period in ((2, 2 * math.pi), (4, 200 * math.pi)):
        rows = encode_positions(torch.tensor([0.0, period], dtype=torch.float64), d)
        gaps.append(float((rows[0] - rows[1]).abs().max()))
    omegas = [sp.nsimplify(sp.Integer(int(base)) ** sp.Rational(-2 * i, 4)) for i in range(2)]
    rational = [(a / b).is_rational for a, b in combinations(omegas, 2)]
    assert max(gaps) < 1e-12 and omegas == [1, sp.Rational(1, 100)] and shown["d_one_pair"] == "2"
    assert shown["d_two_pairs"] == "4" and shown["gap_one_pair"] == shown["gap_two_pairs"] == "< 1e-12"
    assert shown["period_two_pairs"] == "200π"
    return base, gaps, sum(rational), len(rational)


def real_positions_repeat() -> bool:
    """The two real positions share an encoding up to rounding (real_positions_gaps)."""
    _base, _gaps, rational, pairs = real_positions_gaps()
    return rational == pairs


def real_positions_share() -> list:
    """Readings in the sentence's order: the frequency pairs with a rational ratio ("each other"); each case's gap
    against 0 ("differ": by rounding, under the quoted bound, never exactly 0 here); the base ("10000")."""
    base, gaps, rational, pairs = real_positions_gaps()
    return [Count(rational, pairs), Compare(gaps[0], 0.0), Number(base), Compare(gaps[1], 0.0)]


def unique_for_integers_only() -> bool:
    """Integer positions never share an encoding (the rows are distinct; beyond's proof), while real positions can
    (real_positions_repeat): so the sentence must say it speaks of integer positions."""
    return ("integer" in LEDGER.text("unique") and distinct_rows() and real_positions_repeat()
            and __import__("pages.test_beyond", fromlist=["LEDGER"]).LEDGER.holds("never-repeats"))



def questions_page_lists_them() -> bool:
    """The questions page lists the data file's questions, each answered by an existing anchor or open with a reason;
    the count quoted is the file's."""
    from questions.data import QUESTIONS
    return (values("questions/listing")["total"] == str(len(QUESTIONS))
            and passes(questions_tests.test_every_answer_anchor_exists)()
            and passes(questions_tests.test_every_question_has_an_answer_or_a_reason_to_stay_open)()
            and passes(questions_tests.test_the_generated_list_is_the_data_file)())


def exp_of_a_log_in_brief() -> bool:
    return formula_ledger.no_overflow_possible() and formula_ledger.exp_of_a_log_is_the_less_accurate()


def exp_of_a_log_origin() -> bool:
    return formula_ledger.log_space_gives_any_geometric_range() and formula_ledger.tutorial_div_term_is_the_frequency()


def max_len_in_brief() -> bool:
    return reference_ledger.LEDGER.holds('number-rows-module-builds-longest') and reference_ledger.too_long_errors()


def longer_tables_in_brief() -> bool:
    return reference_ledger.rows_do_not_depend_on_max_len() and reference_ledger.memory_is_the_only_cost()


def where_in_brief() -> bool:
    return (reference_ledger.detr_positions_on_queries_and_keys_only()
            and reference_ledger.detr_passes_positions_to_every_layer()
            and passes(real_code_tests.test_marian_starts_at_past_key_values_length_unless_position_ids_are_given)())


# --- checks that return what they measured (tests/claim_words.py) -------------------------------------------------


def questions_page_measured():
    """"each linked to the section that answers it or marked open with the reason": the questions with an answer
    anchor that exists, or with no answer and a reason to stay open."""
    from questions.data import QUESTIONS
    if not questions_page_lists_them():
        return False
    lost = {m.split(" (")[0] for m in questions_tests.missing_answers(QUESTIONS)}
    holding = sum(1 for q in QUESTIONS if (q.answer and q.answer not in lost) or (not q.answer and q.open.strip()))
    return Count(holding, len(QUESTIONS))


def _float32_frequencies(d: int) -> tuple:
    """The two forms of the frequencies in float32: the power written directly, the exp of a log."""
    two_i = torch.arange(0, d, 2)
    return 1.0 / 10000.0 ** (two_i.float() / d), torch.exp(two_i * -(math.log(10000.0) / d))


def exp_of_a_log_measured():
    """"It prevents no overflow, ... the less accurate of the two forms, though neither error shows in the table":
    the power form's float32 denominators that overflow (which the exp form would have prevented) at d = 4 to 4096;
    the two forms' accuracy (minus their largest relative frequency error, d = 512) and their number; and the forms
    whose float32 table over 1,024 positions is at least twice as far from the float64 one as the table of the
    correctly rounded float32 frequencies (the best any float32 form can do): a frequency error that showed."""
    if not exp_of_a_log_in_brief():
        return False
    widths = (4, 64, 512, 4096)
    overflows = sum(int((10000.0 ** (torch.arange(0, d, 2).float() / d)).isinf().sum()) for d in widths)
    forms = _float32_frequencies(512)
    errors = formula_ledger.float32_frequency_errors()  # (power, exp of a log), as the formula page measures
    exact = 10000.0 ** (-torch.arange(0, 512, 2).double() / 512)
    p = torch.arange(1024)
    table = torch.sin(p.double()[:, None] * exact[None, :])

    def table_error(w):
        return (torch.sin(p.float()[:, None] * w[None, :]).double() - table).abs().max().item()

    best = table_error(exact.float())
    shows = sum(1 for w in forms if table_error(w) >= 2 * best)
    return [Count(overflows, sum(d // 2 for d in widths), at=0), Compare(-errors[1], -errors[0]),
            Number(len(forms)), Count(shows, len(forms), at=1)]


def _shortest_refused(layer, d: int) -> int:
    """The shortest input length the module refuses (ValueError past its rows)."""
    for n in range(1, 10 * layer.max_len):
        try:
            layer(torch.zeros(1, n, d))
        except ValueError:
            return n
    return 0


def max_len_measured():
    """"the longest input it can take": max_len against every length the reference module takes (lengths up to three
    times max_len tried); "one position more gets an error": the shortest input it refuses, against its max_len."""
    if not max_len_in_brief():
        return False
    layer = PositionalEncoding(d_model=8, max_len=12)
    assert layer.max_len in reference_ledger.lengths_taken(layer, layer.max_len)
    return [Compare(layer.max_len, reference_ledger.lengths_taken(layer, 3 * layer.max_len)),
            Compare(_shortest_refused(layer, 8), layer.max_len)]


def longer_tables_measured():
    """"rows do not depend on max_len ... rebuild it when a longer one arrives": whether any of the first 10 rows
    differs between modules of max_len 10, 50 and 500; a table as long as the longest input takes every length up
    to it and none past it (12 rows against the lengths it takes); the shortest input it refuses, against 12."""
    if not longer_tables_in_brief():
        return False
    tables = [PositionalEncoding(d_model=16, max_len=m).pe[:10] for m in (10, 50, 500)]
    depends = any(not torch.equal(tables[0], t) for t in tables[1:])
    layer = PositionalEncoding(d_model=8, max_len=12)
    return [Truth(depends), Compare(layer.max_len, reference_ledger.lengths_taken(layer, 3 * layer.max_len)),
            Compare(_shortest_refused(layer, 8), layer.max_len)]


LEDGER = Ledger('faq.md', [
    prose('title', "the page's title"),
    cited('questions', SOURCES, backs=['most']),
    computed('answers-link', passes(faq_tests.test_faq_every_question_has_an_anchor_and_a_link), backs=['each']),
    prose('idea', "a heading"),
    prose('q-why-positions', "a question", unbacked=['all']),
    computed('bag-of-words', passes(why_positions_tests.test_attention_without_pe_is_permutation_equivariant), backs=['every', 'every', 'never', 'order', 'same']),
    computed('distinct-vectors', same_word_two_inputs, backs=['different', 'distinct', 'each', 'same']),
    prose('see-why', "a link"),
    cited('causal', "Haviv et al. 2022, arXiv:2203.16634 (causal language models without positional encodings still learn "
          "positions); the symmetry broken by the mask: tests/pages/test_why_positions_code.py",
          passes(why_positions_tests.test_a_causal_mask_breaks_the_symmetry_without_pe), backs=['all', 'no', 'same']),
    prose('q-invariant', "a question", unbacked=['invariant']),
    computed('equivariant', passes(why_positions_tests.test_attention_without_pe_is_permutation_equivariant), backs=['equivariant', 'same']),
    computed('pooled', pooled_is_invariant, backs=['invariant', 'only']),
    prose('see-why-2', "a link"),
    prose('q-encode', "a question", unbacked=['cosines', 'sines']),
    computed('clock', clock_hands, backs=[r'\((\sin \omega_i p, \cos \omega_i p)\)', r'\(2\pi\)', 'each', 'every', 'first', 'last']),
    computed('hands', fast_and_slow_hands, backs=['columns']),
    computed('own-vector', distinct_rows, backs=['every']),
    prose('see-formula', "links"),
    prose('q-both', "a question", unbacked=['both', 'cosine', 'sine']),
    prose('q-one', "a question"),
    computed('lone-sine', lone_sine_has_no_matrix, backs=[r'\(\cos(\omega p)\)', r'\(\sin(\omega(p + k))\)', 'any', 'cannot', 'column', 'not', 'sine']),
    computed('both-rotate', pairs_rotate, backs=['2', '2', 'both', 'each', 'rotation', '×']),
    computed('odd-miss', odd_misses, backs=['1000', 'gen.linearity.odd.block_error_k1000', 'gen.linearity.odd.lstsq_error_k1000', 'linear', 'no', 'sine', 'up to', 'up to']),
    prose('q-linear', "a question", unbacked=['linear', 'sine']),
    computed('not-in-position', not_linear_in_position, backs=['linear', 'not']),
    computed('vector-linear', passes(linearity_tests.test_shift_identity_many_positions_and_offsets, 64), backs=[r'\(M_k\)', r'\(\mathrm{PE}(p + k)\)', r'\(\mathrm{PE}(p)\)', r'\(k\)', r'\(p\)', 'every', 'linear', 'only']),
    computed('no-mixing', never_mixes_pairs, backs=['columns', 'each', 'never', 'rotates', 'within']),
    computed('proof-rows', proof_has_both_rows, backs=['both', 'each', 'rows']),
    prose('q-base', "a question", unbacked=['10000']),
    computed('base-slowest', base_sets_slowest, backs=['slowest']),
    computed('base-numbers', why_10000_numbers, backs=['10000', '256', '4,096', '512', r'\(10000 \cdot 2\pi\)', r'\(i = d/2 - 1\)', 'gen.base.comparison.slow_10000', 'gen.faq.quoted_numbers.longest_512', 'gen.faq.quoted_numbers.stated_512', 'last', 'longer', 'never', 'never', 'not', 'slowest', 'within']),
    cited('no-reason', "Vaswani et al. 2017, arXiv:1706.03762, section 3.5: the base 10000 is stated without a reason", backs=['no']),
    prose('see-base', "a link", unbacked=['10000']),
    prose('q-extrapolate', "a question", unbacked=['longer']),
    cited('alibi', "Press, Smith, Lewis, ICLR 2022 (arXiv:2108.12409), section 2.2 and Figure 1: the sinusoidal L = 512 "
                          "model improves up to 20 extra tokens, holds to 50, then degrades", backs=['every', 'not']),
    prose('see-beyond', "links", unbacked=['not']),
    prose('q-upper-layers', "a question"),
    cited('added-once', "Vaswani et al. 2017, section 3.5: added \"to the input embeddings at the bottoms of the encoder "
                               "and decoder stacks\"; the reference module adds it once, in forward",
          passes(reference_tests.test_module_adds_the_table_and_keeps_it_out_of_state_dict)),
    cited('residual', "Vaswani et al. 2017, section 3.1: the output of each sub-layer is LayerNorm(x + Sublayer(x))", backs=['every']),
    cited('post-ln', "Vaswani et al. 2017, section 3.1 (LayerNorm(x + Sublayer(x))); Ba et al. 2016, Layer Normalization (subtracts the mean and divides by the standard deviation of the whole vector); pelib.training.Block is such a layer",
          lambda: post_ln_rescales_the_sum(), backs=['each', 'not']),
    cited('pre-ln-layers-x-sublayer', "Xiong et al. 2020, On Layer Normalization in the Transformer Architecture (arXiv:2002.04745), Figure 1 and section 3 (Pre-LN: x + F(LN(x)), the residual path carries x unnormalised, so the input stays a term of every later sum); Radford et al. 2019, Language Models are Unsupervised Multitask Learners (GPT-2), section 2.3 (layer normalization moved to the input of each sub-block)", backs=['2', 'each']),
    measured('tiny-two-layer-models-token',
             lambda: probes_after_layer_two(),
             scope="In tiny two-layer models on token 3 back",
             general={'every': "'almost every time': the classifier names the position at least 90% of the time in each "
                               "run (probes_after_layer_two), a statement about these runs"},
             backs=['3', 'both', 'both', 'every', 'less', 'lower'],
             unbacked={'exact': "a definition: 'names the exact position' is the classifier probe, beside the "
                                "regression onto the index",
                       'after': "a definition: 'after the second layer' is where both probes read the states"}),
    cited('at-scale-haviv-et-al', "Haviv et al. 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information (Findings of EMNLP 2022, arXiv:2203.16634), abstract: causal LMs with no explicit encoding; probing finds an implicit notion of absolute position throughout the network; the authors conjecture that causal attention lets a token count its predecessors", backs=['2022', 'all', 'no']),
    prose('q-real', "a question"),
    computed('real-offsets', non_integer_positions, backs=[r'\(k\)', r'\(p\)', 'any', 'any', 'not']),
    computed('fine-positions', fine_positions_need_float32, backs=['float32', 'float64']),
    prose('see-precision', "links"),
    computed('timesteps',
             lambda: passes(beyond_indices_tests.test_turns_over_the_unit_interval)()
             and passes(beyond_indices_tests.test_a_barely_turning_pair_barely_changes)(), backs=[r'\([0, 1]\)', r'\(t\)', 'every']),
    # --- the input step (input-step.md) ---
    prose('q-sqrt-d', "a question"),
    cited('paper-gives-no-reason-what',
          "Vaswani et al. 2017, section 3.4: the embedding weights are multiplied by sqrt(d_model), with no reason given "
          "(docs/input-step.md says so too); the answer opens with it",
          lambda: answer_opens_with("q-sqrt-d", "paper-gives-no-reason-what"), backs=['no']),
    cited('sqrt-d-shared', "Vaswani et al. 2017, section 3.4: the same weight matrix for the two embedding layers and the pre-softmax linear transformation"),
    computed('sqrt-d-why',
             lambda: input_step.tied_numbers() and input_step.input_norms() and input_step.nemo_same_sum(), backs=[r'\(\sqrt{d}\)', 'rows', 'rows', 'same', 'up to']),
    prose('see-sqrt-d', "a link"),
    prose('q-dropout', "a question", unbacked=['drop']),
    computed('dropout-entries',
             lambda: input_step.masks_differ_per_sequence(), backs=['0.1', r'\(p\)', 'each', 'never']),
    prose('see-dropout', "a link"),
    prose('q-read-back', "a question"),
    computed('read-back',
             lambda: input_step.faint_directions() and input_step.read_out_results() and input_step.exact_full_rank(), backs=['linear', 'most', 'not', 'rows']),
    prose('see-read-back', "a link"),
    # --- positions in real models (variants/real-code.md, beyond-indices.md) ---
    prose('real-models', "a heading"),
    prose('q-cached', "a question"),
    computed('cached',
             lambda: passes(real_code_tests.test_offset_decoding_equals_the_full_sequence_and_zero_offset_repeats_row_0)()
             and real_code.keras_start_index() and real_code.opennmt_step() and real_code.marian_source()
             and passes(real_code_tests.test_transformers_counts_past_tokens_from_the_cache)(), backs=['0', 'not']),
    prose('see-cached', "a link"),
    prose('q-padded', "a question"),
    computed('padded',
             lambda: passes(real_code_tests.test_transformers_positions_count_real_tokens_from_the_mask)()
             and passes(real_code_tests.test_fairseq_counts_from_padding_idx_plus_one_and_zeroes_the_pad_row)(), backs=['0', '1', 'first', 'left', 'only']),
    prose('see-padded', "a link", unbacked=['left']),
    prose('q-rope-layouts', "a question", unbacked=['same']),
    computed('rope-layouts',
             lambda: passes(real_code_tests.test_llama_and_neox_pair_j_with_j_plus_half_gptj_pairs_neighbours)()
             and passes(real_code_tests.test_converting_permutes_wq_and_wk_rows_per_head_and_leaves_wv)(), backs=[r'\(W_K\)', r'\(W_Q\)', r'\(j + d/2\)', r'\(j\)', 'different', 'rows']),
    prose('see-rope-layouts', "links", unbacked=['only', 'rotates']),
    prose('q-grid', "a question", unbacked=['2']),
    computed('grid',
             lambda: passes(beyond_indices_tests.test_even_shares_depend_on_the_offset_only_odd_shares_do_not)()
             and passes(beyond_indices_tests.test_interpolated_sinusoids_follow_the_squeezed_formula_for_slow_pairs_only)(), backs=['4', 'each', 'not']),
    prose('see-grid', "links", unbacked=['2']),
    prose('q-unique', "a question", unbacked=['same']),
    computed('unique', unique_for_integers_only, backs=['every', 'every', 'every', 'no', 'unique']),
    prose('see-unique', "a link"),
    computed('real-positions-can-share-one', real_positions_share,
             backs=['10000', '\\(\\mathrm{PE}(0)\\)', '\\(\\mathrm{PE}(0)\\)', '\\(\\mathrm{PE}(200\\pi)\\)',
                    '\\(\\mathrm{PE}(2\\pi)\\)', 'differ', 'differ', 'each', 'gen.faq.same_encoding.d_one_pair',
                    'gen.faq.same_encoding.d_two_pairs', 'gen.faq.same_encoding.gap_one_pair',
                    'gen.faq.same_encoding.gap_two_pairs']),
    prose('adding', "a heading"),
    prose('q-add', "a question"),
    computed('add-width', adding_costs_nothing),
    prose('see-add', "a link"),
    prose('q-blur', "a question", unbacked=["doesn't"]),
    cited('cross-terms', "Ke et al., TUPE, ICLR 2021 (arXiv:2006.15595), section 3: the word-position correlations "
                                "of an added encoding; the four-term expansion is checked here", cross_terms, backs=['2021']),
    computed('separate-directions', passes(add_or_concatenate_tests.test_embeddings_and_pe_are_nearly_orthogonal)),
    prose('see-add-2', "links"),
    prose('q-learned', "a question"),
    computed('fixed', fixed_never_trained, backs=['never', 'no']),
    computed('saved', where_saved, backs=['buffer', 'depends', 'frozen', 'left', 'saved']),
    computed('trax-trains', trax_trains_it, backs=['only', 'stores', 'trainable']),
    cited('learned-table-3', "Vaswani et al. 2017, section 3.5 and Table 3 row (E): learned positional embeddings, "
                                    "PPL 4.92 / BLEU 25.7 against 4.92 / 25.8", backs=['both', 'identical', 'no']),
    prose('reading', "a heading"),
    prose('q-dimension', "a question"),
    computed('pair', passes(reference_tests.test_paper_layout_even_sin_odd_cos_shared_frequency), backs=[r'\(2i + 1\)', r'\(2i\)', r'\(\omega_i = 10000^{-2i/d}\)', r'\(i\)', 'columns', 'cosine', 'no', 'sine']),
    computed('misreading', misread_breaks_the_shift, backs=[r'\(i\)', 'column', 'cosine', 'different', 'sine']),
    prose('see-formula-2', "links"),
    prose('q-even-odd', "a question", unbacked=['cosine', 'even', 'odd', 'sine']),
    computed('dimensions-alternate', dimensions_alternate, backs=['no', 'not']),
    computed('both-per-position', dimensions_alternate, backs=['both', 'cosines', 'each', 'every', 'sines']),
    prose('see-formula-3', "a link", unbacked=['column']),
    prose('q-decay', "a question"),
    computed('dot-product', dot_product_facts, backs=['4', '5', '512', r'\(\mathrm{PE}(p) \cdot \mathrm{PE}(p + k)\)', r'\(\sum_i \cos \omega_i k\)', r'\(k =\)', r'\(k\)', r'\(k\)', 'depends', 'equals', 'falls', 'first', 'first', 'gen.faq.quoted_numbers.first_rise_512', 'not', 'only', 'rises', 'symmetric']),
    prose('see-properties', "a link", unbacked=['decreases', 'only']),
    prose('code', "a heading"),
    prose('q-odd', "a question", unbacked=['odd']),
    computed('odd-patterns', odd_width_patterns, backs=[r'\(\lceil d/2 \rceil\)', r'\(\lfloor d/2 \rfloor\)', 'column', 'columns', 'cosine', 'zero']),
    computed('exercise-7', exercise_7_and_reference, backs=['7', 'all', 'odd', 'sine', 'up']),
    prose('q-heatmap', "a question", unbacked=['different']),
    computed('libraries', libraries_differ, backs=['after', 'all', 'all', 'cosines', 'different', 'first', 'sines', 'some', 'store']),
    computed('permutation', same_up_to_permutation, backs=['6', 'column', 'same', 'up to']),
    prose('see-layouts', "links"),
    prose('q-axis', "the reader's problem, as a question's premise"),
    prose('q-axis-why', "a question"),
    cited('seq-first', "PyTorch tutorials @e5f60c6, beginner_source/transformer_tutorial.py: PositionalEncoding keeps "
                              "pe as [max_len, 1, d_model] and adds pe[:x.size(0)]", seq_first_tutorial, backs=['first', 'stores']),
    computed('batch-first', batch_first_slip, backs=['any', 'constant', 'each']),
    computed('returns-column', returns_column, backs=['3', '5', 'column', 'each', 'each']),
    prose('q-check', "a question", unbacked=['right']),
    computed('checker', checker_names),
    prose('see-clinic', "a link", unbacked=['right']),
    prose('q-float16', "a question", unbacked=['float16']),
    computed('float16', lambda: passes(exercises_tests.test_exercise_8_first_inexact_positions)()
             and values("exercises/float16_integers") == {"float16": "2049", "bfloat16": "257"}
             and float(torch.tensor(2049.0).half()) == 2048 and float(torch.tensor(257.0).bfloat16()) == 256, backs=['bfloat16', 'cannot', 'exactly', 'float16', 'gen.exercises.float16_integers.bfloat16', 'gen.exercises.float16_integers.float16']),
    computed('float16-computed',
             lambda: float16_computed_errors() and float16_stored_error(), backs=['0.04', '1', '1', '1,000', '100', '2,049', 'before', 'every', 'exact', 'float16', 'float16', 'float16', 'float16', 'float32', 'float64', 'gen.precision.error_vs_position.float16_error_1e3', 'gen.precision.error_vs_position.float16_stored_max', 'not', 'sines', 'stored', 'within']),
    prose('see-exercise-8', "links", unbacked=['8', 'half']),
    prose('looking-question-as-someone-else', 'a question put to the reader, leading to the link that follows'),
    computed('questions-people-ask-lists-questions', questions_page_measured,
             backs=['each', 'gen.questions.listing.total']),
    prose('why-do-tutorials-compute-frequencies', 'a question: the entry below answers it'),
    cited('form-comes-from-tensor2tensor-which', formula_ledger.T2T_SOURCE + "; " + formula_ledger.ANNOTATED_SOURCE,
          exp_of_a_log_origin),
    computed('prevents-no-overflow-float32-less', exp_of_a_log_measured,
             backs=['float32', 'less', 'neither', 'no']),
    prose('see-why-tutorials-take-exp', 'a link to the section; test_site.test_local_links_and_anchors_resolve checks it'),
    prose('what-happens-past-how-long', 'a question: the entry below answers it'),
    computed('number-rows-module-builds-so', max_len_measured, backs=['more', 'rows']),
    computed('fixed-table-s-rows-do', longer_tables_measured, backs=['depend', 'longer', 'not', 'rows']),
    prose('see-inputs-longer-than', 'an instruction: where to read on; "inputs longer than max_len" names the '
          'section, whose anchor test_site.test_local_links_and_anchors_resolve checks', unbacked=['longer']),
    prose('where-does-encoding-go-encoder', 'a heading: the question the entry below answers; "every layer" is one '
          'of the places it asks about, not a statement', unbacked=['every']),
    cited('paper-adds-once-inputs-encoder',
          'Vaswani et al. 2017, section 3.5: added "to the input embeddings at the bottoms of the encoder and decoder '
          'stacks"; the installed transformers 5.23.0 models/detr/modeling_detr.py, lines 470-474 and 985-988',
          where_in_brief, backs=['0', 'each', 'every', 'never']),
    prose('see-encoder-decoder-each-layer', 'an instruction: where to read on; "encoder, decoder and each layer" names '
          'the section, whose anchor test_site.test_local_links_and_anchors_resolve checks', unbacked=['each']),
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
    merge = values("exercises/float16_integers")["float16"]  # where float16 positions start to merge: "2,049"
    return (round(at_100, 2) == 0.04 and f"{at_1000:.2f}" == quoted and at_1000 > 10 * at_100 / 2
            and merge == "2049" and 100 < 1000 < int(merge) and float(torch.tensor(2049.0).half()) != 2049.0)


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


def probes_after_layer_two() -> list:
    """The probes of the evidence page after layer 2, read from the experiment's results (position_probe.json), with
    and without the mask. Readings in the sentence's order: the (table, mask, seed) runs whose classifier names the
    position at least 90% of the time ("almost every time"); the tables for which every run does ("both tables"); the
    tables whose regression seeds fall below the embedding's in both settings ("both"); the least favourable order
    of layer 2 against the embedding ("less") and of the learned table against the sinusoids ("lower"), as
    tests/seedstats.py decides them on the seeds (-1: told apart below)."""
    import seedstats

    ev = evidence_tests
    tables, masks = ("sin_add", "learned"), (False, True)
    accuracy = {p: [a for c in masks for a in ev.layer(p, c, 2, "accuracy")] for p in tables}
    runs = [a >= 0.9 for p in tables for a in accuracy[p]]
    below_embedding = {p: [seedstats.order(ev.layer(p, c, 2), ev.layer(p, c, 0)) for c in masks] for p in tables}
    learned_vs_sin = [seedstats.order(ev.layer("learned", c, 2), ev.layer("sin_add", c, 2)) for c in masks]
    return [Count(sum(runs), len(runs)), Count(sum(min(accuracy[p]) >= 0.9 for p in tables), len(tables)),
            Count(sum(all(o == -1 for o in below_embedding[p]) for p in tables), len(tables)),
            Compare(max(o for p in tables for o in below_embedding[p]), 0, at=1), Compare(max(learned_vs_sin), 0, at=2)]


def probe_fades() -> bool:
    """Both tables, with and without the mask: the regression's median after layer 2 is below the embedding's, the
    learned table's lowest; the classifier still names the position at least 90% of the time in every seed."""
    ev = evidence_tests
    return all(ev.median(ev.layer(p, c, 2)) < ev.median(ev.layer(p, c, 0)) and min(ev.layer(p, c, 2, "accuracy")) >= 0.9
               and ev.median(ev.layer("learned", c, 2)) < ev.median(ev.layer("sin_add", c, 2))
               for p in ("learned", "sin_add") for c in (False, True))

