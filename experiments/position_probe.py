"""Does position survive the layers? A linear probe reads the position back from every layer's hidden states."""

from pelib import docenv
import _experiment
import matplotlib.pyplot as plt
from pelib import probes, training
from pelib.figures import LAYOUTS, Layout
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, n_layers=2, n_heads=2, d_model=32, min_len=8, max_len=16, max_positions=16,
              steps=400)
MASKS = {  # (position, causal): every encoding with and without the causal mask; "none" is bidirectional by name
    ("none", None): "none (bidirectional)", ("none_causal", None): "none, causal mask",
    ("learned", False): "learned", ("learned", True): "learned, causal",
    ("sin_add", False): "sinusoidal added", ("sin_add", True): "sinusoidal added, causal",
    ("sin_concat", False): "sinusoidal concatenated", ("sin_concat", True): "sinusoidal concatenated, causal",
    ("rope", False): "RoPE", ("rope", True): "RoPE, causal",
    ("alibi", False): "ALiBi", ("alibi", True): "ALiBi, causal",
}
PROBE_SEQUENCES, HELD_OUT = 96, 32  # probe fitted on 64 sequences of length max_len, scored on 32 others
RIDGE = 1e-3
# --8<-- [end:setup]

KEY = {"none": "none", "learned": "learned", "sin_add": "sinusoidal added", "sin_concat": "sinusoidal concatenated",
       "rope": "RoPE", "alibi": "ALiBi"}  # the figure's key: one name and colour per encoding, in both panels


def measure(base: Config, seeds: tuple[int, ...], count: int, held_out: int) -> dict:
    """For each encoding, mask and seed: the probe's held-out R² on every layer (two decimals), and the share of
    the task's tokens the model gets right on the same sequences (whole percent)."""
    results = {}
    for (position, causal), _ in MASKS.items():
        for seed in seeds:
            model = training.train(base.replace(position=position, causal=causal, seed=seed))
            x, y = training.eval_batch(model.cfg, base.max_len, count, seed)
            right, total = training.correct(model, x, y)
            results[f"{position}/{causal}/{seed}"] = {
                "r2": [round(probes.position_r2(h, held_out, RIDGE), 2) + 0.0 for h in probes.hidden_states(model, x)],
                "tokens_right": _experiment.percent(right / total),
            }
    return results


def figure(layout: Layout, results: dict, seeds: tuple[int, ...], layers: list[str]):
    """R² against layer, median and min-max over seeds: one panel without the mask, one with it, and one key for both
    below them (an encoding has the same colour in both panels; the panel's title says which mask)."""
    fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4.4), narrow_height=8.2), sharey=True,
                             constrained_layout=True)
    fig.get_layout_engine().set(wspace=0.06)  # shared y axis: a gap between the panels' tick labels
    for ax, mask in zip(axes, (False, True)):
        for position, causal in MASKS:
            if Config(position=position, causal=causal).is_causal != mask:
                continue
            name = position.removesuffix("_causal")
            colour = f"C{list(KEY).index(name) + (name != 'none')}"  # the colours the figure has had (C1 unused)
            per_layer = [sorted(results[f"{position}/{causal}/{s}"]["r2"][layer] for s in seeds)
                         for layer in range(len(layers))]
            ax.fill_between(range(len(layers)), [c[0] for c in per_layer], [c[-1] for c in per_layer],
                            color=colour, alpha=0.18, linewidth=0)
            ax.plot(range(len(layers)), [c[len(c) // 2] for c in per_layer], "o-", color=colour, label=KEY[name],
                    markersize=4)
        ax.set_xticks(range(len(layers)), layers)
        ax.set_title("causal mask" if mask else "no mask (bidirectional)")
        ax.set_ylim(-0.1, 1.05)
        if layout.narrow or not mask:  # stacked, each panel names its axis; side by side, they share the left one
            ax.set_ylabel("probe R² for the position (held out)")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=2 if layout.narrow else 6)
    fig.suptitle(layout.wrap(f"Linear probe for the position, median and min–max over {len(seeds)} seeds"))
    return fig


def tag(position: str, causal: bool | None) -> str:
    """The key of one encoding and mask in the values: "none", "rope_causal", "rope_bidirectional"."""
    return position if causal is None else f"{position}_{'causal' if causal else 'bidirectional'}"


def main() -> None:
    base, seeds, count, held_out = BASE, _experiment.SEEDS, PROBE_SEQUENCES, HELD_OUT
    if _experiment.reduced():
        base, count, held_out = base.replace(steps=10), 12, 4
    results = measure(base, seeds, count, held_out)
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "probe_sequences": count, "held_out": held_out,
                                  "ridge": RIDGE}, "results": results,
                      "numerics": _experiment.numerics()})
    layers = ["embedding"] + [f"after layer {i + 1}" for i in range(base.n_layers)]

    def r2(position: str, causal: bool | None, layer: int) -> list[float]:
        return sorted(results[f"{position}/{causal}/{s}"]["r2"][layer] for s in seeds)

    rows = []
    for (position, causal), label in MASKS.items():
        cells = []
        for layer in range(len(layers)):
            got = r2(position, causal, layer)
            mid = _experiment.num(got[len(got) // 2])
            cells.append(mid if got[0] == got[-1] else f"{mid} ({_experiment.num(got[0])} to {_experiment.num(got[-1])})")
        right = ", ".join(results[f"{position}/{causal}/{s}"]["tokens_right"] for s in seeds)
        rows.append([label] + cells + [right])
    header = ["encoding"] + [f"R², {layer}" for layer in layers] + ["tokens right, by seed"]
    docenv.save_markdown(docenv.markdown_table(header, rows, "l" + "r" * (len(layers) + 1)))

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (panels stacked) for a phone
        with layout.style():
            docenv.save_figure(figure(layout, results, seeds, layers), layout.name())

    values = {"steps": str(base.steps), "held_out": str(held_out), "fitted": str(count - held_out),
              "max_len": str(base.max_len), "min_len": str(base.min_len), "k": str(base.k),
              "n_layers": str(base.n_layers), "d_model": str(base.d_model), "seeds": str(len(seeds))}
    for (position, causal), _ in MASKS.items():
        for layer in range(len(layers)):
            got = r2(position, causal, layer)
            values[f"{tag(position, causal)}_{layer}"] = _experiment.num(got[len(got) // 2])
        values[f"{tag(position, causal)}_right"] = ", ".join(results[f"{position}/{causal}/{s}"]["tokens_right"]
                                                             for s in seeds)
    docenv.save_values(values)
    print(f"linear probe for the position, token {base.k} back, {base.steps} steps, seeds {seeds}")


if __name__ == "__main__":
    main()
