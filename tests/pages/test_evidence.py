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
from claimcheck import Ledger, cited, computed, measured, passes, pending_file, prose
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
    return not pending_file("evidence.md").exists() and all(
        c.kind != "pending" for c in LEDGER.claims)


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


LEDGER = Ledger('evidence.md', [
    prose('title',
        r"""Evidence from trained models""",
        "the title"),
    cited('paper-hypotheses',
        r"""The paper chose the sinusoids because the authors "hypothesized it would allow the model to easily learn to attend by relative positions" and because they "may allow the model to extrapolate to sequence lengths longer than the ones encountered during training".""",
        PAPER + ", section 3.5 (both quotes)"),
    cited('tests-neither',
        r"""It tests neither.""",
        PAPER + ", section 3.5 states both as hypotheses; its experiments (section 6, Table 3 row (E)) compare learned and sinusoidal on the training lengths only"),
    computed('measured-here',
        r"""This page measures both, and two questions around them, on tiny transformers trained here; every number comes from code, and a test checks every sentence that makes a comparison.""",
        lambda: every_experiment_is_a_regen_job() and every_comparison_is_checked()),
    computed('setting',
        r"""In models of one or two layers and width 32, trained for {{ gen.extrapolation.steps }} steps on synthetic tasks with training lengths {{ gen.extrapolation.min_len }} to {{ gen.extrapolation.max_len }}, {{ gen.extrapolation.seeds }} seeds per setting, each encoding at the learning rate it did best with.""",
        setting_of_the_warning),
    computed('each-scoped',
        r"""Each result below says that in its own sentence, and sets beside it what the literature measured on language models hundreds of times larger.""",
        lambda: all(c.scope for c in LEDGER.claims if (c.text.startswith('**') or c.id.startswith('summary-')) and c.kind == 'computed') and sum(bool(c.scope) for c in LEDGER.claims) >= 15),
    prose('plan',
        r"""Where the two disagree, the section says so and what in the setting may explain it.""",
        "the plan of the sections"),
    prose('h-summary',
        r"""What the measurements found""",
        "a heading"),
    prose('summary-header',
        r"""| The paper's hope, or a question | What these tiny models show | At scale, in the literature |""",
        "the table's header"),
    cited('summary-extrapolation',
        r"""| Sinusoids may let a model extrapolate | In these two-layer models, trained to \(L\) = 16 on token 3 back and on the largest of the last 4 tokens, each encoding's share of answers right beyond \(L\) is in [the extrapolation tables](#extrapolation), five seeds each | Press et al. 2022 (language models, \(L\) = 512 and 1024): sinusoidal degrades a few dozen tokens past \(L\), rotary later, ALiBi extrapolates; Kazemnejad et al. 2023: no encoding generalises better than the explicit ones on their tasks |""",
        "Press, Smith and Lewis 2022 (arXiv:2108.12409), section 2.2 and Figure 1; Kazemnejad et al. 2023 (arXiv:2305.19466), abstract; the measurement here: experiments/extrapolation.py (its tables)", extrapolation_setup),
    measured('summary-shift',
        r"""| Attending by relative position is easy to learn with sinusoids | In these one-layer heads on token 3 back, the fast pairs' blocks turn by \(\omega_i k\), pair 0 carries most of \(W\)'s rotation, and a learned table solves the task with scores nearly as relative ([the shift matrix](#the-papers-hypothesis)) | Not measured inside large trained heads that we know of; RoPE (Su et al. 2021) builds the rotation in |""",
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_the_blocks_between_pairs_are_small_only_at_pair_0, ev.test_the_relative_share_orders_the_heads, ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer heads on token 3 back"),
    measured('summary-learned',
        r"""| Learned and sinusoidal are nearly identical | In these two-layer models on token 3 back both reach 100% of the tokens at the training length, median of five seeds ([learned or fixed](#learned-or-fixed)) | Vaswani et al. 2017, Table 3 row (E): nearly identical on translation |""",
        learned_ties_at_l, scope="In these two-layer models on token 3 back"),
    measured('summary-probe',
        r"""| The position survives the layers | In these two-layer models both tables fade by layer 2, and which fades more depends on the probe; a causal mask alone gives a coarse position, RoPE's states carry little ([probes](#position-probe)) | Haviv et al. 2022: causal language models without an encoding carry absolute position in their states |""",
        lambda: all_pass(ev.test_which_table_fades_more_depends_on_the_probe, ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_rope_solves_it_with_little_absolute_position)() and probe_fades(), scope="In these two-layer models"),
    measured('summary-add',
        r"""| A sum loses little against a concatenation | In these narrow models (width 8, 64 tokens, 32 positions) each variant's median seed reaches 100%: inconclusive ([add or concatenate](#add-or-concatenate)) | No comparison in one large model that we know of |""",
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models (width 8, 64 tokens, 32 positions)"),
    computed('headline-figure',
        r"""![Tokens right against test length, one line per encoding, median over five seeds with a band from minimum to maximum, one panel per task (token 3 back, the largest of the last 4 tokens); the dotted line marks the training length 16](generated/evidence/extrapolation.svg)""",
        extrapolation_setup),
    prose('h-extrapolation',
        r"""Extrapolation: train up to L, test up to 8L""",
        "a heading"),
    computed('x-setup',
        r"""Each encoding is trained at lengths {{ gen.extrapolation.min_len }} to \(L\) = {{ gen.extrapolation.max_len }} ({{ gen.extrapolation.n_layers }} layers, {{ gen.extrapolation.n_heads }} heads, width {{ gen.extrapolation.d_model }}, the causal mask), on two tasks: **token {{ gen.extrapolation.k }} back** needs an exact offset, what the sinusoids' shift was designed for; **the largest of the last {{ gen.extrapolation.window }} tokens** needs only the recent window, what ALiBi's bias towards nearby keys was designed for.""",
        extrapolation_setup),
    cited('alibi-slopes',
        r"""ALiBi has {{ gen.extrapolation.n_heads }} heads with the slopes of its paper, \(2^{-8h/H}\) (here 1/4 to 1/256).""",
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 3: head h of H has slope 2^(-8h/H), the geometric sequence starting at 2^(-8/H)", passes(ev.test_alibi_has_the_papers_slopes_for_four_heads)),
    computed('x-grid',
        r"""Each encoding's learning rate is the best of {{ gen.extrapolation.rates }} on one run of {{ gen.extrapolation.tune_steps }} steps, judged on the training length only; then each seed trains for {{ gen.extrapolation.steps }} steps at that rate.""",
        tuned_on_training_length),
    computed('x-test',
        r"""The test: {{ gen.extrapolation.eval_sequences }} new sequences of each length up to {{ gen.extrapolation.longest }} = 8L.""",
        passes(ev.test_the_setup_the_page_quotes)),
    prose('table-k-back',
        r"""Token {{ gen.extrapolation.k }} back, tokens right:""",
        "names the table below"),
    prose('table-local-max',
        r"""The largest of the last {{ gen.extrapolation.window }} tokens, tokens right:""",
        "names the table below"),
    computed('share-falls',
        r"""A test sequence longer than \(L\) starts with \(L\) positions the model was trained on, so the share right falls with length even for a model that gets nothing beyond \(L\); the last column counts only the positions beyond \(L\), and the figure shows each position:""",
        share_falls_with_length),
    computed('by-position-figure',
        r"""![Share of test sequences right at each position of 128-token sequences, one line per encoding, median over five seeds with a band from minimum to maximum, one panel per task; the dotted line marks the end of the training lengths](generated/evidence/extrapolation-by_position.svg)""",
        lambda: extrapolation_setup() and causal_answers_ignore_later_tokens()),
    cited('press-at-scale',
        r"""At scale, [Press et al. (2022)](beyond.md#what-was-measured-alibi) trained language models on WikiText-103 with \(L\) = 512 and 1024: the sinusoidal model degraded a few dozen tokens past \(L\), rotary embeddings later, and ALiBi extrapolated.""",
        "Press, Smith and Lewis 2022, Train Short, Test Long (arXiv:2108.12409), section 2.2 and Figure 1 (sinusoidal: 20 to 50 extra tokens; rotary: about 200 and 100; ALiBi: abstract, 1024 to 2048)"),
    cited('kazemnejad-at-scale',
        r"""[Kazemnejad et al. (2023)](https://arxiv.org/abs/2305.19466) found decoder-only models with no encoding generalising to longer inputs better than with the explicit encodings, on reasoning and arithmetic tasks.""",
        "Kazemnejad et al. 2023, The Impact of Positional Encoding on Length Generalization in Transformers (arXiv:2305.19466), abstract: NoPE outperforms the explicit encodings (APE, T5 bias, ALiBi, rotary) on their reasoning and arithmetic tasks"),
    computed('x-tasks-target',
        r"""The two tasks here give each design the task it targets; the tables above hold what each encoding kept beyond \(L\).""",
        lambda: extrapolation_setup() and passes(ev.test_alibi_cannot_prefer_a_farther_key_by_position)()),
    prose('h-shift',
        r"""The paper's hypothesis: does a trained head learn the shift matrix?""",
        "a heading"),
    computed('shift-identity',
        r"""[The linearity page](linearity.md#the-statement) proves \(\mathrm{PE}(p + k) = M_k\,\mathrm{PE}(p)\), with \(M_k\) a rotation by \(\omega_i k\) in each sin/cos pair \(i\).""",
        shift_identity),
    computed('score-bilinear',
        r"""A head scores a query at \(m\) against a key at \(n\) with \(x_m^{\top} W x_n\), \(W = W_Q^{\top} W_K / \sqrt{d_{\text{head}}}\); if it attends \(k\) back through the shift, the part of \(W\) that acts on the table should look like \(M_k\), since \(\mathrm{PE}(m)^{\top} M_k\, \mathrm{PE}(n)\) is largest at \(n = m - k\).""",
        lambda: score_is_bilinear() and shifted_dot_peaks_k_back()),
    computed('shift-setup',
        r"""The test trains one layer with one head (width {{ gen.learned_shift_matrix.d_model }}, token {{ gen.learned_shift_matrix.k }} back, {{ gen.learned_shift_matrix.steps }} steps, {{ gen.learned_shift_matrix.seeds }} seeds) and splits each 2×2 diagonal block of \(W\) into a rotation part \(\begin{pmatrix} a & b \\ -b & a \end{pmatrix}\) and the rest: the rotation's angle, and the share of the block's norm it holds.""",
        lambda: configs()['learned_shift_matrix']['n_heads'] == 1 and configs()['learned_shift_matrix']['n_layers'] == 1 and rotation_part_of_m_k()),
    computed('shift-chance',
        r"""Beside each measure stands what chance gives: the same head at its random initialisation, and random blocks (for a 2×2 block of independent Gaussian entries the squared share is uniform on [0, 1], so its median share is {{ gen.learned_shift_matrix.random_median_share }}, and the smallest of {{ gen.learned_shift_matrix.fast_pairs }} such blocks has median {{ gen.learned_shift_matrix.random_median_smallest }}).""",
        random_block_baseline),
    computed('basis-free',
        r"""Two measures do not depend on the basis the table is written in, so they apply to a learned table too: whether the position-only scores \(\mathrm{PE}(m)^{\top} W\, \mathrm{PE}(n)\) peak \(k\) back, and their *relative share*, the part of them (each query's mean set aside) that a function of the offset \(m - n\) alone explains.""",
        relative_share_is_basis_free),
    computed('shift-figure',
        r"""![The trained W restricted to the first four pairs, seed 0, each pair rescaled to its own block's norm, next to M_3 over the same pairs: the diagonal blocks have the same rotation pattern in pair 0, and after rescaling each pair to its own norm the blocks between pairs show about as strong as pairs 1 to 3's own; beside them, each pair's fitted rotation angle against pair index, five trained seeds and five random initialisations, with the line w_i times 3: the trained angles sit on the line for pairs 0 to 3, one seed off in one pair, and scatter beyond; the random ones scatter everywhere](generated/evidence/learned_shift_matrix.svg)""",
        all_pass(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds, ev.test_slow_pairs_do_not_follow)),
    computed('cosine-figure',
        r"""![Cosine similarity of W with M_j for j from 0 to 8: the five trained sinusoidal heads peak at j = 3, the task's offset, at about 0.28; random initialisations and learned-absolute heads stay within 0.1 of zero for every j](generated/evidence/learned_shift_matrix-cosine.svg)""",
        passes(ev.test_similarity_peaks_at_k)),
    prose('shift-lead',
        r"""What it finds, in these one-layer, one-head models on token {{ gen.learned_shift_matrix.k }} back (each sentence names its scope):""",
        "introduces the list; each item names its scope"),
    measured('shift-fast-pairs',
        r"""**The fast pairs rotate by \(\omega_i k\) in these one-layer heads.** The largest angle error of the {{ gen.learned_shift_matrix.fast_pairs }} fastest pairs, per seed, is {{ gen.learned_shift_matrix.trained_fast_error }} rad: within a third of a radian in four of the five seeds, while at random initialisation the same angles are off by {{ gen.learned_shift_matrix.random_init_fast_error }}.""",
        passes(ev.test_the_trained_fast_pairs_rotate_by_w_k_in_most_seeds), scope="in these one-layer heads"),
    measured('shift-more-than-chance',
        r"""**The rotation in these one-layer heads is more than chance gives.** The smallest rotation share of the fast pairs is {{ gen.learned_shift_matrix.trained_fast_share }} per trained seed, against a median of {{ gen.learned_shift_matrix.random_median_smallest }} for the smallest of four random blocks and {{ gen.learned_shift_matrix.random_init_fast_share }} at initialisation.""",
        passes(ev.test_the_rotation_shares_beat_random_blocks), scope="in these one-layer heads"),
    measured('shift-between-pairs',
        r"""In these heads \(W\) is block-diagonal at pair 0 and not beyond it: {{ gen.learned_shift_matrix.trained_diagonal }} of the squared norm of \(W\)'s fast corner lies in the pairs' own blocks (against {{ gen.learned_shift_matrix.diagonal_share_iid }} for independent entries), but pair 0's block alone holds 0.81 to 0.92 of it, and pairs 1 to 3 keep less than 0.4 of their rows in their own blocks, close to the 0.25 of independent entries (from \(W\)'s corner as saved, to one decimal).""",
        passes(ev.test_the_blocks_between_pairs_are_small_only_at_pair_0), scope="In these heads"),
    measured('shift-part-of-w',
        r"""**In these heads \(M_k\) is one part of \(W\).** Over the whole of \(W\), the cosine with \(M_j\) peaks at \(j = k\) in each seed, at {{ gen.learned_shift_matrix.trained_cos_k }}; random and learned-table heads stay within 0.1 of zero at each \(j\) (0 to 8).""",
        passes(ev.test_similarity_peaks_at_k), scope="In these heads"),
    measured('shift-slow-pairs',
        r"""In these heads the slow pairs (4 and up, where \(\omega_i k\) is at most 0.3 rad) stray: each seed has one off by more than 0.5 rad.""",
        passes(ev.test_slow_pairs_do_not_follow), scope="In these heads"),
    measured('shift-learned',
        r"""**In these one-layer models the learned table gets there without pairs.** It solves the task too, and its position-only scores peak \(k\) back for each of the 13 queries ({{ gen.learned_shift_matrix.learned_hits }}).""",
        passes(ev.test_learned_absolute_solves_it_without_pairs), scope="In these one-layer models"),
    computed('shift-relative',
        r"""The basis-free relative share puts the heads in order: {{ gen.learned_shift_matrix.trained_relative }} for the sinusoids, {{ gen.learned_shift_matrix.learned_relative }} for the learned table, {{ gen.learned_shift_matrix.random_init_relative }} at initialisation (median, minimum to maximum).""",
        passes(ev.test_the_relative_share_orders_the_heads)),
    measured('shift-one-solution',
        r"""In these heads the learned table also scores positions largely by their offset, less cleanly: the shift is one solution the optimiser finds when the sinusoids offer it, and whether it is found faster is left unmeasured here.""",
        passes(ev.test_the_relative_share_orders_the_heads), scope="In these heads"),
    cited('rope-builds-it',
        r"""We know of no search for \(M_k\) inside the heads of a large trained model; RoPE ([Su et al. 2021](https://arxiv.org/abs/2104.09864)) builds the rotation into the attention score instead of leaving it to be learned ([Beyond the paper](beyond.md#from-the-rotation-to-relative-encodings)).""",
        "Su et al. 2021, RoFormer (arXiv:2104.09864), section 3.2: the rotation is applied to queries and keys; the sources of shared/research/content_anchors.md measure no trained head for M_k"),
    prose('h-probe',
        r"""Does the position survive the layers?""",
        "a heading"),
    cited('haviv-question',
        r"""[The FAQ](faq.md#does-the-position-survive-to-the-upper-layers) asks whether the table, added once at the bottom, reaches the top; [Haviv et al.](beyond.md#models-with-no-explicit-encoding) found the position in the hidden states of causal language models with no encoding and conjectured that the causal mask puts it there.""",
        "Haviv et al. 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information (arXiv:2203.16634), sections 4-5: probes find absolute position in NoPos models; the causal mask conjectured as its source"),
    computed('probe-setup',
        r"""Two linear probes read the position back from each layer's hidden states, fitted on {{ gen.position_probe.fitted }} sequences and scored on {{ gen.position_probe.held_out }} others: a regression onto the index (\(R^2\); 1 when the position is a linear function of the state), which favours codes that are linear in the index, such as the sinusoids' slow pairs over {{ gen.position_probe.max_len }} positions; and a classifier that names the exact position (chance: {{ gen.position_probe.chance }}), which does not.""",
        lambda: probe_setup() and slow_pairs_nearly_linear()),
    computed('probe-control',
        r"""The control is the same probes on random features of the same width, which carry no position: \(R^2\) {{ gen.position_probe.control_r2 }}, position named {{ gen.position_probe.control_accuracy }} of the time.""",
        lambda: passes(ev.test_the_controls_are_near_chance)()),
    computed('probe-models',
        r"""The models: token {{ gen.position_probe.k }} back, {{ gen.position_probe.n_layers }} layers, width {{ gen.position_probe.d_model }}, {{ gen.position_probe.steps }} steps, {{ gen.position_probe.seeds }} seeds, with and without the causal mask.""",
        lambda: configs()['position_probe']['task'] == 'k_back' and values('position_probe')['seeds'] == '5'),
    computed('probe-figure',
        r"""![Four panels, regression R² (top) and the share of positions named exactly (bottom), without and with the causal mask, against layer, median and min–max over five seeds, with the random-feature control as a grey band: learned and sinusoidal start at the top and fall, the sinusoids less under the regression and more under the classifier; no encoding, RoPE and ALiBi start at the control; with the causal mask, no encoding and ALiBi rise to an R² near 0.7 after layer 1 while naming the exact position about 15% of the time](generated/evidence/position_probe.svg)""",
        all_pass(ev.test_which_table_fades_more_depends_on_the_probe, ev.test_a_causal_mask_alone_puts_a_coarse_position_in, ev.test_the_controls_are_near_chance)),
    prose('probe-lead',
        r"""What they find, in these two-layer models on token {{ gen.position_probe.k }} back (each sentence names its scope):""",
        "introduces the list; each item names its scope"),
    measured('probe-nothing',
        r"""**In these models, without a mask and without position vectors, the probes read nothing:** after layer 1, \(R^2\) {{ gen.position_probe.none_1 }} and the position named {{ gen.position_probe.none_acc_1 }} of the time, the control's level.""",
        all_pass(ev.test_no_mask_no_vectors_nothing_to_read, ev.test_the_controls_are_near_chance), scope="In these models"),
    measured('probe-causal-mask',
        r"""**In these models a causal mask alone puts a coarse position into the states.** With no position vectors, after layer 1 the regression reads it with \(R^2\) {{ gen.position_probe.none_causal_1 }} ({{ gen.position_probe.alibi_causal_1 }} with ALiBi), yet the classifier names the exact position {{ gen.position_probe.none_causal_acc_1 }} of the time ({{ gen.position_probe.alibi_causal_acc_1 }} with ALiBi), against {{ gen.position_probe.control_accuracy }} for the control: a graded sense of how far into the sequence, not an index.""",
        passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in), scope="In these models"),
    measured('probe-depends',
        r"""**In these models, which absolute table fades more depends on the probe.** After layer 2 without the mask, the regression favours the sinusoids (\(R^2\) {{ gen.position_probe.sin_add_bidirectional_2 }} against {{ gen.position_probe.learned_bidirectional_2 }} for the learned table), and the classifier favours the learned table (position named {{ gen.position_probe.learned_bidirectional_acc_2 }} against {{ gen.position_probe.sin_add_bidirectional_acc_2 }}); with the mask the order is the same.""",
        passes(ev.test_which_table_fades_more_depends_on_the_probe), scope="In these models"),
    computed('probe-why',
        r"""The sinusoids' slow pairs are nearly linear over {{ gen.position_probe.max_len }} positions, which the regression rewards, so "the sinusoids survive better" holds for one probe and not for the other.""",
        lambda: slow_pairs_nearly_linear() and passes(ev.test_which_table_fades_more_depends_on_the_probe)()),
    measured('probe-rope',
        r"""**In these models RoPE solves the task with little absolute position in the states.** Each seed gets {{ gen.position_probe.rope_causal_right }} of the tokens right, while after layer 1 the classifier names the position {{ gen.position_probe.rope_bidirectional_acc_1 }} of the time without the mask and {{ gen.position_probe.rope_causal_acc_1 }} with it, near the control and below the causal model with no encoding; the \(R^2\) of {{ gen.position_probe.rope_causal_1 }} with the mask is the mask's coarse signal again.""",
        passes(ev.test_rope_solves_it_with_little_absolute_position), scope="In these models"),
    cited('haviv-at-scale',
        r"""At scale, [Haviv et al. (2022)](https://arxiv.org/abs/2203.16634) trained causal language models with no position encoding, found them competitive with encoded ones, and found absolute position in their hidden states with probes; here the same holds in kind for two-layer models, with a position that is coarse rather than exact.""",
        "Haviv et al. 2022 (arXiv:2203.16634), abstract and section 5 (probing): NoPos causal LMs competitive, absolute position predicted from their states; here: test_a_causal_mask_alone_puts_a_coarse_position_in", passes(ev.test_a_causal_mask_alone_puts_a_coarse_position_in)),
    prose('h-add',
        r"""Add or concatenate, measured""",
        "a heading"),
    prose('add-argues',
        r"""[Add or concatenate?](add-or-concatenate.md#why-a-sum-and-not-a-concatenation) argues that a sum keeps the width and loses little.""",
        "a pointer to the argument on the other page"),
    computed('add-setup',
        r"""The cost of each shows only where the width binds, so these models are narrow: width 8 for a vocabulary of {{ gen.add_vs_concat.vocab }} tokens and sequences of {{ gen.add_vs_concat.min_len }} to {{ gen.add_vs_concat.max_len }} positions, token {{ gen.add_vs_concat.k }} back, {{ gen.add_vs_concat.steps }} steps, {{ gen.add_vs_concat.seeds }} seeds.""",
        add_setup),
    computed('add-width-8',
        r"""At width 8, adding lets token and position share all 8 dimensions; concatenating gives each 4 (two sin/cos pairs for the position).""",
        lambda: Config(position='sin_concat', d_model=8, d_pos=4, n_heads=2).pos_width == 4 and passes(ev.test_the_variants_are_matched_as_the_page_says)()),
    computed('add-params',
        r"""At equal parameter count, concatenating 8 + 8 ({{ gen.add_vs_concat.params_concat_8_8 }} parameters) is set against adding at width 16 ({{ gen.add_vs_concat.params_add_16 }}).""",
        passes(ev.test_the_variants_are_matched_as_the_page_says)),
    computed('add-figure',
        r"""![Tokens right at length 32 for the four variants, one dot per seed and a bar at the median: every bar at 100%, one seed of adding at width 16 at 92%](generated/evidence/add_vs_concat.svg)""",
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top)),
    prose('add-lead',
        r"""What it finds, in these narrow two-layer models on token {{ gen.add_vs_concat.k }} back with a vocabulary of {{ gen.add_vs_concat.vocab }}:""",
        "introduces the list; each item names its scope"),
    measured('add-did-not-bind',
        r"""**The width did not bind in these narrow models.** Each variant picked the largest rate of the grid, and at it each one's median seed is at 100% of the tokens to the whole percent: adding at width 8 {{ gen.add_vs_concat.k_back_add_8 }}, concatenating 4 + 4 {{ gen.add_vs_concat.k_back_concat_4_4 }}, concatenating 8 + 8 {{ gen.add_vs_concat.k_back_concat_8_8 }}, adding at width 16 {{ gen.add_vs_concat.k_back_add_16 }}.""",
        all_pass(ev.test_every_add_or_concatenate_variant_reaches_the_top, ev.test_every_variant_chose_the_largest_rate), scope="in these narrow models"),
    measured('add-inconclusive',
        r"""In these narrow models four dimensions for 64 tokens and two sin/cos pairs for 32 positions were enough, so this setting leaves the order of add and concatenate open: the result is inconclusive, not a tie.""",
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models"),
    measured('add-hint',
        r"""**A hint, from one seed.** In the grid's shortened runs at width 8, concatenating learned faster than adding: after 400 steps at rate 0.003 its loss was 2.42 against 3.91, and at 0.01, 0.015 against 0.10. The split may cost adding speed rather than reach; one run per rate says no more.""",
        passes(ev.test_in_the_grid_concatenating_learned_faster_at_width_8), scope="In the grid's shortened runs at width 8"),
    prose('add-no-scale',
        r"""No measurement at scale compares the two on one model that we know of; [the add-or-concatenate page](add-or-concatenate.md#why-a-sum-and-not-a-concatenation) gives the argument instead.""",
        "a statement of what we found in the literature we read (shared/research/content_anchors.md): none trains both on one large model"),
    prose('h-learned',
        r"""Learned or fixed?""",
        "a heading"),
    cited('table-3-e',
        r"""The paper's Table 3, row (E), found learned position embeddings and the sinusoids "nearly identical" on its translation task, at the lengths it tested.""",
        PAPER + ", section 3.5 and Table 3 row (E): 'nearly identical results'"),
    measured('learned-tie',
        r"""In these two-layer models on token {{ gen.position_probe.k }} back they tie at the training length: learned and sinusoidal get {{ gen.position_probe.learned_causal_right }} and {{ gen.position_probe.sin_add_causal_right }} of the tokens right (with the causal mask, median of five seeds, the lowest seed 99%), and beyond it the [extrapolation tables](#extrapolation) compare them on both tasks.""",
        learned_ties_at_l, scope="In these two-layer models on token {{ gen.position_probe.k }} back"),
    cited('bert-no-reason',
        r"""BERT ([Devlin et al. 2019](https://arxiv.org/abs/1810.04805)) chose a learned table of 512 rows; its paper gives no reason for the choice, and runs this small say nothing about it.""",
        "Devlin et al. 2019, BERT (arXiv:1810.04805), section 3 and appendix A.2: learned position embeddings, sequences of at most 512 tokens; no reason is given for learned over sinusoidal"),
    computed('fixed-keeps',
        r"""What the sinusoids keep is a definition at every position (a learned table has no row 513) and no parameters; what a learned table buys is freedom from fixed frequencies.""",
        fixed_keeps_learned_buys),
    prose('h-reproduce',
        r"""Reproduce it""",
        "a heading"),
    computed('library',
        r"""The library is `snippets/pelib/training.py`: a post-norm transformer as in the paper whose position handling is one switch, `Config.position` (`none`, `none_causal`, `learned`, `sin_add`, `sin_concat`, `rope`, `alibi`).""",
        lambda: seven_settings() and post_norm()),
    computed('from-reference',
        r"""The sinusoidal tables and RoPE's angles come from [the reference implementation](reference.md#the-function); token embeddings start as \(N(0, 1/d)\) and are scaled by \(\sqrt{d}\), as in the paper.""",
        lambda: tables_from_reference() and embedding_init()),
    computed('training-step',
        r"""Each step draws one length from the training lengths and a batch of random sequences; Adam with a short warm-up:""",
        one_length_per_step),
    computed('own-kind',
        r"""`make experiments` runs the experiments whose code changed; their results are cached like every other output, and `make check` fails when one is stale.""",
        regen_never_forces_experiments),
    computed('figures-from-results',
        r"""The figures are drawn by `snippets/evidence/` from the results the experiments saved, so restyling a figure retrains nothing.""",
        figures_drawn_from_saved_results),
    computed('deterministic',
        r"""Training runs on the CPU, one thread, in float64, with fixed seeds and `torch.use_deterministic_algorithms`: on one machine a run repeats bit for bit.""",
        deterministic),
    computed('kernels-differ',
        r"""Across CPUs, left alone, it would not: torch's vector kernels (`ATEN_CPU_CAPABILITY`) round a few operations differently in the last bit, and hundreds of Adam steps carry that into what the loss leaves free.""",
        KERNELS_DIFFER, slow=True),
    cited('pinned-path',
        r"""So regen runs the experiments on one numerical path that every x86-64 CPU computes alike: torch's portable kernels (`ATEN_CPU_CAPABILITY=default`), MKL's compatible branch for the matrix products (`MKL_CBWR=COMPATIBLE`), and glibc's `exp`, `log` and `sin` without their FMA variants (`GLIBC_TUNABLES`).""",
        PORTABLE_PATH + "; the settings themselves are checked in scripts/regenkit/config.py and the committed JSONs", experiments_are_pinned),
    computed('kernel-test',
        r"""Each experiment records the path it took in its JSON (`numerics`), and `test_committed_results_are_the_same_under_every_cpu_kernel` in `tests/test_experiments.py` re-runs every experiment with the caller asking for each kernel the CPU offers and compares the bytes with the committed ones.""",
        lambda: experiments_are_pinned() and kernel_test_covers_every_experiment()),
    computed('reduced',
        r"""`make test` runs each experiment in a reduced configuration (ten steps, two seeds) twice, once with the caller on the CPU's own vector kernel and once asking for another, and checks that both runs write the same bytes, which proves the code path and its determinism, not the results.""",
        reduced_is_ten_steps),

], typed={
    '100%': 'the ceiling the verdicts name (each checked against the medians by its test), not a copy of one saved value',
    '0.01': "the grid's rates as the page states them (0.003 and 0.01), parameters of experiments/_experiment.py RATES",
    '0.003': "the grid's rates as the page states them, parameters of experiments/_experiment.py RATES",
    '0.25': "the 0.25 of independent entries (1 / 4 pairs), stated once more beside pairs 1 to 3; checked by test_the_blocks_between_pairs_are_small_only_at_pair_0",
    '128': 'the test length of the by-position figure, a parameter of experiments/extrapolation.py',
}
)

test_claims_hold = LEDGER.test
