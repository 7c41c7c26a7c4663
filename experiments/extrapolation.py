"""Train each position encoding on "token k back" at lengths up to L, then test it at L to 8L: does it extrapolate?"""

from pelib import docenv
import _experiment
import matplotlib.pyplot as plt
from pelib import training
from pelib.figures import LAYOUTS
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, min_len=8, max_len=16, max_positions=128, steps=600, n_layers=2, n_heads=2)
POSITIONS = ("none", "none_causal", "learned", "sin_add", "sin_concat", "rope", "alibi")
LENGTHS = (16, 24, 32, 48, 64, 96, 128)  # 1x to 8x the longest training length L = 16
EVAL_SEQUENCES = 64  # test sequences per length; accuracy counts every token that has an answer
# --8<-- [end:setup]

LABELS = {
    "none": "none (bidirectional)",
    "none_causal": "none, causal mask",
    "learned": "learned absolute",
    "sin_add": "sinusoidal, added",
    "sin_concat": "sinusoidal, concatenated",
    "rope": "RoPE",
    "alibi": "ALiBi",
}


def measure(base: Config, lengths: tuple[int, ...], seeds: tuple[int, ...], count: int) -> tuple[dict, dict]:
    """Tokens right and tokens asked, by encoding, seed and test length; and, on the longest test sequences, the
    test sequences right at each position (with a causal mask, position t's answer ignores every later token, so
    this is also what any shorter test sequence gets at t)."""
    results, by_position = {}, {}
    for position in POSITIONS:
        for seed in seeds:
            model = training.train(base.replace(position=position, seed=seed))
            for length in lengths:
                right, total = training.correct(model, *training.eval_batch(model.cfg, length, count, seed))
                results[f"{position}/{seed}/{length}"] = {"right": right, "total": total}
            x, y = training.eval_batch(model.cfg, lengths[-1], count, seed)
            by_position[f"{position}/{seed}"] = training.correct_by_position(model, x, y)
    return results, by_position


def reach(right: list[int], count: int, start: int, level: float = 0.9) -> int:
    """How many positions from `start` on stay at least `level` right before the first that does not."""
    for t in range(start, len(right)):
        if right[t] < level * count:
            return t - start
    return len(right) - start


def fraction(results: dict, position: str, seed: int, length: int) -> float:
    cell = results[f"{position}/{seed}/{length}"]
    return cell["right"] / cell["total"]


def main() -> None:
    base, lengths, seeds, count = BASE, LENGTHS, _experiment.SEEDS, EVAL_SEQUENCES
    if _experiment.reduced():
        base, lengths, count = base.replace(steps=10, max_positions=32), (16, 32), 4
    results, by_position = measure(base, lengths, seeds, count)
    docenv.save_json({"config": {**vars(base), "positions": POSITIONS, "lengths": lengths, "seeds": seeds,
                                  "eval_sequences": count}, "results": results, "by_position": by_position,
                      "numerics": _experiment.numerics()})

    header = ["encoding"] + [f"{n} ({n // base.max_len}×L)" if n % base.max_len == 0 else str(n) for n in lengths]
    rows = [[LABELS[p]] + [_experiment.percent_spread([fraction(results, p, s, n) for s in seeds]) for n in lengths]
            for p in POSITIONS]
    docenv.save_markdown(docenv.markdown_table(header, rows, "l" + "r" * len(lengths)))

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (the key below the plot) for a phone
        with layout.style():
            key = dict(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2) if layout.narrow else \
                dict(loc="center left", bbox_to_anchor=(1.01, 0.5))
            fig, ax = plt.subplots(figsize=layout.size(wide=(7, 4.6), narrow_height=4.2))
            for index, position in enumerate(POSITIONS):
                per_seed = [[fraction(results, position, s, n) for n in lengths] for s in seeds]
                low = [min(col) for col in zip(*per_seed)]
                high = [max(col) for col in zip(*per_seed)]
                mid = [sorted(col)[len(col) // 2] for col in zip(*per_seed)]
                colour = f"C{index}"
                ax.fill_between(lengths, low, high, color=colour, alpha=0.18, linewidth=0)
                ax.plot(lengths, mid, "o-", color=colour, label=LABELS[position], markersize=4)
            ax.axvline(base.max_len, color="grey", linestyle=":", label=f"longest training length L = {base.max_len}")
            ax.set_xscale("log", base=2)
            ax.set_xticks(lengths, [str(n) for n in lengths])
            ax.set_ylim(0, 1.02)
            ax.set_xlabel("test length (tokens)")
            ax.set_ylabel(f"tokens right (token {base.k} back)")
            ax.set_title(f"Median over {len(seeds)} seeds, band: min to max")
            ax.legend(**key)
            docenv.save_figure(fig, layout.name())

            fig, ax = plt.subplots(figsize=layout.size(wide=(7, 4.2), narrow_height=4.0))
            positions_axis = list(range(base.k, lengths[-1]))
            for position in (p for p in POSITIONS if Config(position=p).is_causal):
                per_seed = [[r / count for r in by_position[f"{position}/{s}"][base.k:]] for s in seeds]
                colour = f"C{POSITIONS.index(position)}"
                ax.fill_between(positions_axis, [min(c) for c in zip(*per_seed)], [max(c) for c in zip(*per_seed)],
                                color=colour, alpha=0.18, linewidth=0)
                ax.plot(positions_axis, [sorted(c)[len(c) // 2] for c in zip(*per_seed)], color=colour,
                        label=LABELS[position])
            ax.axvline(base.max_len - 0.5, color="grey", linestyle=":", label="end of the training lengths")
            ax.set_xscale("log", base=2)
            ax.set_xlabel("position in the test sequence")
            ax.set_ylabel(layout.wrap("test sequences right at this position", 30))
            ax.set_ylim(0, 1.02)
            ax.set_title(layout.wrap(f"Causal encodings, {count} test sequences of {lengths[-1]} tokens; "
                                     "median and min–max over seeds", 60))
            ax.legend(**key)
            docenv.save_figure(fig, layout.name("by_position"))

    reaches = {p: [reach(by_position[f"{p}/{s}"], count, base.max_len) for s in seeds] for p in POSITIONS}
    header = ["encoding", "positions beyond L still ≥ 90% right, by seed"]
    rows = [[LABELS[p], ", ".join(str(r) for r in reaches[p])] for p in POSITIONS if Config(position=p).is_causal]
    docenv.save_markdown(docenv.markdown_table(header, rows, "lr"), "reach")

    def at(position: str, length: int) -> str:
        return _experiment.percent_spread([fraction(results, position, s, length) for s in seeds])

    values = {
        "steps": str(base.steps), "max_len": str(base.max_len), "min_len": str(base.min_len), "k": str(base.k),
        "longest": str(lengths[-1]), "seeds": str(len(seeds)), "eval_sequences": str(count),
        "d_model": str(base.d_model), "n_layers": str(base.n_layers), "n_heads": str(base.n_heads),
    }
    for position in POSITIONS:
        for length in lengths:
            values[f"{position}_{length}"] = at(position, length)
    for position in POSITIONS:
        values[f"reach_{position}"] = ", ".join(str(r) for r in reaches[position])
        beyond = [sum(by_position[f"{position}/{s}"][base.max_len:]) / (count * (lengths[-1] - base.max_len))
                  for s in seeds]
        values[f"beyond_{position}"] = _experiment.percent_spread(beyond)
    docenv.save_values(values)
    print(f"token {base.k} back, trained on lengths {base.min_len}-{base.max_len} for {base.steps} steps, "
          f"{len(seeds)} seeds, {count} test sequences per length")


if __name__ == "__main__":
    main()
