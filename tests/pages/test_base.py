"""The claims of docs/base.md, each with what makes it true (see tests/claimcheck.py)."""

import functools
import importlib
import inspect
import math
import re

import base.comparison as bc
import torch
from claim_words import Compare, Count, Number, Trend
from claimcheck import Ledger, cited, computed, passes, prose
from formula import wavelengths
from support import ROOT, number, values

from pages import test_base_code as te  # its tests are reused as checks (imported as a module: not collected twice)

PAGE = "base.md"
PAPER = "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762)"
D, WINDOW = 512, 4096


def ok(test, *args) -> bool:
    return passes(test, *args)()


@functools.cache  # the measures are deterministic, and a flipped word re-runs the checks that read them
def _results() -> tuple:
    return tuple((b, bc.measure(D, b, WINDOW)) for b in bc.BASES)


def results() -> dict:
    return {b: dict(r) for b, r in _results()}


def snippet() -> str:
    return (ROOT / "snippets" / "base/comparison.py").read_text(encoding="utf-8")


def measured_at_512_over_4096() -> bool:
    return "d_model, window = 512, 4096" in snippet() and len(bc.BASES) == 6


def one_free_constant() -> bool:
    """Every written form of the frequency takes one constant besides the width: the base."""
    from formula import forms as formula_forms
    forms = (formula_forms.omega_paper, formula_forms.omega_negative_power, formula_forms.omega_exp_log,
             wavelengths.wavelengths)
    return all(list(inspect.signature(f).parameters) == ["d_model", "base"] for f in forms)


def wavelengths_from_2pi_for_every_base() -> bool:
    for base in (10.0, 100.0, 1e4, 1e6, 3.0):
        omega = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        lam = wavelengths.wavelengths(D, base)
        if not (torch.allclose(lam, 2 * math.pi / omega, rtol=1e-12) and lam[0].item() == 2 * math.pi
                and math.isclose(lam[-1].item(), 2 * math.pi * base ** ((D - 2) / D), rel_tol=1e-12)
                and torch.allclose(lam[1:] / lam[:-1], (lam[1] / lam[0]).expand(lam.numel() - 1), rtol=1e-12)):
            return False
    return True


def base_shares_fast_and_slow() -> bool:
    r = results()
    bases = sorted(r)
    slowest = [b ** (-(D - 2) / D) for b in bases]
    fast = [r[b]["wrapping"] for b in bases]
    slow_pairs_do_not_wrap = True
    for b in bases:
        omega = b ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        slow = omega[2 * math.pi / omega >= WINDOW]
        slow_pairs_do_not_wrap &= bool((slow * (WINDOW - 1) < 2 * math.pi).all())  # one angle per position
    return (all(a > b for a, b in zip(slowest, slowest[1:])) and all(a >= b for a, b in zip(fast, fast[1:]))
            and all(r[a]["neighbour"] > r[b]["neighbour"] for a, b in zip(bases, bases[1:])) and slow_pairs_do_not_wrap)


def left_panel() -> bool:
    k = torch.arange(0, WINDOW)
    small, large = bc.similarity_by_offset(k, D, 10.0), bc.similarity_by_offset(k, D, 1e6)
    return bool(small[100].abs() < 0.1 and abs(small[7:].mean()) < 0.01 and large[100] > 0.5
                and large[WINDOW // 2 :].mean() > 0.3)


def right_panel() -> bool:
    source = snippet()
    return "wave_ax.semilogy" in source and 'wave_ax.axhline(window, color="black", ls="--"' in source


def closest_are_neighbours() -> bool:
    r = results()
    far = [bc.distance_by_offset(torch.arange(2, WINDOW), D, b).min().item() for b in bc.BASES]
    return all(r[b]["closest_offset"] == 1 for b in bc.BASES) and min(far) > 1.0 and D // 2 == 256


def closest_measured():
    """"For every base the closest two positions in the window are neighbours (offset 1) ... because 256 frequencies
    never line up at once": the bases whose closest distinct positions are neighbours, the offset, the frequencies."""
    if not closest_are_neighbours():
        return False
    r = results()
    neighbours = sum(r[b]["closest_offset"] == 1 for b in bc.BASES)
    offsets = {r[b]["closest_offset"] for b in bc.BASES}
    return [Count(neighbours, len(bc.BASES), at=0), Count(neighbours, len(bc.BASES), at=1),
            Number(offsets.pop() if len(offsets) == 1 else -1, at=1), Number(D // 2, at=2)]


def small_base_wraps_everything() -> bool:
    r, q = results(), values("base/comparison")
    sim = bc.similarity_by_offset(torch.arange(0, WINDOW), D, 10.0)
    return (r[10.0]["wrapping"] == 256 and int(q["first_min_10"]) == r[10.0]["first_min"]
            and abs(sim[r[10.0]["first_min"] + 1 :].mean().item()) < 0.01  # noise around zero beyond
            and q["far_10"] == f"{r[10.0]['far_similarity']:.3f}"
            and math.isclose(r[10.0]["far_similarity"], sim[2048:4096].max().item()))


def small_base_measured():
    """"At base 10 all 256 pairs repeat within the window, and the similarity ... falls only until offset 6; beyond
    that it is noise around zero (at most 0.084 at offsets 2,048 to 4,095)": the smallest base, its pairs that
    repeat, the similarity up to its first minimum, and the offsets of the far range measured."""
    if not small_base_wraps_everything():
        return False
    r, q = results(), values("base/comparison")
    base = min(bc.BASES)
    sim = bc.similarity_by_offset(torch.arange(0, WINDOW), D, base)
    first = r[base]["first_min"]
    return [Number(base, at=0), Count(r[base]["wrapping"], D // 2, at=0), Number(D // 2, at=1),
            Trend(tuple(sim[: first + 1].tolist())), Compare(r[base]["far_similarity"], number(q["far_10"]) + 0.0005),
            Number(WINDOW // 2, at=4), Number(WINDOW - 1, at=5)]


def ten_thousand_measured():
    """"10000 sits between. 181 pairs turn at least once within 4,096 positions": the base in the middle, the fewest
    turns of the pairs counted as turning, and the window."""
    if not ten_thousand_between():
        return False
    omega = 1e4 ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
    turns = omega * WINDOW / (2 * math.pi)
    turning = turns[turns >= 1].sort(descending=True).values[: results()[1e4]["wrapping"]]
    return [Number(sorted(bc.BASES)[len(bc.BASES) // 2], at=0), Number(turning.min().item(), at=1),
            Number(WINDOW, at=2)]


def large_base_freezes() -> bool:
    r = results()
    omega = 1e6 ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
    frozen = omega[2 * math.pi / omega >= WINDOW]
    sentence = 50
    change = 2 * torch.sin(frozen * sentence / 2)  # how far a frozen pair's point moves over a sentence
    return D // 2 - r[1e6]["wrapping"] > D // 4 and frozen.numel() == D // 2 - r[1e6]["wrapping"] and bool(
        change.max() < 0.1)


def six_bases_measured():
    """"For d = 512, a window of 4,096 positions, and six bases": the window and the bases the snippet measures."""
    return measured_at_512_over_4096() and [Number(WINDOW, at=0), Number(len(bc.BASES), at=1)]


def frozen_share(base: float) -> float:
    """The share of the pairs that do not complete a turn within the window at this base."""
    return (D // 2 - results()[base]["wrapping"]) / (D // 2)


def large_base_measured():
    """"At base 1,000,000 more than half the pairs never complete a turn in the window": the largest base measured
    and the share of its pairs without a turn."""
    return large_base_freezes() and [Number(max(bc.BASES), at=0), Number(frozen_share(max(bc.BASES)), at=1)]


def in_short_measured():
    """"at base 10 every pair repeats within 4,096 positions, at base 1,000,000 more than half never complete a
    turn": the pairs of base 10 that repeat in the window, the window, and base 1,000,000's share without a turn."""
    if not in_short():
        return False
    r = results()
    return [Count(r[min(bc.BASES)]["wrapping"], D // 2, at=0), Number(min(bc.BASES), at=1), Number(WINDOW, at=2),
            Number(max(bc.BASES), at=3), Number(frozen_share(max(bc.BASES)), at=4)]


def neighbours_closer_measured():
    """"falls from 7.30 at base 10 to 3.06 ... far positions stay similar (up to 0.438)": the neighbour distance
    over the bases in increasing order, and base 1,000,000's far similarity against the quoted bound."""
    if not neighbours_closer_far_similar():
        return False
    r, q = results(), values("base/comparison")
    return [Trend(tuple(r[b]["neighbour"] for b in sorted(bc.BASES))), Number(min(bc.BASES), at=0),
            Compare(r[1e6]["far_similarity"], number(q["far_1000000"]) + 0.0005)]


def neighbours_closer_far_similar() -> bool:
    r, q = results(), values("base/comparison")
    return (q["neighbour_10"] == f"{r[10.0]['neighbour']:.2f}" and q["neighbour_1000000"] == f"{r[1e6]['neighbour']:.2f}"
            and q["far_1000000"] == f"{r[1e6]['far_similarity']:.3f}"
            and number(q["neighbour_10"]) > number(q["neighbour_1000000"]) and number(q["far_1000000"]) > number(q["far_10"]))


def ten_thousand_between() -> bool:
    r, q = results(), values("base/comparison")
    sim = bc.similarity_by_offset(torch.arange(0, WINDOW), D, 1e4)
    first = int(q["first_min_10000"])
    start, width = first + 1, 400
    means = [sim[a : a + width].mean().item() for a in range(start, WINDOW - width + 1, width)]
    return (int(q["wrapping_10000"]) == r[1e4]["wrapping"] and int(q["slow_10000"]) == D // 2 - r[1e4]["wrapping"]
            and first == r[1e4]["first_min"] and bool((sim[1 : first + 1] < sim[:first]).all())
            and sim[first + 1] > sim[first]
            and q["first_min_10000"] == values("properties/dot_product_vs_offset")["first_min"]
            and all(a > b for a, b in zip(means, means[1:])))  # the falling trend, window by window


def monotone_range_peaks_in_the_middle() -> bool:
    r = results()
    bases = sorted(r)
    first = [r[b]["first_min"] for b in bases]
    peak = max(first)
    middle = [b for b in bases if r[b]["first_min"] == peak]
    steps_with_plateaus = True
    for b in bases[-2:]:
        sim = bc.similarity_by_offset(torch.arange(0, r[b]["first_min"] + 1), D, b)
        drops = sim[:-1] - sim[1:]
        steps_with_plateaus &= int((drops < 0.1 * drops.max()).sum()) >= 2
    return (first != sorted(first) and bases[0] not in middle and bases[-1] not in middle
            and r[bases[-1]]["first_min"] < peak and steps_with_plateaus)


def middle_ground() -> bool:
    r = results()
    slow = (D // 2 - r[1e4]["wrapping"]) / (D // 2)
    return r[1e4]["wrapping"] > D // 4 and 0.2 < slow < 0.35 and ok(te.test_what_the_base_trades)


def the_test_note() -> bool:
    source = inspect.getsource(te.test_what_the_base_trades)
    return ("2 * math.pi * large ** (510 / 512)" in source and 'values("properties/dot_product_vs_offset")["first_min"]' in source
            and ok(te.test_what_the_base_trades))


def beyond_draws_the_extension_wavelengths() -> bool:
    """beyond.md's section draws the wavelengths each context-extension method gives; no job of the site measures a
    model's quality under those methods (no generated output names them outside that figure's job)."""
    beyond = (ROOT / "docs" / "beyond.md").read_text(encoding="utf-8")
    section = beyond.split("## The base in RoPE, and stretching the context")[1].split("\n## ")[0]
    generated = ROOT / "docs" / "generated"
    naming = {p.relative_to(generated).as_posix().split(".")[0].split("-")[0] for p in generated.rglob("*.*")
              if p.suffix in (".txt", ".json", ".md") and re.search(r"yarn|ntk|interpolation", p.read_text(encoding="utf-8"), re.I)}
    evidence = "".join(p.read_text(encoding="utf-8") for p in [ROOT / "docs" / "evidence.md",
                                                               *sorted((ROOT / "docs" / "evidence").glob("*.md"))])
    return ("![Wavelength of each" in section and "generated/beyond/context_extension.svg" in section
            and naming <= {"beyond/context_extension", "variants/table", "variants/catalogue"} and "YaRN" not in evidence)


def base_widget_freezes_more_pairs() -> bool:
    """The widget (pe-widgets.js, data-pe-widget="base") draws the sine columns of d_model = 64 for 128 positions
    with the base on a slider from 10 to 10^6; counted in float64 here, the pairs whose sine column changes by less
    than 0.1 over those positions never get fewer as the base grows, and are many more at the top of the slider."""
    page = (ROOT / "docs" / "base.md").read_text(encoding="utf-8")
    script = (ROOT / "docs" / "javascripts" / "pe-widgets.js").read_text(encoding="utf-8")
    from reference import positional_encoding

    frozen = []
    for exponent in [1 + 0.25 * j for j in range(21)]:
        sines = positional_encoding(128, 64, base=10.0**exponent, dtype=torch.float64)[:, 0::2]
        frozen.append(int(((sines.amax(0) - sines.amin(0)) < 0.1).sum()))
    return (all(a <= b for a, b in zip(frozen, frozen[1:])) and frozen[-1] >= frozen[0] + 10
            and 'data-pe-widget="base"' in page and 'min="1" max="6"' in page
            and "var slider = $(\"pe-w-base\"), svg = $(\"pe-w-heat\"), d = 64, n = 128" in script
            and "PE.colour(row[2 * i])" in script)


def in_short() -> bool:
    """The page's summary: pair 0 turns at 2 pi for every base and the base sets the longest wavelength; base 10 wraps
    all 256 pairs within the window, base 1,000,000 leaves more than half without a turn; 10000 is between."""
    r = results()
    return (wavelengths_from_2pi_for_every_base() and small_base_wraps_everything() and large_base_freezes()
            and r[10.0]["wrapping"] == D // 2 and D // 2 - r[1e6]["wrapping"] > D // 4
            and r[10.0]["wrapping"] > r[1e4]["wrapping"] > r[1e6]["wrapping"] and middle_ground())
# --- the docstrings the page shows with the measures (reviewed after the migration) -------------------------------


def falls_until_as_documented() -> bool:
    falling = torch.tensor([5.0, 4.0, 3.0, 2.0])
    dip = torch.tensor([5.0, 4.0, 3.0, 3.5, 1.0])
    return bc.falls_until(falling, 4) == 4 and bc.falls_until(dip, 5) == 2


def measure_keys() -> bool:
    m = bc.measure(64, 10000.0, 100)
    return isinstance(m, dict) and len(m) >= 4 and all(isinstance(v, (int, float)) for v in m.values())


def slowest_frequency(table_row_1: torch.Tensor) -> float:
    """The slowest angular frequency of a table, read from its row for position 1 (sin(w) of each sine column)."""
    return float(torch.asin(table_row_1.double()).min())


def tensor2tensor_longest_is_2pi_10000() -> bool:
    """tensor2tensor's frequencies, spaced over h - 1 steps, end exactly at 1/max_timescale (in exact arithmetic; our
    float32 transcription to float32 rounding): its longest timescale is 10000, its longest wavelength 2 pi 10000."""
    from pelib.variants import tensor2tensor as t2t

    if inspect.signature(t2t.timing_signal_1d).parameters["max_timescale"].default != 1.0e4:
        return False
    for d in (8, 64, 512):
        half = d // 2
        step = math.log(1.0e4) / (half - 1)
        slowest = slowest_frequency(t2t.build(2, d)[1, :half])  # [sin | cos]: the first half are the sines
        if not (math.isclose(step * (half - 1), math.log(1.0e4), rel_tol=1e-15)
                and math.isclose(slowest, 1e-4, rel_tol=1e-5)
                and math.isclose(2 * math.pi / slowest, 2 * math.pi * 1e4, rel_tol=1e-5)):
            return False
    return True


def keras_longest_is_below_its_name() -> bool:
    """KerasNLP's SinePositionEncoding (our transcription, in float64) uses the paper's exponents: its slowest pair's
    wavelength is 2 pi 10000^((d-2)/d), below 2 pi 10000, and neither it nor the timescale is max_wavelength."""
    from pelib.variants import keras_hub

    if inspect.signature(keras_hub.SinePositionEncoding).parameters["max_wavelength"].default != 10000:
        return False
    for d in (8, 64, 512):
        longest = 2 * math.pi / slowest_frequency(keras_hub.build(2, d, torch.float64)[1, 0::2])
        expected = 2 * math.pi * 10000 ** ((d - 2) / d)
        if not (math.isclose(longest, expected, rel_tol=1e-9) and longest < 2 * math.pi * 1e4
                and not math.isclose(longest, 1e4, rel_tol=1e-3) and not math.isclose(longest / (2 * math.pi), 1e4, rel_tol=1e-3)):
            return False
    return True


# --- more checks that return what they measured (tests/claim_words.py) ----------------------------------------------


def window_measured():
    """"measured for d = 512 over a window of 4,096 positions": the window the comparison's snippet sets."""
    if not measured_at_512_over_4096():
        return False
    return Number(int(re.search(r"d_model, window = \d+, (\d+)", snippet()).group(1)), at=0)


def first_wavelength_measured():
    """"from 2π (pair 0, the same for every base)": the pair whose wavelength is 2π, the first wavelengths at two
    bases, and the bases whose first wavelength is 2π."""
    if not wavelengths_from_2pi_for_every_base():
        return False
    bases = (10.0, 100.0, 1e4, 1e6, 3.0)
    first = [wavelengths.wavelengths(D, b)[0].item() for b in bases]
    pair = next(i for i, lam in enumerate(wavelengths.wavelengths(D, 1e4).tolist()) if lam == 2 * math.pi)
    return [Number(pair), Compare(first[0], first[-1]), Count(sum(f == 2 * math.pi for f in first), len(bases))]


def keras_below_measured():
    """"its slowest pair's wavelength is 2π · 10000^((d-2)/d), below 2π · 10000": at d = 512."""
    ok = keras_longest_is_below_its_name() and longest_wavelength_is_below_the_name()
    return ok and Compare(wavelengths.wavelengths(D)[-1].item(), 2 * math.pi * 10000)


def widget_measured():
    """"the larger the base, the more pairs at the top of the table stay nearly constant": the slider's ends, and
    the sine columns of d_model = 64 that change by less than 0.1 over 128 positions at each end."""
    if not base_widget_freezes_more_pairs():
        return False
    from reference import positional_encoding

    def frozen(base):
        sines = positional_encoding(128, 64, base=base, dtype=torch.float64)[:, 0::2]
        return int(((sines.amax(0) - sines.amin(0)) < 0.1).sum())

    return [Compare(1e6, 10.0), Compare(frozen(1e6), frozen(10.0))]


def six_bases_drawn_measured():
    """"for six bases": the bases the comparison draws."""
    return left_panel() and Number(len(bc.BASES), at=0)


LEDGER = Ledger('base.md', [
    computed('title', lambda: 10000.0 in bc.BASES and one_free_constant(), backs=['10000']),
    computed('one-free-constant', one_free_constant, backs=['constant']),
    computed('measured-512-4096', window_measured, backs=['4,096', r'\(d = 512\)'],
             unbacked={'no': "a preview of the next section, whose entries cite it ('heading-no-reason', 'base-appears-once')"}),
    prose('builds-on-the-formula',
           'which page to read first; mkdocs build --strict checks that the target exists', unbacked=['right']),
    computed('in-short',
             in_short_measured, backs=['1,000,000', '10', '10000', '4,096', 'every', 'half', 'more', 'never', 'slowest', 'within']),
    computed('asserted', lambda: 'base/comparison' in te.JOBS and ok(te.test_what_the_base_trades)),
    cited('heading-no-reason',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 (the base's only mention besides the formula) and Table 3 (no row varies it)", backs=['no']),
    cited('base-appears-once',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5: 'The wavelengths form a geometric progression from 2π to 10000 · 2π'",
           wavelengths_from_2pi_for_every_base, backs=['10000', '1706.03762', '2017', '3.5', 'all', 'not', 'only']),
    cited('no-experiment',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), Table 3: its variations (A)-(E) change heads, key size, model size, dropout, smoothing and (E) learned positional embeddings, never the base', backs=['no']),
    cited('learned-vs-sinusoid',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 and Table 3 row (E): learned PE 4.92 PPL / 25.7 BLEU vs sinusoidal 4.92 / 25.8; shared/research/content_anchors.md §2', backs=['3', '3.5', 'identical', 'longer', 'not', 'row']),
    cited('design-choice',
           'follows from the three sentences above (Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5, Table 3)', backs=['10000']),
    cited('named-after-what-it-sets',
           'tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py get_timing_signal_1d(max_timescale=1.0e4); keras-team/keras-nlp SinePositionEncoding(max_wavelength=10000); shared/research/variants.md rows 1 and 16; snippets/pelib/variants/tensor2tensor.py transcribes the first',
           lambda: inspect.signature(importlib.import_module('variants.tensor2tensor').timing_signal_1d).parameters['max_timescale'].default == 1.0e4, backs=['1', '10000']),
    computed('neither-name-longest-wavelength-tensor2tensor',
             lambda: tensor2tensor_longest_is_2pi_10000() and keras_longest_is_below_its_name(), backs=['10000', r'\(1/10000\)', r'\(2\pi \cdot 10000\)', 'exactly', 'neither', 'slowest']),
    computed('kerasnlp-uses-paper-s-exponents',
             keras_below_measured,
             backs=[r'\(2\pi \cdot 10000\)', r'\(2\pi \cdot 10000^{(d-2)/d}\)', 'below', 'slowest']),
    cited('dsse-question',
           'https://datascience.stackexchange.com/questions/82451 (answers with heatmaps for bases 10000, 100, 20, 1); shared/research/content_anchors.md §8', backs=['10000', 'smaller']),
    prose('measure-the-trade', 'announces the measurements that follow'),
    prose('heading-what-the-base-sets', 'a heading: the claims are in the sentences below it'),
    computed('wavelengths-by-base',
             first_wavelength_measured,
             backs=['0', r'\(2\pi b^{(d-2)/d}\)', r'\(2\pi\)', r'\(\omega_i = b^{-2i/d}\)', r'\(b\)', r'\(i\)', 'every', 'same']),
    computed('fast-and-slow-pairs', base_shares_fast_and_slow, backs=[r'\(d/2\)', 'slowest']),
    computed('base-widget', widget_measured, backs=['constant', 'larger', 'more', 'same']),
    computed('six-bases', six_bases_measured, backs=['4,096', r'\(d = 512\)']),
    computed('figure-left', six_bases_drawn_measured, backs=['cosine', 'each', 'fall', 'fall', 'zero']),
    computed('figure-right', right_panel, backs=['below', 'each', 'each']),
    prose('column-by-column', 'a lead-in to the list', unbacked=['column', 'column']),
    computed('distinct-at-every-base',
             closest_measured, backs=['1', '256', 'distinct', 'distinct', 'every', 'every', 'never', 'no', 'up']),
    computed('uniqueness-not-the-point', closest_are_neighbours, backs=['not']),
    computed('small-base-wraps',
             small_base_measured, backs=['10', '2,048', '256', '4,095', 'all', 'at most', 'falls', 'gen.base.comparison.far_10', 'gen.base.comparison.first_min_10', 'no', 'only', 'within', 'zero']),
    computed('large-base-freezes',
             large_base_measured, backs=['1,000,000', 'constant', 'half', 'more', 'never', 'within']),
    computed('neighbours-closer',
             neighbours_closer_measured, backs=['10', r'\(\lVert \mathrm{PE}(p) - \mathrm{PE}(p+1) \rVert\)', 'falls', 'gen.base.comparison.far_1000000', 'gen.base.comparison.neighbour_10', 'gen.base.comparison.neighbour_1000000', 'up to']),
    computed('ten-thousand-between',
             ten_thousand_measured, backs=['10000', '4,096', 'at least', 'falling', 'falls', 'gen.base.comparison.first_min_10000', 'gen.base.comparison.slow_10000', 'gen.base.comparison.wrapping_10000', 'not', 'same', 'up to', 'within']),
    computed('monotone-range-peaks',
             monotone_range_peaks_in_the_middle, backs=['drops', 'fall', 'falls', 'grow', 'largest', 'not']),
    computed('middle-ground', middle_ground, backs=['10000', 'most', 'no', 'within']),
    cited('evidence-thin',
           'Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), Table 3 row (E) (learned 25.7 BLEU vs sinusoidal 25.8)', backs=['10000', '3', 'no', 'row']),
    cited('rotary-reuses',
           'Su et al. 2021, RoFormer, arXiv:2104.09864, §3.2.2 Eq. (15): θ_i = 10000^(-2(i-1)/d)', backs=[r'\(\omega_i\)', 'same']),
    computed('the-test-note',
             the_test_note, backs=['1,000,000', '1,000,000', '10', '10', '10000', '10000', '10000', r'\(2\pi b^{510/512}\)', 'distinct', 'equals', 'every', 'fewer', 'first', 'grows', 'longer', 'minimum', 'monotone', 'more', 'most', 'recomputes', 'shrinks']),
    computed('beyond-draws-extension', beyond_draws_the_extension_wavelengths, backs=['not']),
    computed('helper-how-far-similarity-falls', falls_until_as_documented, backs=['falls']),
    prose('plotting-code', 'an admonition title: it names the code folded inside, which states nothing itself'),
    prose('so-should-i-change', 'an admonition title: a question the box answers with its own checked sentences'),
    prose('how-page-checked', 'an admonition title: it names the list of checks folded inside'),
    computed('last-offset-before-similarity-first', falls_until_as_documented, backs=['all', 'before', 'falls', 'first', 'last', 'rises']),
    prose('what-base-does-within-positions', "lists the measures the function returns (their values are checked by the page's other entries)", unbacked=['within']),
])

test_claims_hold = LEDGER.test


def longest_wavelength_is_below_the_name() -> bool:
    """The longest wavelength of the paper's table, 2 pi / w_(d/2 - 1) = 2 pi 10000^((d-2)/d), from the library's
    frequencies, is below 2 pi 10000 for every even d (d = 512: about 60,600, not 62,800)."""
    from reference import frequencies

    for d in (8, 64, 512, 4096):
        longest = 2 * math.pi / float(frequencies(d)[-1])
        if not (math.isclose(longest, 2 * math.pi * 10000 ** ((d - 2) / d), rel_tol=1e-9) and longest < 2 * math.pi * 1e4):
            return False
    return True
