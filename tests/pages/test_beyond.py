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
from claimcheck import Ledger, cited, computed, formula, passes, prose, measured
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
         "Extrapolation, arXiv:2108.12409 (sections as listed in shared/research/content_anchors.md, section 5)")
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
    """evidence.md's extrapolation experiment tests tiny models on inputs longer than they were trained on."""
    config = data("extrapolation")["config"]
    return (max(config["lengths"]) > config["max_len"] and config["n_layers"] <= 2 and config["d_model"] <= 64
            and "{ #extrapolation }" in (DOCS / "evidence.md").read_text(encoding="utf-8"))


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
    return section("What was measured: ALiBi").split('!!! quote', 1)[1].split("\n\n", 1)[0]


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
    names = re.findall(r"`(test_\w+)`", next(s for s in _sentences() if s.startswith("That suffices")))
    return ok and names == ["test_pp_term_depends_on_the_offset_exactly_when_w_commutes_with_the_rotations"] and all(
        passes(getattr(bc, n))() for n in names)


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


def three_steps() -> bool:
    items = re.findall(r"^- \*\*([^*]+)\*\*", section("From the rotation to relative encodings"), flags=re.M)
    return items == ["Shaw, Uszkoreit and Vaswani", "Transformer-XL", "RoPE"] and passes(
        bc.test_rope_score_depends_only_on_the_offset, 8)()


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


def never_repeats() -> bool:
    return all(passes(bc.test_no_two_integer_positions_share_an_encoding, base, d)()
               for base in (10.0, 10000.0, 1e6) for d in (2, 3, 64))


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


def context_numbers() -> bool:
    return passes(bc.test_context_extension_wavelengths)()


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
    return bool((seen < 2 * math.pi).all() and (longer.max(0).values > seen + 0.1).all()) and all(changed)


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
            and "causal=False: permuting the input permutes the output: True" in printed
            and "causal=True : permuting the input permutes the output: False" in printed
            and all(abs(v - 1 / (t + 1)) < 1e-4 for t, v in enumerate(averages)) and len(averages) == 6)


def no_pos_signal() -> bool:
    return passes(evidence_tests.test_a_causal_mask_alone_puts_a_coarse_position_in)()


LEDGER = Ledger('beyond.md', [
    prose('title',
        'Beyond the paper', "the title"),
    cited('hope-and-hint',
        'The sinusoidal encoding came with a hope and a hint.',
          PAPER + ", section 3.5: the hypothesis that the sinusoids may let a model extrapolate (the hope) and that "
          "PE(pos + k) is a linear function of PE(pos) (the hint)"),
    cited('hope-longer-hint-shift',
        'The hope was about longer inputs; the hint was the shift matrix.', PAPER + ", section 3.5 (both sentences)"),
    cited('later-work',
        'Later work tested the hope, and found it mostly unmet, and turned the hint into the relative encodings most models use today.',
          ALIBI + " (the hope tested: sinusoids do not extrapolate far); " + ROFORMER + " (the rotation built in); "
          "rotary embeddings in LLaMA, Mistral, Qwen2 and Gemma (transformers' modeling files)", rotary_in_current_models),
    prose('hoped-heading',
        'What the paper hoped', "a heading"),
    cited('section-3-5',
        'Section 3.5 of [Attention Is All You Need](https://arxiv.org/abs/1706.03762) compares the sinusoids with learned position embeddings, reports "nearly identical results" (Table 3, row E), and keeps the sinusoids "because it may allow the model to extrapolate to sequence lengths longer than the ones encountered during training".', PAPER + ', section 3.5 (both quotes; "nearly identical results" points to Table 3 row (E))'),
    cited('may-no-experiment',
        '*May*: the paper runs no experiment on longer inputs ([evidence from trained models](evidence.md#extrapolation) runs one on tiny models here).',
          PAPER + ": its experiments (section 6, Tables 2-4) include none on inputs longer than the training "
          "ones; the experiment here is docs/evidence.md#extrapolation", evidence_runs_longer),
    computed('shift-argument',
        'The argument behind the hope is the shift property proven on [the linearity page](linearity.md#the-statement): every \\(\\mathrm{PE}(p + k)\\) is \\(M_k\\,\\mathrm{PE}(p)\\), and the table is defined for every position, so nothing stops a model from being fed positions far beyond its training length.', shift_far_beyond),
    cited('defined-not-understood',
        'Being *defined* is not being *understood*, though.',
          ALIBI + ", section 2 and Figure 1"),
    computed('never-seen',
        'Positions beyond the training length give vectors the network has never seen during training, and nothing forces the layers above to use the rotation structure the way the argument assumes.', never_seen_and_not_forced),
    prose('alibi-heading',
        'What was measured: ALiBi', "a heading"),
    cited('alibi-authors',
        'Ofir Press, Noah A. Smith and Mike Lewis measured it in [Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation](https://arxiv.org/abs/2108.12409) (ICLR 2022; [code](https://github.com/ofirpress/attention_with_linear_biases)).', ALIBI + "; code at github.com/ofirpress/attention_with_linear_biases"),
    cited('alibi-setup',
        'They train language models on WikiText-103 with a fixed training length \\(L\\) and evaluate them on longer inputs, for four position methods: sinusoidal, rotary, the T5 bias and their own ALiBi.', ALIBI + ", sections 2 and 2.1 (WikiText-103, training length L, the four methods)"),
    cited('alibi-figure-1',
        'Their Figure 1 plots validation perplexity against inference length for \\(L = 512\\) and \\(L = 1024\\).', ALIBI + ", Figure 1 (L = 512 left, L = 1024 right)"),
    cited('alibi-2-1',
        'Section 2.1: the sinusoidal model "cannot extrapolate to more than a few dozen tokens beyond \\(L\\)".', ALIBI + ", section 2.1 (the quote)"),
    cited('alibi-2-2-sinusoidal',
        'Section 2.2: for \\(L = 512\\), perplexity improves for up to about 20 extra tokens, stays steady up to about 50, then degrades; for \\(L = 1024\\) it improves up to \\(L + 50\\), then declines.', ALIBI + ", section 2.2, sinusoidal position embeddings"),
    cited('alibi-2-2-rotary-t5',
        'Rotary embeddings hold for about 200 extra tokens at \\(L = 512\\) and 100 at \\(L = 1024\\); the T5 bias for about 600 and 800, at a training cost of at least twice the time.', ALIBI + ", section 2.2, rotary and T5 bias (\"at least twice as slow\")"),
    cited('alibi-abstract',
        'Abstract: an ALiBi model with 1.3 billion parameters trained on length 1024 reaches, on length 2048, the perplexity of a sinusoidal model trained on 2048, while training 11% faster and using 11% less memory.', ALIBI + ", abstract"),
    cited('alibi-appendix',
        "The exact perplexities are in the paper's appendix tables; we do not copy them here.", ALIBI + ", appendix Tables 2-4", no_perplexities_copied),
    cited('function-not-predictor',
        'So the sinusoidal table extrapolates as a *function*, and a trained model using it does not extrapolate as a *predictor*.',
          ALIBI + ", section 2; the table itself is a function of any real position (reference.encode_positions)",
          function_not_predictor),
    cited('alibi-bias',
        'ALiBi drops position vectors altogether and subtracts from each attention score a penalty proportional to the distance between query and key.',
          ALIBI + ", section 3: softmax(q_i K^T + m . [-(i - 1), ..., -2, -1, 0]), no position embeddings; our "
          "ALiBi (pelib.training) is tested the same way", passes(evidence_tests.test_alibi_cannot_prefer_a_farther_key_by_position)),
    prose('linearity-heading',
        'Why linearity did not buy extrapolation', "a heading"),
    cited('never-alone',
        'The model never sees \\(\\mathrm{PE}(p)\\) alone.', PAPER + ", section 3.5: the encodings are added to the input embeddings (figure 1)"),
    cited('adds-then-compares',
        'It adds the table to the token embeddings, and attention scores compare projected sums:', PAPER + ", sections 3.5 (added) and 3.2.1 (scores of projected queries and keys); "
          "the display below is checked", score_expansion),
    formula('score-expansion',
        '\\[ s(m, n) = (x_m + p_m)^{\\top} W (x_n + p_n) = x_m^{\\top} W x_n + x_m^{\\top} W p_n + p_m^{\\top} W x_n + p_m^{\\top} W p_n , \\qquad W = W_Q^{\\top} W_K . \\]', score_expansion),
    computed('pp-term-exactly-when',
        'Only the last term is built from two encodings, and even it depends on \\(n - m\\) alone exactly when \\(W\\) commutes with the block rotations, that is when \\(W\\) is block-diagonal with 2×2 blocks of the form \\(\\begin{pmatrix} a & b \\\\ -b & a \\end{pmatrix}\\).', commutant_is_the_block_form),
    computed('suffices-and-necessary',
        'That suffices because \\(p_m = M_m p_0\\) (the [shift matrix](linearity.md#the-statement)), so \\(p_m^{\\top} W p_n = p_0^{\\top} W M_{n-m}\\, p_0\\); it is also necessary, because the pairs turn at distinct frequencies (`test_pp_term_depends_on_the_offset_exactly_when_w_commutes_with_the_rotations` finds no other \\(W\\)).', suffices_and_named_test),
    computed('general-w',
        'A general learned \\(W\\) has no such form, and the term depends on \\(m\\) and \\(n\\) separately.', general_w_is_absolute),
    computed('cross-terms',
        'The two cross terms mix a token with an absolute position.', cross_terms_absolute),
    computed('available-not-imposed',
        'The relative structure is available to the model, not imposed on it.', lambda: commutant_is_the_block_form() and general_w_is_absolute()),
    computed('demo-announced',
        'The demonstration below shows the score of one query and key, at positions with the same offset, changing with the absolute position.', passes(bc.test_page_output_shows_equal_scores_for_equal_offsets)),
    prose('relative-heading',
        'From the rotation to relative encodings', "a heading"),
    computed('three-steps',
        'Three steps turned the hint into designs that depend on the offset by construction:', three_steps),
    cited('shaw',
        '**Shaw, Uszkoreit and Vaswani**, [Self-Attention with Relative Position Representations](https://arxiv.org/abs/1803.02155) (NAACL 2018), drop absolute positions and add learned vectors, one per clipped offset \\(n - m\\), inside attention, to the keys (and values).', "Shaw, Uszkoreit and Vaswani 2018, arXiv:1803.02155, section 3 (a^K_ij, a^V_ij = "
          "w_clip(j - i, k)) and section 4 (relative representations replace the absolute sinusoids)"),
    cited('transformer-xl',
        "**Transformer-XL** (Dai et al., [ACL 2019](https://arxiv.org/abs/1901.02860)) expands the score into the four terms above, replaces the key's absolute encoding by a sinusoidal encoding of the offset \\(m - n\\), and replaces the query's position terms by two learned vectors.", "Dai et al. 2019, Transformer-XL, arXiv:1901.02860, section 3.3: A^rel_ij with "
          "R_(i-j) for the key's position and the learned u, v for the query's"),
    cited('rope-eq-15',
        "**RoPE** (Su et al., [RoFormer](https://arxiv.org/abs/2104.09864), 2021) keeps the sinusoid frequencies but *multiplies* instead of adding: it rotates the query at position \\(m\\) by \\(R_m\\) and the key at position \\(n\\) by \\(R_n\\), block-diagonal rotations with angles \\(m\\theta_i\\) (its Eq. 15, with \\(\\theta_i = 10000^{-2(i-1)/d}\\), \\(i = 1, \\dots, d/2\\): the paper's \\(\\omega_{i-1}\\)).", ROFORMER + ", section 3.2.2, Eqs. 14-15", rope_is_eq_15),
    computed('rope-offset-alone',
        "RoPE's score then depends on the offset alone:", passes(bc.test_rope_score_depends_only_on_the_offset, 8)),
    formula('rope-display',
        '\\[ (R_m q)^{\\top}(R_n k) = q^{\\top} R_m^{\\top} R_n\\, k = q^{\\top} R_{n-m}\\, k , \\]', rope_display),
    cited('eq-16-group-law',
        "which is RoFormer's Eq. 16. The step \\(R_m^{\\top} R_n = R_{-m} R_n = R_{n-m}\\) is exactly the group law of [the shift matrices](linearity.md#shifts-compose-a-representation-of-the-shift-group): transpose is the shift back, and shifts add.", ROFORMER + ", Eq. 16; the group law of docs/linearity.md", group_law),
    computed('closer-than-analogy',
        'The tie is closer than an analogy.', shift_is_rope_backwards),
    computed('m-k-is-r-minus-k',
        "With the same frequencies, the sinusoidal shift matrix *is* RoPE's rotation, run backwards: \\(M_k = R_{-k}\\), because the paper stores each pair as \\((\\sin, \\cos)\\) and RoPE rotates \\((x_1, x_2)\\) counter-clockwise ([which way it turns](linearity.md#which-way-it-turns)).", shift_is_rope_backwards),
    prose('demo-heading',
        'A small demonstration', "a heading"),
    computed('demo-setup',
        'A random query and key (`d_model = 8`), placed at pairs of positions.', demo_setup),
    computed('demo-rope',
        'With RoPE the score depends on \\(m - n\\) only, and it distinguishes \\(-3\\) from \\(+3\\).', demo_rope_scores),
    computed('demo-added',
        'With the table added to the inputs and a random projection \\(W\\), the same offset gives a different score at every absolute position:', passes(bc.test_page_output_shows_equal_scores_for_equal_offsets)),
    cited('rope-not-extrapolation',
        "RoPE does not settle extrapolation either: ALiBi's measurements above give rotary embeddings a longer but still short reach beyond \\(L\\).", ALIBI + ", section 2.2 (rotary about 200 and 100 tokens beyond L, the "
          "sinusoids about 50)", rotary_reach_short),
    computed('what-rope-settles',
        'What it settles is the property the paper hoped attention would learn: that a score depends on how far apart two tokens are, not where they are.', passes(bc.test_rope_score_depends_only_on_the_offset, 64)),
    prose('see-beyond-indices-grids',
        "Which widths really work, and how to change the grid's resolution, are on [beyond token indices](beyond-indices.md#2-d-grids-whose-width-is-not-a-multiple-of-4).",
        "a link to the page that answers it"),
    prose('see-beyond-indices-timesteps',
        "How much of the table a timestep in \\([0, 1]\\) actually uses, and how practice rescales it, is on [beyond token indices](beyond-indices.md#timesteps-between-0-and-1).",
        "a link to the page that answers it"),
    prose('distinct-heading',
        'No two positions share an encoding', "a heading"),
    computed('never-repeats',
        "The table never repeats a row, so every position's encoding is unique: for integers \\(p \\ne q\\), \\(\\mathrm{PE}(p) \\ne \\mathrm{PE}(q)\\), at every width from 2 up and every base.", never_repeats),
    computed('pair-0-omega-1',
        'The proof needs only pair 0, whose frequency is \\(\\omega_0 = b^{0} = 1\\) whatever the base \\(b\\) ([the formula](formula.md#the-formula)):', pair_zero_frequency_one),
    prose('suppose',
        'Suppose \\(\\mathrm{PE}(p) = \\mathrm{PE}(q)\\).', "the proof's supposition, from which the next sentences argue"),
    computed('columns-0-1',
        'Columns 0 and 1 give \\(\\sin p = \\sin q\\) and \\(\\cos p = \\cos q\\): the angles \\(p\\) and \\(q\\) are the same point of the unit circle, so \\(p - q = 2\\pi n\\) for some integer \\(n\\).', columns_0_and_1),
    cited('lambert',
        'If \\(n \\ne 0\\), then \\(\\pi = (p - q)/(2n)\\) would be a ratio of integers, and \\(\\pi\\) is irrational (Lambert, 1761).', "Lambert's proof that pi is irrational, read to the Berlin Academy in 1761 "
          "(printed 1768); sympy's pi.is_irrational", pi_step),
    computed('so-p-equals-q',
        'So \\(n = 0\\) and \\(p = q\\).', never_repeats),
    prose('qed',
        '\\(\\blacksquare\\)', "the end-of-proof mark"),
    computed('comes-back-close',
        'The proof says *never equal*, not *far apart*: because \\(\\pi\\) is irrational, the multiples of 1 wrap around the circle densely, and pair 0 alone comes back arbitrarily close to where it started.', comes_back_closer),
    computed('closest-at-710',
        'Among the first {{ gen.beyond.distinct_positions.n }} positions, its two columns are closest at offset {{ gen.beyond.distinct_positions.pair0_offset }}, which is {{ gen.beyond.distinct_positions.pair0_turns }} turns (\\(355/113\\) is the famous approximation of \\(\\pi\\)), where they differ by only {{ gen.beyond.distinct_positions.pair0_distance }}.', first_n_positions),
    computed('neighbours-closest',
        'The other pairs keep the whole vectors apart: for `d_model = {{ gen.beyond.distinct_positions.d_model }}` the closest two encodings in that range are neighbours, offset {{ gen.beyond.distinct_positions.full_offset }}, at distance {{ gen.beyond.distinct_positions.full_distance }} (the distance depends only on the offset, as [the base page](base.md) computes it).', neighbours_closest),
    computed('figure-range',
        '![Distance between the encodings of two positions against their offset k, up to {{ gen.beyond.distinct_positions.shown }}, log scale.', figure_range),
    computed('figure-dips',
        'Pair 0 alone (dots) dips towards zero near multiples of 2π, deepest at k = {{ gen.beyond.distinct_positions.pair0_offset }}; the whole encoding (line) never falls below {{ gen.beyond.distinct_positions.full_distance }}, its value at k = {{ gen.beyond.distinct_positions.full_offset }}](generated/beyond/distinct_positions.svg)', figure_dips),
    computed('float32-coincide',
        'In float32 the story is different: rows *can* coincide once positions are large enough that the angles round to the same numbers ([Precision](precision.md)).', float32_rows_coincide),
    prose('grids-heading',
        '2-D and n-D grids', "a heading"),
    cited('vision-grids',
        'Vision models encode a grid of image patches or feature-map cells rather than a sequence.', "Dosovitskiy et al. 2021, ViT, arXiv:2010.11929, section 3.1 (a sequence of "
          "flattened patches); Carion et al. 2020, DETR, arXiv:2005.12872, section 3.2 (positional encodings of the "
          "backbone's feature map, detailed in appendix A.4)"),
    cited('vit-mae-detr-timm',
        "The original ViT learns its position embeddings; MAE and DETR, among others, use fixed 2-D sinusoidal ones, which split the width across the axes: half the columns encode the patch's row, half its column, each half a 1-D sinusoidal table of its coordinate.",
        "MAE (He et al. 2022) and DETR (Carion et al. 2020), section A.4; timm and shared/research/variants.md; snippets/pelib/sincos_nd.py builds such a table"),
    cited('detr-normalised-timm',
        "In MAE that coordinate is the patch's integer index; DETR's `PositionEmbeddingSine` with `normalize=True` counts rows and columns from 1 and rescales them to (0, 2π] before taking sines, so its table is one of normalised coordinates, not of indices. timm's `build_sincos2d_pos_embed` ([`timm/layers/pos_embed_sincos.py`](https://github.com/huggingface/pytorch-image-models/blob/0647e283021a2a7b0c7dc989d10564aa55bbf5e7/timm/layers/pos_embed_sincos.py)) does exactly that with `dim // 4` frequencies per axis, `1 / temperature ** (j / (dim / 4))`, which are the paper's frequencies for a 1-D table of width `dim / 2`, laid out as `[sin h | sin w | cos h | cos w]`.",
          "ViT (arXiv:2010.11929) section 3.1: learnable 1-D position embeddings; facebookresearch/mae "
          "util/pos_embed.py @ a9f5c70165c6ec81ce4036d9c2296ab70b7042f9, get_2d_sincos_pos_embed_from_grid "
          "(embed_dim // 2 per axis, each a [sin | cos] 1-D table, of np.arange grid indices); facebookresearch/detr "
          "models/position_encoding.py PositionEmbeddingSine (num_pos_feats per axis; y_embed = not_mask.cumsum(1), "
          "from 1; normalize: y_embed / (y_embed[:, -1:, :] + eps) * scale, scale = 2 * math.pi); " + TIMM +
          ", build_sincos2d_pos_embed, transcribed in snippets/beyond/sincos_2d.py", timm_frequencies_and_layout),
    computed('timm-reordered',
        "timm's table is ours with its columns reordered.", passes(bc.test_timm_layout_is_ours_reordered_and_widths)),
    computed('row-plus-column',
        'Because each block is a 1-D table, the dot product of two encodings is the sum of a row term and a column term: it depends only on the offset \\((\\Delta r, \\Delta c)\\) between the patches, and the similarity map of one patch is the same picture moved to wherever the patch is:', shifted_picture),
    computed('similarity-figure',
        "![Two 14 by 14 maps of cosine similarity between one patch's 2-D encoding and every other patch's, for the centre patch (7, 7) and the corner patch (0, 0): a bright cross-shaped peak at the chosen patch, the same shape in both, shifted](generated/beyond/sincos_2d.svg)", similarity_maps),
    cited('even-share-per-axis',
        'The width must split into an even share per axis: for a 2-D grid a multiple of 4, for 3-D a multiple of 6. timm asserts it; our `sincos_nd` raises a `ValueError` that names the width.', TIMM + ": assert dim % 4 == 0 (transcribed in snippets/beyond/sincos_2d.py)",
          shares_per_axis),
    prose('timesteps-heading',
        'Timesteps and Fourier features', "a heading"),
    computed('same-functions',
        'The same functions encode numbers that are not token positions:', timestep_uses_the_same_functions),
    cited('ddpm',
        "**Diffusion timesteps.** DDPM's code embeds the noise level \\(t\\) with `get_timestep_embedding` ([`diffusion_tf/nn.py`](https://github.com/hojonathanho/diffusion/blob/c46129977747dad96f91709bcb3f0f7480686004/diffusion_tf/nn.py)): tensor2tensor's frequencies in `[sin | cos]` order.", "hojonathanho/diffusion diffusion_tf/nn.py @ c46129977747dad96f91709bcb3f0f7480686004, "
          "get_timestep_embedding (log(10000) / (half_dim - 1), concat([sin, cos])); diffusers' default "
          "(flip_sin_to_cos=False, downscale_freq_shift=1) computes the same", ddpm_is_diffusers_default),
    cited('guided-diffusion',
        "In guided-diffusion, `timestep_embedding` takes a \\(t\\) that may be fractional and uses the paper's frequencies in `[cos | sin]` order ([guided-diffusion](variants/more-libraries.md#guided-diffusion)).", "openai/guided-diffusion guided_diffusion/nn.py, timestep_embedding (docstring: "
          "'These may be fractional'), as on docs/variants/more-libraries.md#guided-diffusion", guided_fractional),
    cited('diffusers-switches',
        "The `get_timestep_embedding` of diffusers has two switches that cover both traditions: `flip_sin_to_cos` picks the order and `downscale_freq_shift` the frequencies, 0 for the paper's and 1 for tensor2tensor's ([diffusers](variants/libraries.md#flipped-cos-sin-diffusers)).", DIFFUSERS, diffusers_switches),
    cited('nerf',
        "**NeRF's positional encoding** (Mildenhall et al., [NeRF](https://arxiv.org/abs/2003.08934), 2020, Eq. 4) maps a coordinate \\(p\\) to \\((\\sin 2^0\\pi p, \\cos 2^0\\pi p, \\dots, \\sin 2^{L-1}\\pi p, \\cos 2^{L-1}\\pi p)\\): the interleaved layout with frequencies in a geometric progression, as in the paper, but *rising* from \\(\\pi\\) by a factor of 2 per pair instead of falling from 1 by a factor of \\(10000^{2/d}\\) ({{ gen.formula.wavelengths.ratio }} at `d_model = 512`), because its coordinates lie in \\([-1, 1]\\) and fine detail needs high frequencies.", "Mildenhall et al. 2020, NeRF, arXiv:2003.08934, Eq. 4 and section 5.1 (coordinates "
          "normalised to [-1, 1])", nerf_frequencies),
    cited('fourier-features',
        '**Random Fourier features** (Tancik et al., [Fourier Features Let Networks Learn High Frequency Functions in Low Dimensional Domains](https://arxiv.org/abs/2006.10739), 2020) draw the frequencies at random, \\(\\gamma(v) = [\\cos 2\\pi B v, \\sin 2\\pi B v]\\) with a Gaussian matrix \\(B\\), and show that the spread of \\(B\\) sets which details a network can fit.', "Tancik et al. 2020, arXiv:2006.10739, sections 5-6 "
          "(Gaussian random Fourier features, gamma(v) = [cos 2 pi B v, sin 2 pi B v], and how the scale sigma of B "
          "trades underfitting against overfitting)"),
    cited('all-three-keep',
        "All three keep the two ideas of the paper's formula, a sine and a cosine per frequency and frequencies over several scales, and change what is encoded and which scales.", "the three sources above: guided-diffusion's timestep_embedding, NeRF Eq. 4, "
          "Tancik et al. 2020 sections 5-6: each a sine and a cosine per frequency, frequencies over several scales"),
    prose('context-heading',
        'The base in RoPE, and stretching the context', "a heading"),
    computed('rope-wavelengths',
        "RoPE ([above](#from-the-rotation-to-relative-encodings)) rotates pair \\(i\\) of queries and keys by \\(m\\theta_i\\) with the paper's frequencies, so its wavelengths are the [wavelengths of the table](formula.md#wavelengths), computed here by the same `wavelengths` function.", same_wavelengths_function),
    computed('slow-pairs',
        'With `head_dim = {{ gen.beyond.context_extension.head_dim }}` and base 10000, {{ gen.beyond.context_extension.slow_pairs }} of the {{ gen.beyond.context_extension.pairs }} pairs do not complete one turn within {{ gen.beyond.context_extension.trained }} positions.', context_numbers),
    computed('unseen-angles',
        'Those pairs never saw the angles that longer inputs produce, and three methods stretch a trained model to {{ gen.beyond.context_extension.scale }} times its length by changing the wavelengths:', unseen_angles),
    cited('position-interpolation',
        '**Position interpolation** (Chen et al., [Extending Context Window of Large Language Models via Positional Interpolation](https://arxiv.org/abs/2306.15595), 2023) divides positions by the factor \\(s\\): every wavelength grows by \\(s\\), the shortest too (to {{ gen.beyond.context_extension.pi_shortest }} positions), so neighbouring tokens become harder to tell apart.', PI + ", section 2.2 (positions m become m L / L')", interpolation),
    cited('ntk-aware',
        '**"NTK-aware" scaling** (first posted on Reddit in 2023, written up in the YaRN paper) raises the base to \\(b\\, s^{d/(d-2)}\\) ({{ gen.beyond.context_extension.ntk_base }} here): pair 0 keeps its wavelength \\(2\\pi\\), the last pair\'s grows by exactly \\(s\\), and the factor rises geometrically in between.', "bloc97, 'NTK-Aware Scaled RoPE', r/LocalLLaMA, June 2023; " + YARN +
          ", section 3.1 (the base b' = b s^(|D|/(|D|-2)))", ntk),
    cited('yarn-by-parts',
        '**YaRN** (Peng et al., [YaRN: Efficient Context Window Extension of Large Language Models](https://arxiv.org/abs/2309.00071), 2023) decides pair by pair: a pair that turns more than \\(\\beta = 32\\) times within the trained length keeps its frequency, one that turns less than \\(\\alpha = 1\\) time is interpolated by \\(s\\), and the ones between are blended.', YARN + ", section 3.2 ('NTK-by-parts', alpha = 1 and beta = 32 for LLaMA)",
          yarn_parts),
    cited('yarn-counts',
        'Here it keeps {{ gen.beyond.context_extension.yarn_kept }} pairs as trained and interpolates {{ gen.beyond.context_extension.yarn_interpolated }}; it also scales the attention logits, by \\((0.1 \\ln s + 1)^2\\) with \\(0.1 \\ln s + 1 =\\) {{ gen.beyond.context_extension.yarn_attention }} here.', YARN + ", section 3.4 (sqrt(1/t) = 0.1 ln(s) + 1)", yarn_counts_and_attention),
    computed('context-figure',
        '![Wavelength of each of the {{ gen.beyond.context_extension.pairs }} rotary pairs, log scale, for RoPE as trained, position interpolation, NTK-aware scaling and YaRN with a {{ gen.beyond.context_extension.scale }}x stretch; horizontal lines at the trained length {{ gen.beyond.context_extension.trained }} and the extended length {{ gen.beyond.context_extension.extended }}.', figure_lines),
    computed('context-figure-curves',
        'Position interpolation lies {{ gen.beyond.context_extension.scale }}x above the trained line everywhere; NTK-aware starts on it and ends {{ gen.beyond.context_extension.scale }}x above; YaRN follows the trained line for the fast pairs and the interpolated one for the slow pairs](generated/beyond/context_extension.svg)', figure_curves),
    cited('fine-tuning',
        'Position interpolation and YaRN fine-tune the stretched model on longer texts, and their papers measure perplexity and passkey retrieval after it; "NTK-aware" scaling was first posted as working without fine-tuning.', PI + ", section 3 (fine-tuning; perplexity and passkey retrieval); " + YARN +
          ", section 4 (the same); bloc97's post (title: 'without any fine-tuning')"),
    computed('only-wavelengths',
        'This site measures only the wavelengths.', only_wavelengths),
    prose('no-encoding-heading',
        'Models with no explicit encoding', "a heading"),
    cited('causal-without-encoding',
        'A decoder with a causal mask can do without any position signal.', HAVIV + " (NoPos perplexities close to those of models with an encoding); the probe of "
          "docs/evidence.md#position-probe", no_pos_signal),
    computed('causal-counts',
        'Without a mask, attention is permutation equivariant ([why positions](why-positions.md)), but the mask breaks that symmetry: position \\(t\\) sees exactly \\(t + 1\\) tokens, and a head that attends evenly returns an average whose size reveals \\(t\\).', causal_counts),
    cited('haviv',
        'Haviv, Ram, Press, Izsak and Levy, [Transformer Language Models without Positional Encodings Still Learn Positional Information](https://arxiv.org/abs/2203.16634) (Findings of EMNLP 2022), train causal language models with no encoding ("NoPos"), report that they are competitive with models that have one, and find with probes that their hidden states carry absolute positions; they conjecture that the causal mask is the source.', HAVIV + " (Findings of EMNLP 2022): its perplexity comparison, its probes of "
          "absolute position, and its conjecture on the causal mask"),
    measured('probe-agrees-with-haviv',
        'In the two-layer models trained here on token 3 back, with a causal mask and no encoding, [linear probes read a coarse position after the first layer](evidence.md#position-probe), and without the mask no more than from random features.',
             lambda: passes(evidence_tests.test_a_causal_mask_alone_puts_a_coarse_position_in)()
             and passes(evidence_tests.test_no_mask_no_vectors_nothing_to_read)(),
             scope="In the two-layer models trained here on token 3 back"),
    cited('kazemnejad',
        'Kazemnejad et al., [The Impact of Positional Encoding on Length Generalization in Transformers](https://arxiv.org/abs/2305.19466) (NeurIPS 2023), compare decoder-only models with no encoding, absolute, T5-bias, ALiBi and rotary encodings on reasoning and arithmetic tasks, and report that no encoding generalises to longer inputs better than the explicit encodings there.', "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in "
          "Transformers, arXiv:2305.19466 (NeurIPS 2023): NoPE, absolute, T5's relative bias, ALiBi and rotary on "
          "reasoning and arithmetic tasks; abstract: NoPE \"outperforms other explicit positional encoding methods\""),
], typed={'512': 'the width the section names, a parameter of snippets/beyond/distinct_positions.py'})

test_claims_hold = LEDGER.test
