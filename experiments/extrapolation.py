"""Train each position encoding on two tasks at lengths up to L, then test it at L to 8L: does it extrapolate?

"token k back" needs an exact offset (what the sinusoids' shift was designed for); "local max", the largest of the
last k + 1 tokens, needs only the recent window (what ALiBi's bias towards nearby tokens was designed for). Each
encoding gets its learning rate from a small grid on one shortened run (_experiment.tune), then every seed is
trained at that rate with the same budget. The figures are drawn from the saved JSON by snippets/evidence/.
"""

from pelib import docenv
import _experiment
from pelib import training
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(k=3, min_len=8, max_len=16, max_positions=128, steps=800, n_layers=2, n_heads=4)  # 4 heads: ALiBi's
TASKS = ("k_back", "local_max")  # token 3 back; the largest of the last 4 tokens           # slopes 1/4 ... 1/256
POSITIONS = ("none_causal", "learned", "sin_add", "sin_concat", "rope", "alibi")  # all with the causal mask
LENGTHS = (16, 24, 32, 48, 64, 96, 128)  # 1x to 8x the longest training length L = 16
EVAL_SEQUENCES = 64  # test sequences per length; accuracy counts every token that has an answer
# --8<-- [end:setup]

LABELS = {
    "none_causal": "none (causal mask only)",
    "learned": "learned absolute",
    "sin_add": "sinusoidal, added",
    "sin_concat": "sinusoidal, concatenated",
    "rope": "RoPE",
    "alibi": "ALiBi",
}
TASK_LABELS = {"k_back": "token 3 back", "local_max": "largest of the last 4 tokens"}
TABLE_LENGTHS = (16, 32, 64, 128)  # the table's columns; the figure shows every length


def measure(base: Config, lengths: tuple[int, ...], seeds: tuple[int, ...], count: int) -> dict:
    """For each task and encoding: the tuned learning rate; tokens right and tokens asked by seed and test length;
    and, on the longest test sequences, the test sequences right at each position (with the causal mask, position
    t's answer ignores every later token, so this is also what any shorter test sequence gets at t)."""
    rates, results, by_position = {}, {}, {}
    for task in TASKS:
        for position in POSITIONS:
            cfg = base.replace(task=task, position=position)
            rates[f"{task}/{position}"] = tuned = _experiment.tune(cfg)
            for seed in seeds:
                model = training.train(cfg.replace(seed=seed, lr=tuned["lr"]))
                for length in lengths:
                    right, total = training.correct(model, *training.eval_batch(model.cfg, length, count, seed))
                    results[f"{task}/{position}/{seed}/{length}"] = {"right": right, "total": total}
                x, y = training.eval_batch(model.cfg, lengths[-1], count, seed)
                by_position[f"{task}/{position}/{seed}"] = training.correct_by_position(model, x, y)
    return {"rates": rates, "results": results, "by_position": by_position}


def fraction(results: dict, task: str, position: str, seed: int, length: int) -> float:
    cell = results[f"{task}/{position}/{seed}/{length}"]
    return cell["right"] / cell["total"]


def beyond(by_position: dict, task: str, position: str, seed: int, start: int, count: int) -> float:
    """Share of the answers at positions start .. end of the longest test sequences that are right."""
    right = by_position[f"{task}/{position}/{seed}"]
    return sum(right[start:]) / (count * (len(right) - start))


def main() -> None:
    base, lengths, seeds, count = BASE, LENGTHS, _experiment.seeds(), EVAL_SEQUENCES
    if _experiment.reduced():
        base, lengths, count = base.replace(steps=10, max_positions=32), (16, 32), 4
    data = measure(base, lengths, seeds, count)
    results, by_position = data["results"], data["by_position"]
    docenv.save_json({"config": {**vars(base), "tasks": TASKS, "positions": POSITIONS, "lengths": lengths,
                                  "seeds": seeds, "eval_sequences": count, "rates": _experiment.RATES,
                                  "tune_seed": _experiment.TUNE_SEED, "tune_fraction": _experiment.TUNE_FRACTION},
                      **data, "numerics": _experiment.numerics()})

    table_lengths = [n for n in TABLE_LENGTHS if n in lengths]
    values = {"steps": str(base.steps), "tune_steps": str(base.steps // _experiment.TUNE_FRACTION),
              "max_len": str(base.max_len), "min_len": str(base.min_len), "k": str(base.k), "window": str(base.k + 1),
              "longest": str(lengths[-1]), "seeds": str(len(seeds)), "eval_sequences": str(count),
              "d_model": str(base.d_model), "n_layers": str(base.n_layers), "n_heads": str(base.n_heads),
              "rates": ", ".join(f"{r:g}" for r in _experiment.RATES)}
    for task in TASKS:
        header = ["encoding", "learning rate"] + [
            f"{n} ({n // base.max_len}×L)" if n % base.max_len == 0 else str(n) for n in table_lengths
        ] + ["positions beyond L"]
        rows = []
        for p in POSITIONS:
            past = [beyond(by_position, task, p, s, base.max_len, count) for s in seeds]
            rows.append([LABELS[p], f"{data['rates'][f'{task}/{p}']['lr']:g}"]
                        + [_experiment.percent_spread([fraction(results, task, p, s, n) for s in seeds])
                           for n in table_lengths]
                        + [_experiment.percent_spread(past)])
            values[f"{task}_{p}_lr"] = f"{data['rates'][f'{task}/{p}']['lr']:g}"
            values[f"{task}_{p}_beyond"] = _experiment.percent_spread(past)
            for n in lengths:
                values[f"{task}_{p}_{n}"] = _experiment.percent_spread([fraction(results, task, p, s, n) for s in seeds])
        note = (f"\n\nMedian (minimum–maximum) over {len(seeds)} seeds; {count} test sequences per length. The last "
                f"column: the answers at positions {base.max_len} to {lengths[-1] - 1} of the {lengths[-1]}-token "
                "test sequences.")
        docenv.save_markdown(docenv.markdown_table(header, rows, "ll" + "r" * (len(table_lengths) + 1)) + note,
                             None if task == "k_back" else task)
    docenv.save_values(values)
    print(f"{', '.join(TASKS)} (k = {base.k}), trained on lengths {base.min_len}-{base.max_len} for {base.steps} "
          f"steps, {len(seeds)} seeds, {count} test sequences per length")


if __name__ == "__main__":
    main()
