"""Does position survive the layers? A linear probe reads the position back from every layer's hidden states."""

from pelib import docenv
import _experiment
import matplotlib.pyplot as plt
import torch
from pelib import training
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, n_layers=2, n_heads=2, d_model=32, min_len=8, max_len=16, max_positions=16,
              steps=600)
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


def probe_r2(features: torch.Tensor, positions: torch.Tensor, held_out: int) -> float:
    """R^2 on held-out sequences of a ridge regression from hidden states [seqs, T, d] to the position index."""
    x = torch.cat((features, torch.ones(*features.shape[:2], 1, dtype=features.dtype)), dim=-1)
    fit_x, fit_y = x[:-held_out].flatten(0, 1), positions[:-held_out].flatten()
    test_x, test_y = x[-held_out:].flatten(0, 1), positions[-held_out:].flatten()
    gram = fit_x.T @ fit_x + RIDGE * torch.eye(x.shape[-1], dtype=x.dtype)
    coef = torch.linalg.solve(gram, fit_x.T @ fit_y)
    residual = ((test_x @ coef - test_y) ** 2).sum()
    return 1.0 - float(residual / ((test_y - test_y.mean()) ** 2).sum())


def measure(base: Config, seeds: tuple[int, ...], count: int, held_out: int) -> dict:
    results = {}
    for (position, causal), _ in MASKS.items():
        for seed in seeds:
            model = training.train(base.replace(position=position, causal=causal, seed=seed))
            x, _y = training.eval_batch(model.cfg, base.max_len, count, seed)
            hidden: list = []
            with torch.no_grad():
                model(x, hidden)
            positions = torch.arange(base.max_len, dtype=torch.float64).expand(count, -1)
            results[f"{position}/{causal}/{seed}"] = [round(probe_r2(h.double(), positions, held_out), 2) + 0.0
                                                      for h in hidden]
    return results


def main() -> None:
    base, seeds, count, held_out = BASE, _experiment.SEEDS, PROBE_SEQUENCES, HELD_OUT
    if _experiment.reduced():
        base, count, held_out = base.replace(steps=10), 12, 4
    results = measure(base, seeds, count, held_out)
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "probe_sequences": count, "held_out": held_out,
                                  "ridge": RIDGE}, "results": results})
    layers = ["embedding"] + [f"after layer {i + 1}" for i in range(base.n_layers)]
    rows = []
    for (position, causal), label in MASKS.items():
        per_seed = [results[f"{position}/{causal}/{s}"] for s in seeds]
        cells = []
        for layer in range(len(layers)):
            got = sorted(r[layer] for r in per_seed)
            mid = _experiment.num(got[len(got) // 2])
            cells.append(mid if got[0] == got[-1] else f"{mid} ({_experiment.num(got[0])} to {_experiment.num(got[-1])})")
        rows.append([label] + cells)
    docenv.save_markdown(docenv.markdown_table(["encoding"] + layers, rows, "l" + "r" * len(layers)))

    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    for ax, mask in zip(axes, (False, True)):
        for index, ((position, causal), label) in enumerate(MASKS.items()):
            if Config(position=position, causal=causal).is_causal != mask:
                continue
            colour = f"C{index // 2 + (1 if position != 'none' else 0)}"
            per_seed = [results[f"{position}/{causal}/{s}"] for s in seeds]
            ax.fill_between(range(len(layers)), [min(c) for c in zip(*per_seed)], [max(c) for c in zip(*per_seed)],
                            color=colour, alpha=0.18, linewidth=0)
            ax.plot(range(len(layers)), [sorted(c)[1] for c in zip(*per_seed)], "o-", color=colour, label=label,
                    markersize=4)
        ax.set_xticks(range(len(layers)), layers)
        ax.set_title("causal mask" if mask else "no mask (bidirectional)", fontsize=10)
        ax.set_ylim(-0.05, 1.02)
        ax.legend(fontsize=8)
    axes[0].set_ylabel("probe R² for the position (held out)")
    fig.suptitle(f"Linear probe for the position, median and min–max over {len(seeds)} seeds", fontsize=10)
    docenv.save_figure(fig)

    values = {"steps": str(base.steps), "held_out": str(held_out), "fitted": str(count - held_out),
              "max_len": str(base.max_len), "seeds": str(len(seeds))}
    for (position, causal), _ in MASKS.items():
        tag = position if causal is None else f"{position}_{'causal' if causal else 'bidirectional'}"
        for layer in range(len(layers)):
            got = sorted(results[f"{position}/{causal}/{s}"][layer] for s in seeds)
            values[f"{tag}_{layer}"] = _experiment.num(got[len(got) // 2])
    docenv.save_values(values)
    print(f"linear probe for the position, token {base.k} back, {base.steps} steps, seeds {seeds}")


if __name__ == "__main__":
    main()
