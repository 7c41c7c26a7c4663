"""The claims of docs/input-step.md, each with what makes it true (see tests/claimcheck.py).

The checks re-derive each statement with the reference module and the NeMo variant, read the generated numbers
(tests/support.py), and cite the paper where it is the source.
"""

import math

import mpmath
import test_reference as tr
import torch
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import Ledger, cited, computed, formula, passes, prose
from pelib.variants import nemo
from reference import PositionalEncoding, positional_encoding
from support import ROOT, text, values

PAPER = "Vaswani et al. 2017, Attention Is All You Need, arXiv:1706.03762"
RECOVER = values("input_step/recover")
SCALE = values("input_step/scale")


def readout(vocab: int, length: int, d: int = 64) -> tuple[float, float]:
    """The page's read-out (least squares with a bias, as accuracies), on another draw of token rows than the page's:
    the claim must not hang on one seed."""
    from input_step.recover import readout as page_readout

    return page_readout(vocab, length, d, seed=1)


def exact_full_rank() -> bool:
    """d consecutive rows have full rank in exact arithmetic (linearity.md's Vandermonde argument): at d = 16 the
    determinant, computed with 200 and with 250 digits, is the same non-zero number (about 4.5e-128), while float64
    sees singular values far below its rounding."""

    def det(digits: int) -> mpmath.mpf:
        with mpmath.workdps(digits):
            d = 16
            rows = mpmath.matrix(d, d)
            for p in range(d):
                for c in range(d):
                    angle = p * mpmath.power(10000, -mpmath.mpf(2 * (c // 2)) / d)
                    rows[p, c] = mpmath.sin(angle) if c % 2 == 0 else mpmath.cos(angle)
            return mpmath.det(rows)

    low, high = det(200), det(250)
    float_min = torch.linalg.svdvals(positional_encoding(16, 16, dtype=torch.float64))[-1].item()
    return abs(high) > mpmath.mpf(10) ** -140 and abs(low / high - 1) < 1e-20 and float_min < 1e-6


def faint_directions() -> bool:
    s = torch.linalg.svdvals(positional_encoding(64, 64, dtype=torch.float64))
    usable = int((s > 1e-6 * s[0]).sum())
    return str(usable) == RECOVER["usable_64"] and usable < 64 / 2 and f"64 rows: {usable} of 64 directions above a millionth" in text("input_step/recover")


def singular_values_measured():
    """"they fall from about 36 to the rounding floor": the singular values of 64 rows of the table for d = 64, in
    decreasing order, and the largest."""
    if not faint_directions():
        return False
    s = torch.linalg.svdvals(positional_encoding(64, 64, dtype=torch.float64))
    return [Trend(tuple(s.tolist())), Number(s[0].item(), at=0)]


def read_out_results() -> bool:
    token_few, position_few = readout(16, 8)
    token_many, position_many = readout(100, 64)
    return (token_few == position_few == 1.0 and token_many == 1.0 and position_many < 0.9
            and RECOVER["position_8"] == "100.0%" and RECOVER["token_64"] == "100.0%"
            and float(RECOVER["position_64"].rstrip("%")) < 90)


def fast_pair_tells_neighbours_apart() -> bool:
    pe = positional_encoding(512, 64, dtype=torch.float64)[:, :2]  # pair 0
    gaps = [(pe[p] - pe[p + k]).norm().item() for p in range(500) for k in (1, 2, 3)]
    return min(gaps) > 0.9  # 2 sin(1/2) for neighbours, more for 2 and 3 apart


def tied_numbers() -> bool:
    d = int(SCALE["d"])
    torch.manual_seed(3)
    e = torch.randn(10000, d) * d**-0.5
    h = torch.nn.functional.layer_norm(torch.randn(d), (d,))
    std, scaled = (e @ h).std().item(), (d**0.5 * e @ h).std().item()
    return (0.9 < std < 1.1 and 20 < scaled < 25 and abs(float(SCALE["logit_std"]) - 1) < 0.1
            and float(SCALE["scaled_logit_std"]) > 20 * float(SCALE["logit_std"]))


def input_norms() -> bool:
    d = int(SCALE["d"])
    pe = positional_encoding(100, d)
    return (torch.allclose(pe.norm(dim=1), torch.full((100,), (d / 2) ** 0.5), atol=1e-4)
            and SCALE["pe_norm"] == f"{(d / 2) ** 0.5:.1f}" and float(SCALE["e_norm"]) < float(SCALE["pe_norm"]) / 10
            and abs(float(SCALE["scaled_norm"]) - d**0.5 * float(SCALE["e_norm"])) < 0.1)


def nemo_same_sum() -> bool:
    d = 64
    x = torch.randn(2, 5, d, dtype=torch.float64)
    paper = d**0.5 * x + positional_encoding(5, d, dtype=torch.float64)
    ours = x + nemo.build(5, d).double()
    return (paper / d**0.5 - ours).abs().max().item() < 1e-6 and SCALE["nemo_gap"] == "< 1e-12"


def same_balance() -> bool:
    """A factor c on every input leaves the ratio of token to position (and the direction of each input) unchanged."""
    d = 64
    e, pe = torch.randn(d, dtype=torch.float64), positional_encoding(3, d, dtype=torch.float64)[2]
    a, b = d**0.5 * e + pe, e + pe / d**0.5
    return torch.allclose(a / a.norm(), b / b.norm(), atol=1e-12)


def balance_measured():
    """"One overall factor on every input changes the scale the first layer sees, not the balance of token and
    position": whether the direction of the input (the balance) changes when the factor moves to the table."""
    d = 64
    e, pe = torch.randn(d, dtype=torch.float64), positional_encoding(3, d, dtype=torch.float64)[2]
    a, b = d**0.5 * e + pe, e + pe / d**0.5
    if not math.isclose(a.norm().item() / b.norm().item(), d**0.5, rel_tol=1e-12):  # the scale changes
        return False
    return Truth(not torch.allclose(a / a.norm(), b / b.norm(), atol=1e-12))


def nemo_divides() -> bool:
    return (nemo.build(5, 16).double() * 4 - positional_encoding(5, 16, dtype=torch.float64)).abs().max() < 1e-6


def dropout_entries() -> bool:
    layer = PositionalEncoding(d_model=256, max_len=64, dropout=0.1).train()
    torch.manual_seed(5)
    x = torch.randn(16, 64, 256)
    y = layer(x)
    zero = y == 0
    out = text("input_step/dropout")
    return (0.09 < zero.float().mean().item() < 0.11 and int(zero.all(-1).sum()) == 0
            and torch.allclose(y[~zero], (x + layer.pe[:64])[~zero] / 0.9)
            and "entries zeroed: 0.100" in out and "0 of 4096 tokens have every entry zeroed" in out
            and "0 of 65,536 table entries are dropped in all 32 sequences" in out)


def masks_differ_per_sequence() -> bool:
    layer = PositionalEncoding(d_model=64, max_len=16, dropout=0.1).train()
    torch.manual_seed(6)
    zero = layer(torch.ones(2, 16, 64)) == 0
    return not torch.equal(zero[0], zero[1]) and dropout_entries()


def no_token_lost_measured():
    """"No token loses its whole vector and no entry of the table is dropped for the whole batch: each sequence loses
    a different tenth": the tokens with every entry zeroed, the table entries zeroed in every sequence, and the masks
    of two sequences, under the reference module's dropout."""
    if not masks_differ_per_sequence():
        return False
    layer = PositionalEncoding(d_model=256, max_len=64, dropout=0.1).train()
    torch.manual_seed(5)
    zero = layer(torch.randn(16, 64, 256)) == 0
    return [Count(int(zero.all(-1).sum()), zero.shape[0] * zero.shape[1], at=0),
            Count(int(zero.all(0).sum()), zero.shape[1] * zero.shape[2], at=1),
            Compare(tuple(zero[0].flatten().tolist()), tuple(zero[1].flatten().tolist()), at=0)]


LEDGER = Ledger("input-step.md", [
    prose('title', "a heading"),
    computed('takeaway',
        lambda: dropout_entries() and passes(tr.test_module_applies_dropout_in_training_only)(), backs=[r'\(\sqrt{d}\,E[\text{token}] + \mathrm{PE}(p)\)', r'\(d\)', 'each', 'first', 'same']),
    prose('page-shows-how-much-each',
        "says what the page gives and which page to read before it (the words name its sections, each checked there)",
        unbacked=[r'\(\sqrt{d}\)', 'each', 'first', 'linear', 'right']),
    computed('figure-alt', singular_values_measured, backs=['36', 'above', 'fall', 'gen.input_step.recover.d', 'gen.input_step.recover.d', 'gen.input_step.recover.usable_64', 'largest', 'only', 'rows', 'singular']),
    prose('recover-heading', "a heading"),
    cited('span',
        "docs/linearity.md, 'The position plays no part' (the Vandermonde argument)", exact_full_rank, backs=[r'\(\mathbb{R}^d\)', r'\(d\)', 'all', 'more', 'rows']),
    computed('no-direction-left', exact_full_rank, backs=['exact', 'left', 'no']),
    computed('faint', faint_directions, backs=['most', 'next', 'row']),
    prose('readout-how', "describes the code that follows", unbacked=['best', 'every', 'largest', 'least', 'linear']),
    computed('few-exact', read_out_results, backs=['both', 'exactly']),
    computed('many-fails',
        lambda: faint_directions() and read_out_results(), backs=[r'\(d =\)', 'gen.input_step.recover.d', 'gen.input_step.recover.d', 'gen.input_step.recover.position_64', 'gen.input_step.recover.token_64', 'gen.input_step.recover.usable_64', 'only', 'only', 'rows']),
    computed('not-linear', fast_pair_tells_neighbours_apart, backs=['linear', 'linear', 'not', 'not']),
    prose('scale-heading', "a heading"),
    cited('paper-shares',
        PAPER + ", section 3.4: 'we share the same weight matrix between the two embedding layers and the pre-softmax linear transformation ... In the embedding layers, we multiply those weights by sqrt(d_model)'", backs=['3.4', r'\(E\)', r'\(\sqrt{d}\)', 'only']),
    cited('no-reason',
        PAPER + ", section 3.4: the sentence quoted above is all the paper says about the factor", backs=['no']),
    cited('fairseq-init',
        "facebookresearch/fairseq fairseq/models/transformer (Embedding helper: nn.init.normal_(weight, mean=0, std=embedding_dim ** -0.5)), as on add-or-concatenate.md",
        lambda: abs(float(SCALE["e_norm"]) - 1) < 0.05, backs=['1', 'rows']),
    computed('logits',
        tied_numbers, backs=[r'\(E h\)', r'\(E\)', r'\(E\)', r'\(\sqrt{d}\)', r'\(h\)', 'gen.input_step.scale.logit_std', 'gen.input_step.scale.scaled_logit_std', 'larger', 'times']),
    computed('input-small',
        input_norms, backs=[r'\(\sqrt{d/2}\)', 'gen.input_step.scale.e_norm', 'gen.input_step.scale.pe_norm', 'rows', 'rows', 'same']),
    computed('factor-input',
        lambda: tied_numbers() and input_norms(), backs=[r'\(\sqrt{d}\, e\)', 'both', 'cannot', 'depends', 'gen.input_step.scale.scaled_norm', 'ratio']),
    computed('nemo', lambda: nemo_divides() and nemo_same_sum(), backs=[r'\(\sqrt{d}\)', 'down', 'same']),
    formula('nemo-identity', nemo_same_sum),
    computed('balance', balance_measured, backs=['every', 'first', 'not']),
    prose('dropout-heading', "a heading"),
    cited('paper-dropout',
        PAPER + ", section 5.4 (Regularization, Residual Dropout): 'we apply dropout to the sums of the embeddings and the positional encodings in both the encoder and decoder stacks. For the base model, we use a rate of P_drop = 0.1'", backs=['5.4', r'\(P_{drop} = 0.1\)']),
    computed('dropout-entries', dropout_entries, backs=[r'\(1/(1-p)\)', r'\(p\)', 'each']),
    computed('no-token-lost', no_token_lost_measured, backs=['different', 'each', 'no', 'no']),
    computed('checked-where',
        lambda: (ROOT / "tests" / "pages" / "test_input_step.py").is_file() and "dropout" in (ROOT / "tests" / "test_reference.py").read_text(), backs=['every']),
    prose('how-page-checked', 'an admonition title: it labels the note on the tests'),
    prose('read-out-least-squares-fit', 'an admonition title: it labels the folded read-out code'),
    prose('norms-logits-as-code', 'an admonition title: it labels the folded code, whose output follows it'),
    prose('two-sums-compared-as-code', 'an admonition title: it labels the folded code of the identity above it'),
    prose('dropout-reference-module-as-code', 'an admonition title: it labels the folded code, whose output follows it'),
    prose('fit-best-linear-map-least',
        "the docstring of the read-out it heads, naming what the code does, as the sentence 'readout-how' does on the "
        "page; what the read-out finds is checked by few-exact and many-fails",
        unbacked=['best', 'every', 'largest', 'least', 'linear', 'right', 'right']),
])

test_claims_hold = LEDGER.test
