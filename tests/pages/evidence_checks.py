"""What the evidence pages' ledgers check against: the experiments' configurations and results (through the tests of
tests/test_evidence.py), the training library, the probes, and what regen plans.

Imported by tests/pages/test_evidence.py (the summary) and tests/pages/test_evidence_<experiment>.py (one page per
experiment), so that a check two pages use has one definition.
"""

import functools
import hashlib
import math
import re
import sys
from unittest import mock

import test_evidence as ev
import test_probes as tp
import test_training as tt
import torch
from claim_words import Count, Number
from claimcheck import passes
from pelib import tasks, training
from pelib.figures import narrow_name
from pelib.shift import shift_matrix
from pelib.training import Config
from reference import frequencies, positional_encoding
from support import DOCS, GENERATED, ROOT, data, values
from svgtext import labels

PAPER = "Vaswani et al. 2017, Attention Is All You Need"
KERNEL_RUN = ("forced full runs of the four experiments with the caller asking for ATEN_CPU_CAPABILITY=default, avx2 and "
              "avx512 on an AVX-512 AMD EPYC (2026-11-24): EXPERIMENTS_FULL=1 "
              "tests/test_experiments.py::test_committed_results_are_the_same_under_every_cpu_kernel, all twelve passed")
UNPINNED_RUN = ("the last run before the numerical path was pinned (an AVX-512 AMD EPYC, its own kernels, MKL and libm "
                "unpinned): git show 1177104:docs/generated/add_vs_concat.md, reverse: add, width 64, 55% (48%–63%); "
                "concatenate 32 + 32, 32% (30%–37%)")
PORTABLE_PATH = ("Intel oneMKL developer guide, 'Getting Started with Conditional Numerical Reproducibility' (MKL_CBWR="
                 "COMPATIBLE: the same results on Intel and Intel-compatible x86 CPUs); torch's 'default' kernels are its "
                 "build for baseline x86-64; glibc 2.36 picks libm's FMA variants of exp, log, pow, sin and cos only "
                 "where FMA and AVX2 are usable (sysdeps/x86_64/fpu/multiarch), so the tunable leaves its SSE2 code")
EXPERIMENTS = ("extrapolation", "learned_shift_matrix", "position_probe", "add_vs_concat")


def all_pass(*tests):
    """A check that holds when every one of these tests of tests/test_evidence.py passes."""
    return lambda: all(passes(test)() for test in tests)


def configs() -> dict[str, dict]:
    return {stem: data(stem)["config"] for stem in EXPERIMENTS}


def _regenkit():
    """regen's parts (scripts/regenkit), imported as its own tests do."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from regenkit import commands, jobs

    return commands, jobs.discover


def every_experiment_is_a_regen_job() -> bool:
    _, discover = _regenkit()
    kinds = {job.name: job.kind for job in discover()}
    return all(kinds.get(stem) == "experiment" for stem in EXPERIMENTS)


def seven_settings() -> bool:
    built = {p: training.build(Config(position=p, max_positions=16)) for p in training.POSITIONS}
    return (training.POSITIONS == ("none", "none_causal", "learned", "sin_add", "sin_concat", "rope", "alibi")
            and not Config(position="none").is_causal and Config(position="none_causal").is_causal
            and isinstance(built["learned"].table, torch.nn.Parameter)
            and built["sin_add"].table.shape == (16, 32) and built["sin_concat"].table.shape == (16, 16)
            and built["sin_add"].scale == math.sqrt(32))


def embedding_init() -> bool:
    model = training.build(Config(vocab=4096, d_model=64, max_positions=16))
    std = float(model.embed.weight.detach().std())
    return abs(std - 64**-0.5) < 0.02 * 64**-0.5 and model.scale == 8.0


def post_norm() -> bool:
    """Each layer ends in a LayerNorm: every output vector has mean 0 and variance 1 (its initial gain and bias)."""
    block = training.build(Config(max_positions=16)).layers[0]
    out = block(torch.randn(2, 10, 32, dtype=torch.float64, generator=torch.Generator().manual_seed(0)))
    return bool(out.mean(-1).abs().max() < 1e-12 and (out.var(-1, unbiased=False) - 1).abs().max() < 1e-3)


def tables_from_reference() -> bool:
    model = training.build(Config(position="sin_add", max_positions=64))
    same = torch.equal(model.table, positional_encoding(64, 32).to(model.table.dtype))
    return same and passes(tt.test_rope_scores_depend_only_on_the_offset)()


def one_length_per_step() -> bool:
    """Record what a short run asks for: one batch of one length from the training lengths per step, and Adam."""
    cfg = Config(steps=12, min_len=6, max_len=9, max_positions=16, d_model=16, d_ff=16, batch=4, warmup=3)
    with mock.patch.object(tasks, "batch", wraps=tasks.batch) as batch, \
         mock.patch.object(torch.optim, "Adam", wraps=torch.optim.Adam) as adam:
        training.train(cfg)
    lengths = [call.args[2] for call in batch.call_args_list]
    return len(lengths) == 12 and set(lengths) <= set(range(6, 10)) and len(set(lengths)) > 1 and adam.call_count == 1


def deterministic() -> bool:
    cfg = Config()
    ok = cfg.dtype == "float64" and cfg.device == "cpu"
    training.build(Config(max_positions=16))
    ok = ok and torch.get_num_threads() == 1 and torch.are_deterministic_algorithms_enabled()
    return ok and passes(tt.test_reduced_run_is_bit_identical_when_repeated, "sin_add")()


def stable_precision() -> bool:
    """What the experiments report for the prose: whole percentages, and decimals at most two."""
    for stem in EXPERIMENTS:
        for text in values(stem).values():
            if re.search(r"\d+\.\d+%", text) or re.search(r"\d\.\d{3}", text):
                return False
    return True


def causal_answers_ignore_later_tokens() -> bool:
    return all(passes(tt.test_causal_mask_hides_the_future_and_none_sees_it, p)()
               for p in ("none_causal", "learned", "sin_add", "rope", "alibi"))


def shift_identity() -> bool:
    d, k = 32, 3
    table = positional_encoding(40, d, dtype=torch.float64)
    m = shift_matrix(d, k).to(torch.float64)
    return bool(torch.allclose(table[:-k] @ m.T, table[k:], atol=1e-12))


def score_is_bilinear() -> bool:
    """The library's attention score is x_m^T W x_n with W = W_Q^T W_K / sqrt(d_head) (one head, no RoPE, no mask)."""
    model = training.build(Config(position="sin_add", causal=False, n_heads=1, max_positions=16))
    attn = model.layers[0].attn
    x = torch.randn(1, 7, 32, dtype=torch.float64, generator=torch.Generator().manual_seed(3))
    w = attn.q.weight.T @ attn.k.weight / math.sqrt(attn.dh)
    return bool(torch.allclose(attn.scores(x)[0, 0], x[0] @ w @ x[0].T, atol=1e-12))


def shifted_dot_peaks_k_back() -> bool:
    d, k = 32, 3
    table = positional_encoding(40, d, dtype=torch.float64)
    m = shift_matrix(d, k).to(torch.float64)
    for q in range(k, 30):
        scores = table[q] @ m @ table[:30].T
        if not torch.allclose(scores, table[q] @ table[k : 30 + k].T, atol=1e-12) or int(scores.argmax()) != q - k:
            return False
    return True


def _shift_experiment():
    sys.path.insert(0, str(ROOT / "experiments"))
    import learned_shift_matrix

    return learned_shift_matrix


def rotation_part_of_m_k() -> bool:
    """The experiment's split of W, applied to M_k itself: every pair a rotation by w_i k, holding all of its block."""
    lsm = _shift_experiment()
    d, k = 32, 3
    found = lsm.pair_rotations(shift_matrix(d, k).to(torch.float64))
    expected = [lsm.wrapped(float(w) * k) for w in frequencies(d)]
    return all(abs(a - e) < 1e-9 and abs(share - 1) < 1e-9 for (a, share), e in zip(found, expected))


def r2_meaning() -> bool:
    return all(passes(t)() for t in (tp.test_a_linear_code_of_the_position_scores_one,
                                     tp.test_states_without_position_score_at_most_zero))


def panels_in_order(figure: str, first: str, second: str) -> bool:
    """In both layouts of a figure, the panel titled `first` is drawn before the one titled `second`: it is the left
    panel of the wide figure and the top one of the narrow figure (matplotlib writes the axes in the order made)."""
    for name in (figure, narrow_name(figure)):
        texts = [label.text for label in labels((GENERATED / name).read_text(encoding="utf-8"))]
        if not (first in texts and second in texts and texts.index(first) < texts.index(second)):
            return False
    return True


def fixed_keeps_learned_buys() -> bool:
    """A learned table has rows only up to max_positions (a longer input is refused); the sinusoids hold no parameter."""
    learned = training.build(Config(position="learned", max_positions=16))
    fixed = training.build(Config(position="sin_add", max_positions=16))
    try:
        learned(torch.zeros(1, 17, dtype=torch.long))
        return False
    except ValueError:
        pass
    named = dict(fixed.named_parameters())
    return "table" in dict(learned.named_parameters()) and "table" not in named


def regen_never_forces_experiments() -> bool:
    commands, discover = _regenkit()
    jobs = discover()
    generated = DOCS / "generated"
    forced = commands.plan(jobs, generated, force=True, bench=False, experiments=False)
    asked = commands.plan(jobs, generated, force=True, bench=False, experiments=True)
    makefile = (ROOT / "Makefile").read_text()
    return (not any(j.kind == "experiment" for j in forced)
            and {j.name for j in asked if j.kind == "experiment"} >= set(EXPERIMENTS)
            and "regen.py --experiments" in makefile)


def reduced_is_ten_steps() -> bool:
    """Each experiment's reduced configuration (EXPERIMENT_REDUCED=1, what make test runs) trains ten steps; the test
    runs it with the caller on the native kernel, then once more asking for another, and compares; every other kernel
    (or the native one again) is asked for by some experiment."""
    import inspect

    import test_experiments as te

    sources = [(ROOT / "experiments" / f"{stem}.py").read_text() for stem in EXPERIMENTS]
    test = inspect.getsource(te.test_reduced_runs_write_the_same_bytes_under_every_cpu_kernel)
    asked = [te.other_kernel(p) for p in te.EXPERIMENTS]
    return (all("base.replace(steps=10" in s for s in sources) and "run_reduced(script, tmp_path / NATIVE)" in test
            and "kernel = other_kernel(script)" in test and "native.get(name) != other.get(name)" in test
            and test.count("run_reduced(") == 2 and set(asked) == set(te.OTHER_KERNELS or [te.NATIVE])
            and all(kernel != te.NATIVE for kernel in asked if te.OTHER_KERNELS))


_TRAIN_AND_PRINT = """
import json, sys
sys.path[:0] = [sys.argv[1]]
import torch
from pelib import training
from pelib.training import Config
model = training.train(Config(steps=30, batch=8, d_model=16, d_ff=16, min_len=6, max_len=8, max_positions=16, warmup=4))
print(json.dumps(torch.cat([p.detach().flatten() for p in model.parameters()]).tolist()))
"""


def kernels_differ_a_little() -> bool:
    """Thirty steps of the same run under torch's portable kernel and under this CPU's own: not the same bits, but
    the same weights to 1e-5 (on a CPU with one kernel only there is nothing to compare)."""
    import json
    import os
    import subprocess

    native = torch.backends.cpu.get_cpu_capability().lower()
    if native == "default":
        return True
    runs = {}
    for kernel in ("default", native):
        env = os.environ | {"ATEN_CPU_CAPABILITY": kernel, "OMP_NUM_THREADS": "1"}
        out = subprocess.run([sys.executable, "-c", _TRAIN_AND_PRINT, str(ROOT / "snippets")], env=env,
                             capture_output=True, text=True, check=True).stdout
        runs[kernel] = torch.tensor(json.loads(out), dtype=torch.float64)
    gap = float((runs["default"] - runs[native]).abs().max())
    return 0 < gap < 1e-5


KERNELS_DIFFER = functools.cache(kernels_differ_a_little)  # three claims rest on it: train once


def _pinned_weights(drop: str | None = None) -> str:
    """Thirty steps of training on the experiments' pinned numerical path (without the setting `drop`): the weights'
    hash."""
    import os
    import subprocess

    sys.path.insert(0, str(ROOT / "scripts"))
    from regenkit.config import PINNED_NUMERICS

    pinned = {k: v for k, v in PINNED_NUMERICS.items() if k != drop}
    env = {k: v for k, v in os.environ.items() if k not in PINNED_NUMERICS} | pinned | {"OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", _TRAIN_AND_PRINT, str(ROOT / "snippets")], env=env,
                         capture_output=True, text=True, check=True).stdout
    return hashlib.sha256(out.encode()).hexdigest()


def each_pin_matters() -> bool:
    """Dropping any one of the three settings changes the weights of thirty training steps, wherever this CPU has
    something else to run: a kernel besides the portable one (torch), AVX (MKL's own branches), FMA (libm's variant)."""
    from pathlib import Path

    flags = set(Path("/proc/cpuinfo").read_text().split())
    other_path = {"ATEN_CPU_CAPABILITY": torch.backends.cpu.get_cpu_capability() != "DEFAULT",
                  "MKL_CBWR": "avx" in flags, "GLIBC_TUNABLES": "fma" in flags}
    pinned = _pinned_weights()
    return all(_pinned_weights(setting) != pinned for setting, other in other_path.items() if other)


def experiments_are_pinned() -> bool:
    """regen gives every experiment job the pinned environment (part of its cache key), and every committed JSON
    records that it ran on it."""
    import test_experiments as te

    return passes(te.test_regen_pins_the_experiments_numerical_path)() and all(
        passes(te.test_committed_results_record_the_pinned_numerical_path, stem)() for stem in EXPERIMENTS)


def kernel_test_covers_every_experiment() -> bool:
    """The full-run kernel test covers every experiment under every kernel this CPU offers, none an expected failure."""
    import test_experiments as te

    cases = te.test_committed_results_are_the_same_under_every_cpu_kernel.pytestmark
    params = [m for m in cases if m.name == "parametrize"][0].args[1]
    covered = {(case.values[0], case.values[1]) for case in params if not case.marks}
    return not hasattr(te, "NOT_PINNED") and covered == {(k, stem) for k in te.KERNELS for stem in EXPERIMENTS}


# --- checks of the setup sentences ----------------------------------------------------------------------------------


def seed_rule_as_stated() -> bool:
    """The rule the summary states, as tests/seedstats.py applies it: disjoint ranges of 5 seeds against 5 are U = 0
    with the exact two-sided p the job counted (2 of 252 splits); overlapping ranges allow only tie words; and every
    evidence page that compares groups of seeds decides its comparison words with it."""
    import math

    import seedstats

    shown = values("evidence/seed_comparison")
    seeds = int(shown["seeds"])
    low, high = list(range(seeds)), list(range(seeds, 2 * seeds))
    rule = (seedstats.mann_whitney_u(low, high) == 0 and shown["splits"] == str(math.comb(2 * seeds, seeds))
            and shown["p_disjoint"] == f"{seedstats.mann_whitney_p(low, high):.3f}" == f"{seedstats.disjoint_p(seeds):.3f}"
            and seedstats.allowed("cannot tell apart", [0, 2, 4, 6, 8], [1, 3, 5, 7, 9])
            and not seedstats.allowed("more", [0, 2, 4, 6, 8], [1, 3, 5, 7, 9]) and seedstats.ALPHA == 0.05)
    # the pages that compare groups of seeds (add or concatenate compares single runs of the grid, and says so)
    pages = ("extrapolation", "probes", "shift_matrix")
    bound = all("seedstats" in (ROOT / "tests" / "pages" / f"test_evidence_{p}.py").read_text(encoding="utf-8")
                for p in pages)
    return rule and bound and seeds >= seedstats.MIN_SEEDS


def settings_per_experiment() -> bool:
    """The scope box: each experiment's layers, steps, lengths and vocabulary as its configuration saved them (the
    add-or-concatenate widths from its variants), the seeds, and each tuning's choice the lowest loss of its grid."""
    shown = values("evidence/scale")
    for stem, cfg in configs().items():
        if (shown[f"{stem}_layers"], shown[f"{stem}_steps"], shown[f"{stem}_vocab"]) != (
                str(cfg["n_layers"]), str(cfg["steps"]), str(cfg["vocab"])):
            return False
        if shown[f"{stem}_lengths"] != f"{cfg['min_len']} to {cfg['max_len']}":
            return False
        if stem != "add_vs_concat" and shown["width"] != str(cfg["d_model"]):
            return False
    widths = sorted({v[1] for v in configs()["add_vs_concat"]["variants"].values()})
    best = all(min(r["losses"], key=lambda k: (math.inf if r["losses"][k] is None else r["losses"][k], float(k)))
               == f"{r['lr']:g}" for stem in EXPERIMENTS for r in tunings(stem))
    return (shown["add_vs_concat_widths"] == " and ".join(map(str, widths)) and best
            and values("extrapolation")["seeds"] == str(len(configs()["extrapolation"]["seeds"])) >= "5")


def tunings(stem: str) -> list[dict]:
    """Every tuning an experiment saved: {"lr", "losses"} per encoding (and task)."""
    return list(data(stem)["rates"].values())


def parameters(stem: str, **changes) -> int:
    """The parameter count of the model an experiment's saved configuration builds."""
    fields = set(Config.__dataclass_fields__)
    cfg = Config(**{k: v for k, v in configs()[stem].items() if k in fields}).replace(**changes)
    return sum(p.numel() for p in training.build(cfg).parameters())


LITERATURE_PARAMETERS = {"kazemnejad": (100e6,), "press": (247e6, 1.3e9)}
LITERATURE_SIZES = ("Kazemnejad et al. 2023 (arXiv:2305.19466), section 3 and appendix: decoder-only models of about "
                    "100M parameters trained on synthetic reasoning and mathematical tasks; Press, Smith and Lewis 2022 "
                    "(arXiv:2108.12409), sections 4.1-4.2: 247M-parameter models on WikiText-103 and 1.3B on CC100 + "
                    "the RoBERTa corpus")


def far_larger(sentence: str) -> bool:
    """Our extrapolation model's parameters and the ratios to the papers' (one significant digit), recomputed; the
    ratios are thousands, so a sentence may not call the literature's models merely "hundreds of times" larger."""
    shown, ours = values("evidence/scale"), parameters("extrapolation", position="sin_add")

    def about(ratio: float) -> str:
        return f"{round(ratio, -(len(str(int(ratio))) - 1)):,.0f}"

    ratios = [n / ours for sizes in LITERATURE_PARAMETERS.values() for n in sizes]
    return (shown["ours"] == f"{ours:,}" and shown["kazemnejad_ratio"] == about(ratios[0])
            and (shown["press_ratio_low"], shown["press_ratio_high"]) == (about(ratios[1]), about(ratios[2]))
            and min(ratios) > 1000 and "hundreds" not in sentence)


def extrapolation_setup() -> bool:
    c = configs()["extrapolation"]
    v = values("extrapolation")
    return (c["tasks"] == ["k_back", "local_max"] and c["n_heads"] == 4 and v["window"] == str(c["k"] + 1)
            and all(Config(position=p).is_causal for p in c["positions"]) and passes(ev.test_the_setup_the_page_quotes)()
            and passes(ev.test_alibi_has_the_papers_slopes_for_four_heads)() and local_max_task())


def local_max_task() -> bool:
    x = torch.tensor([[5, 1, 4, 2, 3, 0]])
    return tasks.targets("local_max", x, k=3).tolist() == [[tasks.IGNORE] * 3 + [5, 4, 4]]


def tuned_on_training_length() -> bool:
    """The grid: each rate trains one run of half the steps on its own seed; its loss is measured at the longest
    training length (max_len), never beyond; the chosen rate is the lowest loss."""
    import inspect

    exp = _experiment_module()
    source = inspect.getsource(exp.tune)
    rates = data("extrapolation")["rates"]
    chosen = all(min(r["losses"], key=r["losses"].get) == f"{r['lr']:g}" for r in rates.values())
    return "cfg.max_len" in source and exp.TUNE_FRACTION == 2 and chosen


def _experiment_module():
    sys.path.insert(0, str(ROOT / "experiments"))
    import _experiment

    return _experiment


def share_falls_with_length() -> bool:
    """Right up to L and nothing beyond: (L - k) / (n - k) of the answered tokens, falling as n grows; the table's
    last column is the positions L .. 8L - 1 only."""
    k = ev.CONFIG["k"]
    shares = [(ev.L - k) / (n - k) for n in ev.LENGTHS]
    return all(b < a for a, b in zip(shares, shares[1:])) and causal_answers_ignore_later_tokens()


def random_block_baseline() -> bool:
    return passes(ev.test_the_random_block_baseline_is_exact)() and values("learned_shift_matrix")["random_median_share"] == "0.71"


def relative_share_is_basis_free() -> bool:
    """The relative share of the position-only scores is 1 for scores that depend on the offset alone (plus a term
    per query), and unchanged when the table is written in another basis (P -> P R, W -> R^-1 W R^-T)."""
    lsm = _shift_experiment()
    generator = torch.Generator().manual_seed(0)
    table = positional_encoding(16, 32, dtype=torch.float64)
    toeplitz = lsm.relative_share(table @ shift_matrix(32, 3).to(torch.float64) @ table.T)
    w = torch.randn(32, 32, generator=generator, dtype=torch.float64)
    r = torch.randn(32, 32, generator=generator, dtype=torch.float64)
    same = lsm.relative_share(table @ w @ table.T)
    moved = lsm.relative_share((table @ r) @ torch.linalg.inv(r) @ w @ torch.linalg.inv(r).T @ (table @ r).T)
    return abs(toeplitz - 1) < 1e-9 and abs(same - moved) < 1e-9 and same < 0.99


def probe_setup() -> bool:
    c = configs()["position_probe"]
    v = values("position_probe")
    return (v["fitted"] == str(c["probe_sequences"] - c["held_out"]) and v["chance"] == f"1/{c['max_len']}"
            and all(passes(t)() for t in (tp.test_a_linear_code_of_the_position_scores_one,
                                          tp.test_the_classifier_names_every_position_of_an_exact_code_and_chance_from_noise,
                                          tp.test_the_control_is_the_same_every_time_and_carries_no_position)))


def slow_pairs_nearly_linear() -> bool:
    """Over 16 positions the slow pairs (8 and up) are nearly linear in the index: a straight line fits each sine
    column with R^2 above 0.99 and each cosine column moves by less than 0.02, what makes the regression probe favour
    them."""
    table = positional_encoding(16, 32, dtype=torch.float64)
    p = torch.arange(16, dtype=torch.float64)
    design = torch.stack((p, torch.ones(16, dtype=torch.float64)), 1)
    for pair in range(8, 16):
        y = table[:, 2 * pair]
        fit = torch.linalg.lstsq(design, y[:, None]).solution
        if 1 - float(((design @ fit)[:, 0] - y).pow(2).sum() / ((y - y.mean()) ** 2).sum()) < 0.99:
            return False
        if float(table[:, 2 * pair + 1].max() - table[:, 2 * pair + 1].min()) >= 0.02:
            return False
    return True


def add_setup() -> bool:
    c = configs()["add_vs_concat"]
    return passes(ev.test_the_variants_are_matched_as_the_page_says)() and c["task"] == "k_back" and c["vocab"] == 64


def figures_drawn_from_saved_results() -> bool:
    import test_experiments as te

    return passes(te.test_experiments_save_numbers_and_draw_no_figures)()


def probe_fades() -> bool:
    """Both tables, with and without the mask: the regression's median after layer 2 is below the embedding's, while
    the classifier still names the position at least 90% of the time in every seed."""
    return all(ev.median(ev.layer(p, c, 2)) < ev.median(ev.layer(p, c, 0)) and min(ev.layer(p, c, 2, "accuracy")) >= 0.9
               for p in ("learned", "sin_add") for c in (False, True))


def learned_ties_at_l() -> bool:
    """Learned and sinusoidal (added) get every token right at the training length in each seed, with and without
    the causal mask (the probe experiment's models, token k back)."""
    return all(min(ev.probe_right(p, c)) >= 0.99 and ev.median(ev.probe_right(p, c)) == 1.0
               for p in ("learned", "sin_add") for c in (False, True)) and \
        values("position_probe")["learned_causal_right"] == values("position_probe")["sin_add_causal_right"] == "100%"
# --- the docstrings the page shows with the model code (reviewed after the migration) -----------------------------


def alibi_slopes_as_documented() -> bool:
    ok = all(training.alibi_slopes(h).tolist() == [2.0 ** (-8 * (j + 1) / h) for j in range(h)] for h in (1, 4, 8))
    return ok and training.alibi_slopes(8)[-1].item() == 2.0 ** -8 and passes(tt.test_alibi_slopes_are_the_papers_geometric_sequence)()


def rotate_pairs_as_documented() -> bool:
    """rotate_pairs turns pair (x[2i], x[2i+1]) at position p by p w_i, reading sin from column 2i and cos from 2i+1."""
    T, d = 9, 8
    table = positional_encoding(T, d, dtype=torch.float64)
    x = torch.randn(2, T, d, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    out = training.rotate_pairs(x, table)
    ok = True
    for p in (0, 3, 8):
        for i, w in enumerate(frequencies(d).tolist()):
            a = p * w
            rot = torch.tensor([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], dtype=torch.float64)
            ok &= torch.allclose(out[:, p, 2 * i:2 * i + 2], x[:, p, 2 * i:2 * i + 2] @ rot.T, atol=1e-12)
    return bool(ok) and passes(tt.test_rope_scores_depend_only_on_the_offset)()


def experiments_share_the_library() -> list:
    """"all four experiments share": the experiments that train with pelib.training (the model and the loop the
    summary page shows) and define no model of their own (no torch Module subclass), of the experiments there are
    (experiments/*.py, the regen jobs of kind experiment); and how many there are ("four")."""
    import ast

    stems = sorted(p.stem for p in (ROOT / "experiments").glob("*.py") if not p.stem.startswith("_"))
    assert stems == sorted(EXPERIMENTS), (stems, EXPERIMENTS)
    sharing = 0
    for stem in EXPERIMENTS:
        tree = ast.parse((ROOT / "experiments" / f"{stem}.py").read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "pelib"
                    for alias in node.names}
        models = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  and any(getattr(base, "attr", getattr(base, "id", "")) == "Module" for base in node.bases)]
        sharing += "training" in imported and not models
    return [Count(sharing, len(EXPERIMENTS)), Number(len(EXPERIMENTS))]
