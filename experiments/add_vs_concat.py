"""Add or concatenate the sinusoidal table? Trained side by side where the width binds: a vocabulary of 64 tokens and
sequences of up to 32 positions in a model 8 wide (then 16 wide), so that sharing the width (adding) and splitting it
(concatenating) cost something. The figure is drawn from the saved JSON by snippets/evidence/."""

from pelib import docenv
import _experiment
from pelib import training
from pelib.training import Config

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, vocab=64, n_layers=2, n_heads=2, min_len=16, max_len=32, max_positions=32,
              steps=800)
VARIANTS = {  # name: (position, d_model, d_pos, d_ff)
    "add_8": ("sin_add", 8, None, 16),  # token and position share 8 dimensions
    "concat_4_4": ("sin_concat", 8, 4, 16),  # same width 8: 4 for the token, 4 (two pairs) for the position
    "concat_8_8": ("sin_concat", 16, 8, 32),  # the position gets 8 dimensions of its own; the layers grow to 16
    "add_16": ("sin_add", 16, None, 32),  # same width and (nearly) the same parameter count as concat_8_8
}
# --8<-- [end:setup]

LABELS = {"add_8": "add, width 8", "concat_4_4": "concatenate 4 + 4, width 8",
          "concat_8_8": "concatenate 8 + 8, width 16", "add_16": "add, width 16"}


def config(base: Config, variant: str) -> Config:
    position, d_model, d_pos, d_ff = VARIANTS[variant]
    return base.replace(position=position, d_model=d_model, d_pos=d_pos, d_ff=d_ff)


def measure(base: Config, seeds: tuple[int, ...], count: int) -> dict:
    """For each variant: its tuned learning rate, and for each seed the tokens right at the longest training length."""
    rates, results = {}, {}
    for variant in VARIANTS:
        cfg = config(base, variant)
        rates[variant] = tuned = _experiment.tune(cfg)
        for seed in seeds:
            model = training.train(cfg.replace(seed=seed, lr=tuned["lr"]))
            right, total = training.correct(model, *training.eval_batch(model.cfg, base.max_len, count, seed))
            results[f"{variant}/{seed}"] = {
                "right": right, "total": total, "parameters": sum(p.numel() for p in model.parameters())}
    return {"rates": rates, "results": results}


def fractions(results: dict, seeds: tuple[int, ...], variant: str) -> list[float]:
    return [results[f"{variant}/{s}"]["right"] / results[f"{variant}/{s}"]["total"] for s in seeds]


def main() -> None:
    base, seeds, count = BASE, _experiment.seeds(), 64
    if _experiment.reduced():
        base, count = base.replace(steps=10), 4
    data = measure(base, seeds, count)
    results = data["results"]
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "eval_sequences": count, "variants": VARIANTS,
                                  "rates": _experiment.RATES}, **data, "numerics": _experiment.numerics()})

    header = ["variant", "parameters", "learning rate", f"tokens right at length {base.max_len}"]
    rows = [[LABELS[v], f"{results[f'{v}/{seeds[0]}']['parameters']:,}", f"{data['rates'][v]['lr']:g}",
             _experiment.percent_spread(fractions(results, seeds, v))] for v in VARIANTS]
    docenv.save_markdown(docenv.markdown_table(header, rows, "lrrr")
                         + f"\n\nMedian (minimum–maximum) over {len(seeds)} seeds, {count} test sequences each.")

    values = {"steps": str(base.steps), "min_len": str(base.min_len), "max_len": str(base.max_len),
              "k": str(base.k), "vocab": str(base.vocab), "seeds": str(len(seeds))}
    for variant in VARIANTS:
        values[f"params_{variant}"] = f"{results[f'{variant}/{seeds[0]}']['parameters']:,}"
        values[f"k_back_{variant}"] = _experiment.percent_spread(fractions(results, seeds, variant))
        values[f"lr_{variant}"] = f"{data['rates'][variant]['lr']:g}"
    docenv.save_values(values)
    print(f"add or concatenate, token {base.k} back, vocabulary {base.vocab}, {base.steps} steps, "
          f"lengths {base.min_len}-{base.max_len}, seeds {seeds}")


if __name__ == "__main__":
    main()
