"""The conventions pecheck knows, measured from the registry: each variant's table is run and probed, and variants
whose tables are identical form one family. pecheck.py carries a copy of this file's output (scripts/sync_pecheck.py
writes it; tests/test_pecheck.py fails when the copy is stale), and the explorer's checker reads it from the page."""

from pelib import docenv
import math

from pelib.variants.registry import (REFERENCE, VARIANTS, amplitude, first_position, layout, odd_width_behaviour,
                                     output_convention, sinusoids_in)

WIDTHS = (16, 64)  # two widths: a denominator shift and an amplitude law are told apart from a constant
ROWS = 256
WORDS = {"interleaved": "interleaved", "[sin | cos]": "split", "[cos | sin]": "flipped"}
BASE = 10000.0  # every variant of the registry uses it; the denominator is what the fit measures


# --8<-- [start:measure]
def measure(variant) -> dict:
    """The layout, frequency law, first position and amplitude of a variant's tables, each measured on them."""
    seen = []
    for d in WIDTHS:
        table = variant.build(ROWS, d)
        pairs = sinusoids_in(table)
        omega = [p.omega for p in pairs]  # fastest first
        rate = math.log(omega[0] / omega[-1]) / (len(omega) - 1)  # ln(base) / denominator
        seen.append({
            "layout": layout(pairs, d),
            "shift": math.log(BASE) / rate - d / 2,  # the denominator, minus the paper's d/2
            "first_position": first_position(pairs),
            "amplitude_power": math.log(amplitude(table)) / math.log(d),  # 0: amplitude 1, -1/2: 1/sqrt(d)
            "first_frequency": omega[0],
        })
    one = seen[0]
    for other in seen[1:]:
        for key in ("layout", "first_position"):
            assert other[key] == one[key], (variant.key, key, one[key], other[key])
        for key in ("shift", "amplitude_power", "first_frequency"):
            assert abs(other[key] - one[key]) < 1e-3, (variant.key, key, one[key], other[key])
    power = round(one["amplitude_power"] * 2) / 2
    return {
        "layout": one["layout"],
        "base": BASE,
        "denominator_shift": round(one["shift"]),
        "first_position": one["first_position"],
        "amplitude": {0: "1", -0.5: "1/sqrt(d)", 0.5: "sqrt(d)"}[power],
    }
# --8<-- [end:measure]


def family_id(law: dict) -> str:
    word = WORDS[law["layout"]]
    parts = [word, {0: "paper", -1: "t2t"}[law["denominator_shift"]]]
    if law["first_position"]:
        parts.append(f"from{law['first_position']}")
    if law["amplitude"] != "1":
        parts.append({"1/sqrt(d)": "divided", "sqrt(d)": "multiplied"}[law["amplitude"]])
    return "-".join(parts)


def page(variant) -> str:
    """The variant's section, relative to docs/ (the registry's links are relative to docs/variants/)."""
    link = variant.page
    return link[3:] if link.startswith("../") else f"variants/{link}"


families: dict[str, dict] = {}
for variant in [REFERENCE, *VARIANTS]:
    law = measure(variant)
    family = families.setdefault(family_id(law), {"id": family_id(law), **law, "members": []})
    family["members"].append({
        "key": variant.key,
        "name": variant.name,
        "page": page(variant),
        "shape": output_convention(variant).partition("], ")[0] + "]",
        "output": output_convention(variant).partition("], ")[2],
        "odd_width": odd_width_behaviour(variant),
    })
conventions = sorted(families.values(), key=lambda f: (-len(f["members"]), f["id"]))
docenv.save_json(conventions)
for family in conventions:
    print(f"{family['id']:22s} {family['layout']:12s} shift {family['denominator_shift']:+d}  first "
          f"{family['first_position']}  amplitude {family['amplitude']:9s} "
          + ", ".join(m["name"] for m in family["members"]))
