"""Run every variant and tabulate what it does against the reference: each cell is observed, none is typed."""

from pelib import docenv
import math
from importlib import metadata

from pelib.variants.registry import REFERENCE, VARIANTS, describe_storage, observe


# --8<-- [start:cells]
def permutation_cell(seen: dict) -> str:
    """Identity, the observed column order at d_model = 8, or why there is none."""
    perm = seen["permutation_d8"]
    if perm is not None:
        return "identical" if perm == sorted(perm) else "`" + str(perm).replace(" ", "") + "`"
    if abs(seen["frequency_ratio_d64"] - 1) > 1e-4:
        return "no: other frequencies"
    if seen["first_position"] != 0:
        return "no: shifted positions"
    return "no"


def frequency_cell(seen: dict) -> str:
    """'paper' when every omega matches to 1e-4, else how much lower the lowest frequency is at d = 64 and 512."""
    r64, r512 = seen["frequency_ratio_d64"], seen["frequency_ratio_d512"]
    if abs(r64 - 1) < 1e-4 and abs(r512 - 1) < 1e-4:
        return "paper"
    return f"lower, by up to {r64:.3f}× / {r512:.4f}×"


def amplitude_cell(seen: dict) -> str:
    """The largest |value| at d_model = 64: 1 like the paper, or 1/√d for a table divided by sqrt(d)."""
    a = seen["amplitude_d64"]
    if abs(a - 1) < 1e-6:
        return "1"
    if abs(a * math.sqrt(64) - 1) < 1e-6:
        return "1/√d"
    return f"{a:.4g}"


def check_cell(variant) -> str:
    """What the variant's own tests compare it with: the installed library, or the source text it cites."""
    if variant.kind != "library":
        return "the source's printed values" if variant.kind == "seed" else "—"
    if variant.checked:
        return f"installed `{variant.checked}=={metadata.version(variant.checked)}`"
    return "source text at the cited commit"
# --8<-- [end:cells]


def diff_cell(diff: float) -> str:
    """A float32 difference: rounding-level ones as a bound (their digits depend on the CPU), real ones as digits."""
    if diff < 1e-7:
        return docenv.bound(diff, 1e-7)  # the reference's own float32 rounding: at most half a step near 1
    if diff < 1e-5:
        return docenv.bound(diff, 1e-5)  # float32 angles or frequencies: a few steps
    return f"{diff:.1e}"


observed = {v.key: observe(v) for v in [REFERENCE, *VARIANTS]}

values, behaviour, build, checks = [], [], [], []
for variant in [REFERENCE, *VARIANTS]:
    seen = observed[variant.key]
    label = f"[{variant.name}]({variant.page})"
    permuted = seen["max_abs_diff_permuted"]
    diff = diff_cell(seen["max_abs_diff"]) + ("" if permuted is None or permuted == seen["max_abs_diff"]
                                              else f" → {diff_cell(permuted)}")
    values.append([label, seen["layout"], permutation_cell(seen), diff, frequency_cell(seen), amplitude_cell(seen),
                   seen["first_position"]])
    checks.append([label, variant.source, check_cell(variant)])
    behaviour.append([label, seen["odd_d7"], seen["output"]])
    build.append([label, describe_storage(seen["storage"]), seen["angle_dtype"], seen["computed"]])


def and_list(names: list[str]) -> str:
    """'a, b and c', for a sentence."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def save_table(header: list[str], rows: list[list[object]], align: str, name: str) -> None:
    """Save a Markdown table as <snippet>-<name>.txt (docs/generated/*.md would be built as pages of their own),
    escaping the | of layouts such as [sin | cos], which would otherwise split a cell."""
    cells = [[str(cell).replace("|", "\\|") for cell in row] for row in rows]
    text = docenv.markdown_table(header, cells, align)
    docenv.output_path("txt", name).write_text(text + "\n", encoding="utf-8")


save_table(["variant", "layout", "= reference[:, perm] (d = 8)", "max abs diff (→ after permuting)",
            "frequencies (d = 64 / 512)", "amplitude", "row 0 is position"], values, "llllllr", "values")
save_table(["variant", "source", "checked against"], checks, "lll", "checks")
save_table(["variant", "d_model = 7", "returns"], behaviour, "lll", "behaviour")
save_table(["variant", "where the table lives", "angle dtype", "sin/cos computed"], build, "llll", "build")
docenv.save_json(observed)
t2t = observed["tensor2tensor"]
docenv.save_values({
    "t2t_ratio_d64": f"{t2t['frequency_ratio_d64']:.3f}",
    "t2t_ratio_d512": f"{t2t['frequency_ratio_d512']:.4f}",
    "fp32_max_diff": docenv.bound(max(observed[v.key]["max_abs_diff_permuted"] or 0 for v in VARIANTS), 1e-5),
    "fairseq_first": str(observed["fairseq"]["first_position"]),
    "odd_width_correct": and_list([v.name.replace("Reference", "the reference") for v in [REFERENCE, *VARIANTS]
                                           if observed[v.key]["odd_d7"].startswith("correct")]),
})
print(f"{len(VARIANTS)} variants and the reference observed")
