"""The learning-rate grid as the experiments ran it: for each tuning, the rate chosen and whether a tried rate lies on
each side of it, and the grid's losses the pages quote."""

from pelib import docenv
from pelib.saved_results import load

READS = ("extrapolation.json", "position_probe.json", "learned_shift_matrix.json", "add_vs_concat.json")
STEMS = [name[:-5] for name in READS]

inside, edges, grid = 0, [], None
for stem in STEMS:
    data = load(f"{stem}.json")
    grid = grid or data["config"]["rates"]
    for key, tuned in data["rates"].items():
        tried = sorted(float(r) for r in tuned["losses"])
        if tried[0] < tuned["lr"] < tried[-1]:
            inside += 1
        else:
            edges.append(f"{stem}/{key}")

add_vs_concat = load("add_vs_concat.json")
width_8 = add_vs_concat["rates"]
values = {"grid": ", ".join(f"{r:g}" for r in grid), "smallest": f"{min(grid):g}", "largest": f"{max(grid):g}",
          "inside": str(inside), "tunings": str(inside + len(edges)), "edges": str(len(edges)),
          # the grid's runs are 1/tune_fraction of the full run (the extrapolation's saved setting, shared by all)
          "add_tune_steps": str(add_vs_concat["config"]["steps"] // load("extrapolation.json")["config"]["tune_fraction"])}
for rate in ("0.003", "0.01", "0.03"):
    key = rate.replace(".", "_")
    values[f"concat_4_4_{key}"] = f"{width_8['concat_4_4']['losses'][rate]:.3f}"
    values[f"add_8_{key}"] = f"{width_8['add_8']['losses'][rate]:.3f}"
docenv.save_values(values)
