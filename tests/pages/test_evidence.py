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
from claimcheck import Ledger, cited, computed, passes, pending_file, prose
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


def tiny_models() -> bool:
    c = configs()
    layers = {cfg["n_layers"] for cfg in c.values()}
    widths = {cfg["d_model"] for stem, cfg in c.items() if stem != "add_vs_concat"}
    widths |= {v[1] for v in c["add_vs_concat"]["variants"].values()}
    lengths = {(cfg["min_len"], cfg["max_len"]) for cfg in c.values()}
    return layers == {1, 2} and widths == {32, 64} and lengths == {(8, 16)}


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


def exact_tasks() -> bool:
    return tasks.TASKS == ("k_back", "reverse", "sort") and passes(tt.test_task_answers)()


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


def same_seeds() -> bool:
    seeds = {tuple(cfg["seeds"]) for cfg in configs().values()}
    return len(seeds) == 1 and len(next(iter(seeds))) >= 3 and values("extrapolation")["seeds"] == str(len(next(iter(seeds))))


def extrapolation_figure() -> bool:
    low = all(max(ev.accuracies(p, n)) < 1 / 3 for p in ("none", "none_causal", "alibi") for n in ev.LENGTHS)
    return low and all_pass(ev.test_position_encodings_solve_the_training_lengths, ev.test_sinusoidal_does_not_extrapolate,
                            ev.test_rope_reaches_furthest_but_not_4l)()


def share_falls_with_length() -> bool:
    """Right up to L and nothing beyond: (L - k) / (n - k) of the answered tokens, falling as n grows."""
    k = ev.CONFIG["k"]
    shares = [(ev.L - k) / (n - k) for n in ev.LENGTHS]
    return all(b < a for a, b in zip(shares, shares[1:]))


def causal_answers_ignore_later_tokens() -> bool:
    return all(passes(tt.test_causal_mask_hides_the_future_and_none_sees_it, p)()
               for p in ("none_causal", "learned", "sin_add", "rope", "alibi"))


def by_position_figure() -> bool:
    reach = {p: ev.reach(p) for p in ("learned", "sin_add", "sin_concat", "rope")}
    rope = sorted(reach["rope"])
    count = ev.CONFIG["eval_sequences"]
    k = ev.CONFIG["k"]
    rows = [ev.EXTRAPOLATION["by_position"][f"{p}/{s}"] for p in ("none_causal", "alibi") for s in ev.SEEDS]
    first = max(r[k] for r in rows) / count  # the answer at position k is token 0, the first of the sequence
    low = abs(first - 2 / 3) < 0.02 and all(max(r[k + 1 :]) < count / 2 for r in rows)
    return max(reach["learned"] + reach["sin_add"] + reach["sin_concat"]) <= 1 and rope[-1] > rope[-2] and low


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


def shift_setup() -> bool:
    c = configs()["learned_shift_matrix"]
    v = values("learned_shift_matrix")
    return c["n_layers"] == 1 and c["n_heads"] == 1 and v["d_model"] == str(c["d_model"]) and v["k"] == str(c["k"])


def shift_contrasts() -> bool:
    results = data("learned_shift_matrix")["results"]
    return all(f"{label}/{s}" in results for label in ("random_init", "learned") for s in ev.SHIFT_SEEDS) and \
        all(results[f"random_init/{s}"]["tokens_right"] != "100%" for s in ev.SHIFT_SEEDS)


def probe_setup() -> bool:
    c = configs()["position_probe"]
    keys = set(data("position_probe")["results"])
    both = all(f"{p}/{m}/{s}" in keys for p in ("learned", "sin_add", "sin_concat", "rope", "alibi")
               for m in (False, True) for s in c["seeds"])
    bare = all(f"{p}/None/{s}" in keys for p in ("none", "none_causal") for s in c["seeds"])
    return both and bare and c["n_layers"] == 2 and c["d_model"] == 32 and passes(ev.test_the_probe_setup_the_page_quotes)()


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


def probe_figure_a() -> bool:
    return panels_in_order("position_probe.svg", "no mask (bidirectional)", "causal mask") and probe_figure()


def probe_figure() -> bool:
    start_at_zero = all(abs(s[0]) <= 0.05 for p, m in (("rope", False), ("rope", True), ("alibi", False),
                                                       ("alibi", True), ("none", None), ("none_causal", None))
                        for s in ev.r2(p, m))
    return start_at_zero and all_pass(ev.test_absolute_tables_fade_and_sinusoids_survive_better,
                                      ev.test_a_causal_mask_alone_puts_position_in,
                                      ev.test_no_mask_no_vectors_nothing_to_read)()


def add_concat_setup() -> bool:
    c = configs()["add_vs_concat"]
    kinds = {v[0] for v in c["variants"].values()}
    return len(c["variants"]) == 4 and kinds == {"sin_add", "sin_concat"} and len(c["seeds"]) >= 3


def add_concat_tasks() -> bool:
    c = configs()["add_vs_concat"]
    k_back = Config(**c["tasks"]["k_back"])
    reverse = Config(**c["tasks"]["reverse"], min_len=8)
    return k_back.is_causal and not reverse.is_causal and passes(tt.test_task_answers)()


def add_concat_figure() -> bool:
    reverse = [f for v in ev.ADD_CONCAT["config"]["variants"] for f in ev.right("reverse", v)]
    length = ev.ADD_CONCAT["config"]["max_len"]
    in_order = panels_in_order("add_vs_concat.svg", f"k_back (length {length})", f"reverse (length {length})")
    return in_order and 0.25 <= min(reverse) and max(reverse) < 0.85 and passes(ev.test_k_back_does_not_tell_them_apart)()


def both_in_one_experiment() -> bool:
    return {"learned", "sin_add"} <= set(ev.CONFIG["positions"])


def neither_beyond_l() -> bool:
    return max(ev.reach("learned") + ev.reach("sin_add") + ev.reach("sin_concat")) <= 1


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


LEDGER = Ledger('evidence.md', [
    prose('title',
        'Evidence from trained models',
        "the title"),
    cited('paper-compares-once',
        'The paper compares learned and sinusoidal positions once (Table 3, row E) and tests none of its hypotheses about them.',
        PAPER + ", Table 3 row (E) is its only comparison of the two; section 3.5 states the hypotheses without a test"),
    cited('paper-hypotheses',
        'The sinusoids were chosen because the authors "hypothesized it would allow the model to easily learn to attend by relative positions" and because they "may allow the model to extrapolate to sequence lengths longer than the ones encountered during training".',
        PAPER + ", section 3.5 (both quotes)"),
    cited('explanations-repeat',
        "Explanations usually repeat these sentences or quote someone else's measurement.",
        "shared/research/content_anchors.md, the feature tables of section 1: the anchors state or quote the hypotheses, none trains a model to test them"),
    computed('inside-the-pipeline',
        'This page measures them on tiny transformers trained here, inside the same pipeline as the rest of the site.',
        every_experiment_is_a_regen_job),
    computed('every-comparison-checked',
        'Every number on it comes from code, and a test checks every sentence that makes a comparison.',
        every_comparison_is_checked),
    computed('tiny-models',
        'The models are tiny (one or two layers, width 32 or 64), the tasks are synthetic and the sequences are short (training lengths {{ gen.extrapolation.min_len }} to {{ gen.extrapolation.max_len }}).',
        tiny_models),
    prose('scope',
        'A finding here shows what *can* happen, and whether a hypothesis holds in the simplest setting where it can be checked.',
        "what the measurements are for; no fact in it"),
    prose('limit',
        'It does not predict what a 100-million-parameter language model does.',
        "a limit of the method, stated; no measurement in it"),
    prose('plan',
        'Where the literature measured something larger, the section says so and compares plainly.',
        "the plan of the sections"),
    prose('h-models',
        'The models and the tasks',
        "a heading"),
    computed('library',
        'The library is `snippets/pelib/training.py`.',
        lambda: (ROOT / "snippets/pelib/training.py").is_file() and training.TinyTransformer is not None),
    computed('seven-settings',
        'Its position handling is one switch, `Config.position`, with seven settings: `none` (no position information and no mask), `none_causal` (no position vectors, causal mask), `learned` (a learned absolute table), `sin_add` (the reference table added to the token embeddings, which are scaled by \\(\\sqrt{d}\\) as in the paper), `sin_concat` (the reference table concatenated), `rope` and `alibi`.',
        seven_settings),
    computed('embedding-init',
        'Token embeddings start as \\(N(0, 1/d)\\), the fairseq pairing for which the \\(\\sqrt{d}\\) factor [brings a token to the scale of the table](add-or-concatenate.md#does-the-table-drown-the-token-embedding).',
        embedding_init),
    computed('post-norm',
        'The layers are post-norm, as in the paper.',
        post_norm),
    computed('tables-from-reference',
        "The sinusoidal tables, and RoPE's angles, come from [the reference implementation](reference.md#the-function):",
        tables_from_reference),
    computed('tasks',
        'The tasks (`snippets/pelib/tasks.py`) have exact answers and need position: **token k back** (output at position \\(t\\) the token at \\(t - k\\)), **reverse** and **sort**.',
        exact_tasks),
    computed('training-step',
        'Each training step draws one length uniformly from the training lengths and a batch of random sequences; Adam, a short warm-up, nothing else:',
        one_length_per_step),
    computed('deterministic',
        'Training runs on the CPU, one thread, in float64, with fixed seeds and `torch.use_deterministic_algorithms`: on one machine a run repeats bit for bit.',
        deterministic),
    computed('kernels-differ',
        "Across CPUs, left alone, it would not: torch's vector kernels (`ATEN_CPU_CAPABILITY`) round a few operations differently in the last bit, and hundreds of Adam steps carry that into what the loss leaves free (one token in a thousand, the second decimal of an unconstrained angle).",
        KERNELS_DIFFER, slow=True),
    cited('pinned-path',
        "So regen runs the experiments on one numerical path that every x86-64 CPU computes alike, whatever the machine and whatever kernel the caller asks for: torch's portable kernels (`ATEN_CPU_CAPABILITY=default`), MKL's compatible branch for the matrix products (`MKL_CBWR=COMPATIBLE`; MKL picks its code from the CPU, not from torch's setting), and glibc's `exp`, `log` and `sin` without their FMA variants (`GLIBC_TUNABLES`; the portable kernels call them).",
        PORTABLE_PATH + "; the settings themselves are checked in scripts/regenkit/config.py and the committed JSONs",
        experiments_are_pinned),
    computed('each-pin-matters',
        'On this machine, dropping any one of the three changes the weights of a thirty-step training run.',
        each_pin_matters, slow=True),
    cited('kernel-test',
        'Each experiment records the path it took in its JSON (`numerics`), and `test_committed_results_are_the_same_under_every_cpu_kernel` in `tests/test_experiments.py` re-runs every experiment with the caller asking for each kernel the CPU offers and compares the bytes with the committed ones.',
        KERNEL_RUN, lambda: experiments_are_pinned() and kernel_test_covers_every_experiment()),
    computed('stable-precision',
        'The page still reports counts as whole percentages, and angles, shares and similarities at two decimals only where they are pinned.',
        stable_precision),
    computed('seeds',
        'Each measurement is repeated with {{ gen.extrapolation.seeds }} seeds, and every table and figure shows all of them or their spread (median, minimum to maximum).',
        same_seeds),
    prose('h-extrapolation',
        'Extrapolation: train up to L, test up to 8L',
        "a heading"),
    cited('second-hope',
        'The paper\'s second hope: sinusoids "may allow the model to extrapolate".',
        PAPER + ", section 3.5"),
    computed('extrapolation-setup',
        'Each encoding is trained on **token {{ gen.extrapolation.k }} back** at lengths {{ gen.extrapolation.min_len }} to \\(L\\) = {{ gen.extrapolation.max_len }} for {{ gen.extrapolation.steps }} steps ({{ gen.extrapolation.n_layers }} layers, {{ gen.extrapolation.n_heads }} heads, width {{ gen.extrapolation.d_model }}), then tested on {{ gen.extrapolation.eval_sequences }} new sequences of each length from \\(L\\) to {{ gen.extrapolation.longest }} = 8L:',
        passes(ev.test_the_setup_the_page_quotes)),
    computed('extrapolation-figure',
        '![Tokens right against test length, one line per encoding (median over three seeds, band from minimum to maximum): learned absolute, both sinusoidal variants and RoPE are at 100% at the training length 16; the sinusoidal and learned curves fall at once beyond it, RoPE falls later; no position information and ALiBi stay low at every length](generated/extrapolation.svg)',
        extrapolation_figure),
    computed('share-falls',
        'A test sequence longer than \\(L\\) still starts with \\(L\\) positions the model was trained on, so the share of tokens right falls with length even for a model that gets every trained position right and nothing beyond.',
        share_falls_with_length),
    computed('causal-answers',
        'The causal encodings answer position \\(t\\) from the tokens up to \\(t\\) alone, whatever the length, so the accuracy at each position of the longest test sequences shows where each one stops:',
        causal_answers_ignore_later_tokens),
    computed('by-position-figure',
        '![Share of test sequences right at each position of 128-token sequences, causal encodings only: learned and sinusoidal drop right after position 15; RoPE holds further in one seed than in the others; no position information and ALiBi get up to about two thirds at the first position with an answer (its token is the first of the sequence) and stay low after it](generated/extrapolation-by_position.svg)',
        by_position_figure),
    prose('lead-plainly',
        'What this measures, plainly:',
        "introduces the list"),
    computed('solve-training-lengths',
        '**On the training lengths**, the encodings that give the model positions (learned, sinusoidal added or concatenated, RoPE) solve the task in every seed.',
        passes(ev.test_position_encodings_solve_the_training_lengths)),
    computed('without-positions-fails',
        'Without any position signal (with or without the causal mask) the model cannot, and neither can ALiBi: at length {{ gen.extrapolation.max_len }} they get {{ gen.extrapolation.none_16 }}, {{ gen.extrapolation.none_causal_16 }} and {{ gen.extrapolation.alibi_16 }}.',
        passes(ev.test_without_positions_or_with_alibi_the_task_fails)),
    computed('sinusoidal-no-extrapolation',
        '**Sinusoidal does not extrapolate.** Added, it keeps 90% for {{ gen.extrapolation.reach_sin_add }} positions beyond \\(L\\) (one number per seed); concatenated, {{ gen.extrapolation.reach_sin_concat }}.',
        passes(ev.test_sinusoidal_does_not_extrapolate)),
    computed('beyond-l',
        'On the positions beyond \\(L\\) of the longest sequences it gets {{ gen.extrapolation.beyond_sin_add }} of the tokens right (added): more than the learned table, whose rows beyond \\(L\\) were never trained ({{ gen.extrapolation.beyond_learned }}), and level with a causal model with no position vectors at all ({{ gen.extrapolation.beyond_none_causal }}: medians less than a point apart, seeds that overlap).',
        passes(ev.test_beyond_l_sinusoidal_is_above_learned_and_level_with_none)),
    computed('rope-furthest',
        '**RoPE reaches furthest**, {{ gen.extrapolation.reach_rope }} positions beyond \\(L\\), more than any other encoding in every seed, yet no seed keeps 90% as far as \\(4L\\).',
        passes(ev.test_rope_reaches_furthest_but_not_4l)),
    cited('alibi-paper',
        '**Against the ALiBi paper** ([quoted on Beyond the paper](beyond.md#what-was-measured-alibi)), which trains language models with \\(L\\) = 512 and 1024: it finds that the sinusoidal model "cannot extrapolate to more than a few dozen tokens beyond \\(L\\)", that rotary embeddings hold for longer, and that ALiBi extrapolates best.',
        "Press, Smith and Lewis 2022, Train Short, Test Long (ALiBi), sections 1 and 4 and figure 1; quoted on docs/beyond.md#what-was-measured-alibi"),
    computed('agrees-in-direction',
        'Here, the first two findings agree in direction: sinusoidal fails right after \\(L\\) (at most a position, at \\(L\\) = {{ gen.extrapolation.max_len }}), and RoPE holds longer than sinusoidal.',
        all_pass(ev.test_sinusoidal_does_not_extrapolate, ev.test_rope_reaches_furthest_but_not_4l)),
    computed('alibi-fails',
        'The third does not carry over: ALiBi does not even learn this task.',
        passes(ev.test_without_positions_or_with_alibi_the_task_fails)),
    computed('alibi-prefers-nearer',
        "That is a property of the task, not a refutation: ALiBi's bias subtracts a penalty that grows with the distance, so by position alone a head can only prefer nearer keys, never the key exactly \\(k\\) back over the nearer ones (`test_alibi_cannot_prefer_a_farther_key_by_position` checks this on the library's attention).",
        passes(ev.test_alibi_cannot_prefer_a_farther_key_by_position)),
    cited('alibi-lm',
        'Language modelling, where ALiBi was measured, rewards exactly that recency.',
        "Press, Smith and Lewis 2022: every result is language modelling (WikiText-103, the Toronto BookCorpus, CC100+RoBERTa)"),
    computed('neither-confirms',
        "So this page neither confirms nor refutes ALiBi's extrapolation; it shows the limit of its inductive bias.",
        all_pass(ev.test_without_positions_or_with_alibi_the_task_fails, ev.test_alibi_cannot_prefer_a_farther_key_by_position)),
    computed('extrapolation-tests',
        '`tests/test_evidence.py` asserts each sentence above from `docs/generated/extrapolation.json`: `test_position_encodings_solve_the_training_lengths`, `test_without_positions_or_with_alibi_the_task_fails`, `test_sinusoidal_does_not_extrapolate`, `test_rope_reaches_furthest_but_not_4l`, `test_beyond_l_sinusoidal_is_above_learned_and_level_with_none`.',
        note("`tests/test_evidence.py` asserts each sentence above")),
    prose('h-hypothesis',
        "The paper's hypothesis: does a trained head learn the shift matrix?",
        "a heading"),
    computed('shift-identity',
        '[The linearity page](linearity.md#the-statement) proves that \\(\\mathrm{PE}(p + k) = M_k\\,\\mathrm{PE}(p)\\), with \\(M_k\\) block-diagonal: in each sin/cos pair \\(i\\), a rotation by \\(\\omega_i k\\).',
        shift_identity),
    cited('relative-positions',
        'The paper\'s hypothesis is that this makes attending "by relative positions" easy to learn.',
        PAPER + ", section 3.5"),
    computed('bilinear-score',
        'A head scores a query at \\(m\\) against a key at \\(n\\) with \\(s(m, n) = x_m^{\\top} W x_n\\), \\(W = W_Q^{\\top} W_K / \\sqrt{d_{\\text{head}}}\\), and with the table added, \\(x_m\\) contains \\(\\mathrm{PE}(m)\\).',
        score_is_bilinear),
    computed('shifted-dot-peaks',
        'If the head attends \\(k\\) back through the shift, the part of \\(W\\) that acts on the position components should look like \\(M_k\\): then \\(\\mathrm{PE}(m)^{\\top} M_k\\, \\mathrm{PE}(n) = \\mathrm{PE}(m)^{\\top} \\mathrm{PE}(n + k)\\), which is largest when \\(n = m - k\\) ([the dot product depends on the offset alone](properties.md#the-dot-product-depends-only-on-the-offset)).',
        shifted_dot_peaks_k_back),
    computed('shift-setup',
        'The test: one layer, one head, width {{ gen.learned_shift_matrix.d_model }}, token {{ gen.learned_shift_matrix.k }} back, {{ gen.learned_shift_matrix.steps }} steps, {{ gen.learned_shift_matrix.seeds }} seeds.',
        shift_setup),
    computed('rotation-part',
        "For each 2×2 diagonal block of \\(W\\) (pair \\(i\\)), the experiment splits off its rotation part \\(\\begin{pmatrix} a & b \\\\ -b & a \\end{pmatrix}\\), reports its angle \\(\\operatorname{atan2}(b, a)\\) and the share of the block's norm it holds (1: exactly a scaled rotation), and compares the angle with \\(\\omega_i k\\).",
        rotation_part_of_m_k),
    computed('contrasts',
        'Two contrasts: the same head at its random initialisation, and a head trained with a learned absolute table instead, whose coordinates have no pairs.',
        shift_contrasts),
    computed('shift-figure-left',
        '![The trained W and M_3 panels: the trained W restricted to the first four pairs, seed 0, next to M_3 over the same pairs; the diagonal blocks have the same rotation pattern.',
        passes(ev.test_fast_pairs_rotate_by_w_k)),
    computed('shift-figure-right',
        "The rotation-angle panel: each pair's fitted rotation angle against pair index, for three trained seeds and three random initialisations, with the line w_i times 3; the trained angles sit on the line for pairs 0 to 3 and scatter beyond; the random ones scatter everywhere](generated/learned_shift_matrix.svg)",
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow, ev.test_random_heads_are_far_off)),
    computed('cosine-figure',
        "![Cosine similarity of W with M_j for j from 0 to 8: the trained sinusoidal heads peak at j = 3, the task's offset; random initialisations and learned-absolute heads stay near zero for every j](generated/learned_shift_matrix-cosine.svg)",
        passes(ev.test_similarity_peaks_at_k)),
    prose('lead-measures',
        'What this measures:',
        "introduces the list (three sections)"),
    computed('fast-pairs',
        "**Yes, in the fast pairs.** In every trained seed, the rotation part of each of the {{ gen.learned_shift_matrix.fast_pairs }} fastest pairs turns by \\(\\omega_i k\\) to within {{ gen.learned_shift_matrix.trained_fast_error }} rad (largest error per seed), and holds at least {{ gen.learned_shift_matrix.trained_fast_share }} of its block's norm (smallest share per seed), three quarters or more.",
        passes(ev.test_fast_pairs_rotate_by_w_k)),
    computed('random-far-off',
        'At random initialisation the same angles are off by up to {{ gen.learned_shift_matrix.random_init_fast_error }} rad, more than ten times the trained error.',
        passes(ev.test_random_heads_are_far_off)),
    computed('similarity-peaks',
        'Over the whole of \\(W\\), the similarity with \\(M_j\\) peaks at \\(j = k\\) in every trained seed ({{ gen.learned_shift_matrix.trained_cos_k }}), while random and learned-absolute heads stay within ±0.1 of zero for every \\(j\\).',
        passes(ev.test_similarity_peaks_at_k)),
    computed('slow-pairs',
        '**Not in the slow pairs.** For pairs 4 and up, \\(\\omega_i k\\) is at most 0.3 rad: they barely tell a key \\(k\\) back from its neighbours, and in every seed at least one of them is off by more than 0.5 rad.',
        passes(ev.test_slow_pairs_do_not_follow)),
    computed('holds-where-fast',
        'The hypothesis holds where the encoding turns fast enough to carry the offset, and nothing shapes the rest.',
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow)),
    computed('not-necessary',
        "**Not necessary.** The learned absolute table solves the same task (all 13 queries' position-only scores peak \\(k\\) back, {{ gen.learned_shift_matrix.learned_hits }}) without any such structure in its coordinates.",
        passes(ev.test_learned_absolute_solves_it_without_pairs)),
    computed('a-solution',
        'The shift is *a* solution the optimiser finds when the sinusoids offer it, not the only one; whether it is found *more easily* (in fewer steps) than the learned solution is not measured here.',
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_learned_absolute_solves_it_without_pairs)),
    computed('shift-tests',
        '`test_fast_pairs_rotate_by_w_k`, `test_random_heads_are_far_off`, `test_similarity_peaks_at_k`, `test_slow_pairs_do_not_follow` and `test_learned_absolute_solves_it_without_pairs` in `tests/test_evidence.py` assert each bullet from `docs/generated/learned_shift_matrix.json`.',
        note("`test_fast_pairs_rotate_by_w_k`, `test_random")),
    prose('h-probe',
        'Does the position survive the layers?',
        "a heading"),
    cited('faq-argues',
        'The table is added once, at the bottom, and [the FAQ](faq.md#does-the-position-survive-to-the-upper-layers) argues that the residual connections carry it to the top.',
        "docs/faq.md#does-the-position-survive-to-the-upper-layers, which cites " + PAPER + ", section 3.1 (each sub-layer's output is LayerNorm(x + Sublayer(x)))"),
    cited('haviv',
        '[Haviv et al.](beyond.md#models-with-no-explicit-encoding) found the position in the hidden states of causal language models trained with no encoding at all, and conjectured that the causal mask puts it there.',
        "Haviv, Ram, Press, Izsak and Levy 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information, arXiv:2203.16634 (probes in section 4; the conjecture on the causal mask in the same paper), quoted on docs/beyond.md"),
    computed('probe-method',
        "Both can be measured: train a model, then fit a linear probe (a ridge regression) from one layer's hidden states to the position index on {{ gen.position_probe.fitted }} sequences, and score it by \\(R^2\\) on {{ gen.position_probe.held_out }} others.",
        passes(ev.test_the_probe_setup_the_page_quotes)),
    computed('r2-meaning',
        'An \\(R^2\\) of 1 means the position is a linear function of the hidden state; 0 or below means a linear map reads nothing better than the mean position.',
        r2_meaning),
    computed('probe-setup',
        'Every encoding is trained with and without the causal mask on **token {{ gen.position_probe.k }} back**, lengths {{ gen.position_probe.min_len }} to {{ gen.position_probe.max_len }}, for {{ gen.position_probe.steps }} steps ({{ gen.position_probe.n_layers }} layers, width {{ gen.position_probe.d_model }}, {{ gen.position_probe.seeds }} seeds), and probed on sequences of length {{ gen.position_probe.max_len }}:',
        probe_setup),
    computed('probe-figure-a',
        '![Probe R² for the position against layer (embedding, after layer 1, after layer 2), median and min–max over three seeds; the first panel without a mask, the second with the causal mask.',
        probe_figure_a),
    computed('probe-figure-b',
        'Learned and sinusoidal start at 1 and fall, the sinusoids less; RoPE, ALiBi and no encoding start at 0; with the causal mask, no encoding and ALiBi rise above 0.5 after the first layer](generated/position_probe.svg)',
        probe_figure),
    computed('nothing-to-read',
        '**Without a mask and without position vectors there is nothing to read.** \\(R^2\\) stays within 0.05 of zero on every layer in every seed, and so it does for ALiBi without a mask, whose bias depends on the distance alone.',
        passes(ev.test_no_mask_no_vectors_nothing_to_read)),
    computed('mask-alone',
        "**A causal mask alone puts the position into the states.** With no position vectors the embedding holds none (\\(R^2\\) {{ gen.position_probe.none_causal_0 }}), but after the first layer the probe reads it with \\(R^2\\) {{ gen.position_probe.none_causal_1 }} (median), and {{ gen.position_probe.alibi_causal_1 }} with ALiBi's causal heads: above 0.5 in every seed.",
        passes(ev.test_a_causal_mask_alone_puts_position_in)),
    computed('supports-haviv',
        "This supports Haviv et al.'s conjecture in the smallest setting where it can be checked.",
        all_pass(ev.test_a_causal_mask_alone_puts_position_in, ev.test_no_mask_no_vectors_nothing_to_read)),
    computed('not-solvable',
        'It does not make this task solvable: these models get {{ gen.position_probe.none_causal_right }} of the tokens right.',
        passes(ev.test_a_causal_mask_alone_puts_position_in)),
    computed('tables-fade',
        '**The absolute tables fade with depth.** The probe reads the learned and the sinusoidal tables from the embedding with \\(R^2\\) of {{ gen.position_probe.learned_bidirectional_0 }} in every seed, and less after every layer.',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better)),
    computed('sinusoids-survive-better',
        'The sinusoids survive better: after each layer, with or without the mask, every sinusoidal seed keeps a higher \\(R^2\\) than every learned seed (after the second layer, {{ gen.position_probe.sin_add_bidirectional_2 }} against {{ gen.position_probe.learned_bidirectional_2 }}, medians without the mask).',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better)),
    computed('not-linear',
        'The residual stream carries the position up, but the layers do not keep it linear.',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better)),
    computed('rope-no-absolute',
        "**RoPE solves the task without absolute position in the states.** Its embedding holds none, \\(R^2\\) stays below 0.3 on every layer in every seed, and every seed gets every token right: RoPE's position lives in the attention scores, as offsets, not in the hidden states.",
        passes(ev.test_rope_solves_it_without_absolute_position)),
    computed('probe-tests',
        '`test_no_mask_no_vectors_nothing_to_read`, `test_a_causal_mask_alone_puts_position_in`, `test_absolute_tables_fade_and_sinusoids_survive_better` and `test_rope_solves_it_without_absolute_position` in `tests/test_evidence.py` assert each bullet from `docs/generated/position_probe.json`.',
        note("`test_no_mask_no_vectors_nothing_to_read`")),
    prose('h-add-concat',
        'Add or concatenate, measured',
        "a heading"),
    cited('page-argues',
        '[Add or concatenate?](add-or-concatenate.md#why-a-sum-and-not-a-concatenation) argues that a sum keeps the width and loses less than it seems.',
        "docs/add-or-concatenate.md#why-a-sum-and-not-a-concatenation (its bold lead sentences)"),
    computed('add-concat-setup',
        'Four models with the sinusoidal table, trained side by side for {{ gen.add_vs_concat.steps }} steps on lengths {{ gen.add_vs_concat.min_len }} to {{ gen.add_vs_concat.max_len }} ({{ gen.add_vs_concat.seeds }} seeds), make the two comparisons.',
        add_concat_setup),
    computed('matched',
        '**At equal width** (32), adding lets token and position share all 32 dimensions, while concatenating gives each 16. **At equal parameter count**, concatenating 32 position dimensions to a 32-wide token makes every layer 64 wide ({{ gen.add_vs_concat.params_concat_32_32 }} parameters); spent on adding instead, the same budget is a model of width 64 ({{ gen.add_vs_concat.params_add_64 }} parameters, within 1%).',
        passes(ev.test_the_variants_are_matched_as_the_page_says)),
    computed('add-concat-tasks',
        'The tasks: token {{ gen.add_vs_concat.k }} back with the causal mask, and **reverse** without it (output the sequence backwards, which needs each position counted from the end).',
        add_concat_tasks),
    computed('add-concat-figure',
        '![Tokens right at length 16 for the four variants, one dot per seed and a bar at the median; the first panel token 3 back, every variant near 100%; the second reverse, scattered between about 25% and 80%](generated/add_vs_concat.svg)',
        add_concat_figure),
    computed('k-back-ties',
        '**Token {{ gen.add_vs_concat.k }} back does not tell them apart:** every variant gets at least 98% of the tokens right in every seed.',
        passes(ev.test_k_back_does_not_tell_them_apart)),
    computed('equal-width',
        '**On reverse, at equal width, neither wins:** adding gets {{ gen.add_vs_concat.reverse_add_32 }}, concatenating {{ gen.add_vs_concat.reverse_concat_16_16 }}, ranges that overlap.',
        passes(ev.test_equal_width_neither_wins)),
    cited('equal-parameters',
        "**At equal parameter count, no winner is measured.** Here concatenating 32 + 32 is ahead of adding at width 64 in the median ({{ gen.add_vs_concat.reverse_concat_32_32 }} against {{ gen.add_vs_concat.reverse_add_64 }}), but the seeds overlap, and the same runs on this machine's own AVX-512 kernels, before the numerical path was pinned, put adding ahead in every seed.",
        UNPINNED_RUN, passes(ev.test_equal_parameters_no_winner)),
    computed('fragile',
        'A difference in the last bits of the arithmetic sends these unfinished runs elsewhere, as another seed would, so the gap is noise of the same kind as the spread over seeds.',
        lambda: KERNELS_DIFFER() and passes(ev.test_reverse_is_not_solved)(), slow=True),
    computed('reverse-unsolved',
        '**What this does not show:** no variant solves reverse within {{ gen.add_vs_concat.steps }} steps (the best seed stays below 90%), so these numbers compare how far each got on a fixed budget, not what each can finally learn.',
        passes(ev.test_reverse_is_not_solved)),
    computed('add-concat-tests',
        '`test_k_back_does_not_tell_them_apart`, `test_equal_width_neither_wins`, `test_equal_parameters_no_winner` and `test_reverse_is_not_solved` in `tests/test_evidence.py` assert each bullet from `docs/generated/add_vs_concat.json`.',
        note("`test_k_back_does_not_tell_them_apart`")),
    prose('h-learned-fixed',
        'Learned or fixed?',
        "a heading"),
    cited('table-3-e',
        'The paper\'s Table 3, row (E), found learned position embeddings and the sinusoids "nearly identical" on its translation task, at the lengths it tested.',
        PAPER + ", Table 3 row (E) and section 6.2: 'nearly identical results'"),
    computed('both-trained',
        'The extrapolation experiment above has both, trained the same way:',
        both_in_one_experiment),
    computed('tie',
        '**On the training lengths they are equal here too:** {{ gen.extrapolation.learned_16 }} for learned, {{ gen.extrapolation.sin_add_16 }} for sinusoidal (added), at \\(L\\) = {{ gen.extrapolation.max_len }}.',
        passes(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths)),
    computed('both-fail',
        '**Beyond them, both fail.** Neither keeps 90% for more than a position past \\(L\\).',
        neither_beyond_l),
    computed('margin',
        'Sinusoidal gets more of the tokens beyond \\(L\\) right than learned in every seed ({{ gen.extrapolation.beyond_sin_add }} against {{ gen.extrapolation.beyond_learned }}), a margin of a few tokens in a hundred, level with no position vectors at all: not extrapolation.',
        passes(ev.test_beyond_l_sinusoidal_is_above_learned_and_level_with_none)),
    cited('bert-512',
        'That is the trade BERT-style models made when they chose a learned table of 512 rows: on the lengths a model is trained on, the choice does not matter, and beyond them the fixed table does not buy a working model either.',
        "Devlin et al. 2019, BERT, section 3 and appendix A.2 (learned position embeddings, sequences of at most 512 tokens); the two halves of the sentence are the checks of tie and both-fail"),
    computed('keep-and-buy',
        "What the sinusoids keep is a definition at every position (a learned table simply has no row 513) and no parameters; what a learned table buys is freedom from the sinusoids' fixed frequencies.",
        fixed_keeps_learned_buys),
    computed('first-half',
        'The measurement here supports the first half of that argument; it does not test the second.',
        all_pass(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths, ev.test_sinusoidal_does_not_extrapolate)),
    computed('learned-fixed-tests',
        '`test_learned_and_sinusoidal_tie_on_the_training_lengths` and `test_beyond_l_sinusoidal_is_above_learned_and_level_with_none`.',
        note("`test_learned_and_sinusoidal_tie")),
    prose('h-met',
        'What each hypothesis met',
        "a heading"),
    prose('table-head',
        '| Hypothesis | Where it is stated | What the measurement found |',
        "the header row of the table"),
    computed('met-relative',
        "| Attending by relative position is easy to learn with sinusoids | [paper §3.5, the linearity page](linearity.md) | A trained head does learn \\(M_k\\)'s rotations in the fast pairs; not in the slow ones; a learned table solves the task without them |",
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow, ev.test_learned_absolute_solves_it_without_pairs)),
    computed('met-extrapolate',
        '| Sinusoids may let a model extrapolate | [paper §3.5, Beyond the paper](beyond.md#what-the-paper-hoped) | No: at most a position beyond \\(L\\); RoPE goes further, not to \\(4L\\); ALiBi cannot learn this task |',
        all_pass(ev.test_sinusoidal_does_not_extrapolate, ev.test_rope_reaches_furthest_but_not_4l, ev.test_without_positions_or_with_alibi_the_task_fails)),
    computed('met-learned',
        '| Learned and sinusoidal are nearly identical | [paper Table 3 (E)](faq.md#is-the-sinusoidal-encoding-learned) | Yes on the training lengths; beyond them both fail |',
        lambda: passes(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths)() and neither_beyond_l()),
    computed('met-survives',
        '| The position survives the layers | [FAQ](faq.md#does-the-position-survive-to-the-upper-layers), [Haviv et al.](beyond.md#models-with-no-explicit-encoding) | In part: absolute tables fade with depth, sinusoidal less than learned; RoPE never puts it in the states; a causal mask alone puts it there |',
        all_pass(ev.test_absolute_tables_fade_and_sinusoids_survive_better, ev.test_rope_solves_it_without_absolute_position, ev.test_a_causal_mask_alone_puts_position_in)),
    computed('met-sum',
        '| A sum loses little against a concatenation | [Add or concatenate?](add-or-concatenate.md#why-a-sum-and-not-a-concatenation) | Not contradicted: no difference at equal width; at equal parameter count the order changes with the last bits of the arithmetic; token k back is solved by all |',
        lambda: KERNELS_DIFFER() and all_pass(ev.test_equal_parameters_no_winner, ev.test_equal_width_neither_wins, ev.test_k_back_does_not_tell_them_apart, ev.test_reverse_is_not_solved)(), slow=True),
    prose('h-cost',
        'Cost and reproduction',
        "a heading"),
    computed('own-kind',
        'The experiments are their own kind of job: `make experiments` runs the ones whose code changed (the results are cached like every other output), `make check` fails when one is stale, and a plain `make regen` or `make force-regen` never re-runs them.',
        regen_never_forces_experiments),
    computed('reduced',
        "`make test` runs each experiment in a reduced configuration (ten steps) twice, once with the caller on the CPU's own vector kernel and once asking for another (the experiments take the CPU's other kernels in turn, or its one kernel again), and checks that both runs write the same bytes, which proves the code path and its determinism, not the results.",
        reduced_is_ten_steps),
], typed={
    '100%': 'the ceiling four encodings reach at the training length, named in the alt text; each is quoted in the table',
    '128': 'the test length of the figure, a parameter of experiments/extrapolation.py',
})

test_claims_hold = LEDGER.test
