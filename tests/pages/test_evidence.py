"""The claims of docs/evidence.md, each with what makes it true (see tests/claimcheck.py).

Most checks are the tests of tests/test_evidence.py, which assert each result from the experiments' generated JSON
(a sentence names them); the rest re-derive a statement from the training library, the probe, the experiments'
configurations or what regen plans. Quotes of papers are cited.
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
from claimcheck import Ledger, cited, computed, measured, passes, prose
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


def named_tests_pass(sentence: str) -> bool:
    """Every test a 'The tests' note names exists in tests/test_evidence.py and passes, and the JSON it names exists."""
    names = re.findall(r"`(test_\w+)`", sentence)
    files = re.findall(r"`docs/generated/([\w.]+\.json)`", sentence)
    return bool(names) and all(passes(getattr(ev, n))() for n in names) and all((GENERATED / f).is_file() for f in files)


def note(prefix: str):
    """named_tests_pass for the pending sentence of this page that starts with `prefix` (a 'The tests' note)."""
    return lambda: named_tests_pass(next(s for s in _sentences() if s.startswith(prefix)))


def _sentences() -> list[str]:
    from claimcheck import read_page

    return read_page("evidence.md").sentences


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


def every_comparison_is_checked() -> bool:
    """No sentence of this page is left pending, and no number a job saved is typed (test_claims checks that)."""
    from claimcheck import audit

    return not audit("evidence.md", LEDGER, history=False)


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


def setting_of_the_warning() -> bool:
    """One or two layers, width 32 (add vs concatenate: 8 and 16, said in its section), the quoted steps and
    lengths, the seeds, and a learning rate per encoding from the grid."""
    c = configs()
    layers = {cfg["n_layers"] for cfg in c.values()}
    widths = {cfg["d_model"] for stem, cfg in c.items() if stem != "add_vs_concat"}
    seeds = {tuple(cfg["seeds"]) for cfg in c.values()}
    tuned = all("rates" in data(stem) for stem in EXPERIMENTS)
    return (layers == {1, 2} and widths == {32} and len(seeds) == 1 and len(next(iter(seeds))) >= 5 and tuned
            and values("extrapolation")["seeds"] == str(len(next(iter(seeds)))))


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
    """Both tables, both probes, with and without the mask: the median after layer 2 is below the embedding's."""
    return all(ev.median(ev.layer(p, c, 2, key)) < ev.median(ev.layer(p, c, 0, key))
               for p in ("learned", "sin_add") for c in (False, True) for key in ("r2", "accuracy"))


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


LEDGER = Ledger('evidence.md', [
    prose('title', "the title"),
    cited('paper-hypotheses', PAPER + ", section 3.5 (both quotes)", backs=['longer']),
    cited('tests-neither',
        PAPER + ", section 3.5 states both as hypotheses; its experiments (section 6, Table 3 row (E)) compare learned and sinusoidal on the training lengths only", backs=['neither']),
    computed('measured-here',
        lambda: every_experiment_is_a_regen_job() and every_comparison_is_checked(), backs=['both', 'every', 'every']),
    computed('setting',
        setting_of_the_warning, backs=['32', 'best', 'each', 'gen.extrapolation.max_len', 'gen.extrapolation.min_len', 'gen.extrapolation.seeds', 'gen.extrapolation.steps'], setting=True),
    computed('each-scoped',
        lambda: all(c.scope for c in LEDGER.claims if (c.text.startswith('**') or c.id.startswith('summary-')) and c.kind == 'computed') and sum(bool(c.scope) for c in LEDGER.claims) >= 15, backs=['below', 'each', 'larger', 'times']),
    prose('plan', "the plan of the sections"),
    prose('h-summary', "a heading"),
    prose('summary-header', "the table's header"),
    # its literature column: Press, Smith and Lewis 2022 (arXiv:2108.12409), section 2.2 and Figure 1; Kazemnejad et al.
    # 2023 (arXiv:2305.19466), abstract (the sources of 'press-at-scale' and 'kazemnejad-at-scale')
    measured('sinusoids-may-let-model-extrapolate',
        lambda: extrapolation_setup() and all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half)(), scope="In these two-layer models trained to \\(L\\) = 16", backs=['1024', '16', '2022', '2023', '3', '4', '512', '\\(L\\)', '\\(L\\)', '\\(L\\)', '\\(L\\)', '\\(L\\)', '\\(L\\)', 'after', 'below', 'fall', 'gen.extrapolation.local_max_alibi_beyond', 'half', 'largest', 'last', 'later', 'no', 'no', 'twice']),
    measured('summary-shift',
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_the_blocks_between_pairs_are_small_only_at_pair_0, ev.test_the_relative_share_orders_the_heads, ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer heads on token 3 back", backs=['0', '2021', '3', r'\(W\)', r'\(\omega_i k\)', 'most', 'not', 'rotation', 'rotation']),
    measured('summary-learned',
        learned_ties_at_l, scope="In these two-layer models on token 3 back", backs=['100', '2017', '3', '3', 'both', 'identical', 'identical', 'row']),
    measured('summary-probe',
        lambda: all_pass(ev.test_which_table_fades_more_depends_on_the_probe, ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_rope_solves_it_with_little_absolute_position)() and probe_fades(), scope="In these two-layer models", backs=['2', '2022', 'both', 'depends', 'more']),
    measured('summary-add',
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models (width 8, 64 tokens, 32 positions)", backs=['100', '32', '64', '8', 'each', 'no']),
    computed('headline-figure',
        extrapolation_setup, backs=['16', '3', '4', 'largest', 'last', 'maximum', 'minimum', 'right'], setting=True),
    prose('h-extrapolation', "a heading", unbacked=['up to', 'up to']),
    computed('x-setup',
        extrapolation_setup, backs=[r'\(L\)', 'each', 'exact', 'gen.extrapolation.d_model', 'gen.extrapolation.k', 'gen.extrapolation.max_len', 'gen.extrapolation.min_len', 'gen.extrapolation.n_heads', 'gen.extrapolation.n_layers', 'gen.extrapolation.window', 'largest', 'last', 'only'], setting=True),
    cited('alibi-slopes',
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 3: head h of H has slope 2^(-8h/H), the geometric sequence starting at 2^(-8/H)", passes(ev.test_alibi_has_the_papers_slopes_for_four_heads), backs=['1', '1', '256', '4', r'\(2^{-8h/H}\)', 'gen.extrapolation.n_heads']),
    computed('x-grid',
        tuned_on_training_length, backs=['best', 'each', 'each', 'gen.extrapolation.rates', 'gen.extrapolation.steps', 'gen.extrapolation.tune_steps', 'only'], setting=True),
    computed('x-test',
        passes(ev.test_the_setup_the_page_quotes), backs=['each', 'gen.extrapolation.eval_sequences', 'gen.extrapolation.longest', 'up to']),
    prose('table-k-back', "names the table below", unbacked=['gen.extrapolation.k', 'right']),
    prose('table-local-max',
        "names the table below", unbacked=['gen.extrapolation.window', 'largest', 'last', 'right']),
    computed('share-falls',
        share_falls_with_length, backs=[r'\(L\)', r'\(L\)', r'\(L\)', r'\(L\)', 'column', 'each', 'even', 'falls', 'last', 'longer', 'only', 'right']),
    computed('by-position-figure',
        lambda: extrapolation_setup() and causal_answers_ignore_later_tokens(), backs=['128', 'each', 'maximum', 'minimum', 'right'], setting=True),
    prose('what-they-find-these-two', "introduces the list; each item names its scope", unbacked=['\\(L\\)', 'each', 'gen.extrapolation.max_len']),
    measured('token-back-these-two-layer',
        passes(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall), scope="in these two-layer models", backs=['\\(2L\\)', 'after', 'fall', 'gen.extrapolation.k', 'gen.extrapolation.k_back_learned_32', 'gen.extrapolation.k_back_rope_32', 'gen.extrapolation.k_back_sin_add_32', 'right', 'twice']),
    measured('these-models-beyond-added-sinusoids',
        passes(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall), scope="In these models", backs=['\\(L\\)', '\\(L\\)', 'gen.extrapolation.k_back_learned_beyond', 'gen.extrapolation.k_back_rope_beyond', 'gen.extrapolation.k_back_sin_add_beyond', 'less', 'more', 'not', 'right']),
    measured('these-two-layer-models-alibi',
        passes(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l), scope="In these two-layer models", backs=['100', '\\(L\\)', 'even', 'gen.extrapolation.k', 'gen.extrapolation.k_back_alibi_16', 'gen.extrapolation.k_back_none_causal_16', 'not', 'right']),
    computed('alibi-s-bias-gives-nearer',
        passes(ev.test_alibi_cannot_prefer_a_farther_key_by_position), backs=['at least', 'exact']),
    measured('largest-last-tokens-these-two',
        passes(ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), scope="in these two-layer models", backs=['\\(L\\)', '\\(L\\)', 'below', 'fall', 'gen.extrapolation.local_max_alibi_16', 'gen.extrapolation.local_max_alibi_beyond', 'gen.extrapolation.local_max_learned_beyond', 'gen.extrapolation.local_max_rope_beyond', 'gen.extrapolation.local_max_sin_add_beyond', 'gen.extrapolation.local_max_sin_concat_beyond', 'gen.extrapolation.window', 'half', 'largest', 'last', 'right']),
    measured('these-models-causal-mask-alone',
        passes(ev.test_the_mask_alone_keeps_more_of_the_local_task_than_sinusoids_learned_and_rope), scope="In these models", backs=['gen.extrapolation.local_max_none_causal_beyond', 'more']),
    measured('disagrees-with-kazemnejad-et-al',
        all_pass(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half), scope="in these models", backs=['\\(L\\)', '\\(L\\)', 'gen.extrapolation.k', 'less', 'no', 'not']),
    measured('these-two-layer-models-order',
        all_pass(ev.test_rope_holds_token_k_back_to_2l_and_the_sinusoids_fall, ev.test_alibi_extrapolates_the_local_task_and_the_others_fall_below_half, ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l), scope="In these two-layer models", backs=['\\(L\\)', 'after', 'fall', 'gen.extrapolation.k', 'later', 'not', 'order']),
    measured('these-models-result-agrees-with',
        passes(ev.test_the_mask_alone_keeps_more_of_the_local_task_than_sinusoids_learned_and_rope), scope="In these models", backs=['\\(L\\)', 'more']),
    measured('setting-may-explain-two-layers',
        lambda: all(configs()['position_probe'][key] == configs()['extrapolation'][key] for key in ('n_layers', 'd_model')) and configs()['extrapolation']['n_layers'] == 2 and passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in)() and passes(ev.test_alibi_and_the_mask_alone_miss_token_k_back_at_l)(), scope="a model of this size", backs=['below', 'exact', 'exactly', 'gen.extrapolation.d_model', 'gen.extrapolation.k', 'gen.extrapolation.steps', 'gen.position_probe.none_causal_acc_1']),
    cited('press-at-scale',
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 2.2 and Figure 1 (sinusoidal: 20 to 50 extra tokens; rotary: about 200 and 100; ALiBi: abstract, 1024 to 2048)", backs=['1024', '103', '2022', '512', r'\(L\)', r'\(L\)', 'later']),
    cited('kazemnejad-at-scale',
        "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in Transformers (arXiv:2305.19466), abstract: NoPE outperforms the explicit encodings (APE, T5 bias, ALiBi, rotary) on their reasoning and arithmetic tasks", backs=['2023', 'longer', 'no']),
    prose('h-shift', "a heading"),
    computed('shift-identity',
        shift_identity, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p + k) = M_k\,\mathrm{PE}(p)\)', r'\(\omega_i k\)', r'\(i\)', 'cos', 'each', 'rotation', 'sin']),
    computed('score-bilinear',
        lambda: score_is_bilinear() and shifted_dot_peaks_k_back(), backs=[r'\(M_k\)', r'\(W = W_Q^{\top} W_K / \sqrt{d_{\text{head}}}\)', r'\(W\)', r'\(\mathrm{PE}(m)^{\top} M_k\, \mathrm{PE}(n)\)', r'\(k\)', r'\(m\)', r'\(n = m - k\)', r'\(n\)', r'\(x_m^{\top} W x_n\)', 'largest']),
    computed('shift-setup',
        lambda: configs()['learned_shift_matrix']['n_heads'] == 1 and configs()['learned_shift_matrix']['n_layers'] == 1 and rotation_part_of_m_k(), backs=['2', '2', r'\(W\)', r'\(\begin{pmatrix} a & b \\ -b & a \end{pmatrix}\)', 'each', 'gen.learned_shift_matrix.d_model', 'gen.learned_shift_matrix.k', 'gen.learned_shift_matrix.seeds', 'gen.learned_shift_matrix.steps', 'rotation', 'rotation', '×'], setting=True),
    computed('shift-chance',
        random_block_baseline, backs=['0', '1', '2', '2', 'each', 'gen.learned_shift_matrix.fast_pairs', 'gen.learned_shift_matrix.random_median_share', 'gen.learned_shift_matrix.random_median_smallest', 'independent', 'same', 'smallest', '×'], setting=True),
    computed('basis-free',
        relative_share_is_basis_free, backs=[r'\(\mathrm{PE}(m)^{\top} W\, \mathrm{PE}(n)\)', r'\(k\)', r'\(m - n\)', 'depend', 'each', 'not']),
    computed('shift-figure',
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_slow_pairs_do_not_follow), backs=['0', '0', '0', '1', '3', '3', '3', 'after', 'each', 'each', 'each', 'first', 'next', 'rotation', 'rotation', 'same', 'same', 'times']),
    computed('cosine-figure',
        passes(ev.test_similarity_peaks_at_k), backs=['0', '0.1', '0.28', '3', '8', 'cosine', 'every', 'within', 'zero']),
    prose('shift-lead',
        "introduces the list; each item names its scope", unbacked=['each', 'gen.learned_shift_matrix.k']),
    measured('shift-fast-pairs',
        passes(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds), scope="in these one-layer heads", backs=[r'\(\omega_i k\)', 'fastest', 'gen.learned_shift_matrix.fast_pairs', 'gen.learned_shift_matrix.random_init_fast_error', 'gen.learned_shift_matrix.trained_fast_error', 'largest', 'rotate', 'same', 'within']),
    measured('shift-more-than-chance',
        passes(ev.test_the_rotation_shares_beat_random_blocks), scope="in these one-layer heads", backs=['gen.learned_shift_matrix.random_init_fast_share', 'gen.learned_shift_matrix.random_median_smallest', 'gen.learned_shift_matrix.trained_fast_share', 'more', 'rotation', 'rotation', 'smallest', 'smallest']),
    measured('shift-between-pairs',
        passes(ev.test_the_blocks_between_pairs_are_small_only_at_pair_0), scope="In these heads", backs=['0', '0', '0.25', '0.4', '0.81', '0.92', '1', '3', r'\(W\)', r'\(W\)', r'\(W\)', 'gen.learned_shift_matrix.diagonal_share_iid', 'gen.learned_shift_matrix.trained_diagonal', 'independent', 'independent', 'less', 'not', 'rows', 'saved']),
    measured('shift-part-of-w',
        passes(ev.test_similarity_peaks_at_k), scope="In these heads", backs=['0', '0.1', '8', r'\(M_j\)', r'\(M_k\)', r'\(W\)', r'\(W\)', r'\(j = k\)', r'\(j\)', 'cosine', 'each', 'each', 'gen.learned_shift_matrix.trained_cos_k', 'within', 'zero']),
    measured('shift-slow-pairs',
        passes(ev.test_slow_pairs_do_not_follow), scope="In these heads", backs=['0.3', '0.5', '4', r'\(\omega_i k\)', 'at most', 'each', 'more', 'up']),
    measured('shift-learned',
        passes(ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer models", backs=['13', r'\(k\)', 'each', 'gen.learned_shift_matrix.learned_hits']),
    computed('shift-relative',
        passes(ev.test_the_relative_share_orders_the_heads), backs=['gen.learned_shift_matrix.learned_relative', 'gen.learned_shift_matrix.random_init_relative', 'gen.learned_shift_matrix.trained_relative', 'maximum', 'minimum', 'order']),
    measured('shift-one-solution',
        passes(ev.test_the_relative_share_orders_the_heads), scope="In these heads", backs=['faster', 'left', 'less']),
    cited('rope-builds-it',
        "Su et al. 2021, RoFormer (arXiv:2104.09864), section 3.2: the rotation is applied to queries and keys; the sources of shared/research/content_anchors.md measure no trained head for M_k", backs=['2021', r'\(M_k\)', 'no', 'rotation']),
    prose('h-probe', "a heading"),
    cited('haviv-question',
        "Haviv et al. 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information (arXiv:2203.16634), sections 4-5: probes find absolute position in NoPos models; the causal mask conjectured as its source", backs=['no']),
    computed('probe-setup',
        lambda: probe_setup() and slow_pairs_nearly_linear(), backs=['1', r'\(R^2\)', 'each', 'exact', 'gen.position_probe.chance', 'gen.position_probe.fitted', 'gen.position_probe.held_out', 'gen.position_probe.max_len', 'linear', 'linear', 'linear', 'not'], setting=True),
    computed('probe-control',
        lambda: passes(ev.test_the_controls_are_near_chance)(), backs=[r'\(R^2\)', 'gen.position_probe.control_accuracy', 'gen.position_probe.control_r2', 'no', 'same', 'same']),
    computed('probe-models',
        lambda: configs()['position_probe']['task'] == 'k_back' and values('position_probe')['seeds'] == '5', backs=['gen.position_probe.d_model', 'gen.position_probe.k', 'gen.position_probe.n_layers', 'gen.position_probe.seeds', 'gen.position_probe.steps'], setting=True),
    computed('probe-figure',
        all_pass(ev.test_which_table_fades_more_depends_on_the_probe, ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_the_controls_are_near_chance), backs=['0.7', '1', '15', 'after', 'exact', 'exactly', 'fall', 'less', 'more', 'no', 'no', 'rise']),
    prose('probe-lead', "introduces the list; each item names its scope", unbacked=['each', 'gen.position_probe.k']),
    measured('probe-nothing',
        all_pass(ev.test_no_mask_no_vectors_nothing_to_read, ev.test_the_controls_are_near_chance), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'gen.position_probe.none_1', 'gen.position_probe.none_acc_1']),
    measured('probe-causal-mask',
        passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'exact', 'gen.position_probe.alibi_causal_1', 'gen.position_probe.alibi_causal_acc_1', 'gen.position_probe.control_accuracy', 'gen.position_probe.none_causal_1', 'gen.position_probe.none_causal_acc_1', 'no', 'not']),
    measured('probe-depends',
        passes(ev.test_which_table_fades_more_depends_on_the_probe), scope="In these models", backs=['2', r'\(R^2\)', 'after', 'depends', 'gen.position_probe.learned_bidirectional_2', 'gen.position_probe.learned_bidirectional_acc_2', 'gen.position_probe.sin_add_bidirectional_2', 'gen.position_probe.sin_add_bidirectional_acc_2', 'more', 'order', 'same']),
    computed('probe-why',
        lambda: slow_pairs_nearly_linear() and passes(ev.test_which_table_fades_more_depends_on_the_probe)(), backs=['gen.position_probe.max_len', 'linear', 'not']),
    measured('probe-rope',
        passes(ev.test_rope_solves_it_with_little_absolute_position), scope="In these models", backs=['1', r'\(R^2\)', 'after', 'below', 'each', 'gen.position_probe.rope_bidirectional_acc_1', 'gen.position_probe.rope_causal_1', 'gen.position_probe.rope_causal_acc_1', 'gen.position_probe.rope_causal_right', 'no', 'right']),
    cited('haviv-at-scale',
        "Haviv et al. 2022 (arXiv:2203.16634), abstract and section 5 (probing): NoPos causal LMs competitive, absolute position predicted from their states; here: test_a_causal_mask_alone_puts_a_coarse_position_in", passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), backs=['2022', 'exact', 'no', 'same']),
    prose('h-add', "a heading"),
    prose('add-argues', "a pointer to the argument on the other page"),
    computed('add-setup',
        add_setup, backs=['8', 'each', 'gen.add_vs_concat.k', 'gen.add_vs_concat.max_len', 'gen.add_vs_concat.min_len', 'gen.add_vs_concat.seeds', 'gen.add_vs_concat.steps', 'gen.add_vs_concat.vocab', 'only'], setting=True),
    computed('add-width-8',
        lambda: Config(position='sin_concat', d_model=8, d_pos=4, n_heads=2).pos_width == 4 and passes(ev.test_the_variants_are_matched_as_the_page_says)(), backs=['4', '8', '8', 'all', 'cos', 'each', 'sin']),
    computed('add-params',
        passes(ev.test_the_variants_are_matched_as_the_page_says), backs=['16', '8', '8', 'equal', 'gen.add_vs_concat.params_add_16', 'gen.add_vs_concat.params_concat_8_8']),
    computed('add-figure',
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), backs=['100', '16', '32', '92', 'every', 'right']),
    prose('add-lead',
        "introduces the list; each item names its scope", unbacked=['gen.add_vs_concat.k', 'gen.add_vs_concat.vocab']),
    measured('add-did-not-bind',
        all_pass(ev.test_every_add_or_concatenate_variant_reaches_the_top, ev.test_every_variant_chose_the_largest_rate), scope="in these narrow models", backs=['100', '16', '4', '4', '8', '8', '8', 'each', 'each', 'gen.add_vs_concat.k_back_add_16', 'gen.add_vs_concat.k_back_add_8', 'gen.add_vs_concat.k_back_concat_4_4', 'gen.add_vs_concat.k_back_concat_8_8', 'largest', 'not']),
    measured('add-inconclusive',
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models", backs=['32', '64', 'cos', 'not', 'order', 'sin']),
    measured('add-hint',
        passes(ev.test_in_the_grid_concatenating_learned_faster_at_width_8), scope="In the grid's shortened runs at width 8", backs=['0.003', '0.01', '0.015', '0.10', '2.42', '3.91', '400', '8', 'after', 'faster', 'more', 'no']),
    prose('add-no-scale',
        "a statement of what we found in the literature we read (shared/research/content_anchors.md): none trains both on one large model", unbacked=['no']),
    prose('h-learned', "a heading"),
    cited('table-3-e',
        PAPER + ", section 3.5 and Table 3 row (E): 'nearly identical results'", backs=['3', 'identical', 'row']),
    measured('learned-tie',
        learned_ties_at_l, scope="In these two-layer models on token {{ gen.position_probe.k }} back", backs=['99', 'both', 'gen.position_probe.k', 'gen.position_probe.learned_causal_right', 'gen.position_probe.sin_add_causal_right', 'lowest', 'right']),
    cited('bert-no-reason',
        "Devlin et al. 2019, BERT (arXiv:1810.04805), section 3 and appendix A.2: learned position embeddings, sequences of at most 512 tokens; no reason is given for learned over sinusoidal", backs=['2019', '512', 'no', 'rows']),
    computed('fixed-keeps', fixed_keeps_learned_buys, backs=['513', 'every', 'no', 'no', 'row']),
    prose('h-reproduce', "a heading"),
    computed('library', lambda: seven_settings() and post_norm(), backs=['none']),
    computed('from-reference',
        lambda: tables_from_reference() and embedding_init(), backs=[r'\(N(0, 1/d)\)', r'\(\sqrt{d}\)']),
    computed('training-step', one_length_per_step, backs=['each']),
    computed('own-kind', regen_never_forces_experiments, backs=['every']),
    computed('figures-from-results', figures_drawn_from_saved_results, backs=['saved']),
    computed('deterministic', deterministic, backs=['float64']),
    computed('kernels-differ', KERNELS_DIFFER, slow=True, backs=['last', 'left', 'not']),
    cited('pinned-path',
        PORTABLE_PATH + "; the settings themselves are checked in scripts/regenkit/config.py and the committed JSONs", experiments_are_pinned, backs=['64', 'every', 'sin']),
    computed('kernel-test',
        lambda: experiments_are_pinned() and kernel_test_covers_every_experiment(), backs=['each', 'each', 'every']),
    computed('reduced', reduced_is_ten_steps, backs=['both', 'each', 'not', 'same', 'twice']),

    prose('where-these-results-hold', 'an admonition title, first read by the migration: its claim words are not yet tied to a check'),  # recorded by scripts/migrate_claims.py: review
    prose('regression-probe-s-r-table', 'an admonition title, first read by the migration: its claim words are not yet tied to a check'),  # recorded by scripts/migrate_claims.py: review
    prose('model-training-loop-each-experiment', 'an admonition title, first read by the migration: its claim words are not yet tied to a check', unbacked=['each']),  # recorded by scripts/migrate_claims.py: review
    prose('reproducible-every-x86-64-cpu', 'an admonition title, first read by the migration: its claim words are not yet tied to a check', unbacked=['64', 'every']),  # recorded by scripts/migrate_claims.py: review
    prose('token-embedding-position-handling-post', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['linear']),  # recorded by scripts/migrate_claims.py: review
    prose('layers-input-batch-t-d', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['any']),  # recorded by scripts/migrate_claims.py: review
    cited('alibi-s-head-slopes-2', "Press et al. 2022, Train Short, Test Long (ALiBi), ICLR, section 3: head slopes 2^(-8/n), 2^(-16/n), ..., 2^(-8)", alibi_slopes_as_documented, backs=['16', '2', '2', '2', '2022', '3', '8', '8']),
    computed('rope-rotate-each-pair-x', rotate_pairs_as_documented, backs=['1', 'each', 'rotate']),
    computed('x-t-d-head-table', rotate_pairs_as_documented, backs=['1', 'column', 'cos', 'sin']),
    prose('multi-head-self-attention-with', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check'),  # recorded by scripts/migrate_claims.py: review
    prose('attention-logits-batch-heads-query', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['not']),  # recorded by scripts/migrate_claims.py: review
    prose('train-fresh-model-adam-steps', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['each']),  # recorded by scripts/migrate_claims.py: review
    prose('r-ridge-regression-from-hidden', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['0']),  # recorded by scripts/migrate_claims.py: review
    prose('t-1-fitted-all-but', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['1', 'all', 'last']),  # recorded by scripts/migrate_claims.py: review
], typed={
    '100%': 'the ceiling the verdicts name (each checked against the medians by its test), not a copy of one saved value',
    '0.01': "the grid's rates as the page states them (0.003 and 0.01), parameters of experiments/_experiment.py RATES",
    '0.003': "the grid's rates as the page states them, parameters of experiments/_experiment.py RATES",
    '0.25': "the 0.25 of independent entries (1 / 4 pairs), stated once more beside pairs 1 to 3; checked by test_the_blocks_between_pairs_are_small_only_at_pair_0",
    '128': 'the test length of the by-position figure, a parameter of experiments/extrapolation.py',
    '400': "the grid's shortened runs of add_vs_concat (half its steps, _experiment.TUNE_FRACTION; add_vs_concat saves no tune_steps of its own), checked by test_in_the_grid_concatenating_learned_faster_at_width_8",
}
)

test_claims_hold = LEDGER.test
