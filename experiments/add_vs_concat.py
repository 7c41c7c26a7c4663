"""Add or concatenate the sinusoidal table? Trained side by side at equal width and at equal parameter count."""

from pelib import docenv
import _experiment
import matplotlib.pyplot as plt
from pelib import training
from pelib.figures import LAYOUTS, Layout
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(n_layers=2, n_heads=2, min_len=8, max_len=16, max_positions=16, steps=400)
TASKS = {"k_back": dict(task="k_back", k=3), "reverse": dict(task="reverse", causal=False)}
VARIANTS = {  # name: (position, d_model, d_pos, d_ff)
    "add_32": ("sin_add", 32, None, 64),  # token and position share 32 dimensions
    "concat_16_16": ("sin_concat", 32, 16, 64),  # same width 32: 16 for the token, 16 for the position
    "concat_32_32": ("sin_concat", 64, 32, 128),  # the token keeps 32 dimensions; the layers grow to 64
    "add_64": ("sin_add", 64, None, 128),  # same width and (nearly) the same parameter count as concat_32_32
}
# --8<-- [end:setup]

LABELS = {"add_32": "add, width 32", "concat_16_16": "concatenate 16 + 16, width 32",
          "concat_32_32": "concatenate 32 + 32, width 64", "add_64": "add, width 64"}


def config(base: Config, task: str, variant: str, seed: int) -> Config:
    position, d_model, d_pos, d_ff = VARIANTS[variant]
    return base.replace(**TASKS[task], position=position, d_model=d_model, d_pos=d_pos, d_ff=d_ff, seed=seed)


def measure(base: Config, seeds: tuple[int, ...], count: int) -> dict:
    results = {}
    for task in TASKS:
        for variant in VARIANTS:
            for seed in seeds:
                model = training.train(config(base, task, variant, seed))
                right, total = training.correct(model, *training.eval_batch(model.cfg, base.max_len, count, seed))
                results[f"{task}/{variant}/{seed}"] = {
                    "right": right, "total": total, "parameters": sum(p.numel() for p in model.parameters())}
    return results


def fractions(results: dict, seeds: tuple[int, ...], task: str, variant: str) -> list[float]:
    return [results[f"{task}/{variant}/{s}"]["right"] / results[f"{task}/{variant}/{s}"]["total"] for s in seeds]


def figure(layout: Layout, results: dict, seeds: tuple[int, ...], length: int):
    """Tokens right for each variant, one dot per seed and a bar at the median: one panel per task."""
    fig, axes = plt.subplots(*layout.grid(len(TASKS)), figsize=layout.size(wide=(9.5, 3.8), narrow_height=7.2),
                             sharey=True, constrained_layout=True)
    fig.get_layout_engine().set(wspace=0.06)  # shared y axis: a gap between the panels' tick labels
    for ax, task in zip(axes, TASKS):
        for index, variant in enumerate(VARIANTS):
            got = fractions(results, seeds, task, variant)
            ax.scatter([index] * len(got), got, color=f"C{index}", s=22)
            ax.hlines(sorted(got)[len(got) // 2], index - 0.3, index + 0.3, color=f"C{index}")
        ax.set_xticks(range(len(VARIANTS)), [LABELS[v].replace(", ", ",\n").replace("concatenate ", "concatenate\n")
                                             for v in VARIANTS])
        ax.set_xlim(-0.5, len(VARIANTS) - 0.5)  # the labels get the panel's whole width
        ax.set_title(f"{task} (length {length})")
        ax.set_ylim(0, 1.02)
    if layout.narrow:  # stacked: each panel names its axis, and the figure says how to read the dots once
        for ax in axes:
            ax.set_ylabel("tokens right")
        fig.suptitle(layout.wrap("Each variant: one dot per seed, bar at the median"))
    else:
        axes[0].set_ylabel("tokens right (one dot per seed, bar: median)")
    return fig


def main() -> None:
    base, seeds, count = BASE, _experiment.SEEDS, 64
    if _experiment.reduced():
        base, count = base.replace(steps=10), 4
    results = measure(base, seeds, count)
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "eval_sequences": count, "tasks": TASKS,
                                  "variants": VARIANTS}, "results": results,
                      "numerics": _experiment.numerics()})

    header = ["variant", "parameters"] + [f"{task}: tokens right at length {base.max_len}" for task in TASKS]
    rows = [[LABELS[v], f"{results[f'k_back/{v}/{seeds[0]}']['parameters']:,}"]
            + [_experiment.percent_spread(fractions(results, seeds, t, v)) for t in TASKS] for v in VARIANTS]
    docenv.save_markdown(docenv.markdown_table(header, rows, "lrrr"))

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (panels stacked) for a phone
        with layout.style():
            docenv.save_figure(figure(layout, results, seeds, base.max_len), layout.name())

    values = {"steps": str(base.steps), "min_len": str(base.min_len), "max_len": str(base.max_len),
              "k": str(TASKS["k_back"]["k"]), "seeds": str(len(seeds))}
    for variant in VARIANTS:
        values[f"params_{variant}"] = f"{results[f'k_back/{variant}/{seeds[0]}']['parameters']:,}"
        for task in TASKS:
            values[f"{task}_{variant}"] = _experiment.percent_spread(fractions(results, seeds, task, variant))
    docenv.save_values(values)
    print(f"add or concatenate, {base.steps} steps, lengths {base.min_len}-{base.max_len}, seeds {seeds}")


if __name__ == "__main__":
    main()
