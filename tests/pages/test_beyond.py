"""The claims of docs/beyond.md, each with what makes it true (see tests/claimcheck.py).

The page's own results are re-derived from snippets/beyond/, snippets/pelib/ and docs/generated/beyond/ (often by
the tests of tests/pages/test_beyond_code.py); the papers it reports are cited by section, and the diffusion facts
are checked on diffusers where it is installed. Displays are checked with random matrices.
"""

import inspect
import math
import re

import sympy
import test_evidence as evidence_tests
import torch
from base.comparison import distance_by_offset
from beyond import sincos_2d as beyond_sincos_2d
from beyond.rope_relative import rope_matrix
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, formula, measured, passes, prose
from pelib import context_extension as ce
from pelib.shift import shift_matrix
from pelib.sincos_nd import sincos_nd
from pelib.spectrum import wavelengths
from pelib.variants import guided_diffusion as variant_guided_diffusion
from reference import encode_positions, frequencies, positional_encoding
from support import DOCS, SNIPPETS, data, number, text, values

from pages import test_beyond_code as bc
from pages import test_linearity_code as lc
from pages import test_variants_libraries_code as tl
from pages import test_variants_more_libraries_code as tm

PAPER = "Vaswani et al. 2017, Attention Is All You Need"
ALIBI = ("Press, Smith and Lewis 2022, Train Short, Test Long: Attention with Linear Biases Enables Input Length "
         "Extrapolation, arXiv:2108.12409 (ICLR 2022; section numbers as in the paper: 2.1 'Background and Experimental "
         "Setup', 2.2 'Measuring Extrapolation', 3 'Attention with Linear Biases')")
ROFORMER = "Su et al. 2021, RoFormer: Enhanced Transformer with Rotary Position Embedding, arXiv:2104.09864"
YARN = "Peng et al. 2023, YaRN: Efficient Context Window Extension of Large Language Models, arXiv:2309.00071"
PI = "Chen et al. 2023, Extending Context Window of Large Language Models via Positional Interpolation, arXiv:2306.15595"
HAVIV = ("Haviv, Ram, Press, Izsak and Levy 2022, Transformer Language Models without Positional Encodings Still Learn "
         "Positional Information, arXiv:2203.16634")
DDPM_URL = "https://github.com/hojonathanho/diffusion/blob/c46129977747dad96f91709bcb3f0f7480686004/diffusion_tf/nn.py"
DIFFUSERS = ("huggingface/diffusers src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951, "
             "get_timestep_embedding (shared/research/variants.md, section 2.18)")
TIMM = "huggingface/pytorch-image-models timm/layers/pos_embed_sincos.py @ 0647e283021a2a7b0c7dc989d10564aa55bbf5e7"
F64 = torch.float64


def installed(name: str):
    """The library if it is installed, else None (a check's library part runs only where it is)."""
    try:
        return __import__(name)
    except ImportError:
        return None


def page() -> str:
    return (DOCS / "beyond.md").read_text(encoding="utf-8")


def section(heading: str) -> str:
    """The Markdown of one `## heading` section of the page."""
    return page().split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def source(name: str) -> str:
    return (SNIPPETS / "beyond" / f"{name}.py").read_text(encoding="utf-8")


def rand(*shape: int, seed: int = 0) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=F64)


# --- the paper's hope --------------------------------------------------------------------------------------------


def rotary_in_current_models() -> bool:
    """The big open decoder families of transformers (LLaMA, Mistral, Qwen2, Gemma) rotate queries and keys."""
    if installed("transformers") is None:
        return True
    import importlib

    families = {"llama": "Llama", "mistral": "Mistral", "qwen2": "Qwen2", "gemma": "Gemma"}
    return all(hasattr(importlib.import_module(f"transformers.models.{m}.modeling_{m}"), f"{c}RotaryEmbedding")
               and "apply_rotary_pos_emb" in vars(importlib.import_module(f"transformers.models.{m}.modeling_{m}"))
               for m, c in families.items())


def evidence_runs_longer() -> bool:
    """The extrapolation experiment (docs/evidence/extrapolation.md) tests tiny models on inputs longer than they were
    trained on."""
    config = data("extrapolation")["config"]
    return (max(config["lengths"]) > config["max_len"] and config["n_layers"] <= 2 and config["d_model"] <= 64
            and '"experiments/extrapolation.py:setup"' in (DOCS / "evidence" / "extrapolation.md").read_text(encoding="utf-8"))


def shift_far_beyond() -> bool:
    """PE(p + k) = M_k PE(p) holds, and the table is defined, far beyond any training length."""
    p, d = 10**6, 64
    rows = encode_positions(torch.tensor([p, p + 37], dtype=F64), d)
    return (passes(lc.test_shift_identity_many_positions_and_offsets, 64)() and bool(rows.isfinite().all())
            and torch.allclose(shift_matrix(d, 37) @ rows[0], rows[1], atol=1e-9))


def never_seen_and_not_forced() -> bool:
    """Rows beyond L are new vectors (no row repeats), and a general W does not read them relatively."""
    return passes(bc.test_no_two_integer_positions_share_an_encoding, 10000.0, 64)() and general_w_is_absolute()


def quote_block() -> str:
    return section("What was measured: ALiBi").split('??? quote', 1)[1].split("\n\n", 1)[0]


def no_perplexities_copied() -> bool:
    """The quoted block gives reaches in tokens, no perplexity value: its only decimal number is 1.3 billion."""
    return re.findall(r"\d+\.\d+", re.sub(r"Section \d+\.\d+", "", quote_block())) == ["1.3"]


def function_not_predictor() -> bool:
    rows = encode_positions(torch.tensor([10.0**7]), 512)
    return abs(float(rows.norm()) - 16.0) < 1e-9  # sqrt(d/2): a row like every other, at any position


# --- why linearity did not buy extrapolation ---------------------------------------------------------------------


def score_expansion() -> bool:
    """s = (W_Q(x_m + p_m)) . (W_K(x_n + p_n)) = (x_m + p_m)^T W (x_n + p_n) = the four terms, W = W_Q^T W_K."""
    d = 8
    x_m, x_n, p_m, p_n = (rand(d, seed=s) for s in range(4))
    w_q, w_k = rand(d, d, seed=4), rand(d, d, seed=5)
    w = w_q.T @ w_k
    sides = [(w_q @ (x_m + p_m)) @ (w_k @ (x_n + p_n)), (x_m + p_m) @ w @ (x_n + p_n),
             x_m @ w @ x_n + x_m @ w @ p_n + p_m @ w @ x_n + p_m @ w @ p_n]
    return all(abs(float(s - sides[0])) < 1e-10 for s in sides)


def commutant_is_the_block_form() -> bool:
    """The W with W M_k = M_k W for all k are exactly blockdiag([[a, b], [-b, a]]): a space of dimension d."""
    d = 8
    eye = torch.eye(d, dtype=F64)
    system = torch.cat([torch.kron(shift_matrix(d, k), eye) - torch.kron(eye, shift_matrix(d, k).T.contiguous()) for k in (1, 2, 7)])
    _, s, vh = torch.linalg.svd(system)
    null = vh[s < 1e-9 * s[0]].reshape(-1, d, d)
    ok = len(null) == d
    for w in null:
        for i in range(0, d, 2):
            block = w[i:i + 2, i:i + 2]
            ok &= bool(torch.allclose(block[0, 0], block[1, 1], atol=1e-9) and torch.allclose(block[0, 1], -block[1, 0], atol=1e-9))
        mask = torch.block_diag(*[torch.ones(2, 2, dtype=F64)] * (d // 2))
        ok &= bool((w * (1 - mask)).abs().max() < 1e-9)
    return ok and passes(bc.test_pp_term_depends_on_the_offset_exactly_when_w_commutes_with_the_rotations)()


def commuting_w() -> torch.Tensor:
    a, b = rand(4, seed=7), rand(4, seed=8)
    return torch.block_diag(*[torch.tensor([[x, y], [-y, x]], dtype=F64) for x, y in zip(a, b)])


def suffices_and_named_test() -> bool:
    d, w = 8, commuting_w()
    pe = positional_encoding(600, d, dtype=F64)
    ok = all(torch.allclose(shift_matrix(d, m) @ pe[0], pe[m], atol=1e-12) for m in (1, 17, 599))  # p_m = M_m p_0
    for m, n in ((3, 40), (500, 20), (7, 7)):
        ok &= abs(float(pe[m] @ w @ pe[n] - pe[0] @ w @ shift_matrix(d, n - m) @ pe[0])) < 1e-10
    return ok and checked_block_names()  # "a test solves for every such W": the test the checked block names


def general_w_is_absolute() -> bool:
    """For a general W, p_m^T W p_{m+3} changes with m."""
    pe = positional_encoding(3004, 8, dtype=F64)
    w = rand(8, 8, seed=9)
    terms = [float(pe[m] @ w @ pe[m + 3]) for m in (20, 21, 500, 3000)]
    return max(terms) - min(terms) > 0.1


def cross_terms_absolute() -> bool:
    """x^T W p_n for one token x changes with the position n alone: x_m^T W p_n is not a function of n - m."""
    pe = positional_encoding(3000, 8, dtype=F64)
    x, w = rand(8, seed=10), rand(8, 8, seed=11)
    terms = [float(x @ w @ pe[n]) for n in (3, 30, 300, 2999)]
    return max(terms) - min(terms) > 0.1


def _sentences() -> list[str]:
    from claimcheck import read_page

    return read_page("beyond.md").sentences


# --- from the rotation to relative encodings ---------------------------------------------------------------------


def three_steps():
    """"Three steps": the steps the section lists (Shaw et al., Transformer-XL, RoPE, in that order)."""
    items = re.findall(r"^- \*\*([^*]+)\*\*", section("From the rotation to relative encodings"), flags=re.M)
    ok = items == ["Shaw, Uszkoreit and Vaswani", "Transformer-XL", "RoPE"] and passes(
        bc.test_rope_score_depends_only_on_the_offset, 8)()
    return ok and [Number(len(items))]


def rope_is_eq_15() -> bool:
    """R_m is blockdiag of counter-clockwise rotations by m theta_i, theta_i = 10000^(-2(i-1)/d) = omega_(i-1)."""
    d, m = 16, 37
    r = rope_matrix(d, m)
    ok = True
    for i in range(1, d // 2 + 1):
        theta = 10000 ** (-2 * (i - 1) / d)
        ok &= math.isclose(float(frequencies(d)[i - 1]), theta, rel_tol=1e-15)
        c, s = math.cos(m * theta), math.sin(m * theta)
        ok &= bool(torch.allclose(r[2 * i - 2:2 * i, 2 * i - 2:2 * i], torch.tensor([[c, -s], [s, c]], dtype=F64)))
    return ok and bool(torch.allclose(r, torch.block_diag(*[r[j:j + 2, j:j + 2] for j in range(0, d, 2)])))


def rope_display() -> bool:
    """(R_m q)^T (R_n k) = q^T R_m^T R_n k = q^T R_(n-m) k, at random q, k and positions."""
    ok = True
    for seed, (m, n) in enumerate([(0, 5), (12, 3), (-4, 9), (700, 7000)]):
        q, k = rand(8, seed=seed), rand(8, seed=seed + 50)
        sides = [(rope_matrix(8, m) @ q) @ (rope_matrix(8, n) @ k), q @ rope_matrix(8, m).T @ rope_matrix(8, n) @ k,
                 q @ rope_matrix(8, n - m) @ k]
        ok &= all(abs(float(s - sides[0])) < 1e-9 for s in sides)
    return ok


def group_law() -> bool:
    """R_m^T = R_(-m), R_(-m) R_n = R_(n-m); and the shift matrices obey the same law (M_(-k) = M_k^T, M_a M_b = M_(a+b))."""
    ok = all(torch.allclose(rope_matrix(8, m).T, rope_matrix(8, -m), atol=1e-14)
             and torch.allclose(rope_matrix(8, -m) @ rope_matrix(8, n), rope_matrix(8, n - m), atol=1e-12)
             for m, n in ((3, 10), (-7, 2), (100, 41)))
    return ok and passes(bc.test_rope_group_law_behind_the_proof)() and passes(lc.test_group_laws)()


def shift_is_rope_backwards() -> bool:
    pe = positional_encoding(50, 2, dtype=F64)
    p = torch.arange(50, dtype=F64)
    stored_sin_cos = torch.allclose(pe[:, 0], p.sin()) and torch.allclose(pe[:, 1], p.cos())
    turned = rope_matrix(2, 1) @ torch.tensor([1.0, 0.0], dtype=F64)  # (1, 0) turned by +1 rad: counter-clockwise
    return bool(stored_sin_cos and turned[1] > 0 and passes(bc.test_shift_matrix_is_rope_run_backwards)())


def demo_rows() -> list[list[str]]:
    return [[c.strip() for c in line.split("|")] for line in text("beyond/rope_relative").splitlines()[1:7]]


def demo_setup() -> bool:
    demo = source("rope_relative").split("[start:demo]", 1)[1].split("[end:demo]", 1)[0]
    pairs = [(int(r[0]), int(r[1])) for r in demo_rows()]
    return ("d = 8" in demo and "q, k = torch.randn(d" in demo and len(pairs) == 6 and len(set(pairs)) == 6)


def demo_rope_scores() -> bool:
    by_offset: dict[int, set[str]] = {}
    for r in demo_rows():
        by_offset.setdefault(int(r[2]), set()).add(r[3])
    return (sorted(by_offset) == [-3, 3] and all(len(v) == 1 for v in by_offset.values())
            and by_offset[-3] != by_offset[3] and passes(bc.test_page_output_shows_equal_scores_for_equal_offsets)())


def rotary_reach_short() -> bool:
    """From the quoted reaches: rotary holds longer than the sinusoids (200 > 50, 100 > 50) but far short of L."""
    q = quote_block()
    sinusoidal = "stays steady up to about 50" in q and r"up to \(L + 50\)" in q
    rotary = r"about 200 extra tokens at \(L = 512\) and 100 at \(L = 1024\)" in q
    return sinusoidal and rotary and 50 < 100 < 200 < 512


# --- no two positions share an encoding -------------------------------------------------------------------------


def never_repeats():
    """Bases 10, 10000 and 1e6 and widths 2, 3 and 64, each with test_no_two_integer_positions_share_an_encoding,
    read in the sentence's order: the settings where a row repeats ("never"), where every position's row is unique
    ("every position"), the widths that pass at every base ("every width"), the smallest width tried ("from 2"), the
    bases that pass at every width ("every base")."""
    bases, widths = (10.0, 10000.0, 1e6), (2, 3, 64)
    ok = {(b, d): passes(bc.test_no_two_integer_positions_share_an_encoding, b, d)() for b in bases for d in widths}
    return [Count(sum(not v for v in ok.values()), len(ok)), Count(sum(ok.values()), len(ok)),
            Count(sum(all(ok[b, d] for b in bases) for d in widths), len(widths)), Number(min(widths)),
            Count(sum(all(ok[b, d] for d in widths) for b in bases), len(bases))]


def pair_zero_frequency_one() -> bool:
    return all(float(frequencies(d, base=b)[0]) == 1.0 for d in (2, 3, 8, 512) for b in (1.5, 10.0, 10000.0, 1e9))


def columns_0_and_1() -> bool:
    p = torch.tensor([0.0, 1.0, 710.0, 12345.0], dtype=F64)
    rows = encode_positions(p, 8, base=500.0)
    return bool(torch.equal(rows[:, 0], p.sin()) and torch.equal(rows[:, 1], p.cos()))


def pi_step() -> bool:
    p, q, n, x = sympy.symbols("p q n x", integer=True, nonzero=True)
    return (sympy.pi.is_irrational is True and sympy.solve(sympy.Eq(p - q, 2 * x * n), x) == [(p - q) / (2 * n)])


def pair0_distance(k: torch.Tensor) -> torch.Tensor:
    return 2 * torch.sin(k.to(F64) / 2).abs()  # |(sin, cos)(p + k) - (sin, cos)(p)|, whatever p


def comes_back_closer() -> bool:
    """Pair 0's closest return shrinks as the range grows: 2|sin(k/2)| over 1 .. N for N = 10^2, 10^3, 10^6."""
    mins = [float(pair0_distance(torch.arange(1, n)).min()) for n in (10**2, 10**3, 10**6)]
    return mins[0] > mins[1] > mins[2] and mins[2] < 1e-5 and pi_step()


def first_n_positions() -> bool:
    quoted = values("beyond/distinct_positions")
    n, turns = int(number(quoted["n"])), float(quoted["pair0_turns"])
    return (f"positions 0 .. {n - 1:,}," in text("beyond/distinct_positions")
            and int(quoted["pair0_offset"]) == 2 * 355 and round(turns) == 113 and abs(355 / 113 - math.pi) < 3e-7
            and passes(bc.test_pair_zero_nearly_repeats_but_the_whole_encoding_does_not)())


def neighbours_closest() -> bool:
    pe = positional_encoding(5002, 512, dtype=F64)
    gaps = [float((pe[p + 1] - pe[p]).norm()) for p in (0, 100, 5000)]
    return (max(gaps) - min(gaps) < 1e-9 and values("beyond/distinct_positions")["d_model"] == "512"
            and passes(bc.test_pair_zero_nearly_repeats_but_the_whole_encoding_does_not)())


def figure_range() -> bool:
    code = source("distinct_positions")
    shown = re.search(r"^SHOWN = (\d+)", code, flags=re.M)
    return (shown is not None and int(shown.group(1)) == number(values("beyond/distinct_positions")["shown"])
            and "shown = k <= SHOWN" in code and code.count("ax.semilogy(k[shown]") == 2)


def figure_dips() -> bool:
    """Within the plotted offsets, pair 0's local minima sit next to multiples of 2 pi, the deepest at 710; the whole
    encoding's smallest distance is at k = 1."""
    quoted = values("beyond/distinct_positions")
    k = torch.arange(1, int(number(quoted["shown"])) + 1)
    pair0 = pair0_distance(k)
    inner = pair0[1:-1]
    minima = k[1:-1][(inner < pair0[:-2]) & (inner < pair0[2:])]
    near = ((minima.to(F64) / (2 * math.pi)).round() * 2 * math.pi - minima).abs() < 1
    full = distance_by_offset(k, 512, 10000.0)
    return (len(minima) > 300 and bool(near.all()) and int(pair0.argmin()) + 1 == int(quoted["pair0_offset"])
            and int(full.argmin()) + 1 == int(quoted["full_offset"]) == 1
            and f"{full.min().item():.4f}" == quoted["full_distance"])


def float32_rows_coincide() -> bool:
    last = int(number(values("precision/duplicate_rows")["float32_last_exact"]))
    stored = torch.tensor([last, last + 1], dtype=torch.float32)
    rows = encode_positions(stored, 64)
    return last == 2**24 and bool(torch.equal(rows[0], rows[1])) and not torch.equal(
        encode_positions(torch.tensor([last, last + 1], dtype=F64), 64)[0], encode_positions(torch.tensor([last, last + 1], dtype=F64), 64)[1])


# --- grids -------------------------------------------------------------------------------------------------------


def timm_frequencies_and_layout() -> bool:
    """Our transcription of timm: dim/4 bands 1/10000^(j/(dim/4)) = the paper's for width dim/2, [sin h|sin w|cos h|cos w]."""
    dim = 64
    t = beyond_sincos_2d.timm_sincos2d((14, 14), dim).to(F64)
    f = frequencies(dim // 2)
    bands = torch.tensor([1 / 10000 ** (j / (dim / 4)) for j in range(dim // 4)], dtype=F64)
    r, c = (g.flatten().to(F64)[:, None] for g in torch.meshgrid(torch.arange(14), torch.arange(14), indexing="ij"))
    blocks = [(r * f).sin(), (c * f).sin(), (r * f).cos(), (c * f).cos()]
    return (torch.allclose(f, bands, rtol=1e-15) and all(torch.allclose(t[:, 16 * i:16 * (i + 1)], b, atol=1e-5)
                                                          for i, b in enumerate(blocks)) and TIMM.split()[1] in page())


def similarity_maps() -> bool:
    table = sincos_nd((14, 14), 64, dtype=F64)
    norm = table[0].square().sum()
    centre = (table @ table[7 * 14 + 7]).reshape(14, 14) / norm
    corner = (table @ table[0]).reshape(14, 14) / norm
    same_shape = torch.allclose(centre[7:, 7:], corner[:7, :7], atol=1e-12)  # the corner map, moved by (7, 7)
    peaks = int(centre.argmax()) == 7 * 14 + 7 and int(corner.argmax()) == 0
    cross = bool((centre[7, :][None, :] >= centre - 1e-12).all() and (centre[:, 7][:, None] >= centre - 1e-12).all())
    return bool(same_shape and peaks and cross and "2-D table: (196, 64)" in text("beyond/sincos_2d"))


def shares_per_axis() -> bool:
    ok = sincos_nd((2, 3, 4), 6).shape == (24, 6) and sincos_nd((2, 3, 4), 12).shape == (24, 12)
    for shape, dim in (((2, 3, 4), 8), ((2, 3, 4), 9), ((14, 14), 6)):
        try:
            sincos_nd(shape, dim)
            ok = False
        except ValueError as error:
            ok &= f"got {dim}" in str(error)
    return ok and passes(bc.test_timm_layout_is_ours_reordered_and_widths)()


def shifted_picture() -> bool:
    return similarity_maps() and passes(bc.test_2d_table_is_two_1d_tables_and_depends_on_the_offset_only)()


# --- timesteps and Fourier features ------------------------------------------------------------------------------


def timestep_uses_the_same_functions() -> bool:
    t = torch.tensor([0.0, 3.0, 2.5, 999.0])
    omega = frequencies(16).to(torch.float32)
    expected = torch.cat([torch.cos(t[:, None] * omega), torch.sin(t[:, None] * omega)], dim=1)
    return torch.allclose(variant_guided_diffusion.timestep_embedding(t, 16), expected, atol=1e-4)


def ddpm_embedding(t: torch.Tensor, dim: int) -> torch.Tensor:
    """DDPM's get_timestep_embedding (diffusion_tf/nn.py), transcribed: t2t frequencies, [sin | cos], fp32."""
    half = dim // 2
    freqs = torch.exp(torch.arange(half, dtype=torch.float32) * -(math.log(10000) / (half - 1)))
    args = t.float()[:, None] * freqs[None]
    return torch.cat([torch.sin(args), torch.cos(args)], dim=1)


def ddpm_is_diffusers_default() -> bool:
    lib = installed("diffusers")
    ok = DDPM_URL in page()
    if lib is None:
        return ok
    from diffusers.models.embeddings import get_timestep_embedding

    t = torch.tensor([0.0, 1.0, 17.0, 999.0])
    return ok and all(torch.allclose(get_timestep_embedding(t, d), ddpm_embedding(t, d), atol=1e-3) for d in (8, 64))


def guided_fractional() -> bool:
    lib = installed("diffusers")
    return (timestep_uses_the_same_functions() and passes(tm.test_guided_diffusion_is_the_diffusers_variant)()
            and (lib is None or passes(tl.test_guided_diffusion_is_diffusers_with_flip_and_no_shift)()))


def diffusers_switches() -> bool:
    """flip_sin_to_cos swaps the halves; downscale_freq_shift 0 gives the paper's frequencies, 1 tensor2tensor's."""
    if installed("diffusers") is None:
        return True
    from diffusers.models.embeddings import get_timestep_embedding

    t, d = torch.tensor([1.0]), 16
    paper, t2t = frequencies(d).float(), torch.exp(-math.log(10000) * torch.arange(8) / 7)
    plain = lambda shift: get_timestep_embedding(t, d, flip_sin_to_cos=False, downscale_freq_shift=shift)[0]  # noqa: E731
    flipped = get_timestep_embedding(t, d, flip_sin_to_cos=True, downscale_freq_shift=0)[0]
    return (torch.allclose(plain(0)[:8], paper.sin(), atol=1e-6) and torch.allclose(plain(0)[8:], paper.cos(), atol=1e-6)
            and torch.allclose(plain(1)[:8], t2t.sin(), atol=1e-6) and torch.allclose(flipped, plain(0).roll(8), atol=1e-6)
            and not torch.allclose(paper, t2t))


def nerf_frequencies() -> bool:
    """NeRF's 2^l pi rise from pi by 2 per pair; the paper's fall from 1 by the quoted 10000^(2/d) at d = 512."""
    nerf = torch.tensor([2.0**j * math.pi for j in range(10)], dtype=F64)
    paper = frequencies(512)
    ratio = float(values("formula/wavelengths")["ratio"])
    return (nerf[0] == math.pi and bool(torch.allclose(nerf[1:] / nerf[:-1], torch.tensor(2.0, dtype=F64)))
            and paper[0] == 1 and bool(torch.allclose(paper[:-1] / paper[1:], torch.tensor(ratio, dtype=F64), rtol=1e-5))
            and passes(bc.test_nerf_and_paper_frequency_ratios)())


# --- RoPE's base and stretching the context ---------------------------------------------------------------------


def same_wavelengths_function() -> bool:
    d = 128
    rope = torch.tensor([2 * math.pi / (rope_matrix(d, 1)[j + 1, j].asin().item()) for j in range(0, 8, 2)], dtype=F64)
    return (torch.equal(ce.rope_wavelengths(d), wavelengths(d, 10000.0))
            and "from pelib.spectrum import wavelengths" in (SNIPPETS / "formula" / "wavelengths.py").read_text()
            and "from pelib.spectrum import wavelengths" in (SNIPPETS / "pelib" / "context_extension.py").read_text()
            and bool(torch.allclose(rope, wavelengths(d, 10000.0)[:4], rtol=1e-12)))


def context_numbers():
    """The quoted numbers (test_context_extension_wavelengths); read by "base 10000": the base of the wavelengths the
    page computes; by "do not complete one turn": whether any of the pairs counted as slow completes a turn within
    the trained positions."""
    import inspect

    if not passes(bc.test_context_extension_wavelengths)():
        return False
    quoted = values("beyond/context_extension")
    lam = ce.rope_wavelengths(int(quoted["head_dim"]))
    slow = lam[-int(quoted["slow_pairs"]):]
    return [Number(inspect.signature(ce.rope_wavelengths).parameters["base"].default),
            Truth(bool((slow <= number(quoted["trained"])).any()))]


def ext() -> tuple[int, float, int, torch.Tensor]:
    quoted = values("beyond/context_extension")
    d, s, trained = int(quoted["head_dim"]), float(quoted["scale"]), int(number(quoted["trained"]))
    return d, s, trained, ce.rope_wavelengths(d)


def unseen_angles() -> bool:
    """A slow pair's angles over the trained positions cover only [0, (L-1) theta] < 2 pi; longer inputs go beyond,
    and each method changes the wavelengths."""
    d, s, trained, lam = ext()
    theta = 2 * math.pi / lam[lam > trained]
    seen = (trained - 1) * theta
    longer = (torch.arange(trained, int(trained * s), dtype=F64)[:, None] * theta) % (2 * math.pi)
    changed = [not torch.allclose(f, lam) for f in (ce.position_interpolation(d, 1e4, s), ce.ntk_aware(d, 1e4, s),
                                                    ce.yarn(d, 1e4, s, trained))]
    ok = bool((seen < 2 * math.pi).all()) and all(changed)
    # "never saw": the slow pairs whose trained angles reach what the longer inputs produce; "longer": the longest
    # stretched input against the trained length; "three methods": the methods that change the wavelengths
    reached = int((longer.max(0).values <= seen + 0.1).sum())
    return ok and [Count(reached, theta.numel()), Compare(int(trained * s), trained), Number(sum(changed))]


def interpolation() -> bool:
    """Every wavelength times s; neighbours come closer: |PE(1/s) - PE(0)| < |PE(1) - PE(0)|."""
    d, s, _, lam = ext()
    pi = ce.position_interpolation(d, 10000.0, s)
    rows = encode_positions(torch.tensor([0.0, 1.0, 1.0 / s], dtype=F64), d)
    return (torch.allclose(pi, s * lam) and f"{pi.min().item():.2f}" == values("beyond/context_extension")["pi_shortest"]
            and float((rows[2] - rows[0]).norm()) < float((rows[1] - rows[0]).norm()))


def ntk() -> bool:
    d, s, _, lam = ext()
    new = ce.ntk_aware(d, 10000.0, s)
    growth = new / lam
    return (values("beyond/context_extension")["ntk_base"] == f"{10000 * s ** (d / (d - 2)):,.0f}"
            and abs(float(new[0]) - 2 * math.pi) < 1e-12 and abs(float(growth[-1]) - s) < 1e-9
            and bool(torch.allclose(growth[1:] / growth[:-1], growth[1] / growth[0])) and float(growth[1]) > 1)


def yarn_parts() -> bool:
    d, s, trained, lam = ext()
    y = ce.yarn(d, 10000.0, s, trained)
    turns = trained / lam
    between = (turns >= 1) & (turns <= 32)
    defaults = {k: v.default for k, v in inspect.signature(ce.yarn).parameters.items()}
    return (defaults["alpha"] == 1 and defaults["beta"] == 32 and torch.allclose(y[turns > 32], lam[turns > 32], rtol=1e-12, atol=0) and torch.allclose(y[turns < 1], s * lam[turns < 1])
            and bool(((y[between] > lam[between]) & (y[between] < s * lam[between])).all()))


def yarn_counts_and_attention() -> bool:
    d, s, trained, lam = ext()
    quoted = values("beyond/context_extension")
    turns = trained / lam
    return (int((turns > 32).sum()) == int(quoted["yarn_kept"]) and int((turns < 1).sum()) == int(quoted["yarn_interpolated"])
            and quoted["yarn_attention"] == f"{0.1 * math.log(s) + 1:.4f}" and yarn_parts())


def figure_lines() -> bool:
    quoted = values("beyond/context_extension")
    code = source("context_extension")
    return (int(quoted["pairs"]) * 2 == int(quoted["head_dim"])
            and number(quoted["extended"]) == number(quoted["trained"]) * float(quoted["scale"])
            and "ax.axhline(TRAINED," in code and "ax.axhline(TRAINED * SCALE," in code and "semilogy" in code)


def figure_curves() -> bool:
    d, s, trained, lam = ext()
    pi, new, y = ce.position_interpolation(d, 1e4, s), ce.ntk_aware(d, 1e4, s), ce.yarn(d, 1e4, s, trained)
    turns = trained / lam
    return (torch.allclose(pi / lam, torch.tensor(s, dtype=F64)) and abs(float(new[0] / lam[0]) - 1) < 1e-12
            and abs(float(new[-1] / lam[-1]) - s) < 1e-9 and torch.allclose(y[turns > 32], lam[turns > 32], rtol=1e-12, atol=0)
            and torch.allclose(y[turns < 1], pi[turns < 1]))


def only_wavelengths() -> bool:
    """The section's script trains and evaluates nothing: it imports only the wavelength functions, plotting and docenv."""
    imports = re.findall(r"^(?:from|import) (\S+)", source("context_extension"), flags=re.M)
    functions = [name for name in dir(ce) if callable(getattr(ce, name)) and not name.startswith("_")]
    made = [ce.rope_wavelengths(8), ce.position_interpolation(8, 1e4, 2.0), ce.ntk_aware(8, 1e4, 2.0), ce.yarn(8, 1e4, 2.0, 64)]
    return (sorted(imports) == ["matplotlib.pyplot", "pelib", "pelib.context_extension", "pelib.figures", "torch"]
            and all(m.shape == (4,) and bool((m > 0).all()) for m in made) and "wavelengths" in functions)


# --- no explicit encoding ----------------------------------------------------------------------------------------


def causal_counts() -> bool:
    printed = text("beyond/no_encoding")
    averages = [float(v) for v in printed.split("output at positions 0..5:", 1)[1].split()]
    return (passes(bc.test_causal_mask_breaks_permutation_equivariance_and_counts_positions)()
            and "input permuted, output permuted:\n  causal=False: True\n  causal=True : False" in printed
            and all(abs(v - 1 / (t + 1)) < 1e-4 for t, v in enumerate(averages)) and len(averages) == 6)


def no_pos_signal() -> bool:
    return passes(evidence_tests.test_a_causal_mask_alone_puts_a_coarse_position_in)()


# --- the context-extension docstrings the page shows (reviewed after the migration) -------------------------------


def interpolation_as_documented() -> bool:
    base = ce.rope_wavelengths(64)
    return torch.allclose(ce.position_interpolation(64, 10000.0, 4.0), 4.0 * base, rtol=1e-14, atol=0)


def ntk_as_documented() -> bool:
    d, s = 64, 8.0
    old, new = ce.rope_wavelengths(d), ce.ntk_aware(d, 10000.0, s)
    growth = new / old
    return (abs(growth[0].item() - 1) < 1e-12 and abs(growth[-1].item() - s) < 1e-9
            and torch.allclose(growth[1:] / growth[:-1], torch.full_like(growth[1:], growth[1].item() / growth[0].item()), rtol=1e-9)
            and bool((growth[1:] > growth[:-1]).all()))


def yarn_as_documented() -> bool:
    d, s, L, alpha, beta = 64, 8.0, 4096, 1.0, 32.0
    old = ce.rope_wavelengths(d)
    new = ce.yarn(d, 10000.0, s, L, alpha, beta)
    turns = L / old
    fast, slow, mid = turns > beta, turns < alpha, (turns >= alpha) & (turns <= beta)
    theta_old, theta_new = 2 * math.pi / old, 2 * math.pi / new
    gamma = (turns[mid] - alpha) / (beta - alpha)
    return (bool(fast.any() and slow.any() and mid.any()) and torch.allclose(new[fast], old[fast])
            and torch.allclose(new[slow], s * old[slow])
            and torch.allclose(theta_new[mid], (1 - gamma) * theta_old[mid] / s + gamma * theta_old[mid]))


# --- the RoPE and grid docstrings the page shows (reviewed after the migration) -----------------------------------


def rope_matrix_as_documented() -> bool:
    d, m = 8, 5
    r = rope_matrix(d, m)
    ok = r.shape == (d, d)
    for i, theta in enumerate(10000.0 ** (-2 * i / d) for i in range(d // 2)):
        a = m * theta
        ok &= torch.allclose(r[2 * i:2 * i + 2, 2 * i:2 * i + 2], torch.tensor([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], dtype=torch.float64), atol=1e-15)
    return bool(ok) and torch.equal(rope_matrix(d, 0), torch.eye(d, dtype=torch.float64)) and passes(bc.test_rope_group_law_behind_the_proof)()


def rope_scores_as_documented() -> bool:
    from beyond.rope_relative import added_pe_score, rope_score

    g = torch.Generator().manual_seed(0)
    q, k, w = torch.randn(8, dtype=torch.float64, generator=g), torch.randn(8, dtype=torch.float64, generator=g), torch.randn(8, 8, dtype=torch.float64, generator=g)
    pe = positional_encoding(8, 8, dtype=torch.float64)
    return (abs(rope_score(q, k, 5, 2) - float((rope_matrix(8, 5) @ q) @ (rope_matrix(8, 2) @ k))) < 1e-12
            and abs(rope_score(q, k, 5, 2) - rope_score(q, k, 7, 4)) < 1e-12
            and abs(added_pe_score(q, k, 5, 2, w) - float((q + pe[5]) @ w @ (k + pe[2]))) < 1e-12
            and passes(bc.test_added_pe_score_depends_on_absolute_position)())


def sincos_nd_as_documented() -> bool:
    table = sincos_nd((2, 3, 4), 12, dtype=torch.float64)
    a, b, c = torch.meshgrid(torch.arange(2), torch.arange(3), torch.arange(4), indexing="ij")
    ok = all(torch.equal(table[:, 4 * j:4 * j + 4], positional_encoding(n, 4, dtype=torch.float64)[ax.flatten()])
             for j, (n, ax) in enumerate(((2, a), (3, b), (4, c))))
    return ok and passes(bc.test_2d_table_is_two_1d_tables_and_depends_on_the_offset_only)() and passes(bc.test_timm_layout_is_ours_reordered_and_widths)()


def timm_layout_as_documented() -> bool:
    t = beyond_sincos_2d.timm_sincos2d((5, 6), 16).double()
    h, w = torch.meshgrid(torch.arange(5.0), torch.arange(6.0), indexing="ij")
    omega = 1 / 10000.0 ** (torch.arange(4, dtype=torch.float64) / 4)
    hh, ww = h.flatten()[:, None].double() * omega, w.flatten()[:, None].double() * omega
    expected = torch.cat([hh.sin(), ww.sin(), hh.cos(), ww.cos()], dim=1)
    return torch.allclose(t, expected, atol=1e-6) and passes(bc.test_timm_layout_is_ours_reordered_and_widths)()


def no_encoding_attention_as_documented() -> bool:
    """beyond/no_encoding.py's attention(): softmax(x x^T / sqrt(d)) x, nothing added for positions (causal: masked)."""
    import contextlib
    import importlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        ne = importlib.import_module("beyond.no_encoding")
    x = ne.x
    plain = torch.softmax(x @ x.T / ne.d**0.5, dim=-1) @ x
    return (torch.allclose(ne.attention(x, False), plain, atol=1e-6)
            and torch.allclose(ne.attention(x[ne.perm], False), plain[ne.perm], atol=1e-5))


# --- the first screen, the top figure and how the page is checked -------------------------------------------------


def what_the_page_gives() -> bool:
    """The sections the opening names: extrapolation measured (ALiBi), the shift matrix become RoPE, and the same
    sines and cosines on grids, timesteps and RoPE's context extension."""
    headings = re.findall(r"^## (.+)$", page(), flags=re.M)
    return {"What was measured: ALiBi", "From the rotation to relative encodings", "2-D and n-D grids",
            "Timesteps and Fourier features", "The base in RoPE, and stretching the context"} <= set(headings)


def builds_on_linearity() -> bool:
    """The opening links to the linearity page, where M_k is defined, and the page uses M_k in its arguments."""
    opening = page().split("\n## ", 1)[0]
    return ("(linearity.md#the-statement)" in opening
            and "\n## The statement\n" in (DOCS / "linearity.md").read_text(encoding="utf-8")
            and page().split("\n## ", 1)[1].count(r"\(M_") >= 2 and shift_far_beyond())


def top_figure() -> bool:
    return passes(bc.test_top_figure_rope_is_flat_and_the_added_table_is_not)()


def top_figure_setup() -> bool:
    """The figure's key sits OFFSET = 3 after the query, whose position runs over range(LAST + 1) = 0 .. 200, d = 8,
    W a random matrix; the figure's file is the page's first image."""
    code = source("score_by_position")
    first_image = re.search(r"!\[[^\]]*\]\(([^)]+)\)", page())
    return ("D_MODEL, OFFSET, LAST = 8, 3, 200" in code and "positions = range(LAST + 1)" in code
            and "w = torch.randn(D_MODEL, D_MODEL" in code and "m + OFFSET" in code
            and first_image is not None and first_image.group(1) == "generated/beyond/score_by_position.svg"
            and top_figure())


def first_row_moved() -> bool:
    """The demonstration's first row is the query at 0 and the key at 3; the figure moves that pair (same q, k, W)."""
    return [int(c) for c in demo_rows()[0][:2]] == [0, 3] and top_figure_setup()


def checked_block_names() -> bool:
    """The checked block names the two files, which exist, and the one test, which passes."""
    import json

    block = page().split('??? info "How this page is checked"', 1)[1]
    names = re.findall(r"`(test_\w+)`", block)
    locked = {e["id"] for e in json.loads((DOCS.parent / "tests" / "pages" / "locks" / "beyond.lock.json").read_text())["entries"]}
    entries = {c.id for c in LEDGER.claims}  # every sentence the lock knows has its entry here
    return ((DOCS.parent / "tests" / "pages" / "test_beyond_code.py").is_file() and "tests/pages/test_beyond.py" in block
            and locked <= entries
            and names == ["test_pp_term_depends_on_the_offset_exactly_when_w_commutes_with_the_rotations"]
            and all(passes(getattr(bc, n))() for n in names))

def rope_score_reads_vectors_and_offset() -> bool:
    """RoPE's score at fixed positions changes with the query and key vectors (it is not a function of the offset
    alone); at a fixed query and key it is the same for every pair of positions with one offset."""
    from beyond.rope_relative import rope_score

    g = torch.Generator().manual_seed(5)
    q, k, other = (torch.randn(8, generator=g, dtype=torch.float64) for _ in range(3))
    vectors = abs(rope_score(q, k, 10, 7) - rope_score(other, k, 10, 7)) > 1e-3
    return vectors and passes(bc.test_rope_score_depends_only_on_the_offset, 8)()


def rope_score_beyond_the_offset() -> Truth:
    """Does RoPE's score, at one query and one key, depend on the positions beyond their offset: any pair of
    positions (m, n) whose score differs from that of (m + s, n + s)? "not" says it never does. The source and the
    figure are checked first, and so is the score's dependence on the vectors."""
    from beyond.rope_relative import rope_score

    assert rope_is_eq_15() and top_figure() and rope_score_reads_vectors_and_offset()
    g = torch.Generator().manual_seed(11)
    q, k = (torch.randn(8, generator=g, dtype=torch.float64) for _ in range(2))
    gaps = [abs(rope_score(q, k, m, n) - rope_score(q, k, m + s, n + s))
            for m in range(6) for n in range(6) for s in (1, 7, 40)]
    return Truth(max(gaps) > 1e-9 * max(1.0, abs(rope_score(q, k, 0, 0))))


LEDGER = Ledger('beyond.md', [
    prose('title', "the title"),
    computed('explanation-follows-both-then-same', what_the_page_gives, backs=['both', 'cosines', 'longer', 'same', 'sines']),
    computed('builds-linearity-page-whose-shift', builds_on_linearity, backs=[r'\(M_k\)', 'first']),
    cited('short-language-models-trained-with',
        ALIBI + ", section 2.2 (the sinusoidal models improve up to 20 extra tokens, hold to 50, then degrade); the "
          "score's dependence on both positions for a general W is computed below (general_w_is_absolute)",
          general_w_is_absolute, backs=['2022', 'not', 'only']),
    cited('rope-rotates-queries-keys-with',
        ROFORMER + ", Eqs. 14-16 (the frequencies theta_i are the paper's omega_(i-1)); the figure's RoPE line is flat",
          rope_score_beyond_the_offset, backs=['depends', 'not', 'rotates', 'same']),
    computed('attention-score-one-query-one', top_figure_setup, backs=['0', 'gen.beyond.score_by_position.d_model', 'gen.beyond.score_by_position.last', 'gen.beyond.score_by_position.offset']),
    computed('with-rope-score-flat-line', top_figure, backs=['gen.beyond.score_by_position.added_max', 'gen.beyond.score_by_position.added_min', 'gen.beyond.score_by_position.rope']),
    cited('hope-and-hint',
        PAPER + ", section 3.5: the hypothesis that the sinusoids may let a model extrapolate (the hope) and that "
          "PE(pos + k) is a linear function of PE(pos) (the hint)"),
    cited('hope-longer-hint-shift', PAPER + ", section 3.5 (both sentences)", backs=['longer']),
    cited('later-work',
        ALIBI + " (the hope tested: sinusoids do not extrapolate far); " + ROFORMER + " (the rotation built in); "
          "rotary embeddings in LLaMA, Mistral, Qwen2 and Gemma (transformers' modeling files)", rotary_in_current_models, backs=['later', 'most']),
    prose('hoped-heading', "a heading"),
    cited('section-3-5',
        PAPER + ', section 3.5 (both quotes; "nearly identical results" points to Table 3 row (E))', backs=['3', '3.5', 'all', 'identical', 'longer', 'row']),
    cited('may-no-experiment',
        PAPER + ": its experiments (section 6, Tables 2-4) include none on inputs longer than the training "
          "ones; the experiment here is docs/evidence/extrapolation.md", evidence_runs_longer, backs=['longer', 'no'], setting=True),
    computed('shift-argument',
        shift_far_beyond, backs=[r'\(M_k\,\mathrm{PE}(p)\)', r'\(\mathrm{PE}(p + k)\)', 'every', 'every']),
    cited('defined-not-understood', ALIBI + ", section 2 and Figure 1", backs=['not']),
    computed('never-seen', never_seen_and_not_forced, backs=['above', 'never', 'rotation']),
    prose('alibi-heading', "a heading"),
    cited('alibi-authors',
        ALIBI + "; code at github.com/ofirpress/attention_with_linear_biases", backs=['2022', 'linear']),
    cited('alibi-setup',
        ALIBI + ", sections 2.1 (WikiText-103, the training length L, evaluation on longer inputs), 2.2 (sinusoidal, "
          "rotary, T5 bias) and 3 (ALiBi); Figure 1", backs=['103', r'\(L\)', 'longer']),
    cited('alibi-figure-1',
        ALIBI + ", Figure 1 (L = 512 left, L = 1024 right)", backs=['1', r'\(L = 1024\)', r'\(L = 512\)']),
    cited('alibi-2-1',
        ALIBI + ", section 2.1, its paragraph 'Extrapolation During Inference': \"We find that this model cannot "
          "extrapolate to more than a few dozen tokens beyond L\" (the reaches it measures are in section 2.2)",
          backs=['2.1', r'\(L\)', 'cannot', 'more']),
    cited('alibi-2-2-sinusoidal',
        ALIBI + ", section 2.2, sinusoidal position embeddings", backs=['2.2', '20', '50', r'\(L + 50\)', r'\(L = 1024\)', r'\(L = 512\)', 'up to', 'up to', 'up to']),
    cited('alibi-2-2-rotary-t5',
        ALIBI + ", section 2.2, rotary and T5 bias (\"at least twice as slow\")", backs=['100', '200', '600', '800', r'\(L = 1024\)', r'\(L = 512\)', 'at least', 'twice']),
    cited('alibi-abstract', ALIBI + ", abstract", backs=['1.3', '1024', '11', '11', '2048', '2048', 'faster', 'less']),
    cited('alibi-appendix', ALIBI + ", appendix Tables 2-4", no_perplexities_copied, backs=['exact', 'not']),
    cited('function-not-predictor',
        ALIBI + ", section 2; the table itself is a function of any real position (reference.encode_positions)",
          function_not_predictor, backs=['not']),
    cited('alibi-bias',
        ALIBI + ", section 3: softmax(q_i K^T + m . [-(i - 1), ..., -2, -1, 0]), no position embeddings; our "
          "ALiBi (pelib.training) is tested the same way", passes(evidence_tests.test_alibi_cannot_prefer_a_farther_key_by_position), backs=['drops', 'each']),
    prose('linearity-heading', "a heading", unbacked=['not']),
    cited('never-alone',
        PAPER + ", section 3.5: the encodings are added to the input embeddings (figure 1)", backs=[r'\(\mathrm{PE}(p)\)', 'never']),
    cited('adds-then-compares',
        PAPER + ", sections 3.5 (added) and 3.2.1 (scores of projected queries and keys); "
          "the display below is checked", score_expansion),
    formula('score-expansion', score_expansion),
    computed('pp-term-exactly-when',
        commutant_is_the_block_form, backs=['2', '2', r'\(W\)', r'\(W\)', r'\(\begin{pmatrix} a & b \\ -b & a \end{pmatrix}\)', r'\(n - m\)', 'commutes', 'depends', 'even', 'exactly', 'last', 'only', '×']),
    computed('suffices-and-necessary',
        suffices_and_named_test, backs=[r'\(W\)', r'\(p_m = M_m p_0\)', r'\(p_m^{\top} W p_n = p_0^{\top} W M_{n-m}\, p_0\)', 'distinct', 'no']),
    computed('general-w', general_w_is_absolute, backs=[r'\(W\)', r'\(m\)', r'\(n\)', 'depends', 'no']),
    computed('cross-terms', cross_terms_absolute),
    computed('available-not-imposed', lambda: commutant_is_the_block_form() and general_w_is_absolute(), backs=['not']),
    computed('demo-announced',
        passes(bc.test_page_output_shows_equal_scores_for_equal_offsets), backs=['below', 'same']),
    prose('relative-heading', "a heading", unbacked=['rotation']),
    computed('three-steps', three_steps, backs=['depend']),
    cited('shaw',
        "Shaw, Uszkoreit and Vaswani 2018, arXiv:1803.02155, section 3 (a^K_ij, a^V_ij = "
          "w_clip(j - i, k)) and section 4 (relative representations replace the absolute sinusoids)", backs=['2018', r'\(n - m\)', 'drop']),
    cited('transformer-xl',
        "Dai et al. 2019, Transformer-XL, arXiv:1901.02860, section 3.3: A^rel_ij with "
          "R_(i-j) for the key's position and the learned u, v for the query's", backs=['2019', r'\(m - n\)', 'above']),
    cited('rope-eq-15',
        ROFORMER + ", section 3.2.2, Eqs. 14-15", rope_is_eq_15, backs=['15', '2021', r'\(R_m\)', r'\(R_n\)', r'\(\omega_{i-1}\)', r'\(\theta_i = 10000^{-2(i-1)/d}\)', r'\(i = 1, \dots, d/2\)', r'\(m\)', r'\(m\theta_i\)', r'\(n\)', 'rotates']),
    computed('rope-s-score-then-depends', rope_score_reads_vectors_and_offset,
        backs=['\\(k\\)', '\\(q\\)', 'depends', 'only']),
    formula('rope-display', rope_display),
    cited('eq-16-group-law',
        ROFORMER + ", Eq. 16; the group law of docs/linearity.md", group_law, backs=['16', r'\(R_m^{\top} R_n = R_{-m} R_n = R_{n-m}\)', 'exactly']),
    computed('closer-than-analogy', shift_is_rope_backwards),
    computed('m-k-is-r-minus-k',
        shift_is_rope_backwards, backs=[r'\((\sin, \cos)\)', r'\((x_1, x_2)\)', r'\(M_k = R_{-k}\)', 'each', 'rotates', 'rotation', 'same', 'stores']),
    prose('demo-heading', "a heading"),
    computed('demo-setup', demo_setup, backs=['8']),
    computed('demo-rope', demo_rope_scores, backs=[r'\(+3\)', r'\(-3\)', r'\(m - n\)', 'depends', 'only']),
    computed('demo-added',
        passes(bc.test_page_output_shows_equal_scores_for_equal_offsets), backs=[r'\(W\)', 'different', 'every', 'same']),
    computed('figure-at-top-moves-query', first_row_moved, backs=['0', r'\(W\)', r'\(k\)', r'\(m + 3\)', r'\(m\)', r'\(q\)', 'every', 'first', 'gen.beyond.score_by_position.last', 'row', 'same']),
    prose('rope-matrix-rope-score-added', "an admonition title: it names the folded functions and check, whose docstrings and output have their own entries"),
    cited('rope-not-extrapolation',
        ALIBI + ", section 2.2 (rotary about 200 and 100 tokens beyond L, the "
          "sinusoids about 50)", rotary_reach_short, backs=[r'\(L\)', 'above', 'either', 'longer', 'not']),
    computed('what-rope-settles', passes(bc.test_rope_score_depends_only_on_the_offset, 64), backs=['depends', 'not']),
    prose('see-beyond-indices-grids', "a link to the page that answers it"),
    prose('see-beyond-indices-timesteps', "a link to the page that answers it", unbacked=[r'\([0, 1]\)']),
    prose('distinct-heading', "a heading", unbacked=['no']),
    computed('never-repeats',
        never_repeats, backs=['2', r'\(\mathrm{PE}(p) \ne \mathrm{PE}(q)\)', r'\(p \ne q\)', 'every', 'every', 'every', 'never', 'row', 'unique', 'up']),
    computed('pair-0-omega-1', pair_zero_frequency_one, backs=['0', r'\(\omega_0 = b^{0} = 1\)', r'\(b\)', 'only']),
    prose('suppose',
        "the proof's supposition, from which the next sentences argue", unbacked=[r'\(\mathrm{PE}(p) = \mathrm{PE}(q)\)']),
    computed('columns-0-1',
        columns_0_and_1, backs=['0', '1', r'\(\cos p = \cos q\)', r'\(\sin p = \sin q\)', r'\(n\)', r'\(p - q = 2\pi n\)', r'\(p\)', r'\(q\)', 'columns', 'same', 'some']),
    cited('lambert',
        "Lambert's proof that pi is irrational, read to the Berlin Academy in 1761 "
          "(printed 1768); sympy's pi.is_irrational", pi_step, backs=['1761', r'\(\pi = (p - q)/(2n)\)', r'\(\pi\)', r'\(n \ne 0\)', 'ratio']),
    computed('so-p-equals-q', lambda: LEDGER.holds('never-repeats'), backs=[r'\(n = 0\)', r'\(p = q\)']),
    prose('qed', "the end-of-proof mark", unbacked=[r'\(\blacksquare\)']),
    computed('comes-back-close', comes_back_closer, backs=['0', '1', r'\(\pi\)', 'equal', 'never', 'not']),
    computed('closest-at-710',
        first_n_positions, backs=[r'\(355/113\)', r'\(\pi\)', 'columns', 'differ', 'first', 'gen.beyond.distinct_positions.n', 'gen.beyond.distinct_positions.pair0_distance', 'gen.beyond.distinct_positions.pair0_offset', 'gen.beyond.distinct_positions.pair0_turns', 'only']),
    computed('neighbours-closest',
        neighbours_closest, backs=['depends', 'gen.beyond.distinct_positions.d_model', 'gen.beyond.distinct_positions.full_distance', 'gen.beyond.distinct_positions.full_offset', 'only']),
    computed('figure-range', figure_range, backs=['gen.beyond.distinct_positions.shown', 'up to']),
    computed('figure-dips',
        figure_dips, backs=['0', 'below', 'falls', 'gen.beyond.distinct_positions.full_distance', 'gen.beyond.distinct_positions.full_offset', 'gen.beyond.distinct_positions.pair0_offset', 'never', 'zero']),
    computed('float32-coincide', float32_rows_coincide, backs=['different', 'float32', 'rows', 'same']),
    prose('grids-heading', "a heading", unbacked=['2']),
    cited('vision-grids',
        "Dosovitskiy et al. 2021, ViT, arXiv:2010.11929, section 3.1 (a sequence of "
          "flattened patches); Carion et al. 2020, DETR, arXiv:2005.12872, section 3.2 (positional encodings of the "
          "backbone's feature map, detailed in appendix A.4)"),
    cited('vit-mae-detr-timm',
        "MAE (He et al. 2022) and DETR (Carion et al. 2020), section A.4; timm and shared/research/variants.md; snippets/pelib/sincos_nd.py builds such a table", backs=['1', '2', 'column', 'columns', 'each', 'half', 'half', 'half', 'row']),
    cited('mae-coordinate-patch-s-integer',
        "facebookresearch/mae util/pos_embed.py @ a9f5c70165c6ec81ce4036d9c2296ab70b7042f9, "
          "get_2d_sincos_pos_embed_from_grid (embed_dim // 2 per axis, each a [sin | cos] 1-D table, of np.arange grid "
          "indices); facebookresearch/detr models/position_encoding.py PositionEmbeddingSine (num_pos_feats per axis; "
          "y_embed = not_mask.cumsum(1), from 1; normalize: y_embed / (y_embed[:, -1:, :] + eps) * scale, scale = 2 * "
          "math.pi, then sin and cos; build_position_encoding passes normalize=True)",
          backs=['0', '1', 'before', 'columns', 'not', 'rows', 'sines']),
    cited('timm-s-does-exactly-with',
        TIMM + ", build_sincos2d_pos_embed, transcribed in snippets/beyond/sincos_2d.py", timm_frequencies_and_layout,
          backs=['1', '1', '2', '4', '4', 'cos', 'cos', 'exactly', 'sin', 'sin']),
    computed('timm-reordered', passes(bc.test_timm_layout_is_ours_reordered_and_widths), backs=['columns']),
    computed('row-plus-column',
        shifted_picture, backs=['1', r'\((\Delta r, \Delta c)\)', 'column', 'depends', 'each', 'only', 'row', 'same']),
    computed('similarity-figure',
        similarity_maps, backs=['0', '0', '14', '14', '2', '7', '7', 'both', 'cosine', 'every', 'same']),
    cited('even-share-per-axis',
        TIMM + ": assert dim % 4 == 0 (transcribed in snippets/beyond/sincos_2d.py)",
          shares_per_axis, backs=['2', '3', '4', '6', 'even']),
    prose('timesteps-heading', "a heading"),
    computed('same-functions', timestep_uses_the_same_functions, backs=['not', 'same']),
    cited('ddpm',
        "hojonathanho/diffusion diffusion_tf/nn.py @ c46129977747dad96f91709bcb3f0f7480686004, "
          "get_timestep_embedding (log(10000) / (half_dim - 1), concat([sin, cos])); diffusers' default "
          "(flip_sin_to_cos=False, downscale_freq_shift=1) computes the same", ddpm_is_diffusers_default, backs=[r'\(t\)', 'cos', 'order', 'sin']),
    cited('guided-diffusion',
        "openai/guided-diffusion guided_diffusion/nn.py, timestep_embedding (docstring: "
          "'These may be fractional'), as on docs/variants/more-libraries.md#guided-diffusion", guided_fractional, backs=[r'\(t\)', 'cos', 'order', 'sin']),
    cited('diffusers-switches', DIFFUSERS, diffusers_switches, backs=['0', '1', 'both', 'order']),
    cited('nerf',
        "Mildenhall et al. 2020, NeRF, arXiv:2003.08934, Eq. 4 and section 5.1 (coordinates "
          "normalised to [-1, 1])", nerf_frequencies, backs=['1', '2', '2020', '4', '512', r'\((\sin 2^0\pi p, \cos 2^0\pi p, \dots, \sin 2^{L-1}\pi p, \cos 2^{L-1}\pi p)\)', r'\(10000^{2/d}\)', r'\([-1, 1]\)', r'\(\pi\)', r'\(p\)', 'falling', 'gen.formula.wavelengths.ratio', 'interleaved', 'rising']),
    cited('fourier-features',
        "Tancik et al. 2020, arXiv:2006.10739, sections 5-6 "
          "(Gaussian random Fourier features, gamma(v) = [cos 2 pi B v, sin 2 pi B v], and how the scale sigma of B "
          "trades underfitting against overfitting)", backs=['2020', r'\(B\)', r'\(B\)', r'\(\gamma(v) = [\cos 2\pi B v, \sin 2\pi B v]\)']),
    cited('all-three-keep',
        "the three sources above: guided-diffusion's timestep_embedding, NeRF Eq. 4, "
          "Tancik et al. 2020 sections 5-6: each a sine and a cosine per frequency, frequencies over several scales", backs=['all', 'cosine', 'sine']),
    prose('context-heading', "a heading"),
    computed('rope-wavelengths',
        same_wavelengths_function, backs=[r'\(i\)', r'\(m\theta_i\)', 'above', 'rotates', 'same']),
    computed('slow-pairs',
        context_numbers, backs=['10000', 'gen.beyond.context_extension.head_dim', 'gen.beyond.context_extension.pairs', 'gen.beyond.context_extension.slow_pairs', 'gen.beyond.context_extension.trained', 'not', 'within']),
    computed('unseen-angles', unseen_angles, backs=['gen.beyond.context_extension.scale', 'longer', 'never', 'times']),
    cited('position-interpolation',
        PI + ", section 2.2 (positions m become m L / L')", interpolation, backs=['2023', r'\(s\)', r'\(s\)', 'every', 'gen.beyond.context_extension.pi_shortest', 'grows']),
    cited('ntk-aware',
        "bloc97, 'NTK-Aware Scaled RoPE', r/LocalLLaMA, June 2023; " + YARN +
          ", section 3.1 (the base b' = b s^(|D|/(|D|-2)))", ntk, backs=['0', '2023', r'\(2\pi\)', r'\(b\, s^{d/(d-2)}\)', r'\(s\)', 'exactly', 'first', 'gen.beyond.context_extension.ntk_base', 'grows', 'last', 'rises', 'up']),
    cited('yarn-by-parts',
        YARN + ", section 3.2 ('NTK-by-parts', alpha = 1 and beta = 32 for LLaMA)",
          yarn_parts, backs=['2023', r'\(\alpha = 1\)', r'\(\beta = 32\)', r'\(s\)', 'less', 'more', 'times', 'within']),
    cited('yarn-counts',
        YARN + ", section 3.4 (sqrt(1/t) = 0.1 ln(s) + 1)", yarn_counts_and_attention, backs=[r'\((0.1 \ln s + 1)^2\)', r'\(0.1 \ln s + 1 =\)', 'gen.beyond.context_extension.yarn_attention', 'gen.beyond.context_extension.yarn_interpolated', 'gen.beyond.context_extension.yarn_kept']),
    computed('context-figure',
        figure_lines, backs=['each', 'gen.beyond.context_extension.extended', 'gen.beyond.context_extension.pairs', 'gen.beyond.context_extension.scale', 'gen.beyond.context_extension.trained']),
    computed('context-figure-curves',
        figure_curves, backs=['above', 'above', 'gen.beyond.context_extension.scale', 'gen.beyond.context_extension.scale']),
    cited('fine-tuning',
        PI + ", section 3 (fine-tuning; perplexity and passkey retrieval); " + YARN +
          ", section 4 (the same); bloc97's post (title: 'without any fine-tuning')", backs=['after', 'first', 'longer']),
    computed('only-wavelengths', only_wavelengths, backs=['only']),
    prose('no-encoding-heading', "a heading", unbacked=['no']),
    cited('causal-without-encoding',
        HAVIV + " (NoPos perplexities close to those of models with an encoding); the probe of "
          "docs/evidence/probes.md", no_pos_signal, backs=['any']),
    computed('causal-counts', causal_counts, backs=[r'\(t + 1\)', r'\(t\)', r'\(t\)', 'equivariant', 'exactly']),
    cited('haviv',
        HAVIV + " (Findings of EMNLP 2022): its perplexity comparison, its probes of "
          "absolute position, and its conjecture on the causal mask", backs=['2022', 'no']),
    measured('probe-agrees-with-haviv',
        lambda: passes(evidence_tests.test_a_causal_mask_alone_puts_a_coarse_position_in)()
             and passes(evidence_tests.test_no_mask_no_vectors_nothing_to_read)(),
             scope="In the two-layer models trained here on token 3 back", backs=['3', 'after', 'first', 'linear', 'more', 'no', 'no']),
    cited('kazemnejad',
        "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in "
          "Transformers, arXiv:2305.19466 (NeurIPS 2023): NoPE, absolute, T5's relative bias, ALiBi and rotary on "
          "reasoning and mathematical tasks; abstract: NoPE \"outperforms other explicit positional encoding methods\"", backs=['2023', 'longer', 'no', 'no']),
    prose('what-paper-reports-quoted-from', "an admonition title: it says the box quotes the paper, whose sentences are cited by their own entries", unbacked=['not']),
    prose('proof', 'an admonition title: it labels the folded proof, whose display and sentences have their own entries'),
    prose('timm-s-layout-reimplemented-from', 'an admonition title: it labels the folded code, whose docstrings have their own entries'),
    cited('r-m-diag-2x2-rotations', "Su et al. 2021, RoFormer (arXiv:2104.09864), eq. 15 (theta_i = 10000^(-2(i-1)/d), i from 1)", rope_matrix_as_documented, backs=['0', '15']),
    computed('attention-score-query-q-at', rope_scores_as_documented, backs=['both']),
    computed('same-score-when-sinusoidal-table', rope_scores_as_documented, backs=['same']),
    computed('prod-shape-dim-table-every', sincos_nd_as_documented, backs=['each', 'even', 'every', 'interleaved']),
    cited('behaves-like-timm-s-build', "huggingface/pytorch-image-models timm/layers/pos_embed_sincos.py, build_sincos2d_pos_embed (default arguments)", timm_layout_as_documented, backs=['1', '4', '4', '4', 'columns', 'cos', 'cos', 'sin', 'sin']),
    cited('chen-et-al-2023-positions', "Chen et al. 2023, Extending Context Window of Large Language Models via Positional Interpolation (arXiv:2306.15595)", interpolation_as_documented, backs=['2023', 'every', 'grows']),
    computed('ntk-aware-rule-new-base', ntk_as_documented, backs=['0', '2', 'exactly', 'grows', 'last', 'rising']),
    cited('yarn-s-ntk-by-parts', "Peng et al. 2023, YaRN: Efficient Context Window Extension of Large Language Models (arXiv:2309.00071), the NTK-by-parts interpolation", yarn_as_documented, backs=['2023', 'less', 'linearly', 'more', 'times', 'times', 'within']),
    computed('one-head-identity-projections-no', no_encoding_attention_as_documented, backs=['no']),
    computed('sincos-nd-n-d-table', sincos_nd_as_documented, backs=['1']),
    prose('three-methods-as-functions-loop', "an admonition title: it labels the folded library code and loop, whose docstrings and output have their own entries"),
    prose('position-interpolation-ntk-aware-scaling', "an admonition title: it names the three methods its sentences describe, each with its own entry"),
    prose('diffusion-timesteps-nerf-s-positional', "an admonition title: it names the three uses its sentences describe, each with its own entry"),
    computed('attention-head-one-head-no', no_encoding_attention_as_documented, backs=['no']),
    prose('how-page-checked', "an admonition title: it labels the folded block on how the page is checked"),
    computed('what-page-s-code-computes', checked_block_names, backs=['each']),
    computed('solves-every-whose-position-position',
        lambda: commutant_is_the_block_form() and checked_block_names(), backs=[r'\(W\)', r'\(n - m\)', 'depends', 'every', 'not', 'only']),
], typed={'512': 'the width the section names, a parameter of snippets/beyond/distinct_positions.py',
          '200': "the rotary reach Press et al. report (section 2.2), quoted from the paper, not the top figure's last position"})

test_claims_hold = LEDGER.test
