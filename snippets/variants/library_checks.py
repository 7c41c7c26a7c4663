"""Run the installed libraries next to our variants: layout, values at an even and an odd width, state_dict keys."""

from pelib import docenv

from pelib.variants.registry import BY_KEY, VARIANTS, layout, sinusoids_in
from pelib.real_libraries import FLOAT32_ROUNDING, LIBRARY_TABLES, outcome, saved_and_loaded, version


# --8<-- [start:check]
def check(key: str, seq_len: int = 64, widths: tuple[int, ...] = (64, 7)) -> dict[str, object]:
    """Compare the installed library's table and module with our variant of the same key."""
    ours, theirs = BY_KEY[key], LIBRARY_TABLES[key]
    found: dict[str, object] = {}
    for d in widths:
        kind_ours, table_ours = outcome(ours.build, seq_len, d)
        kind_theirs, result = outcome(theirs, seq_len, d)
        table_theirs = result[0] if kind_theirs == "table" else result
        if kind_ours == kind_theirs == "table":
            found[d] = {"layout": (layout(sinusoids_in(table_theirs), d), layout(sinusoids_in(table_ours), d)),
                        "shape": (tuple(table_theirs.shape), tuple(table_ours.shape)),
                        "max_abs_diff": float((table_theirs.double() - table_ours.double()).abs().max())}
        else:
            found[d] = {"outcome": (kind_theirs if kind_theirs == "table" else result,
                                    kind_ours if kind_ours == "table" else table_ours)}
    _, module = theirs(seq_len, widths[0])
    if module is not None:
        checkpoint = saved_and_loaded(module)  # a real torch.save and torch.load
        mine = ours.make(seq_len, widths[0])
        mine.load_state_dict(checkpoint, strict=True)  # raises on any missing or unexpected key
        found["state_dict"] = (sorted(checkpoint), sorted(mine.state_dict()))
    return found
# --8<-- [end:check]


def values_cell(seen: dict) -> str:
    if "outcome" in seen:
        theirs, ours = seen["outcome"]
        return f"both raise {theirs}" if theirs == ours else f"library: {theirs}, ours: {ours}"
    if seen["shape"][0] != seen["shape"][1]:
        return f"shapes differ: {seen['shape']}"
    # equal to the bit here, but a float64 sine may round differently on another CPU kernel: show the bound
    return f"equal within float32 rounding ({docenv.bound(seen['max_abs_diff'], 3e-7)})"


checked = {v.key: check(v.key) for v in VARIANTS if v.key in LIBRARY_TABLES}
rows = []
for variant in VARIANTS:
    if variant.key not in checked:
        continue
    seen = checked[variant.key]
    theirs, ours = seen[64]["layout"]
    keys = seen.get("state_dict")
    rows.append([f"[{variant.name}]({variant.page})", f"`{variant.checked}=={version(variant.checked)}`",
                 theirs if theirs == ours else f"{theirs} vs {ours}", values_cell(seen[64]), values_cell(seen[7]),
                 "a function" if keys is None else ("same: " + (", ".join(f"`{k}`" for k in keys[0]) or "none"))
                 if keys[0] == keys[1] else f"{keys[0]} vs {keys[1]}"])
header = ["variant", "installed", "layout (d = 64)", "values (d = 64)", "d = 7", "state_dict keys after save and load"]
text = docenv.markdown_table(header, [[str(c).replace("|", "\\|") for c in r] for r in rows], "llllll")
docenv.output_path("txt").write_text(text + "\n", encoding="utf-8")
print(text)
assert all(s[64].get("max_abs_diff", 1) <= FLOAT32_ROUNDING for s in checked.values())
