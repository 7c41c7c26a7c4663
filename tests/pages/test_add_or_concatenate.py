"""The claims of docs/add-or-concatenate.md, each with what makes it true (see tests/claimcheck.py)."""

import functools
import inspect
import math

import add_or_concatenate.embedding_vs_pe_norms as norms
import sympy
import test_evidence as evidence_tests
import torch
from add_or_concatenate import concat_cost
from claim_words import Compare, Count, Number, Trend, Truth
from claimcheck import Ledger, cited, computed, formula, measured, passes, prose
from reference import PositionalEncoding, positional_encoding
from support import ROOT, data, number, values

from pages import test_add_or_concatenate_code as add_or_concatenate_tests
from pages import test_properties_code as properties_tests

PAGE = "add-or-concatenate.md"
D, VOCAB = 512, 37000


def ok(test, *args) -> bool:
    return passes(test, *args)()


def q(key: str) -> float:
    return number(values("add_or_concatenate/embedding_vs_pe_norms")[key])


def pe(n: int, d: int = D) -> torch.Tensor:
    return positional_encoding(n, d, dtype=torch.float64)


def input_of_the_first_layer() -> bool:
    """sqrt(d) E[token_p] + PE(p): the reference module adds the table to the scaled embeddings, width d."""
    torch.manual_seed(0)
    embedding = torch.nn.Embedding(100, 64)
    tokens = torch.randint(0, 100, (2, 30))
    module = PositionalEncoding(64, dropout=0.1).eval()
    x = module(math.sqrt(64) * embedding(tokens))
    by_hand = math.sqrt(64) * embedding.weight[tokens] + positional_encoding(30, 64)
    return x.shape == (2, 30, 64) and torch.allclose(x, by_hand, atol=1e-5) and module.training is False


def four_terms() -> bool:
    """The expansion of the score, with random embeddings, encodings and projections."""
    g = torch.Generator().manual_seed(0)
    d = 32
    e_p, e_q, pe_p, pe_q = (torch.randn(d, generator=g, dtype=torch.float64) for _ in range(4))
    w_q, w_k = (torch.randn(d, d, generator=g, dtype=torch.float64) for _ in range(2))
    a = w_q.T @ w_k
    left = (e_p + pe_p) @ a @ (e_q + pe_q)
    word, mixed, position = e_p @ a @ e_q, e_p @ a @ pe_q + pe_p @ a @ e_q, pe_p @ a @ pe_q
    return bool(torch.isclose(left, word + mixed + position, rtol=1e-12, atol=1e-9) and mixed.abs() > 1e-3)


def sum_keeps_width():
    """Read by "every layer": the layers of torch's own 6-layer nn.TransformerEncoder, built for the concatenated
    input (token 16 + code 16, small so that it builds fast: the width is all that matters), whose width exceeds the
    token's; by "wider": the concatenated width against the sum's. The parameters grow for codes 8, 64 and 512 wide."""
    x, table = torch.randn(10, D, dtype=torch.float64), pe(10)
    added, concatenated = (x + table).shape[1], torch.cat([x, table], 1).shape[1]
    ok = added == D and all(concat_cost.layer_parameters(D + extra) > concat_cost.layer_parameters(D)
                            for extra in (8, 64, 512))
    token, code = 16, 16
    layer = torch.nn.TransformerEncoderLayer(token + code, 4, dim_feedforward=32)
    stack = torch.nn.TransformerEncoder(layer, num_layers=6, enable_nested_tensor=False)
    widths = [block.self_attn.embed_dim for block in stack.layers]
    return ok and [Count(sum(w > token for w in widths), len(widths)), Compare(concatenated, added)]


def square_of_the_width() -> bool:
    d = D
    attention = 4 * d * d + 4 * d  # in-projection of Q, K, V and the out-projection, with biases
    layer = torch.nn.TransformerEncoderLayer(d, 8, dim_feedforward=2048)
    counted = sum(p.numel() for p in layer.self_attn.parameters())
    scaled = concat_cost.layer_parameters(2 * d, d_ff=4 * 2048) / concat_cost.layer_parameters(d, d_ff=4 * 2048 // 2)
    ok = counted == attention and 3.9 < scaled <= 4 and concat_cost.layer_parameters(2 * D) > 2 * concat_cost.layer_parameters(D)
    # "512" twice: the embedding's width and the table's; "grow": a layer's parameters at widths 256, 512, 1024
    return ok and [Number(D), Number(pe(2).shape[1]),
                   Trend(tuple(concat_cost.layer_parameters(w) for w in (D // 2, D, 2 * D)))]


def layer_counts() -> bool:
    v = values("add_or_concatenate/concat_cost")
    added, concatenated = concat_cost.layer_parameters(512), concat_cost.layer_parameters(1024)
    d_ff = inspect.signature(concat_cost.layer_parameters).parameters["d_ff"].default
    good = (number(v["added"]) == added and number(v["concatenated"]) == concatenated
            and v["ratio"] == f"{concatenated / added:.2f}" and ok(add_or_concatenate_tests.test_concatenation_costs_width))
    # "2,048": the feed-forward width kept; "more": the layer with it scaled with the model against the one quoted
    return good and [Number(d_ff), Compare(concat_cost.layer_parameters(1024, d_ff=2 * d_ff), concatenated)]


def nearly_orthogonal() -> bool:
    expected = math.sqrt(2 / (math.pi * D))  # mean |cos| of two random directions in d dimensions
    return abs(q("normal_cosine") - expected) < 0.005 and ok(add_or_concatenate_tests.test_embeddings_and_pe_are_nearly_orthogonal)


def each_part_readable() -> bool:
    g = torch.Generator().manual_seed(0)
    table = pe(256)
    e = torch.randn(256, D, generator=g, dtype=torch.float64) * (table.norm(dim=1, keepdim=True) / math.sqrt(D))
    x = e + table  # parts of equal length, as with the N(0, 1/d) embedding scaled by sqrt(d)
    read_pe = (x * table).sum(1) / (table * table).sum(1)  # the coefficient of PE(p) that a projection reads
    read_e = (x * e).sum(1) / (e * e).sum(1)
    return bool((read_pe - 1).abs().mean() < 0.1 and (read_e - 1).abs().mean() < 0.1)


def concatenation_is_orthogonal_sum() -> bool:
    e, table = torch.randn(10, D, dtype=torch.float64), pe(10)
    left, right = torch.cat([e, torch.zeros_like(table)], 1), torch.cat([torch.zeros_like(e), table], 1)
    return bool(torch.equal(torch.cat([e, table], 1), left + right) and (left * right).sum() == 0)


def pe_norm_quoted():
    """The quoted norm is sqrt(d/2); read by "Every" and "the same": the positions (5,000, d = 512) whose norm is the
    first one's to 12 digits, and those norms against the first."""
    good = abs(q("pe_norm") - math.sqrt(D / 2)) <= 0.05 and ok(properties_tests.test_norm_is_constant_for_even_width, D)
    norms = [round(x, 12) for x in pe(5000).norm(dim=1).tolist()]
    return good and [Count(sum(x == norms[0] for x in norms), len(norms)), Compare(norms[0], norms[1:])]


def sizes_and_seed() -> bool:
    docenv = (ROOT / "snippets" / "pelib" / "docenv.py").read_text(encoding="utf-8")
    return (norms.D_MODEL, norms.VOCAB) == (D, VOCAB) and len(norms.INITS) == 3 and "torch.manual_seed(0)" in docenv


def sigma_rule() -> bool:
    sigma, d = sympy.symbols("sigma d", positive=True)
    algebra = sympy.simplify(sigma * d / sympy.sqrt(d / 2) - sigma * sympy.sqrt(2 * d)) == 0
    torch.manual_seed(0)
    measured = []
    for (name, init), s in zip(norms.INITS.items(), (1.0, D ** -0.5, math.sqrt(2 / (VOCAB + D)))):
        w = init(VOCAB if "Xavier" in name else 4000, D)
        measured.append(abs(norms.mean_row_norm(w) / (s * math.sqrt(D)) - 1) < 0.01)
    return algebra and all(measured)


def default_init() -> bool:
    return (abs(q("default_norm") - math.sqrt(D)) < 0.05 and abs(q("default_scaled") - D) < 1.0
            and abs(q("default_ratio") - math.sqrt(2 * D)) < 0.05 * math.sqrt(2 * D))


def token_swamps():
    """nn.Embedding's default initialisation against the table: whether the position's encoding is the longer
    ("not the other way round"); the token's length over the table's before and after the sqrt(d) factor, negated,
    on a scale where higher is better (the balance): "worse"."""
    if not default_init():
        return False
    return [Truth(q("default_ratio") < 1), Compare(-q("default_scaled") / q("pe_norm"), -q("default_norm") / q("pe_norm"))]


def fairseq_init() -> bool:
    return (abs(q("normal_norm") - 1) < 0.01 and abs(q("normal_scaled") - math.sqrt(D)) < 0.05
            and abs(q("normal_ratio") - math.sqrt(2)) < 0.01)


def only_unit_length_is_balanced() -> bool:
    ratios = {k: q(f"{k}_ratio") for k in ("default", "normal", "xavier")}
    return [k for k, r in ratios.items() if 0.5 < r < 2] == ["normal"] and abs(q("normal_norm") - 1) < 0.01


def depends_on_init():
    """"by a factor of more than a hundred": the largest token-to-table ratio over the smallest, across the three
    initialisations (that only unit length balances the two is only_unit_length_is_balanced)."""
    if not (ok(add_or_concatenate_tests.test_the_ratio_spans_more_than_a_hundredfold_across_initialisations)
            and only_unit_length_is_balanced()):
        return False
    ratios = [q(f"{k}_ratio") for k in ("default", "normal", "xavier")]
    return [Number(max(ratios) / min(ratios), at=0)]


def xavier_init() -> bool:
    torch.manual_seed(0)
    small, large = norms.embedding_xavier(1000, D).std().item(), norms.embedding_xavier(VOCAB, D).std().item()
    sigma = math.sqrt(2 / (VOCAB + D))
    return (abs(large / sigma - 1) < 0.01 and small > large
            and abs(q("xavier_norm") - sigma * math.sqrt(D)) < 0.005
            and abs(q("xavier_scaled") - sigma * D) < 0.05 and abs(q("xavier_ratio") - sigma * math.sqrt(2 * D)) < 0.005)


def table_fixed_embedding_trained() -> bool:
    module = PositionalEncoding(16, 50)
    embedding = torch.nn.Embedding(20, 16)
    before = embedding.weight.detach().norm(dim=1).clone()
    loss = module(embedding(torch.arange(20)[None])).pow(2).sum()
    loss.backward()
    torch.optim.SGD(embedding.parameters(), lr=0.1).step()
    return (list(module.parameters()) == [] and "pe" not in module.state_dict()
            and not torch.allclose(before, embedding.weight.detach().norm(dim=1)))


def the_tests_note() -> bool:
    source = inspect.getsource(add_or_concatenate_tests.test_embedding_to_pe_norm_ratios)
    return ("rel=0.01" in source and "embedding_vs_pe_norms.mean_row_norm" in source
            and ok(add_or_concatenate_tests.test_embedding_to_pe_norm_ratios) and ok(add_or_concatenate_tests.test_embeddings_and_pe_are_nearly_orthogonal)
            and ok(add_or_concatenate_tests.test_concatenation_costs_width))


def geometry():
    import add_or_concatenate.geometry as g

    return g


def concatenation_is_exactly_orthogonal() -> bool:
    g = geometry()
    e, pe = g.e[:8], g.pe[:8]
    token = torch.cat([e, torch.zeros_like(e)], dim=1)
    position = torch.cat([torch.zeros_like(pe), pe], dim=1)
    both = torch.cat([e, pe], dim=1)
    return (bool(((token @ position.T) == 0).all())
            and torch.allclose(both.norm(dim=1) ** 2, e.norm(dim=1) ** 2 + pe.norm(dim=1) ** 2, rtol=1e-15, atol=0))


def adding_is_nearly_orthogonal() -> bool:
    """The quoted values bound the measured ones (they are rounded to 3 decimals: both must be upper bounds), neither
    is 0, and the token embeddings are as long as the encodings."""
    g, shown = geometry(), values("add_or_concatenate/geometry")
    largest_cos, largest_gap = g.cos.abs().max().item(), g.gap.abs().max().item()
    return (0.01 < largest_cos < number(shown["largest_cos"]) and 0.01 < largest_gap <= number(shown["largest_gap"])
            and abs(g.e.norm(dim=1).mean().item() / g.pe.norm(dim=1).mean().item() - 1) < 0.01)


def drawn_geometry() -> dict:
    """What the geometry figure draws (geometry-figure.json)."""
    return data("add_or_concatenate/geometry", "figure")


def sketch_at_true_angles() -> bool:
    """On the drawn data: concatenation's token and position arrows are exactly orthogonal; the added pair is the
    token and position whose |cosine| is the largest of every pair, and the angle between its two arrows, in data
    units, is the angle computed from that cosine (and the quoted degrees); the sketch's axes had an equal aspect."""
    g, drawn = geometry(), drawn_geometry()
    concat, add = drawn["concatenate"], drawn["add"]

    def angle(u, v) -> float:
        return math.degrees(math.acos((u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))))

    t, p = drawn["pair"]
    measured = g.cos[t, p].item()
    return (angle(concat["token"], concat["position"]) == 90.0 and drawn["pairs"] == g.cos.numel()
            and abs(measured) == g.cos.abs().max().item() and abs(drawn["cos"] - measured) < 1e-6
            and abs(angle(add["token"], add["position"]) - math.degrees(math.acos(measured))) < 1e-3
            and f"{math.degrees(math.acos(measured)):.0f}" == values("add_or_concatenate/geometry")["least_angle"]
            and drawn["sketch_aspect"] == [1.0, 1.0])


def concatenate_and_add_panel() -> list:
    """The sketch's readings, on the drawn data: the angle between concatenation's token and position arrows (90); how
    many of every token and position pair have a |cosine| no larger than the drawn pair's (the least orthogonal of
    every pair); the sketch's x and y units (equal); whether the drawn angle of the added pair is its true angle, the
    one its cosine gives and the quoted degrees say. The rest of sketch_at_true_angles and the exact orthogonality
    of concatenation hold first."""
    g, drawn = geometry(), drawn_geometry()
    concat, add = drawn["concatenate"], drawn["add"]

    def angle(u, v) -> float:
        return math.degrees(math.acos((u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))))

    t, p = drawn["pair"]
    measured = g.cos[t, p].item()
    true_angle = math.degrees(math.acos(measured))
    drawn_is_true = (abs(angle(add["token"], add["position"]) - true_angle) < 1e-3
                     and f"{true_angle:.0f}" == values("add_or_concatenate/geometry")["least_angle"])
    x_unit, y_unit = drawn["sketch_aspect"]
    return sketch_at_true_angles() and concatenation_is_exactly_orthogonal() and [
        Number(angle(concat["token"], concat["position"])),
        Count(int((g.cos.abs() <= abs(measured)).sum()), drawn["pairs"]),
        Compare(x_unit, y_unit),
        Truth(drawn_is_true)]


def every_token_against_every_position() -> list:
    """The histogram's readings, on the drawn data: how many tokens and how many positions its counts cover (all of
    the 512 against all of the 64: the counts sum to their product), the sizes, the centre of its fullest bin, and
    concatenation's largest |cosine| (exactly 0). geometry_figure's checks hold first."""
    g, drawn = geometry(), drawn_geometry()
    counts, edges = drawn["histogram"]["counts"], drawn["histogram"]["edges"]
    tokens, positions, d = g.e.shape[0], g.pe.shape[0], g.d
    fullest = counts.index(max(counts))
    e, pe = g.e[:8], g.pe[:8]
    concat = torch.cat([e, torch.zeros_like(e)], dim=1) @ torch.cat([torch.zeros_like(pe), pe], dim=1).T
    covered = int(sum(counts))
    return geometry_figure() and [
        Count(covered // positions, tokens), Count(covered // tokens, positions),
        Number(tokens), Number(positions), Number(d), Number((edges[fullest] + edges[fullest + 1]) / 2),
        Number(concat.abs().max().item())]


def geometry_figure() -> bool:
    """On the drawn data: the histogram counts every cosine of 512 tokens against 64 positions at d = 512, a bump
    around 0 (its fullest bin within 0.01 of 0); concatenation's single value 0 is the line drawn."""
    g, drawn = geometry(), drawn_geometry()
    counts, edges = drawn["histogram"]["counts"], drawn["histogram"]["edges"]
    again = torch.histogram(g.cos.flatten(), bins=60)[0]  # the figure's 60 bins over the cosines' range
    fullest = counts.index(max(counts))
    return (g.e.shape == (512, 512) and g.pe.shape == (64, 512) and g.d == 512 and sum(counts) == 512 * 64
            and again.tolist() == [float(c) for c in counts] and abs((edges[fullest] + edges[fullest + 1]) / 2) < 0.01
            and abs(g.cos.mean().item()) < 0.01)


def add_vs_concat_inconclusive() -> bool:
    """Two-layer models, the four variants 8 and 16 wide (adding at 8 and 16, concatenating 4 + 4 and 8 + 8) on token
    k back with the quoted vocabulary and longest sequence; each variant's median seed at 100% of the tokens (the
    evidence page's test), the narrowest split (4 dimensions for the tokens, fewer than the vocabulary) included: the
    width did not bind, and no variant's median sets it apart from another (inconclusive, not tied)."""
    shown, config = values("add_vs_concat"), data("add_vs_concat")["config"]
    variants = config["variants"]
    widths = {v[1] for v in variants.values()}
    narrowest_token = min(v[1] - (v[2] or 0) for v in variants.values() if v[2])
    return (config["n_layers"] == 2 and widths == {8, 16} and {v[0] for v in variants.values()} == {"sin_add", "sin_concat"}
            and config["task"] == "k_back" and shown["k"] == str(config["k"]) and shown["vocab"] == str(config["vocab"])
            and shown["max_len"] == str(config["max_len"]) and narrowest_token == 4 < config["vocab"]
            and all(shown[f"k_back_{name}"].startswith("100%") for name in variants)
            and ok(evidence_tests.test_every_add_or_concatenate_variant_reaches_the_top)
            and ok(evidence_tests.test_the_variants_are_matched_as_the_page_says))


@functools.cache
def page_readout() -> tuple[int, int, int]:
    """The input step's read-out as its page runs it (100 tokens, 64 positions, d = 64, seed 0): how many of the
    sums it gets the token of, how many the position of, and how many sums there are."""
    from input_step.recover import readout

    vocab, length = 100, 64
    token, position = readout(vocab, length)
    return round(token * vocab * length), round(position * vocab * length), vocab * length


def in_short() -> list:
    """The opening summary: the width kept, the parts nearly orthogonal at 512, concatenation exactly orthogonal;
    and what one linear read-out gets back (the input step's fit, re-run): "every token" counts the sums whose
    token it names, "not every position" those whose position it names."""
    assert LEDGER.holds('sum-keeps-width') and nearly_orthogonal() and each_part_readable() and concatenation_is_orthogonal_sum()
    tokens, positions, sums = page_readout()
    return [Count(tokens, sums), Count(positions, sums)]


def readout_quoted() -> bool:
    """The numbers quoted from the input step: its width, and how often the read-out names the position."""
    read = values("input_step/recover")
    _tokens, positions, sums = page_readout()
    return read["d"] == "64" and read["position_64"] == f"{positions / sums:.1%}"


def every_token_every_position() -> bool:
    """The figure's histogram holds the cosine of every token against every position, as the code computes it."""
    g = geometry()
    return g.cos.shape == (g.tokens, g.positions) and geometry_figure()


# --- the docstrings the page shows with the norm and cost code (reviewed after the migration) ---------------------


def encoder_layer_parameters() -> bool:
    d, heads, ff = 16, 4, 32
    counted = concat_cost.layer_parameters(d, heads, ff)
    layer = torch.nn.TransformerEncoderLayer(d, heads, dim_feedforward=ff)
    expected = (4 * d * d + 4 * d) + (d * ff + ff + ff * d + d) + 2 * 2 * d  # attention, feed-forward, two layer norms
    return sum(p.numel() for p in layer.parameters()) == expected and counted == expected


def inits_as_documented() -> bool:
    torch.manual_seed(0)
    default, scaled, xavier = norms.embedding_default(4000, 64), norms.embedding_normal_scaled(4000, 64), norms.embedding_xavier(4000, 64)
    bound = math.sqrt(6 / (4000 + 64))
    return (abs(default.mean().item()) < 0.01 and abs(default.std().item() - 1) < 0.01
            and abs(scaled.std().item() - 64 ** -0.5) < 0.002 and abs(scaled.mean().item()) < 0.002
            and xavier.abs().max().item() <= bound and xavier.abs().max().item() > 0.99 * bound)


def row_norm_and_cosine() -> bool:
    w = torch.tensor([[3.0, 4.0], [0.0, 1.0]])
    pe = positional_encoding(2, 2)
    orthogonal = torch.tensor([[0.0, 1.0], [1.0, 0.0]])  # row 0 against PE(0) = (0, 1): 1; row 1 against PE(1)
    return (norms.mean_row_norm(w) == 3.0 and abs(norms.mean_abs_cosine(orthogonal, pe) - (1 + abs(math.sin(1.0))) / 2) < 1e-6
            and abs(norms.mean_abs_cosine(torch.tensor([[1.0, 0.0]]), positional_encoding(1, 2))) < 1e-7)


LEDGER = Ledger('add-or-concatenate.md', [
    prose('title', "the page's title, a question answered below"),
    prose('read-formula-indexed-right-first', 'which page to read first; mkdocs build --strict checks that the target exists',
          unbacked=['first', 'right']),
    computed('short-sum-keeps-width-loses', in_short,
             backs=['512', 'every', 'every', 'exactly', 'less', 'linear', 'not', 'orthogonal', 'orthogonal']),
    computed('read-out-input-step-s', readout_quoted,
             backs=['as many', 'gen.input_step.recover.d', 'gen.input_step.recover.position_64']),
    computed('figure-s-code-output-every', every_token_every_position, backs=['every', 'every']),
    prose('helper-counts-layer-s-parameters', 'an admonition title: it labels the folded helper whose docstring is checked below'),
    prose('three-initialisations-two-measures', 'an admonition title: it labels the folded helpers whose docstrings are checked below'),
    prose('how-page-checked', 'an admonition title: it labels the box that says how the page is checked'),
    prose('what-this-page-is', 'the plan of the page', unbacked=[r'\(\sqrt{d_{\text{model}}}\)', 'below', 'depends']),
    computed('asserted',
             lambda: set(add_or_concatenate_tests.JOBS) == {'add_or_concatenate/concat_cost', 'add_or_concatenate/embedding_vs_pe_norms', 'add_or_concatenate/geometry'} and the_tests_note()),
    prose('heading-paper', 'a heading: the claims are in the sentences below it'),
    cited('two-sentences',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 and §3.4 (the two sentences quoted next)', backs=['1706.03762', '2017', 'all']),
    cited('same-dimension-summed',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 (quoted) and §5.4 (dropout on the sums of embeddings and encodings)',
           input_of_the_first_layer, backs=['3.5', r'\(d_{\text{model}}\)', 'same']),
    cited('same-dimension-summed-2nd',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 (quoted) and §5.4 (dropout on the sums of embeddings and encodings)',
           input_of_the_first_layer, backs=['5.4', r'\(\sqrt{d_{\text{model}}}\, E[\text{token}_p] + \mathrm{PE}(p)\)', 'first']),
    cited('multiply-by-sqrt-d',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.4 Embeddings and Softmax (quoted; the weight matrix is shared with the pre-softmax linear transformation, no reason given for the factor)', backs=['3.4', r'\(\sqrt{d_{\text{model}}}\)']),
    cited('multiply-by-sqrt-d-2nd',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.4 Embeddings and Softmax (quoted; the weight matrix is shared with the pre-softmax linear transformation, no reason given for the factor)', backs=['no']),
    prose('heading-why-a-sum', 'a heading: the claims are in the sentences below it', unbacked=['not']),
    computed('sum-keeps-width', sum_keeps_width, backs=[r'\(d_{pe}\)', 'every', 'wider']),
    computed('width-doubles-params-square', square_of_the_width, backs=['512', '512', 'doubles', 'grow']),
    computed('layer-counts',
             layer_counts, backs=['2,048', 'as many', 'every', 'gen.add_or_concatenate.concat_cost.added', 'gen.add_or_concatenate.concat_cost.concatenated', 'gen.add_or_concatenate.concat_cost.ratio', 'more', 'times']),
    computed('nearly-orthogonal',
             nearly_orthogonal, backs=['512', 'below', 'cosine', 'gen.add_or_concatenate.embedding_vs_pe_norms.normal_cosine', 'less', 'orthogonal', 'rows']),
    computed('each-part-readable',
             each_part_readable, backs=['after', 'each', 'first', 'linear', 'linear', 'orthogonal']),
    measured('trained-side-by-side-site', add_vs_concat_inconclusive,
             scope="in two-layer models 8 and 16 wide on token {{ gen.add_vs_concat.k }} back with a vocabulary of {{ gen.add_vs_concat.vocab }} and at most {{ gen.add_vs_concat.max_len }} positions",
             backs=['100', '16', '8', 'at most', 'each', 'gen.add_vs_concat.k', 'gen.add_vs_concat.max_len', 'gen.add_vs_concat.vocab', 'not', 'not', 'order'],
             unbacked={'no': "'we know of no comparison': the state of the literature as far as we know, said as such"}),
    computed('concatenation-special-case', concatenation_is_orthogonal_sum, backs=['exactly', 'orthogonal']),
    prose('put-into-a-score',
           'a lead-in: the expansion that follows is checked (four-terms)', unbacked=[r'\(x_p = e_p + \mathrm{PE}(p)\)']),
    cited('tupe',
           'Ke, He and Liu, Rethinking Positional Encoding in Language Pre-training, ICLR 2021, arXiv:2006.15595 (abstract; §3 untied positional encoding; GLUE results); shared/research/content_anchors.md §1a', backs=['09', '2006.15595', '2021', 'drops']),
    cited('rotary-relative-change-it',
           'Shaw et al. 2018, arXiv:1803.02155 (relative position representations in the score); Su et al. 2021, RoFormer, arXiv:2104.09864 §3.2 (rotation inside the score); shown on beyond.md', backs=['same']),
    prose('heading-drown', 'a heading: the claims are in the sentences below it'),
    computed('pe-norm',
             pe_norm_quoted, backs=[r'\(\lVert \mathrm{PE}(p) \rVert = \sqrt{d/2}\)', r'\(d = 512\)', 'every', 'gen.add_or_concatenate.embedding_vs_pe_norms.pe_norm', 'same']),
    computed('sqrt-d',
             lambda: abs(q('sqrt_d') - math.sqrt(D)) <= 0.05, backs=[r'\(\sqrt{512} \approx\)', r'\(\sqrt{d}\)', 'depends', 'gen.add_or_concatenate.embedding_vs_pe_norms.sqrt_d']),
    cited('three-inits-37000',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §5.1 (a shared source-target vocabulary of about 37000 tokens)',
           sizes_and_seed, backs=['37,000', '5.1', '512', '×']),
    computed('sigma-rule',
             sigma_rule, backs=[r'\(\lVert \sqrt{d}\, e \rVert / \lVert \mathrm{PE} \rVert \approx \sigma d / \sqrt{d/2} = \sigma\sqrt{2d}\)', r'\(\lVert e \rVert \approx \sigma\sqrt{d}\)', r'\(\sigma\)']),
    computed('default-init',
             default_init, backs=[r'\(\approx d\)', r'\(\lVert e \rVert \approx \sqrt{d}\)', r'\(\sqrt{d}\)', 'after', 'gen.add_or_concatenate.embedding_vs_pe_norms.default_norm', 'gen.add_or_concatenate.embedding_vs_pe_norms.default_ratio', 'gen.add_or_concatenate.embedding_vs_pe_norms.default_scaled', 'times']),
    computed('token-swamps', token_swamps, backs=[r'\(\sqrt{d}\)', 'not']),
    cited('fairseq-init',
           'facebookresearch/fairseq fairseq/models/transformer/ (the Embedding helper: nn.init.normal_(m.weight, mean=0, std=embedding_dim**-0.5))',
           fairseq_init, backs=['0', '0.5', r'\(\lVert e \rVert \approx 1\)', r'\(\sqrt{2}\)', r'\(\sqrt{d}\)', 'gen.add_or_concatenate.embedding_vs_pe_norms.normal_norm', 'gen.add_or_concatenate.embedding_vs_pe_norms.normal_ratio', 'gen.add_or_concatenate.embedding_vs_pe_norms.normal_scaled', 'times']),
    computed('sqrt-d-makes-sense', only_unit_length_is_balanced, backs=[r'\(\sqrt{d}\)', 'up to']),
    cited('annotated-xavier',
           'harvardnlp/annotated-transformer (make_model: nn.init.xavier_uniform_ on every parameter with dim > 1); shared/research/content_anchors.md §2',
           xavier_init, backs=[r'\(\lVert \sqrt{d}\, e \rVert\)', r'\(\lVert e \rVert\)', r'\(\sigma = \sqrt{2/(\text{vocab} + d)}\)', 'every', 'gen.add_or_concatenate.embedding_vs_pe_norms.xavier_norm', 'gen.add_or_concatenate.embedding_vs_pe_norms.xavier_ratio', 'gen.add_or_concatenate.embedding_vs_pe_norms.xavier_scaled', 'only', 'shrinks', 'times']),
    computed('position-swamps', lambda: q('xavier_ratio') < 1 and xavier_init()),
    computed('depends-on-init',
             depends_on_init, backs=[r'\(\sqrt{d}\)', 'depends', 'more', 'only']),
    computed('table-stays-fixed', table_fixed_embedding_trained),
    computed('the-tests-note', the_tests_note, backs=['1', r'\(\sigma\sqrt{2d}\)', 'cosine', 'within']),
    formula('first-layer-input', input_of_the_first_layer),
    formula('four-terms', four_terms),
    computed('concat-orthogonal', concatenation_is_exactly_orthogonal, backs=['exactly', 'exactly', 'orthogonal']),
    computed('adding-nearly',
        adding_is_nearly_orthogonal, backs=[r'\(\lVert e + \mathrm{PE} \rVert^2\)', r'\(\lVert e \rVert^2 + \lVert \mathrm{PE} \rVert^2\)', 'at most', 'below', 'cosine', 'differs', 'every', 'exactly', 'gen.add_or_concatenate.geometry.largest_cos', 'gen.add_or_concatenate.geometry.largest_gap', 'not', 'orthogonal']),
    computed('panel-concatenate-90-add-least', concatenate_and_add_panel,
             backs=['90', 'equal', 'every', 'exactly', 'gen.add_or_concatenate.geometry.least_angle', 'least', 'least',
                    'orthogonal', 'orthogonal', 'orthogonal']),
    computed('panel-every-token-against-every', every_token_against_every_position,
             backs=['0', '0', '512', '512', '64', 'cosine', 'every', 'every']),
    prose('but-addition-mixes-two-attention', "an admonition title: it names the box's point, which the box's display (the four terms) states and its entries check"),
    computed('parameters-one-pytorch-transformer-encoder', encoder_layer_parameters),
    computed('nn-embedding-s-own-initialisation', inits_as_documented, backs=['0', '1', 'every']),
    cited('n-0-1-d-model', "facebookresearch/fairseq fairseq/models/transformer/transformer_base.py, the Embedding helper of the transformer model: nn.init.normal_(m.weight, mean=0, std=embedding_dim ** -0.5)", inits_as_documented, backs=['0', '1']),
    cited('xavier-uniform-over-vocab-d', "harvardnlp/annotated-transformer, make_model: for p in model.parameters(): if p.dim() > 1: nn.init.xavier_uniform_(p)", inits_as_documented, backs=['every']),
    computed('average-e-over-rows-tokens', row_norm_and_cosine, backs=['rows']),
    computed('average-cos-between-token-rows', row_norm_and_cosine, backs=['0', 'cos', 'orthogonal', 'rows', 'rows', 'up']),
], typed={'100%': "what every variant's median seed reached (checked by add_vs_concat_inconclusive); one figure for all four, where the experiment saves one per variant"})

test_claims_hold = LEDGER.test
