"""Does position survive the layers? Two linear probes read the position back from every layer's hidden states,
each beside its control (the same probe on random features of the same width). The figure is drawn from the saved
JSON by snippets/evidence/."""

from pelib import docenv
import _experiment
from pelib import probes, training
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, n_layers=2, n_heads=4, d_model=32, min_len=8, max_len=16, max_positions=16,
              steps=600)
MASKS = {  # (position, causal): each encoding with and without the causal mask; "none" is bidirectional by name
    ("none", None): "none (bidirectional)", ("none_causal", None): "none, causal mask",
    ("learned", False): "learned", ("learned", True): "learned, causal",
    ("sin_add", False): "sinusoidal added", ("sin_add", True): "sinusoidal added, causal",
    ("rope", False): "RoPE", ("rope", True): "RoPE, causal",
    ("alibi", True): "ALiBi, causal",
}
PROBE_SEQUENCES, HELD_OUT = 96, 32  # probes fitted on 64 sequences of length max_len, scored on 32 others
RIDGE = 1e-3
# --8<-- [end:setup]


def measure(base: Config, seeds: tuple[int, ...], count: int, held_out: int) -> dict:
    """For each encoding, mask and seed: both probes' held-out scores on every layer (two decimals), and the share of
    the task's tokens the model gets right on the same sequences; for each layer width, the controls' scores."""
    rates, results = {}, {}
    for position, causal in MASKS:
        cfg = base.replace(position=position, causal=causal)
        rates[f"{position}/{causal}"] = tuned = _experiment.tune(cfg)
        for seed in seeds:
            model = training.train(cfg.replace(seed=seed, lr=tuned["lr"]))
            x, y = training.eval_batch(model.cfg, base.max_len, count, seed)
            right, total = training.correct(model, x, y)
            states = probes.hidden_states(model, x)
            results[f"{position}/{causal}/{seed}"] = {
                "r2": [round(probes.position_r2(h, held_out, RIDGE), 2) + 0.0 for h in states],
                "accuracy": [round(probes.position_accuracy(h, held_out, RIDGE), 2) + 0.0 for h in states],
                "tokens_right": right / total,
            }
    controls = {}
    for seed in seeds:
        noise = probes.control_features((count, base.max_len, base.d_model), seed)
        controls[str(seed)] = {"r2": round(probes.position_r2(noise, held_out, RIDGE), 2) + 0.0,
                               "accuracy": round(probes.position_accuracy(noise, held_out, RIDGE), 2) + 0.0}
    return {"rates": rates, "results": results, "controls": controls}


def tag(position: str, causal: bool | None) -> str:
    """The key of one encoding and mask in the values: "none", "rope_causal", "rope_bidirectional"."""
    return position if causal is None else f"{position}_{'causal' if causal else 'bidirectional'}"


def main() -> None:
    base, seeds, count, held_out = BASE, _experiment.seeds(), PROBE_SEQUENCES, HELD_OUT
    if _experiment.reduced():
        base, count, held_out = base.replace(steps=10), 12, 4
    data = measure(base, seeds, count, held_out)
    results, controls = data["results"], data["controls"]
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "probe_sequences": count, "held_out": held_out,
                                  "ridge": RIDGE, "classifier": "linear discriminant analysis",
                                  "rates": _experiment.RATES}, **data,
                      "numerics": _experiment.numerics()})
    layers = ["embedding"] + [f"after layer {i + 1}" for i in range(base.n_layers)]

    def got(position: str, causal: bool | None, probe: str, layer: int) -> list[float]:
        return [results[f"{position}/{causal}/{s}"][probe][layer] for s in seeds]

    control_r2 = [controls[str(s)]["r2"] for s in seeds]
    control_accuracy = [controls[str(s)]["accuracy"] for s in seeds]
    for probe, control, name in (("r2", control_r2, None), ("accuracy", control_accuracy, "accuracy")):
        show = _experiment.median_range if probe == "r2" else _experiment.percent_spread
        rows = [[label] + [show(got(p, c, probe, layer)) for layer in range(len(layers))]
                + [_experiment.percent_spread([results[f"{p}/{c}/{s}"]["tokens_right"] for s in seeds])]
                for (p, c), label in MASKS.items()]
        rows.append(["control: random features"] + [show(control)] * len(layers) + ["–"])
        title = "R²" if probe == "r2" else "position named exactly"
        header = ["encoding"] + [f"{title}, {layer}" for layer in layers] + ["tokens right"]
        note = (f"\n\nMedian (minimum to maximum) over {len(seeds)} seeds; probes fitted on {count - held_out} "
                f"sequences of {base.max_len} tokens and scored on {held_out} others"
                + ("." if probe == "r2" else f"; chance is 1 in {base.max_len}."))
        docenv.save_markdown(docenv.markdown_table(header, rows, "l" + "r" * (len(layers) + 1)) + note, name)

    values = {"steps": str(base.steps), "held_out": str(held_out), "fitted": str(count - held_out),
              "max_len": str(base.max_len), "min_len": str(base.min_len), "k": str(base.k),
              "n_layers": str(base.n_layers), "n_heads": str(base.n_heads), "d_model": str(base.d_model),
              "seeds": str(len(seeds)), "chance": f"1/{base.max_len}",
              "control_r2": _experiment.median_range(control_r2),
              "control_accuracy": _experiment.percent_spread(control_accuracy)}
    for position, causal in MASKS:
        for layer in range(len(layers)):
            values[f"{tag(position, causal)}_{layer}"] = _experiment.median_range(got(position, causal, "r2", layer))
            values[f"{tag(position, causal)}_acc_{layer}"] = _experiment.percent_spread(
                got(position, causal, "accuracy", layer))
        values[f"{tag(position, causal)}_right"] = _experiment.percent_spread(
            [results[f"{position}/{causal}/{s}"]["tokens_right"] for s in seeds])
        values[f"{tag(position, causal)}_lr"] = f"{data['rates'][f'{position}/{causal}']['lr']:g}"
    docenv.save_values(values)
    print(f"linear probes for the position, token {base.k} back, {base.steps} steps, seeds {seeds}")


if __name__ == "__main__":
    main()
