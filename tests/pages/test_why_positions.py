"""The claims of docs/why-positions.md, each with what makes it true (see tests/claimcheck.py)."""

import inspect
import re

import torch
import why_positions.permutation_equivariance as perm_eq
import why_positions.simple_encodings as simple
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


def codes():
    return {name: code(N, WIDTH) for name, code in simple.CODES.items()}


def sinusoidal_unique() -> bool:
    c = codes()
    return simple.is_unique(c["sinusoidal"]) and simple.is_unique(c["binary"])


def sinusoidal_bounded() -> bool:
    big = simple.sinusoidal_code(10001, WIDTH)
    return simple.largest_value(big) <= 1 and simple.largest_value(simple.integer_code(10001, WIDTH)) == 10000


def same_at_lengths() -> bool:
    return (simple.same_code_across_lengths(simple.sinusoidal_code, WIDTH, 10, 1000)
            and not simple.same_code_across_lengths(simple.fraction_code, WIDTH, 10, 1000))


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
    named = re.findall(r"`(test_\w+)`", page)
    return (jobs == set(te.JOBS) and all(f'"{job}.py:' in page for job in jobs)
            and all(callable(getattr(te, name, None)) for name in named) and len(named) == 5)


def the_three_codes() -> bool:
    p = torch.arange(N, dtype=torch.float64)
    c = codes()
    bits = c["binary"] @ (2.0 ** torch.arange(WIDTH, dtype=torch.float64))  # least significant bit first
    return (torch.equal(c["integer p"][:, 0], p) and torch.equal(c["p / length"][:, 0], p / N)
            and torch.equal(bits, p) and len(simple.CODES) == 4)


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


def sinusoidal_row() -> bool:
    c = codes()["sinusoidal"]
    return (bool(c.min() >= -1 and c.max() <= 1) and same_at_lengths() and simple.offset_spread(c, 8) < 1e-9)


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


def evidence_measures_the_hypothesis() -> bool:
    evidence = (DOCS / "evidence.md").read_text(encoding="utf-8")
    section = evidence.split("{ #the-papers-hypothesis }")[1].split("\n## ")[0]
    return "trained head" in evidence.split("{ #the-papers-hypothesis }")[0].rsplit("\n## ", 1)[1] and "{{ gen." in section


LEDGER = Ledger('why-positions.md', [
    prose('title',
           r"Why positions are needed",
           "the page's title"),
    prose('what-this-page-is',
           r"An **explanation**: why a Transformer needs a positional encoding at all, what we want from one, and why the obvious choices fall short.",
           'the plan of the page'),
    computed('shown-and-tested',
             r"What is said about attention and about the simple codes comes with the code that shows it and a test that checks it (`tests/pages/test_why_positions_code.py`).",
             explained_and_tested),
    prose('see-the-reference',
           r"For the code itself, see the [reference implementation](reference.md).",
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists'),
    cited('paper-must-inject',
           'The Transformer has "no recurrence and no convolution", so, in the paper\'s words, "we must inject some information about the relative or absolute position of the tokens in the sequence" (Vaswani et al., 2017, [*Attention Is All You Need*](https://arxiv.org/abs/1706.03762), §3.5).',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 Positional Encoding, its first sentence'),
    prose('plan',
           r"This page shows what goes wrong without that information, then what a good encoding should look like.",
           'the plan of the page'),
    computed('heading-cannot-see-order',
             r"Self-attention cannot see order (without a causal mask)",
             lambda: ok(te.test_attention_without_pe_is_permutation_equivariant) and ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe)),
    cited('equation-one',
           r"Scaled dot-product attention (the paper's equation 1) mixes the value vectors of all tokens with weights that depend only on query–key dot products:",
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.2.1 Scaled Dot-Product Attention, equation (1)',
           attention_is_equation_one),
    prose('shuffle-the-rows',
           r"Shuffle the rows of \(X\) with a permutation matrix \(P\).",
           'an instruction: what the next sentences do to X'),
    computed('each-step-commutes',
             r"Then \(Q\), \(K\) and \(V\) are shuffled the same way, \(QK^\top\) becomes \(P\,QK^\top P^\top\) (rows and columns shuffled alike), the row-wise softmax commutes with that, and",
             each_step_commutes),
    computed('permutation-equivariant',
             r"The outputs move with the inputs and nothing else changes: self-attention is **permutation-equivariant**.",
             equivariance_with_p),
    cited('often-called-invariant',
           '(It is often called "permutation *invariant*", for example in Lilian Weng\'s [Transformer Family](https://lilianweng.github.io/posts/2020-04-07-the-transformer-family/); invariance is what you get only after pooling the outputs into one vector.)',
           'Lilian Weng, The Transformer Family (2020), https://lilianweng.github.io/posts/2020-04-07-the-transformer-family/',
           pooling_is_invariant_outputs_are_not),
    computed('same-bag-of-words',
           'A model built from such layers, in which every token attends to every token, reads "dog bites man" and "man bites dog" as the same bag of words.',
           pooling_is_invariant_outputs_are_not),
    computed('one-seeded-head',
             r"Here is one seeded attention head, fed six random tokens and then the same tokens shuffled:",
             seeded_head_six_tokens),
    computed('gap-without-and-repeat',
             r"Without positions the shuffled outputs equal the shuffled original outputs to rounding (a gap below {{ gen.why_positions.permutation_equivariance.gap_without_bound }} in float64), and a token that appears twice gets exactly the same output at both places.",
             gap_without_and_repeat),
    computed('gap-with-pe',
             r"Adding the positional table, which stays attached to the *slots* 0, 1, 2, … while the tokens move, breaks the symmetry: the gap becomes {{ gen.why_positions.permutation_equivariance.gap_with }}.",
             gap_with_pe),
    cited('fleetwood-dog',
           'The Hugging Face post by Christopher Fleetwood, [*You could have designed state of the art positional encoding*](https://huggingface.co/blog/designing-positional-encoding), makes the same point with real token embeddings, a randomly initialised attention layer and two copies of the word "dog".',
           'Fleetwood, You could have designed state of the art positional encoding, Hugging Face blog, Nov 2024 (huggingface/blog designing-positional-encoding.md); shared/research/content_anchors.md §1a'),
    computed('needs-every-token',
             r"The argument needs every token to see every other, as in the encoder.",
             lambda: ok(te.test_a_causal_mask_breaks_the_symmetry_without_pe)),
    computed('causal-sees-the-past',
             r"A decoder's self-attention is **causal**: position \(p\) attends to positions \(0, \dots, p\) only, so a shuffle changes what each token can see, and the symmetry is gone.",
             causal_sees_only_the_past),
    computed('causal-repeat',
             r"In the last line of the output, the repeated token gets two outputs {{ gen.why_positions.permutation_equivariance.causal_repeat_diff }} apart with no positional encoding at all.",
             causal_repeat),
    cited('nope-decoders',
           r"A causal decoder can in fact infer positions without one: Haviv et al., [*Transformer Language Models without Positional Encodings Still Learn Positional Information*](https://arxiv.org/abs/2203.16634) (Findings of EMNLP 2022), train causal language models with no positional encoding that are competitive with ones that have it (a masked, bidirectional model without one is not), and Kazemnejad et al., [*The Impact of Positional Encoding on Length Generalization in Transformers*](https://arxiv.org/abs/2305.19466) (NeurIPS 2023), find that decoder-only models without one generalise to longer inputs better than with the explicit encodings they compare, on their reasoning and arithmetic tasks.",
           'Haviv et al., Findings of EMNLP 2022, arXiv:2203.16634 (abstract and results); Kazemnejad et al., NeurIPS 2023, arXiv:2305.19466 (abstract)'),
    computed('encoder-needs-it',
             r"The encoder of the paper, which sees the whole sentence at once, has no such way in: it needs the encoding.",
             lambda: ok(te.test_attention_without_pe_is_permutation_equivariant) and ok(te.test_repeated_token_gets_the_same_output_only_without_pe)),
    computed('the-attention-tests',
             r"`test_attention_without_pe_is_permutation_equivariant` checks twenty random shuffles without PE (gap below \(10^{-12}\)); `test_adding_pe_breaks_permutation_equivariance` checks that with PE every one of them changes the output; `test_repeated_token_gets_the_same_output_only_without_pe` checks the repeated token, and `test_a_causal_mask_breaks_the_symmetry_without_pe` that a causal mask alone tells its two copies apart.",
             the_attention_tests),
    prose('heading-wishes',
           r"What we want from a position code",
           'a heading: the claims are in the sentences below it'),
    prose('wish-list',
           r"A code \(e(p)\) for position \(p\), added to the token embedding, should be:",
           'announces the list of wishes; each wish below is measured on the codes'),
    computed('wish-unique',
             r"**unique** — two positions never share a code;",
             sinusoidal_unique),
    computed('wish-bounded',
             r"**bounded** — of the same size whatever the position, so it does not drown the token embedding at position 10,000;",
             sinusoidal_bounded),
    computed('wish-length-independent',
             r"**deterministic and independent of the sequence length** — position 5 means the same thing in a sentence of 10 tokens and in one of 1,000;",
             same_at_lengths),
    computed('wish-offset',
             r"**smooth in the offset** — the distance between \(e(p)\) and \(e(q)\) should depend on how far apart they are, \(|p - q|\), and not on where they sit;",
             distance_by_offset),
    computed('wish-relative',
             r"**able to express relative offsets easily** — moving by \(k\) positions should be an operation a layer can learn once, for every \(p\).",
             one_matrix_per_offset),
    prose('list-is-ours',
           r"The list is ours; it builds on two others.",
           'attribution: which lists the page builds on, named in the next sentences'),
    cited('kazemnejad-four',
           r"Amirhossein Kazemnejad, in [*Transformer Architecture: The Positional Encoding*](https://kazemnejad.com/blog/transformer_architecture_positional_encoding/) (2019), asks for four things: a unique encoding for each time-step; a distance between two time-steps that is consistent across sentences of different lengths; generalisation to longer sentences, with bounded values; and a deterministic encoding.",
           'Kazemnejad 2019, Transformer Architecture: The Positional Encoding, the list of criteria it lists before its proposed method; shared/research/content_anchors.md §1a'),
    cited('lists-compared',
           r"His first, third and fourth are our first three items; his second is behind the length independence of our third, and our fourth asks more than it does: the distance should depend on the offset alone, wherever the two positions sit.",
           "the two lists side by side: Kazemnejad 2019 (as above) and this page's list"),
    cited('fifth-is-the-papers',
           'The fifth is the paper\'s own reason (§3.5): "we hypothesized it would allow the model to easily learn to attend by relative positions"; Fleetwood\'s post asks for it too, as a linear relation between encoded positions.',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 ('we hypothesized it would allow the model to easily learn to attend by relative positions'); Fleetwood 2024 (linear relation between encoded positions)"),
    computed('heading-simple-codes-fail',
             r"Why the simple codes fail",
             simple_codes_test),
    computed('three-codes',
             r"Three codes come to mind first: write the integer \(p\), write the fraction \(p / n\) of the sequence length \(n\), or write \(p\) in binary.",
             the_three_codes),
    computed('sixteen-wide',
             r"Here they are, next to the sinusoidal table, each 16 numbers wide:",
             lambda: inspect.signature(simple.summary).parameters['width'].default == WIDTH and simple.HEADER[0] == 'code (width 16)'),
    prose('measured',
           r"and the properties above, measured:",
           'a lead-in to the included table'),
    computed('bits-least-significant-first',
             r"A few of the numbers behind it (binary bits are printed least significant first):",
             printed_least_significant_first),
    prose('row-by-row',
           r"Reading the table row by row:",
           'a lead-in to the list'),
    computed('integer-row',
             r"**Integer \(p\)** is unique and its distances follow the offset, but it is unbounded: at position 999 it adds {{ gen.why_positions.simple_encodings.integer_largest }} to every entry of an embedding whose entries are of order 1 (see [Add or concatenate?](add-or-concatenate.md#does-the-table-drown-the-token-embedding) for the sizes of real embeddings), and a model never saw position 5,000 if it trained on 1,000-token sequences.",
             integer_row),
    computed('fraction-row',
             r"**\(p / n\)** is bounded but depends on the sequence length: position 5 and a one-token step mean different numbers in different sentences.",
             fraction_row),
    computed('binary-row',
             r"**Binary** is bounded, unique (as long as there are enough bits) and independent of the length, but it is discrete and jumpy.",
             binary_row),
    computed('binary-distances',
             r"The distance between neighbours depends on how many bits flip: from 7 to 8 all four low bits flip, so \(\lVert b(7) - b(8)\rVert = \) {{ gen.why_positions.simple_encodings.binary_d78 }} while \(\lVert b(0) - b(8)\rVert = \) {{ gen.why_positions.simple_encodings.binary_d08 }}: in binary, position 8 is nearer to 0 than to its neighbour 7. Distance does not follow \(|p - q|\) (the spread column).",
             binary_distances),
    computed('sinusoidal-row',
             r"**Sinusoidal** ticks every box: bounded in \([-1, 1]\), the same for every length, and the distance between two positions depends on their offset only (spread 0, shown for every offset on [Properties](properties.md#distance-depends-only-on-p-q)).",
             sinusoidal_row),
    computed('figure-left',
             '![Panel "one step further": the distance between neighbouring binary codes jumps up and down, the sinusoidal one is constant.',
             figure_panels),
    computed('figure-middle',
             'Panel "binary (6 bits): distance against offset": the curve differs with the starting position.',
             figure_panels),
    computed('figure-right',
             'Panel "sinusoidal (d = 6): distance against offset": the same curve from every starting position](generated/why_positions/simple_encodings.svg)',
             figure_panels),
    cited('smooth-binary-counter',
           'Think of the sinusoidal code as a smooth binary counter: each (sine, cosine) pair is a "bit" that turns like the hand of a clock instead of flipping, and higher pairs turn more slowly, as higher bits flip less often (d2l.ai, [*Self-Attention and Positional Encoding*](https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html), in its subsection on absolute positional information).',
           'd2l-ai/d2l-en chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.md, subsection Absolute Positional Information',
           smooth_binary_counter),
    cited('kernes',
           r"Jonathan Kernes walks the same path from counting to binary to sines in [*Master Positional Encoding: Part I*](https://towardsdatascience.com/master-positional-encoding-part-i-63c05d90a0c3).",
           'Jonathan Kernes, Master Positional Encoding: Part I (Towards Data Science)'),
    computed('one-matrix-per-offset',
             r"The fifth wish, relative offsets, is what makes the pairs of sine and cosine matter: for every offset \(k\) there is one matrix that turns \(\mathrm{PE}(p)\) into \(\mathrm{PE}(p+k)\) for all \(p\).",
             one_matrix_per_offset),
    prose('where-next',
           r"The proof is on [The shift is linear](linearity.md#the-statement); the formula itself, with its indices, is next: [The formula, indexed right](formula.md).",
           'a pointer to another page; mkdocs build --strict (validation.anchors) checks that the target exists'),
    computed('simple-codes-test',
             r"`test_simple_codes_fail_the_properties_the_page_says_they_fail` recomputes every column of the table: all four codes unique, only the integer unbounded, only \(p/n\) length-dependent, binary distances spread out (and 8 nearer to 0 than to 7), sinusoidal distances not.",
             simple_codes_test),
    formula('attention-display',
             r"\[ \operatorname{Attention}(Q, K, V) = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) V, \qquad Q = XW_Q,\; K = XW_K,\; V = XW_V . \]",
             attention_is_equation_one),
    formula('equivariance-display',
             r"\[ \operatorname{Attention}(PX) = P \operatorname{Attention}(X). \]",
             equivariance_with_p),
    computed('heads-measured',
        '(Whether trained heads use it is [measured here](evidence.md#the-papers-hypothesis).)',
        evidence_measures_the_hypothesis),
], typed={'999': 'the position the sentence names, a parameter'})

test_claims_hold = LEDGER.test
