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
from claimcheck import Ledger, cited, computed, passes, prose
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
    prose('title', "the title"),
    cited('paper-compares-once',
        PAPER + ", Table 3 row (E) is its only comparison of the two; section 3.5 states the hypotheses without a test", backs=['3', 'none', 'row']),
    cited('paper-hypotheses', PAPER + ", section 3.5 (both quotes)", backs=['longer']),
    cited('explanations-repeat',
        "shared/research/content_anchors.md, the feature tables of section 1: the anchors state or quote the hypotheses, none trains a model to test them"),
    computed('inside-the-pipeline', every_experiment_is_a_regen_job, backs=['same']),
    computed('every-comparison-checked', every_comparison_is_checked, backs=['every', 'every']),
    computed('tiny-models',
        tiny_models, backs=['32', '64', 'gen.extrapolation.max_len', 'gen.extrapolation.min_len'], setting=True),
    prose('scope', "what the measurements are for; no fact in it"),
    prose('limit', "a limit of the method, stated; no measurement in it", unbacked=['100', 'not']),
    prose('plan', "the plan of the sections", unbacked=['larger']),
    prose('h-models', "a heading"),
    computed('library',
        lambda: (ROOT / "snippets/pelib/training.py").is_file() and training.TinyTransformer is not None),
    computed('seven-settings', seven_settings, backs=[r'\(\sqrt{d}\)', 'no', 'no', 'no', 'none']),
    computed('embedding-init', embedding_init, backs=[r'\(N(0, 1/d)\)', r'\(\sqrt{d}\)']),
    computed('post-norm', post_norm),
    computed('tables-from-reference', tables_from_reference),
    computed('tasks', exact_tasks, backs=[r'\(t - k\)', r'\(t\)', 'exact']),
    computed('training-step', one_length_per_step, backs=['each']),
    computed('deterministic', deterministic, backs=['float64']),
    computed('kernels-differ', KERNELS_DIFFER, slow=True, backs=['last', 'left', 'not']),
    cited('pinned-path',
        PORTABLE_PATH + "; the settings themselves are checked in scripts/regenkit/config.py and the committed JSONs",
        experiments_are_pinned, backs=['64', 'every', 'not', 'sin']),
    computed('each-pin-matters', each_pin_matters, slow=True, backs=['any']),
    cited('kernel-test',
        KERNEL_RUN, lambda: experiments_are_pinned() and kernel_test_covers_every_experiment(), backs=['each', 'each', 'every']),
    computed('stable-precision', stable_precision, backs=['only'], setting=True),
    computed('seeds',
        same_seeds, backs=['all', 'each', 'every', 'gen.extrapolation.seeds', 'maximum', 'minimum'], setting=True),
    prose('h-extrapolation', "a heading", unbacked=['up to', 'up to']),
    cited('second-hope', PAPER + ", section 3.5"),
    computed('extrapolation-setup',
        passes(ev.test_the_setup_the_page_quotes), backs=[r'\(L\)', r'\(L\)', 'each', 'each', 'gen.extrapolation.d_model', 'gen.extrapolation.eval_sequences', 'gen.extrapolation.k', 'gen.extrapolation.longest', 'gen.extrapolation.max_len', 'gen.extrapolation.min_len', 'gen.extrapolation.n_heads', 'gen.extrapolation.n_layers', 'gen.extrapolation.steps']),
    computed('extrapolation-figure',
        extrapolation_figure, backs=['100', '16', 'both', 'every', 'fall', 'falls', 'later', 'maximum', 'minimum', 'no', 'right']),
    computed('share-falls',
        share_falls_with_length, backs=[r'\(L\)', r'\(L\)', 'even', 'every', 'falls', 'longer', 'right', 'right']),
    computed('causal-answers', causal_answers_ignore_later_tokens, backs=[r'\(t\)', r'\(t\)', 'each', 'each', 'up to']),
    computed('by-position-figure',
        by_position_figure, backs=['128', '15', 'after', 'after', 'drop', 'each', 'first', 'first', 'no', 'only', 'right', 'right', 'up to']),
    prose('lead-plainly', "introduces the list"),
    computed('solve-training-lengths', passes(ev.test_position_encodings_solve_the_training_lengths), backs=['every']),
    computed('without-positions-fails',
        passes(ev.test_without_positions_or_with_alibi_the_task_fails), backs=['any', 'cannot', 'gen.extrapolation.alibi_16', 'gen.extrapolation.max_len', 'gen.extrapolation.none_16', 'gen.extrapolation.none_causal_16', 'neither']),
    computed('sinusoidal-no-extrapolation',
        passes(ev.test_sinusoidal_does_not_extrapolate), backs=['90', r'\(L\)', 'gen.extrapolation.reach_sin_add', 'gen.extrapolation.reach_sin_concat', 'not']),
    computed('beyond-l',
        passes(ev.test_beyond_l_sinusoidal_is_above_learned_and_level_with_none), backs=[r'\(L\)', r'\(L\)', 'all', 'gen.extrapolation.beyond_learned', 'gen.extrapolation.beyond_none_causal', 'gen.extrapolation.beyond_sin_add', 'less', 'more', 'never', 'no', 'right', 'rows']),
    computed('rope-furthest',
        passes(ev.test_rope_reaches_furthest_but_not_4l), backs=['90', r'\(4L\)', r'\(L\)', 'any', 'every', 'gen.extrapolation.reach_rope', 'more', 'no']),
    cited('alibi-paper',
        "Press, Smith and Lewis 2022, Train Short, Test Long (ALiBi), sections 1 and 4 and figure 1; quoted on docs/beyond.md#what-was-measured-alibi", backs=['1024', '512', r'\(L\)', r'\(L\)', 'best', 'cannot', 'longer', 'more']),
    computed('agrees-in-direction',
        all_pass(ev.test_sinusoidal_does_not_extrapolate, ev.test_rope_reaches_furthest_but_not_4l), backs=[r'\(L\)', r'\(L\)', 'after', 'at most', 'first', 'gen.extrapolation.max_len', 'longer', 'right']),
    computed('alibi-fails',
        passes(ev.test_without_positions_or_with_alibi_the_task_fails), backs=['even', 'not', 'not']),
    computed('alibi-prefers-nearer',
        passes(ev.test_alibi_cannot_prefer_a_farther_key_by_position), backs=[r'\(k\)', 'exactly', 'grows', 'never', 'not', 'only']),
    cited('alibi-lm',
        "Press, Smith and Lewis 2022: every result is language modelling (WikiText-103, the Toronto BookCorpus, CC100+RoBERTa)", backs=['exactly']),
    computed('neither-confirms',
        all_pass(ev.test_without_positions_or_with_alibi_the_task_fails, ev.test_alibi_cannot_prefer_a_farther_key_by_position), backs=['neither', 'nor']),
    computed('extrapolation-tests',
        note("`tests/test_evidence.py` asserts each sentence above"), backs=['above', 'each']),
    prose('h-hypothesis', "a heading"),
    computed('shift-identity',
        shift_identity, backs=[r'\(M_k\)', r'\(\mathrm{PE}(p + k) = M_k\,\mathrm{PE}(p)\)', r'\(\omega_i k\)', r'\(i\)', 'cos', 'each', 'rotation', 'sin']),
    cited('relative-positions', PAPER + ", section 3.5"),
    computed('bilinear-score',
        score_is_bilinear, backs=[r'\(W = W_Q^{\top} W_K / \sqrt{d_{\text{head}}}\)', r'\(\mathrm{PE}(m)\)', r'\(m\)', r'\(n\)', r'\(s(m, n) = x_m^{\top} W x_n\)', r'\(x_m\)']),
    computed('shifted-dot-peaks',
        shifted_dot_peaks_k_back, backs=[r'\(M_k\)', r'\(W\)', r'\(\mathrm{PE}(m)^{\top} M_k\, \mathrm{PE}(n) = \mathrm{PE}(m)^{\top} \mathrm{PE}(n + k)\)', r'\(k\)', r'\(n = m - k\)', 'depends', 'largest']),
    computed('shift-setup',
        shift_setup, backs=['gen.learned_shift_matrix.d_model', 'gen.learned_shift_matrix.k', 'gen.learned_shift_matrix.seeds', 'gen.learned_shift_matrix.steps'], setting=True),
    computed('rotation-part',
        rotation_part_of_m_k, backs=['1', '2', '2', r'\(W\)', r'\(\begin{pmatrix} a & b \\ -b & a \end{pmatrix}\)', r'\(\omega_i k\)', r'\(\operatorname{atan2}(b, a)\)', r'\(i\)', 'each', 'exactly', 'rotation', 'rotation', '×']),
    computed('contrasts', shift_contrasts, backs=['no', 'same'], setting=True),
    computed('shift-figure-left',
        passes(ev.test_fast_pairs_rotate_by_w_k), backs=['0', 'first', 'next', 'rotation', 'same', 'same']),
    computed('shift-figure-right',
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow, ev.test_random_heads_are_far_off), backs=['0', '3', '3', 'each', 'rotation', 'times']),
    computed('cosine-figure', passes(ev.test_similarity_peaks_at_k), backs=['0', '3', '8', 'cosine', 'every', 'zero']),
    prose('lead-measures', "introduces the list (three sections)"),
    computed('fast-pairs',
        passes(ev.test_fast_pairs_rotate_by_w_k), backs=[r'\(\omega_i k\)', 'at least', 'each', 'every', 'fastest', 'gen.learned_shift_matrix.fast_pairs', 'gen.learned_shift_matrix.trained_fast_error', 'gen.learned_shift_matrix.trained_fast_share', 'largest', 'more', 'rotation', 'smallest', 'within']),
    computed('random-far-off',
        passes(ev.test_random_heads_are_far_off), backs=['gen.learned_shift_matrix.random_init_fast_error', 'more', 'same', 'times', 'up to']),
    computed('similarity-peaks',
        passes(ev.test_similarity_peaks_at_k), backs=['0.1', r'\(M_j\)', r'\(W\)', r'\(j = k\)', r'\(j\)', 'every', 'every', 'gen.learned_shift_matrix.trained_cos_k', 'within', 'zero']),
    computed('slow-pairs',
        passes(ev.test_slow_pairs_do_not_follow), backs=['0.3', '0.5', '4', r'\(\omega_i k\)', r'\(k\)', 'at least', 'at most', 'every', 'more', 'not', 'up']),
    computed('holds-where-fast', all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow)),
    computed('not-necessary',
        passes(ev.test_learned_absolute_solves_it_without_pairs), backs=['13', r'\(k\)', 'all', 'any', 'gen.learned_shift_matrix.learned_hits', 'not', 'same']),
    computed('a-solution',
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_learned_absolute_solves_it_without_pairs), backs=['fewer', 'more', 'not', 'not', 'only']),
    computed('shift-tests', note("`test_fast_pairs_rotate_by_w_k`, `test_random"), backs=['each']),
    prose('h-probe', "a heading"),
    cited('faq-argues',
        "docs/faq.md#does-the-position-survive-to-the-upper-layers, which cites " + PAPER + ", section 3.1 (each sub-layer's output is LayerNorm(x + Sublayer(x)))"),
    cited('haviv',
        "Haviv, Ram, Press, Izsak and Levy 2022, Transformer Language Models without Positional Encodings Still Learn Positional Information, arXiv:2203.16634 (probes in section 4; the conjecture on the causal mask in the same paper), quoted on docs/beyond.md", backs=['all', 'no']),
    computed('probe-method',
        passes(ev.test_the_probe_setup_the_page_quotes), backs=[r'\(R^2\)', 'both', 'gen.position_probe.fitted', 'gen.position_probe.held_out', 'linear']),
    computed('r2-meaning', r2_meaning, backs=['0', '1', r'\(R^2\)', 'below', 'linear', 'linear']),
    computed('probe-setup',
        probe_setup, backs=['every', 'gen.position_probe.d_model', 'gen.position_probe.k', 'gen.position_probe.max_len', 'gen.position_probe.max_len', 'gen.position_probe.min_len', 'gen.position_probe.n_layers', 'gen.position_probe.seeds', 'gen.position_probe.steps'], setting=True),
    computed('probe-figure-a', probe_figure_a, backs=['1', '2', 'after', 'after', 'first']),
    computed('probe-figure-b',
        probe_figure, backs=['0', '0.5', '1', 'above', 'after', 'fall', 'first', 'less', 'no', 'no', 'rise']),
    computed('nothing-to-read',
        passes(ev.test_no_mask_no_vectors_nothing_to_read), backs=['0.05', r'\(R^2\)', 'depends', 'every', 'every', 'within', 'zero']),
    computed('mask-alone',
        passes(ev.test_a_causal_mask_alone_puts_position_in), backs=['0.5', r'\(R^2\)', r'\(R^2\)', 'above', 'after', 'every', 'first', 'gen.position_probe.alibi_causal_1', 'gen.position_probe.none_causal_0', 'gen.position_probe.none_causal_1', 'no', 'none']),
    computed('supports-haviv',
        all_pass(ev.test_a_causal_mask_alone_puts_position_in, ev.test_no_mask_no_vectors_nothing_to_read), backs=['smallest']),
    computed('not-solvable',
        passes(ev.test_a_causal_mask_alone_puts_position_in), backs=['gen.position_probe.none_causal_right', 'not', 'right']),
    computed('tables-fade',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better), backs=[r'\(R^2\)', 'after', 'every', 'every', 'gen.position_probe.learned_bidirectional_0', 'less']),
    computed('sinusoids-survive-better',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better), backs=[r'\(R^2\)', 'after', 'after', 'each', 'every', 'every', 'gen.position_probe.learned_bidirectional_2', 'gen.position_probe.sin_add_bidirectional_2', 'higher']),
    computed('not-linear',
        passes(ev.test_absolute_tables_fade_and_sinusoids_survive_better), backs=['linear', 'not', 'up']),
    computed('rope-no-absolute',
        passes(ev.test_rope_solves_it_without_absolute_position), backs=['0.3', r'\(R^2\)', 'below', 'every', 'every', 'every', 'every', 'none', 'not', 'right']),
    computed('probe-tests', note("`test_no_mask_no_vectors_nothing_to_read`"), backs=['each']),
    prose('h-add-concat', "a heading"),
    cited('page-argues',
        "docs/add-or-concatenate.md#why-a-sum-and-not-a-concatenation (its bold lead sentences)", backs=['less']),
    computed('add-concat-setup',
        add_concat_setup, backs=['gen.add_vs_concat.max_len', 'gen.add_vs_concat.min_len', 'gen.add_vs_concat.seeds', 'gen.add_vs_concat.steps'], setting=True),
    computed('matched',
        passes(ev.test_the_variants_are_matched_as_the_page_says), backs=['1', '16', '32', '32', '32', '32', '64', '64', 'all', 'each', 'equal', 'equal', 'every', 'gen.add_vs_concat.params_add_64', 'gen.add_vs_concat.params_concat_32_32', 'same', 'within']),
    computed('add-concat-tasks', add_concat_tasks, backs=['each', 'gen.add_vs_concat.k'], setting=True),
    computed('add-concat-figure', add_concat_figure, backs=['100', '16', '25', '3', '80', 'every', 'first', 'right']),
    computed('k-back-ties',
        passes(ev.test_k_back_does_not_tell_them_apart), backs=['98', 'at least', 'every', 'every', 'gen.add_vs_concat.k', 'not', 'right']),
    computed('equal-width',
        passes(ev.test_equal_width_neither_wins), backs=['equal', 'gen.add_vs_concat.reverse_add_32', 'gen.add_vs_concat.reverse_concat_16_16', 'neither']),
    cited('equal-parameters',
        UNPINNED_RUN, passes(ev.test_equal_parameters_no_winner), backs=['32', '32', '512', '64', 'before', 'equal', 'every', 'gen.add_vs_concat.reverse_add_64', 'gen.add_vs_concat.reverse_concat_32_32', 'no', 'same']),
    computed('fragile',
        lambda: KERNELS_DIFFER() and passes(ev.test_reverse_is_not_solved)(), slow=True, backs=['last', 'same']),
    computed('reverse-unsolved',
        passes(ev.test_reverse_is_not_solved), backs=['90', 'below', 'best', 'each', 'each', 'gen.add_vs_concat.steps', 'no', 'not', 'not', 'within']),
    computed('add-concat-tests', note("`test_k_back_does_not_tell_them_apart`"), backs=['each']),
    prose('h-learned-fixed', "a heading"),
    cited('table-3-e',
        PAPER + ", Table 3 row (E) and section 6.2: 'nearly identical results'", backs=['3', 'identical', 'row']),
    computed('both-trained', both_in_one_experiment, backs=['above', 'both', 'same']),
    computed('tie',
        passes(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths), backs=[r'\(L\)', 'equal', 'gen.extrapolation.learned_16', 'gen.extrapolation.max_len', 'gen.extrapolation.sin_add_16']),
    computed('both-fail', neither_beyond_l, backs=['90', r'\(L\)', 'both', 'more', 'neither']),
    computed('margin',
        passes(ev.test_beyond_l_sinusoidal_is_above_learned_and_level_with_none), backs=[r'\(L\)', 'all', 'every', 'gen.extrapolation.beyond_learned', 'gen.extrapolation.beyond_sin_add', 'more', 'no', 'not', 'right']),
    cited('bert-512',
        "Devlin et al. 2019, BERT, section 3 and appendix A.2 (learned position embeddings, sequences of at most 512 tokens); the two halves of the sentence are the checks of tie and both-fail", backs=['512', 'either', 'not', 'not', 'rows']),
    computed('keep-and-buy', fixed_keeps_learned_buys, backs=['513', 'every', 'no', 'no', 'row']),
    computed('first-half',
        all_pass(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths, ev.test_sinusoidal_does_not_extrapolate), backs=['first', 'half', 'not']),
    computed('learned-fixed-tests', note("`test_learned_and_sinusoidal_tie")),
    prose('h-met', "a heading", unbacked=['each']),
    prose('table-head', "the header row of the table"),
    computed('met-relative',
        all_pass(ev.test_fast_pairs_rotate_by_w_k, ev.test_slow_pairs_do_not_follow, ev.test_learned_absolute_solves_it_without_pairs), backs=['3.5', r'\(M_k\)', 'not']),
    computed('met-extrapolate',
        all_pass(ev.test_sinusoidal_does_not_extrapolate, ev.test_rope_reaches_furthest_but_not_4l, ev.test_without_positions_or_with_alibi_the_task_fails), backs=['3.5', r'\(4L\)', r'\(L\)', 'at most', 'cannot', 'no', 'not']),
    computed('met-learned',
        lambda: passes(ev.test_learned_and_sinusoidal_tie_on_the_training_lengths)() and neither_beyond_l(), backs=['3', 'both', 'identical']),
    computed('met-survives',
        all_pass(ev.test_absolute_tables_fade_and_sinusoids_survive_better, ev.test_rope_solves_it_without_absolute_position, ev.test_a_causal_mask_alone_puts_position_in), backs=['less', 'never']),
    computed('met-sum',
        lambda: KERNELS_DIFFER() and all_pass(ev.test_equal_parameters_no_winner, ev.test_equal_width_neither_wins, ev.test_k_back_does_not_tell_them_apart, ev.test_reverse_is_not_solved)(), slow=True, backs=['all', 'equal', 'equal', 'last', 'no difference', 'not', 'order']),
    prose('h-cost', "a heading"),
    computed('own-kind', regen_never_forces_experiments, backs=['every', 'never']),
    computed('reduced', reduced_is_ten_steps, backs=['both', 'each', 'not', 'same', 'twice']),
    prose('what-these-measurements-are-what', 'an admonition title, first read by the migration: its claim words are not yet tied to a check', unbacked=['not']),  # recorded by scripts/migrate_claims.py: review
    prose('reproducible-every-x86-64-cpu', 'an admonition title, first read by the migration: its claim words are not yet tied to a check', unbacked=['64', 'every']),  # recorded by scripts/migrate_claims.py: review
    prose('tests', 'an admonition title, first read by the migration: its claim words are not yet tied to a check'),  # recorded by scripts/migrate_claims.py: review
    prose('token-embedding-position-handling-post', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['linear']),  # recorded by scripts/migrate_claims.py: review
    prose('layers-input-batch-t-d', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['any']),  # recorded by scripts/migrate_claims.py: review
    prose('alibi-s-head-slopes-2', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['16', '2', '2', '2', '2022', '3', '8', '8']),  # recorded by scripts/migrate_claims.py: review
    prose('rope-rotate-each-pair-x', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['1', 'each', 'rotate']),  # recorded by scripts/migrate_claims.py: review
    prose('x-t-d-head-table', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['1', 'column', 'cos', 'sin']),  # recorded by scripts/migrate_claims.py: review
    prose('multi-head-self-attention-with', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check'),  # recorded by scripts/migrate_claims.py: review
    prose('attention-logits-batch-heads-query', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['not']),  # recorded by scripts/migrate_claims.py: review
    prose('train-fresh-model-adam-steps', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['each']),  # recorded by scripts/migrate_claims.py: review
    prose('r-ridge-regression-from-hidden', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['0']),  # recorded by scripts/migrate_claims.py: review
    prose('t-1-fitted-all-but', 'a docstring the page shows with its code, first read by the migration: not yet tied to a check', unbacked=['1', 'all', 'last']),  # recorded by scripts/migrate_claims.py: review
], typed={
    '100%': 'the ceiling four encodings reach at the training length, named in the alt text; each is quoted in the table',
    '128': 'the test length of the figure, a parameter of experiments/extrapolation.py',
})

test_claims_hold = LEDGER.test
