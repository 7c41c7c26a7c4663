"""How small the evidence pages' models are: each experiment's settings, read from its saved configuration, and the
parameters of its models beside those of the language models the literature sections cite."""

from pelib import docenv
from pelib import training
from pelib.saved_results import load
from pelib.training import Config

READS = ("extrapolation.json", "position_probe.json", "learned_shift_matrix.json", "add_vs_concat.json")
# Parameter counts the papers report (typed from the sources): Kazemnejad et al. 2023 train decoder-only models of
# about 100 million parameters on synthetic reasoning tasks; Press et al. 2022 train language models of 247 million
# (WikiText-103) and 1.3 billion parameters (CC100 + RoBERTa's corpus).
LITERATURE = {"kazemnejad": (100e6,), "press": (247e6, 1.3e9)}
FIELDS = set(Config.__dataclass_fields__)


def parameters(cfg: dict, **changes) -> int:
    """The parameter count of the model a saved configuration builds (no training)."""
    model = training.build(Config(**{k: v for k, v in cfg.items() if k in FIELDS}).replace(**changes))
    return sum(p.numel() for p in model.parameters())


def about(ratio: float) -> str:
    """A ratio to one significant digit, with thousands separators: 5,595 -> '6,000'."""
    digits = len(str(int(ratio))) - 1
    return f"{round(ratio, -digits):,.0f}"


configs = {stem[:-5]: load(stem)["config"] for stem in READS}
widths = sorted({d for _, d, _, _ in configs["add_vs_concat"]["variants"].values()})
values = {"add_vs_concat_widths": " and ".join(str(w) for w in widths), "width": str(configs["extrapolation"]["d_model"])}
for stem, cfg in configs.items():
    values[f"{stem}_layers"] = str(cfg["n_layers"])
    values[f"{stem}_steps"] = str(cfg["steps"])
    values[f"{stem}_lengths"] = f"{cfg['min_len']} to {cfg['max_len']}"
    values[f"{stem}_vocab"] = str(cfg["vocab"])
assert all(configs[s]["d_model"] == configs["extrapolation"]["d_model"] for s in configs if s != "add_vs_concat")

ours = parameters(configs["extrapolation"], position="sin_add")  # the extrapolation model with added sinusoids
values["ours"] = f"{ours:,}"
values["kazemnejad_ratio"] = about(LITERATURE["kazemnejad"][0] / ours)
values["press_ratio_low"], values["press_ratio_high"] = (about(n / ours) for n in LITERATURE["press"])
docenv.save_values(values)
