"""Measure the error of each way of computing the table against exact values, as the position grows to 10**6."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, log_labels
from precision.recipes import (exact_rows, float32_spacing, log_grid, max_error_per_row, rows_computed_in,
                               rows_float64_angles)

D_MODEL = 512
HALF_ULP_NEAR_ONE = 2.0**-25  # half the float32 spacing in [0.5, 1): the best a float32 table can do


# --8<-- [start:measure]
positions = log_grid(10**6, per_decade=12)
exact, exact_float32 = exact_rows(positions, D_MODEL, bits=113)  # mpmath
recipes = {
    "float32 angles (every seed)": rows_computed_in(positions, D_MODEL, dtype=torch.float32),
    "float64 angles, cast to float32 (reference)": rows_float64_angles(positions, D_MODEL),
    "float16 throughout": rows_computed_in(positions, D_MODEL, dtype=torch.float16),
    "bfloat16 throughout": rows_computed_in(positions, D_MODEL, dtype=torch.bfloat16),
    "reference stored as float16": rows_float64_angles(positions, D_MODEL, dtype=torch.float16),
    "reference stored as bfloat16": rows_float64_angles(positions, D_MODEL, dtype=torch.bfloat16),
}
errors = {name: max_error_per_row(rows, exact) for name, rows in recipes.items()}
# --8<-- [end:measure]

# How close the reference comes to the best float32 table, entry by entry.
reference = recipes["float64 angles, cast to float32 (reference)"]
reference_error = (reference.to(torch.float64) - exact).abs()
not_rounded = int((reference != exact_float32).sum())
worst_ulps = float((reference_error / float32_spacing(exact)).max())

# The float32-angle error against position * 2**-24, and its growth rate (slope on log-log axes, p >= 100).
float32_error = errors["float32 angles (every seed)"]
p = torch.tensor(positions, dtype=torch.float64)
ratio = float32_error / (p * 2.0**-24)
far = p >= 100
slope = float(torch.linalg.lstsq(torch.stack([p[far].log(), torch.ones_like(p[far])], 1),
                                 float32_error[far].log()[:, None]).solution[0, 0])

# --8<-- [start:figure]
for layout in LAYOUTS:  # wide for a desktop and paper, narrow for a phone
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(8, 5.5), narrow_height=5.6))
        styles = ["o-", "s-", "^-", "v-", "--", ":"]
        for (name, error), style in zip(errors.items(), styles):
            shown = error.isfinite() & (error > 0)  # zero errors and NaN rows cannot sit on a log axis
            ax.plot(p[shown], error[shown], style, markersize=3, linewidth=1.2, label=name)
        ax.plot(p, p * 2.0**-24, color="grey", linewidth=0.8, label="position x 2^-24")
        limits = {256: "256\nbf16\nlimit", 2048: "2048\nfp16\nlimit", 65504: "65504\nfp16\nmax"}
        for limit in limits:
            ax.axvline(limit, color="black", linewidth=0.6, linestyle="--")
        ax.axvspan(65520, 10**6, color="C2", alpha=0.08)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_ylim(1e-9, 10)
        log_labels(ax.xaxis, numticks=4 if layout.narrow else None)  # 1, 100, …, 1e6: no exponent drawn at 70 %
        log_labels(ax.yaxis)
        top = ax.secondary_xaxis("top")
        top.set_xticks(list(limits), list(limits.values()))
        top.minorticks_off()
        ax.set_xlabel("position p")
        ax.set_ylabel(layout.wrap("largest |computed - exact| over the 512 columns"))
        ax.set_title(layout.wrap("Error of a table row against exact values, d_model = 512 (shaded: fp16 rows are NaN)",
                                 60), pad=8)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=1 if layout.narrow else 2)
        docenv.save_figure(fig, layout.name())
# --8<-- [end:figure]


def cell(value: float) -> str:
    return "NaN (position is inf)" if math.isnan(value) else f"{value:.1e}"


shown_positions = [1, 10, 100, 256, 257, 1000, 2048, 2049, 10**4, 65504, 65520, 10**5, 10**6]
header = ["position"] + list(errors)
rows = [[f"{q:,}"] + [cell(float(errors[name][positions.index(q)])) for name in errors] for q in shown_positions]
docenv.save_markdown(docenv.markdown_table(header, rows, align="r" * len(header)))

docenv.save_json({
    "d_model": D_MODEL,
    "positions": positions,
    "max_error": {name: [None if math.isnan(v) else v for v in e.tolist()] for name, e in errors.items()},
})

at = {q: float(float32_error[positions.index(q)]) for q in (10**3, 10**5, 10**6)}
docenv.save_values({
    "mpmath_bits": "113",
    "mpmath_digits": f"{113 * math.log10(2):.0f}",
    "full_float64_gb": f"{10**6 * D_MODEL * 8 / 1e9:.1f}",
    "positions_sampled": f"{len(positions)}",
    "entries_checked": f"{reference.numel():,}",
    "reference_max_error": f"{float(reference_error.max()):.3e}",
    "half_ulp_near_one": f"{HALF_ULP_NEAR_ONE:.3e}",
    "reference_not_rounded": f"{not_rounded}",
    "reference_worst_ulps": f"{worst_ulps:.2f}",
    "float32_error_1e3": f"{at[10**3]:.1e}",
    "float32_error_1e5": f"{at[10**5]:.1e}",
    "float32_error_1e6": f"{at[10**6]:.2f}",
    "float32_ratio_min": f"{float(ratio[far].min()):.2f}",
    "float32_ratio_max": f"{float(ratio[far].max()):.2f}",
    "float32_slope": f"{slope:.2f}",
    "float16_stored_max": f"{float(errors['reference stored as float16'].max()):.1e}",
    "bfloat16_stored_max": f"{float(errors['reference stored as bfloat16'].max()):.1e}",
    "float16_error_1e3": f"{float(errors['float16 throughout'][positions.index(1000)]):.2f}",
    "bfloat16_error_1e3": f"{float(errors['bfloat16 throughout'][positions.index(1000)]):.2f}",
})

print(f"positions sampled: {len(positions)} (1 to 10**6), columns: {D_MODEL}, exact values: mpmath at 113 bits")
print(f"reference: max |error| {float(reference_error.max()):.3e} (half a float32 step near 1: {HALF_ULP_NEAR_ONE:.3e})")
print(f"reference: {not_rounded} of {reference.numel():,} entries differ from the correctly rounded float32;"
      f" worst {worst_ulps:.2f} ulp")
print(f"float32 angles: error / (position * 2**-24) between {float(ratio[far].min()):.2f} and"
      f" {float(ratio[far].max()):.2f} for p >= 100; log-log slope {slope:.2f}")
