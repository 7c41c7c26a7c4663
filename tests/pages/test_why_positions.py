"""The claims of docs/why-positions.md, each with what makes it true (see tests/claimcheck.py)."""

import inspect
import re

import torch
import why_positions.permutation_equivariance as perm_eq
import why_positions.simple_encodings as simple
from claim_words import Compare, Count, Number, Truth
from claimcheck import DOCS, Ledger, cited, computed, formula, passes, prose
from linearity import shift_matrix as linearity_shift_matrix
from reference import positional_encoding
from support import number, quoted_jobs, text, values

from pages import (
    test_why_positions_code as te,  # its tests are reused as checks (imported as a module: not collected twice)
)

PAGE = "why-positions.md"
PAPER = "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762)"
RESEARCH = "shared/research/content_anchors.md"
WIDTH, N = 16, 1000  # the width and length of the page's table of simple codes


def ok(test, *args) -> bool:
    return passes(test, *args)()


def seeded():
    weights = perm_eq.make_weights(16, 8)
    return weights, perm_eq.make_tokens(6, 16)


def softmax_attention(x, w_q, w_k, w_v):
    """Equation 1 of the paper written out here: softmax(Q K^T / sqrt(d_k)) V, row by row."""
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / k.shape[1] ** 0.5
    weights = torch.exp(scores - scores.max(dim=1, keepdim=True).values)
    return (weights / weights.sum(dim=1, keepdim=True)) @ v


def attention_is_equation_one() -> bool:
    weights, x = seeded()
    return torch.allclose(perm_eq.self_attention(x, *weights), softmax_attention(x, *weights), rtol=0, atol=1e-13)


def permutation_matrix(perm: torch.Tensor) -> torch.Tensor:
    return torch.eye(len(perm), dtype=torch.float64)[perm]


def equivariance_with_p() -> bool:
    weights, x = seeded()
    return all(torch.allclose(perm_eq.self_attention(permutation_matrix(p) @ x, *weights),
                              permutation_matrix(p) @ perm_eq.self_attention(x, *weights), rtol=0, atol=1e-12)
               for p in te.random_perms(6, 20)) and ok(te.test_attention_without_pe_is_permutation_equivariant)


def each_step_commutes() -> bool:
    (w_q, w_k, w_v), x = seeded()
    p = permutation_matrix(torch.tensor([3, 0, 5, 1, 4, 2]))
    q, k = x @ w_q, x @ w_k
    s = q @ k.T
    shuffled_alike = torch.allclose((p @ x) @ w_q, p @ q) and torch.allclose((p @ q) @ (p @ k).T, p @ s @ p.T)
    softmax_commutes = torch.allclose(torch.softmax(p @ s @ p.T, dim=-1), p @ torch.softmax(s, dim=-1) @ p.T)
    return bool(shuffled_alike and softmax_commutes)


def pooling_is_invariant_outputs_are_not() -> bool:
    weights, x = seeded()
    perm = torch.tensor([3, 0, 5, 1, 4, 2])
    out, out_shuffled = perm_eq.self_attention(x, *weights), perm_eq.self_attention(x[perm], *weights)
    dog, bites, man = x[0], x[1], x[2]
    one = perm_eq.self_attention(torch.stack([dog, bites, man]), *weights)
    two = perm_eq.self_attention(torch.stack([man, bites, dog]), *weights)
    return (not torch.allclose(out_shuffled, out, atol=1e-3)  # the outputs move: not invariant
            and torch.allclose(out_shuffled.mean(0), out.mean(0), atol=1e-12)  # pooled: invariant
            and torch.allclose(two, one[[2, 1, 0]], atol=1e-12))  # the same bag, each word its own output


def seeded_head_six_tokens() -> bool:
    run = inspect.getsource(perm_eq)
    return (torch.equal(perm_eq.make_tokens(6, 16), perm_eq.make_tokens(6, 16)) and
            torch.equal(perm_eq.make_weights(16, 8)[0], perm_eq.make_weights(16, 8)[0])
            and "seq_len, d_model, d_head = 6, 16, 8" in run and "x[perm]" in run)


def seeded_head_measured():
    """"fed six random tokens and then the same tokens shuffled": how many tokens the snippet feeds its head."""
    if not seeded_head_six_tokens():
        return False
    tokens = int(re.search(r"seq_len, d_model, d_head = (\d+), \d+, \d+", inspect.getsource(perm_eq)).group(1))
    return Number(tokens)


def gap_without_and_repeat() -> bool:
    weights, x = seeded()
    perm = torch.tensor([3, 0, 5, 1, 4, 2])
    gap = perm_eq.permutation_gap(x, perm, weights, with_pe=False)
    x[4] = x[1]
    plain = perm_eq.self_attention(x, *weights)
    return gap < number(values("why_positions/permutation_equivariance")["gap_without_bound"]) and torch.equal(plain[1], plain[4])


def gap_with_pe() -> bool:
    weights, x = seeded()
    gap = perm_eq.permutation_gap(x, torch.tensor([3, 0, 5, 1, 4, 2]), weights, with_pe=True)
    slots = "x[perm] + pe" in inspect.getsource(perm_eq.permutation_gap)  # PE added by slot, after the shuffle
    return slots and f"{gap:.3f}" == values("why_positions/permutation_equivariance")["gap_with"] and gap > 0.1 and ok(
        te.test_adding_pe_breaks_permutation_equivariance)


def causal_sees_only_the_past() -> bool:
    weights, x = seeded()
    later = x.clone()
    later[3:] = torch.randn(3, 16, generator=torch.Generator().manual_seed(5), dtype=torch.float64)
    a, b = perm_eq.self_attention(x, *weights, causal=True), perm_eq.self_attention(later, *weights, causal=True)
    return torch.allclose(a[:3], b[:3], rtol=0, atol=1e-14) and ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe)


def causal_repeat() -> bool:
    weights, x = seeded()
    x[4] = x[1]
    causal = perm_eq.self_attention(x, *weights, causal=True)
    return f"{(causal[1] - causal[4]).abs().max().item():.3f}" == values("why_positions/permutation_equivariance")["causal_repeat_diff"]


def the_attention_tests() -> bool:
    source = inspect.getsource(te.test_attention_without_pe_is_permutation_equivariant)
    return ("random_perms(6, 20)" in source and "< 1e-12" in source
            and ok(te.test_attention_without_pe_is_permutation_equivariant)
            and ok(te.test_adding_pe_breaks_permutation_equivariance)
            and ok(te.test_repeated_token_gets_the_same_output_only_without_pe)
            and ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe))


def attention_tests_measured():
    """"checks twenty random shuffles without PE (gap below 10^-12)": the shuffles the test draws."""
    if not the_attention_tests():
        return False
    source = inspect.getsource(te.test_attention_without_pe_is_permutation_equivariant)
    return Number(int(re.search(r"random_perms\(\d+, (\d+)\)", source).group(1)), at=0)


def codes():
    return {name: code(N, WIDTH) for name, code in simple.CODES.items()}


def sinusoidal_unique() -> bool:
    c = codes()
    return simple.is_unique(c["sinusoidal"]) and simple.is_unique(c["binary"])


def sinusoidal_bounded() -> bool:
    big = simple.sinusoidal_code(10001, WIDTH)
    return simple.largest_value(big) <= 1 and simple.largest_value(simple.integer_code(10001, WIDTH)) == 10000


def bounded_measured():
    """"bounded — of the same size whatever the position, so it does not drown the token embedding at position
    10,000": whether every entry stays within 1, the norms of rows 0 and 10,000, whether position 10,000 adds more
    than 1 to an entry, and that position."""
    if not sinusoidal_bounded():
        return False
    big = simple.sinusoidal_code(10001, WIDTH)
    norms = big.norm(dim=1)
    return [Truth(simple.largest_value(big) <= 1, at=0), Compare(round(norms[0].item(), 9), round(norms[-1].item(), 9)),
            Truth(big[-1].abs().max().item() > 1, at=1), Number(big.shape[0] - 1, at=0)]


def same_at_lengths() -> bool:
    return (simple.same_code_across_lengths(simple.sinusoidal_code, WIDTH, 10, 1000)
            and not simple.same_code_across_lengths(simple.fraction_code, WIDTH, 10, 1000))


LENGTHS = (10, 1000)  # the two sequence lengths the page compares a position's code across


def same_at_lengths_measured():
    """"position 5 means the same thing in a sentence of 10 tokens and in one of 1,000": the largest difference
    between the codes of position 5 at the two lengths, and the lengths compared."""
    short, long = LENGTHS
    if not (simple.same_code_across_lengths(simple.sinusoidal_code, WIDTH, short, long)
            and not simple.same_code_across_lengths(simple.fraction_code, WIDTH, short, long)):
        return False
    gap = (simple.sinusoidal_code(short, WIDTH)[5] - simple.sinusoidal_code(long, WIDTH)[5]).abs().max().item()
    return [Number(5, at=0), Compare(gap, 0.0), Number(short, at=1), Number(long, at=2)]


def distance_by_offset() -> bool:
    c = codes()
    return simple.offset_spread(c["sinusoidal"], 8) < 1e-9 < 1 < simple.offset_spread(c["binary"], 8)


def one_matrix_per_offset() -> bool:
    t = positional_encoding(600, 64, dtype=torch.float64)
    return all(torch.allclose(t[:500] @ linearity_shift_matrix.shift_matrix(64, k).T, t[k : 500 + k], atol=1e-9)
               for k in (1, 3, 50, 99))


def explained_and_tested() -> bool:
    page = (DOCS / PAGE).read_text(encoding="utf-8")
    jobs = quoted_jobs(page)
    named = set(re.findall(r"`(test_\w+)`", page))
    tests = {name for name in vars(te) if name.startswith("test_")}
    assert named <= tests, f"{PAGE} names tests that test_why_positions_code.py lacks: {sorted(named - tests)}"
    assert jobs == set(te.JOBS), f"{PAGE} quotes the jobs {sorted(jobs)}, test_why_positions_code.py runs {sorted(te.JOBS)}"
    missing = [job for job in jobs if f'"{job}.py:' not in page]
    assert not missing, f"{PAGE} does not show the code of {missing}"
    return True


def the_three_codes() -> bool:
    p = torch.arange(N, dtype=torch.float64)
    c = codes()
    bits = c["binary"] @ (2.0 ** torch.arange(WIDTH, dtype=torch.float64))  # least significant bit first
    return (torch.equal(c["integer p"][:, 0], p) and torch.equal(c["p / length"][:, 0], p / N)
            and torch.equal(bits, p) and len(simple.CODES) == 4)


def three_codes_measured():
    """"Three codes come to mind first": the simple codes the page's table sets beside the sinusoidal one."""
    return the_three_codes() and Number(len([name for name in simple.CODES if name != "sinusoidal"]))


def sixteen_wide_measured():
    """"each 16 numbers wide": the width the table of simple codes is drawn at."""
    width = inspect.signature(simple.summary).parameters['width'].default
    return simple.HEADER[0] == f"code (width {width})" and width == WIDTH and Number(width)


def integer_row() -> bool:
    c = codes()["integer p"]
    largest = values("why_positions/simple_encodings")["integer_largest"]
    return (simple.is_unique(c) and simple.offset_spread(c, 8) < 1e-9 and number(largest) == N - 1
            == simple.largest_value(c) and simple.largest_value(simple.integer_code(5001, WIDTH)) == 5000)


def fraction_row() -> bool:
    c = codes()["p / length"]
    return (simple.largest_value(c) <= 1 and not simple.same_code_across_lengths(simple.fraction_code, WIDTH, 10, N)
            and bool(simple.fraction_code(10, 1)[5, 0] != simple.fraction_code(100, 1)[5, 0])  # position 5
            and bool(simple.fraction_code(10, 1)[1, 0] != simple.fraction_code(100, 1)[1, 0]))  # one step


def integer_row_measured():
    """"Integer p ... is unbounded: at position 999 it adds 999 to every entry": whether its largest entry stays
    bounded as the position grows, the last position of the page's table, and the entries of that row holding it."""
    if not integer_row():
        return False
    c = codes()["integer p"]
    grows = simple.largest_value(simple.integer_code(5001, WIDTH)) > simple.largest_value(c)
    return [Truth(not grows, at=0), Number(c.shape[0] - 1, at=0), Count(int((c[-1] == c.shape[0] - 1).sum()), WIDTH,
                                                                      at=0)]


def fraction_row_measured():
    """"p / n is bounded but depends on the sequence length: position 5 and a one-token step mean different numbers":
    whether its entries stay within 1, and position 5's value at two lengths."""
    if not fraction_row():
        return False
    return [Truth(simple.largest_value(codes()["p / length"]) <= 1, at=0), Number(5, at=0),
            Compare(simple.fraction_code(10, 1)[5, 0].item(), simple.fraction_code(100, 1)[5, 0].item(), at=0)]


def binary_row() -> bool:
    c = codes()["binary"]
    steps = (c[1:] - c[:-1]).norm(dim=1)
    try:
        simple.binary_code(N, 4)  # too few bits for 1,000 positions
        return False
    except ValueError:
        pass
    return (simple.largest_value(c) <= 1 and simple.is_unique(c) and simple.same_code_across_lengths(
        simple.binary_code, WIDTH, 10, N) and set(c.unique().tolist()) == {0.0, 1.0} and len(set(steps.tolist())) > 3)


def binary_distances() -> bool:
    q = values("why_positions/simple_encodings")
    b = simple.binary_code(16, 4)
    return (int((b[7] != b[8]).sum()) == 4 and number(q["binary_d78"]) == simple.distance(b, 7, 8) == 2
            and number(q["binary_d08"]) == simple.distance(b, 0, 8) == 1 and simple.offset_spread(codes()["binary"], 8) > 1)


def binary_distances_measured():
    """"from 7 to 8 all four low bits flip": how many of the four low bits differ between b(7) and b(8)."""
    if not binary_distances():
        return False
    b = simple.binary_code(16, 4)
    return [Count(int((b[7] != b[8]).sum()), b.shape[1], at=0), Number(b.shape[1], at=2)]


def sinusoidal_row() -> bool:
    c = codes()["sinusoidal"]
    return (bool(c.min() >= -1 and c.max() <= 1) and same_at_lengths() and simple.offset_spread(c, 8) < 1e-9)


def binary_panel_measured():
    """"binary (6 bits): ... the curve differs with the starting position": the bits of the binary code drawn, and
    how far its distance curves from starting positions 0 and 7 are apart."""
    if not figure_panels():
        return False
    bits = 6
    binary = simple.binary_code(64, bits)
    k = torch.arange(24)
    first, second = ((binary[s + k] - binary[s]).norm(dim=1) for s in (0, 7))
    return [Number(binary.shape[1], at=0), Compare((first - second).abs().max().item(), 0.0)]


def figure_panels() -> bool:
    binary, sinus = simple.binary_code(64, 6), simple.sinusoidal_code(64, 6)
    step_b, step_s = (binary[1:] - binary[:-1]).norm(dim=1), (sinus[1:] - sinus[:-1]).norm(dim=1)
    k = torch.arange(24)

    def curves(t):
        return [(t[s + k] - t[s]).norm(dim=1) for s in (0, 7, 13)]

    b, s = curves(binary), curves(sinus)
    return (bool(step_b.max() - step_b.min() > 1 and step_s.max() - step_s.min() < 1e-12)
            and not torch.allclose(b[0], b[1]) and not torch.allclose(b[0], b[2])
            and torch.allclose(s[0], s[1], atol=1e-12) and torch.allclose(s[0], s[2], atol=1e-12))


def smooth_binary_counter() -> bool:
    omega = 10000.0 ** (-torch.arange(0, 16, 2, dtype=torch.float64) / 16)
    b = simple.binary_code(1024, 10)
    flips = (b[1:] != b[:-1]).sum(0)
    return bool((omega[1:] < omega[:-1]).all() and (flips[1:] < flips[:-1]).all())


def printed_least_significant_first() -> bool:
    return "8 = [0, 0, 0, 1]" in text("why_positions/simple_encodings") and simple.binary_code(16, 4)[8].tolist() == [0, 0, 0, 1]


def simple_codes_test() -> bool:
    source = inspect.getsource(te.test_simple_codes_fail_the_properties_the_page_says_they_fail)
    return ('{"integer p": True, "p / length": False, "binary": True, "sinusoidal": True}' in source
            and ok(te.test_simple_codes_fail_the_properties_the_page_says_they_fail))


def only_sinusoidal_passes() -> bool:
    """Of the three obvious codes and the sinusoidal one, only the sinusoidal one is bounded, the same at every
    length and has distances that depend on the offset alone."""
    c = codes()
    passing = {name: simple.largest_value(c[name]) <= 1
               and simple.same_code_across_lengths(simple.CODES[name], WIDTH, 10, N)
               and simple.offset_spread(c[name], 8) < 1e-9 for name in c}
    return passing == {"integer p": False, "p / length": False, "binary": False, "sinusoidal": True} and simple_codes_test()


def evidence_measures_the_hypothesis() -> bool:
    """The shift-matrix page (docs/evidence/shift-matrix.md) asks, in its title, whether a trained head learns it, and
    answers with generated numbers."""
    page = (DOCS / "evidence" / "shift-matrix.md").read_text(encoding="utf-8")
    return "trained head" in page.split("\n", 1)[0] and "{{ gen." in page


# --- the docstrings the page shows with the code (reviewed after the migration) -----------------------------------


def attention_is_eq_1() -> bool:
    """self_attention: softmax(Q K^T / sqrt(d_k)) V over x [seq, d_model], one head; x of another rank is refused."""
    weights = perm_eq.make_weights(8, 4)
    x = perm_eq.make_tokens(5, 8)
    q, k, v = (x @ w for w in weights)
    expected = torch.softmax(q @ k.T / 4**0.5, dim=-1) @ v
    try:
        perm_eq.self_attention(x[None], *weights)
        return False
    except ValueError:
        pass
    return torch.allclose(perm_eq.self_attention(x, *weights), expected, rtol=0, atol=1e-14)


def mask_off_by_default_causal_sees_the_past() -> bool:
    """Unmasked: changing the last token changes the first output; causal: output p depends on tokens 0 .. p only."""
    weights = perm_eq.make_weights(8, 4)
    x = perm_eq.make_tokens(5, 8)
    y = x.clone()
    y[4] += 1.0
    plain, plain_y = perm_eq.self_attention(x, *weights), perm_eq.self_attention(y, *weights)
    causal, causal_y = perm_eq.self_attention(x, *weights, causal=True), perm_eq.self_attention(y, *weights, causal=True)
    return (bool((plain - plain_y)[0].abs().max() > 1e-6) and torch.equal(causal[:4], causal_y[:4])
            and bool((causal - causal_y)[4].abs().max() > 1e-6)
            and all(torch.allclose(causal[p], perm_eq.self_attention(x[: p + 1], *weights)[p], rtol=0, atol=1e-14)
                    for p in range(5)))


def permutation_gap_as_documented() -> bool:
    return (passes(te.test_attention_without_pe_is_permutation_equivariant)()
            and passes(te.test_adding_pe_breaks_permutation_equivariance)())


def simple_codes_as_documented() -> bool:
    n, width = 12, 5
    p = torch.arange(n, dtype=torch.float64)
    integer, fraction = simple.integer_code(n, width), simple.fraction_code(n, width)
    binary = simple.binary_code(n, 4)
    bits_back = (binary * 2 ** torch.arange(4, dtype=torch.float64)).sum(1)
    try:
        simple.binary_code(17, 4)  # 2**4 < 17: refused
        return False
    except ValueError:
        pass
    return (all(torch.equal(integer[:, c], p) for c in range(width))
            and all(torch.equal(fraction[:, c], p / n) for c in range(width))
            and torch.equal(bits_back, p) and binary[1].tolist() == [1.0, 0.0, 0.0, 0.0]  # least significant first
            and simple.is_unique(simple.binary_code(16, 4)) and not simple.is_unique(simple.binary_code(16, 4)[[0, 1, 1]])
            and torch.equal(simple.sinusoidal_code(30, 6), positional_encoding(30, 6, dtype=torch.float64))
            and simple.sinusoidal_code(3, 4).dtype == torch.float64)


def measures_as_documented() -> bool:
    t = torch.tensor([[0.5, -3.0], [0.5, -3.0], [1.0, 2.0]])
    sin = simple.sinusoidal_code(100, 8)
    return (simple.is_unique(t[1:]) and not simple.is_unique(t) and simple.largest_value(t) == 3.0
            and simple.same_code_across_lengths(simple.integer_code, 4, 5, 50)
            and not simple.same_code_across_lengths(simple.fraction_code, 4, 5, 50)
            and simple.offset_spread(sin, 5) < 1e-9 and simple.offset_spread(simple.binary_code(64, 6), 5) > 1
            and abs(simple.distance(t, 0, 2) - 25.25**0.5) < 1e-6
            and passes(te.test_simple_codes_fail_the_properties_the_page_says_they_fail)())


# --- more checks that return what they measured (tests/claim_words.py) ----------------------------------------------


def equal_rows(table: torch.Tensor) -> torch.Tensor:
    """Which rows of the table are equal to which, entry for entry."""
    return (table[:, None, :] == table[None, :, :]).all(dim=-1)


def shared_codes(table: torch.Tensor) -> Count:
    """The pairs of positions whose codes are equal, among all pairs."""
    same = equal_rows(table).triu(diagonal=1)
    n = table.shape[0]
    return Count(int(same.sum()), n * (n - 1) // 2)


def unique_measured():
    """"two positions never share a code": the pairs (of two) among the sinusoidal code's 1,000 positions that do."""
    return sinusoidal_unique() and [Number(2), shared_codes(codes()["sinusoidal"])]


def binary_row_measured():
    """"Binary is bounded ... and independent of the length": its largest entry is at most 1, and whether its code
    of a position changes with the length."""
    if not binary_row():
        return False
    c = codes()["binary"]
    depends = not simple.same_code_across_lengths(simple.binary_code, WIDTH, 10, N)
    return [Truth(simple.largest_value(c) <= 1), Truth(depends)]


def one_matrix_measured():
    """"for every offset k there is one matrix that turns PE(p) into PE(p+k) for all p": the offsets whose shift
    matrix does, and the positions it maps right at the first of them."""
    if not one_matrix_per_offset():
        return False
    t = positional_encoding(600, 64, dtype=torch.float64)
    offsets = (1, 3, 50, 99)
    mapped = {k: torch.isclose(t[:500] @ linearity_shift_matrix.shift_matrix(64, k).T, t[k : 500 + k],
                               atol=1e-9, rtol=0).all(dim=1) for k in offsets}
    return [Count(sum(bool(m.all()) for m in mapped.values()), len(offsets), at=0),
            Count(int(mapped[1].sum()), mapped[1].numel(), at=1)]


def own_code_measured():
    """"Every position gets its own code (no two rows equal)": is_unique on a table with a repeated row and on one
    without, the positions with a code of their own, and the pairs of rows (two) that are equal."""
    if not measures_as_documented():
        return False
    sin = simple.sinusoidal_code(100, 8)
    own = int(equal_rows(sin).sum(dim=1).eq(1).sum())
    return [Count(own, sin.shape[0], at=0), shared_codes(sin), Number(2)]


LEDGER = Ledger('why-positions.md', [
    computed('takeaway-bag-of-words',
             lambda: pooling_is_invariant_outputs_are_not() and equivariance_with_p() and gap_with_pe(), backs=['order']),
    computed('takeaway-only-sinusoidal',
             lambda: only_sinusoidal_passes() and figure_panels(), backs=['bounded', 'every', 'every', 'not', 'only', 'same']),
    prose('read-before',
           'navigation: which page to read first; mkdocs build --strict checks that the target exists', unbacked=['before', 'first', 'no', 'shorter']),
    prose('title', "the page's title"),
    prose('what-this-page-is', 'the plan of the page', unbacked=['all', 'fall']),
    computed('shown-and-tested', explained_and_tested),
    prose('see-the-reference',
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists'),
    cited('paper-must-inject',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding, its first sentence', backs=['2017', '3.5', 'all', 'no', 'no', 'some']),
    prose('plan', 'the plan of the page'),
    computed('heading-cannot-see-order',
             lambda: ok(te.test_attention_without_pe_is_permutation_equivariant) and ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe), backs=['cannot', 'order']),
    cited('equation-one',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.2.1 Scaled Dot-Product Attention, equation (1)',
           attention_is_equation_one, backs=['1', 'all', 'depend', 'only']),
    prose('shuffle-the-rows', 'an instruction: what the next sentences do to X', unbacked=[r'\(P\)', r'\(X\)', 'rows']),
    computed('each-step-commutes',
             each_step_commutes, backs=[r'\(K\)', r'\(P\,QK^\top P^\top\)', r'\(QK^\top\)', r'\(Q\)', r'\(V\)', 'columns', 'commutes', 'rows', 'same']),
    computed('permutation-equivariant', equivariance_with_p),
    cited('often-called-invariant',
           'Lilian Weng, The Transformer Family (2020), https://lilianweng.github.io/posts/2020-04-07-the-transformer-family/',
           pooling_is_invariant_outputs_are_not, backs=['after', 'invariant', 'only']),
    computed('same-bag-of-words', pooling_is_invariant_outputs_are_not, backs=['every', 'every', 'same']),
    computed('one-seeded-head', seeded_head_measured, backs=['same']),
    computed('gap-without-and-repeat',
             gap_without_and_repeat, backs=['below', 'both', 'equal', 'exactly', 'float64', 'gen.why_positions.permutation_equivariance.gap_without_bound', 'same', 'twice']),
    computed('gap-with-pe', gap_with_pe, backs=['0', '1', '2', 'gen.why_positions.permutation_equivariance.gap_with']),
    cited('fleetwood-dog',
           'Fleetwood, You could have designed state of the art positional encoding, Hugging Face blog, Nov 2024 (huggingface/blog designing-positional-encoding.md), section "Motivating Example": "The dog chased another dog" mapped to the token embeddings of Llama 3.2 1B, then fresh nn.Linear projections and a torch nn.MultiheadAttention whose weights are drawn anew (normal, std 0.1), no trained attention; the two "dog" outputs are identical; shared/research/content_anchors.md §1a', backs=['same']),
    computed('needs-every-token',
             lambda: ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe), backs=['every', 'every']),
    computed('causal-sees-the-past', causal_sees_only_the_past, backs=[r'\(0, \dots, p\)', r'\(p\)', 'each', 'only']),
    computed('causal-repeat',
             causal_repeat, backs=['all', 'gen.why_positions.permutation_equivariance.causal_repeat_diff', 'last', 'no']),
    cited('nope-decoders',
           'Haviv et al., Findings of EMNLP 2022, arXiv:2203.16634 (abstract and results); Kazemnejad et al., NeurIPS 2023, arXiv:2305.19466 (abstract)', backs=['2022', '2023', 'longer', 'no', 'not']),
    computed('encoder-needs-it',
             lambda: ok(te.test_attention_without_pe_is_permutation_equivariant) and ok(te.test_repeated_token_gets_the_same_output_only_without_pe), backs=['no']),
    computed('the-attention-tests', attention_tests_measured, backs=[r'\(10^{-12}\)', 'below', 'every']),
    prose('heading-wishes', 'a heading: the claims are in the sentences below it'),
    prose('wish-list',
           'announces the list of wishes; each wish below is measured on the codes', unbacked=[r'\(e(p)\)', r'\(p\)']),
    computed('wish-unique', unique_measured, backs=['never', 'unique']),
    computed('wish-bounded', bounded_measured, backs=['10,000', 'bounded', 'not', 'same']),
    computed('wish-length-independent', same_at_lengths_measured, backs=['1,000', '10', '5', 'independent', 'same']),
    computed('wish-offset',
             distance_by_offset, backs=[r'\(e(p)\)', r'\(e(q)\)', r'\(|p - q|\)', 'depend', 'not', 'smooth']),
    computed('wish-relative', one_matrix_per_offset, backs=[r'\(k\)', r'\(p\)', 'every']),
    prose('list-is-ours', 'attribution: which lists the page builds on, named in the next sentences'),
    cited('kazemnejad-four',
           'Kazemnejad 2019, Transformer Architecture: The Positional Encoding, the list of criteria it lists before its proposed method; shared/research/content_anchors.md §1a', backs=['2019', 'bounded', 'different', 'each', 'longer', 'unique']),
    cited('lists-compared',
           "the two lists side by side: Kazemnejad 2019 (as above) and this page's list", backs=['depend', 'first', 'first', 'more']),
    cited('fifth-is-the-papers',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 ('we hypothesized it would allow the model to easily learn to attend by relative positions'); Fleetwood 2024 (linear relation between encoded positions)", backs=['3.5', 'linear']),
    computed('heading-simple-codes-fail', simple_codes_test),
    computed('three-codes', three_codes_measured, backs=[r'\(n\)', r'\(p / n\)', r'\(p\)', r'\(p\)', 'first']),
    computed('sixteen-wide', sixteen_wide_measured, backs=['16', 'each', 'next']),
    prose('measured', 'a lead-in to the included table', unbacked=['above']),
    computed('bits-least-significant-first', printed_least_significant_first, backs=['first', 'least']),
    prose('row-by-row', 'a lead-in to the list', unbacked=['row', 'row']),
    computed('integer-row',
             integer_row_measured, backs=['1', '1,000', '5,000', '999', r'\(p\)', 'every', 'gen.why_positions.simple_encodings.integer_largest', 'never', 'order', 'unbounded', 'unique']),
    computed('fraction-row', fraction_row_measured, backs=['5', r'\(p / n\)', 'bounded', 'depends', 'different', 'different']),
    computed('binary-row', binary_row_measured, backs=['bounded', 'independent', 'unique']),
    computed('binary-distances',
             binary_distances_measured, backs=['0', '7', '7', '8', '8', r'\(\lVert b(0) - b(8)\rVert =\)', r'\(\lVert b(7) - b(8)\rVert =\)', r'\(|p - q|\)', 'all', 'column', 'depends', 'gen.why_positions.simple_encodings.binary_d08', 'gen.why_positions.simple_encodings.binary_d78', 'not']),
    computed('sinusoidal-row',
             sinusoidal_row, backs=['0', r'\([-1, 1]\)', 'bounded', 'depends', 'every', 'every', 'every', 'only', 'same']),
    computed('figure-left', figure_panels, backs=['constant', 'down', 'up']),
    computed('figure-middle', binary_panel_measured, backs=['6', 'differs']),
    computed('figure-right', figure_panels, backs=['6', 'every', 'same']),
    cited('smooth-binary-counter',
           'd2l-ai/d2l-en chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.md, subsection Absolute Positional Information',
           smooth_binary_counter, backs=['cosine', 'each', 'higher', 'higher', 'less', 'more', 'sine', 'smooth']),
    cited('kernes',
           'Jonathan Kernes, Master Positional Encoding: Part I (Towards Data Science)', backs=['same', 'sines']),
    computed('one-matrix-per-offset',
             one_matrix_measured,
             backs=[r'\(\mathrm{PE}(p)\)', r'\(\mathrm{PE}(p+k)\)', r'\(k\)', r'\(p\)', 'all', 'cosine', 'every', 'sine']),
    prose('where-next',
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists', unbacked=['linear', 'next', 'right']),
    computed('simple-codes-test',
             simple_codes_test, backs=['0', '7', '8', r'\(p/n\)', 'all', 'column', 'every', 'not', 'only', 'only', 'recomputes', 'unbounded', 'unique']),
    formula('attention-display', attention_is_equation_one),
    formula('equivariance-display', equivariance_with_p),
    computed('heads-measured', evidence_measures_the_hypothesis),
    prose('attention-head-shuffle-experiment', 'an admonition title: it names the code folded inside, which states nothing itself'),
    computed('only-without-causal-mask', passes(te.test_a_causal_mask_breaks_the_symmetry_without_pe), backs=['only']),
    prose('four-codes', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('measurements', 'an admonition title: it names the code and output folded inside, which state nothing themselves'),
    prose('code-prints-them', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('how-page-checked', 'an admonition title: it names the list of checks folded inside'),
    computed('one-head-scaled-dot-product', attention_is_eq_1, unbacked={'1': "the paper's equation number, cited by the page's text (Vaswani et al. 2017, eq. 1)"}),
    computed('no-mask-by-default-every', mask_off_by_default_causal_sees_the_past, backs=['0', 'every', 'every', 'no', 'only']),
    computed('max-attention-shuffled-input-shuffled', permutation_gap_as_documented, backs=['0']),
    computed('position-p-written-into-every', simple_codes_as_documented, backs=['column', 'every']),
    computed('position-divided-by-sequence-length', simple_codes_as_documented, backs=['column', 'every']),
    computed('bits-p-least-significant-first', simple_codes_as_documented, backs=['2', '>', 'first', 'least', 'unique']),
    computed('reference-sinusoidal-table-float64', simple_codes_as_documented, backs=['float64']),
    computed('every-position-gets-own-code', own_code_measured, backs=['equal', 'every', 'no', 'rows']),
    computed('largest-entry-what-code-adds', measures_as_documented, backs=['largest'], unbacked={'1': 'describes the embeddings the code is added to (about unit scale), not what the function computes', 'smaller': 'describes the embeddings the code is added to, not what the function computes'}),
    computed('position-p-has-same-code', measures_as_documented, backs=['same']),
    computed('largest-spread-over-p-code', measures_as_documented, backs=['0', '1', 'depends', 'largest', 'only']),
    computed('code-p-code-q', measures_as_documented),
], typed={'999': 'the position the sentence names, a parameter'})

test_claims_hold = LEDGER.test
