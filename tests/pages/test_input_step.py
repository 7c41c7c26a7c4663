"""The claims of docs/input-step.md, each with what makes it true (see tests/claimcheck.py).

The checks re-derive each statement with the reference module and the NeMo variant, read the generated numbers
(tests/support.py), and cite the paper where it is the source.
"""

import mpmath
import test_reference as tr
import torch
from claimcheck import Ledger, cited, computed, formula, passes, prose
from pelib.variants import nemo
from reference import PositionalEncoding, positional_encoding
from support import ROOT, text, values

PAPER = "Vaswani et al. 2017, Attention Is All You Need, arXiv:1706.03762"
RECOVER = values("input_step/recover")
SCALE = values("input_step/scale")


def readout(vocab: int, length: int, d: int = 64) -> tuple[float, float]:
    """The best linear read-out (least squares with a bias) of token and position from every sum, as accuracies."""
    g = torch.Generator().manual_seed(1)  # another draw than the page's: the claim must not hang on one seed
    emb = torch.randn(vocab, d, generator=g, dtype=torch.float64)
    pe = positional_encoding(length, d, dtype=torch.float64)
    tok, pos = (t.flatten() for t in torch.meshgrid(torch.arange(vocab), torch.arange(length), indexing="ij"))
    x = torch.cat([emb[tok] + pe[pos], torch.ones(len(tok), 1, dtype=torch.float64)], 1)
    target = torch.cat([torch.eye(vocab, dtype=torch.float64)[tok], torch.eye(length, dtype=torch.float64)[pos]], 1)
    out = x @ (torch.linalg.pinv(x, rtol=1e-10) @ target)  # directions below 1e-10 of the largest: rounding
    return (out[:, :vocab].argmax(1) == tok).double().mean().item(), (out[:, vocab:].argmax(1) == pos).double().mean().item()


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
    return str(usable) == RECOVER["usable_64"] and usable < 64 / 2 and "64 rows, d = 64: 21 directions above a millionth" in text("input_step/recover")


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
            and "entries zeroed: 0.100" in out and "tokens with every entry zeroed: 0 of 4096" in out
            and "table entries dropped in all 32 sequences: 0 of 65,536" in out)


def masks_differ_per_sequence() -> bool:
    layer = PositionalEncoding(d_model=64, max_len=16, dropout=0.1).train()
    torch.manual_seed(6)
    zero = layer(torch.ones(2, 16, 64)) == 0
    return not torch.equal(zero[0], zero[1]) and dropout_entries()


LEDGER = Ledger("input-step.md", [
    prose('title',
        'The input step, end to end',
        "a heading"),
    computed('takeaway',
        '**The first layer sees one vector per token, \\(\\sqrt{d}\\,E[\\text{token}] + \\mathrm{PE}(p)\\) with dropout: the token and the position are summed into the same \\(d\\) numbers, each entry dropped on its own.**',
        lambda: dropout_entries() and passes(tr.test_module_applies_dropout_in_training_only)()),
    computed('figure-alt',
        '![Singular values of {{ gen.input_step.recover.d }} consecutive rows of the table for d = {{ gen.input_step.recover.d }}, log scale: they fall from about 36 to the rounding floor, and only {{ gen.input_step.recover.usable_64 }} lie above a millionth of the largest](generated/input_step/recover.svg)',
        lambda: faint_directions() and 35 < torch.linalg.svdvals(positional_encoding(64, 64, dtype=torch.float64))[0].item() < 37),
    prose('recover-heading',
        'Getting the token and the position back',
        "a heading"),
    cited('span',
        'The sum mixes the two, and the [linearity page](linearity.md#the-position-plays-no-part-fit-the-matrix-from-data) shows that the rows of the table span all of \\(\\mathbb{R}^d\\) once there are \\(d\\) or more positions.',
        "docs/linearity.md, 'The position plays no part' (the Vandermonde argument)", exact_full_rank),
    computed('no-direction-left',
        'In exact arithmetic no direction is left over for the token.',
        exact_full_rank),
    computed('faint',
        'In floating point most of those directions are faint, because the slow pairs barely change from one row to the next:',
        faint_directions),
    prose('readout-how',
        'Fit the best linear read-out from every sum back to the token and the position (least squares, one output per token and per position, the largest output wins):',
        "describes the code that follows"),
    computed('few-exact',
        'With a few positions both come back exactly.',
        read_out_results),
    computed('many-fails',
        'With {{ gen.input_step.recover.d }} positions in \\(d = {{ gen.input_step.recover.d }}\\), only {{ gen.input_step.recover.usable_64 }} directions of the table stand out, and the read-out finds the token {{ gen.input_step.recover.token_64 }} of the time but the position only {{ gen.input_step.recover.position_64 }}: random token rows fill the faint directions.',
        lambda: faint_directions() and read_out_results()),
    computed('not-linear',
        'The model is not limited to one linear map: attention and the feed-forward layers are not linear, and the fast pairs alone tell nearby positions apart.',
        fast_pair_tells_neighbours_apart),
    prose('scale-heading',
        '√d and tied embeddings',
        "a heading"),
    cited('paper-shares',
        'The paper shares one matrix \\(E\\) between the two embedding layers and the pre-softmax layer, and multiplies it by \\(\\sqrt{d}\\) in the embedding layers only (§3.4).',
        PAPER + ", section 3.4: 'we share the same weight matrix between the two embedding layers and the pre-softmax linear transformation ... In the embedding layers, we multiply those weights by sqrt(d_model)'"),
    cited('no-reason',
        'It gives no reason.',
        PAPER + ", section 3.4: the sentence quoted above is all the paper says about the factor"),
    cited('fairseq-init',
        'The numbers show one that fits, with the initialisation fairseq uses (rows of norm about 1):',
        "facebookresearch/fairseq fairseq/models/transformer (Embedding helper: nn.init.normal_(weight, mean=0, std=embedding_dim ** -0.5)), as on add-or-concatenate.md",
        lambda: abs(float(SCALE["e_norm"]) - 1) < 0.05),
    computed('logits',
        'On the output side, logits \\(E h\\) for a normalised hidden state \\(h\\) have a spread of {{ gen.input_step.scale.logit_std }} with \\(E\\) as it is, and {{ gen.input_step.scale.scaled_logit_std }} if \\(E\\) itself were \\(\\sqrt{d}\\) times larger.',
        tied_numbers),
    computed('input-small',
        "On the input side, the same rows of norm {{ gen.input_step.scale.e_norm }} would be small beside the table's rows of norm \\(\\sqrt{d/2}\\) = {{ gen.input_step.scale.pe_norm }}.",
        input_norms),
    computed('factor-input',
        'One matrix cannot have both sizes, so the factor goes on the input side, where \\(\\sqrt{d}\\, e\\) has norm {{ gen.input_step.scale.scaled_norm }} ([how the ratio depends on the initialisation](add-or-concatenate.md#does-the-table-drown-the-token-embedding)).',
        lambda: tied_numbers() and input_norms()),
    computed('nemo',
        "**Scaling the table down instead,** as NeMo does ([NeMo's layout](variants/more-libraries.md#nemo)), gives the same sum divided by \\(\\sqrt{d}\\):",
        lambda: nemo_divides() and nemo_same_sum()),
    formula('nemo-identity',
        '\\[ E[\\text{token}] + \\frac{\\mathrm{PE}(p)}{\\sqrt{d}} = \\frac{1}{\\sqrt{d}} \\left( \\sqrt{d}\\, E[\\text{token}] + \\mathrm{PE}(p) \\right) . \\]',
        nemo_same_sum),
    computed('balance',
        'One overall factor on every input changes the scale the first layer sees, not the balance of token and position.',
        same_balance),
    prose('dropout-heading',
        'Dropout on the sum',
        "a heading"),
    cited('paper-dropout',
        'The paper applies dropout to the sum of the embeddings and the table, with \\(P_{drop} = 0.1\\), and lists it under regularisation (§5.4).',
        PAPER + ", section 5.4 (Regularization, Residual Dropout): 'we apply dropout to the sums of the embeddings and the positional encodings in both the encoder and decoder stacks. For the base model, we use a rate of P_drop = 0.1'"),
    computed('dropout-entries',
        'Dropout zeroes single entries, each with probability \\(p\\), and scales the rest by \\(1/(1-p)\\):',
        dropout_entries),
    computed('no-token-lost',
        'No token loses its whole vector and no entry of the table is dropped for the whole batch: each sequence loses a different tenth of the numbers that carry its token and its position.',
        masks_differ_per_sequence),
    computed('checked-where',
        "Every sentence is tied to a check in `tests/pages/test_input_step.py`; the reference module's dropout is tested in `tests/test_reference.py`.",
        lambda: (ROOT / "tests" / "pages" / "test_input_step.py").is_file() and "dropout" in (ROOT / "tests" / "test_reference.py").read_text()),
])

test_claims_hold = LEDGER.test
