"""snippets/pecheck.py: the checker readers copy. Every variant of the registry is judged a member of its family
(tables) and as itself (modules); tables it was never tuned on are generated here from the formula (other bases,
widths, offsets, layouts, dtypes) and from broken formulas; bad files, exit codes and the JSON output are checked.

The tables below are built in this file, in float64 with numpy, from the formula written out, so that a fault in the
checker's own frequency law cannot hide behind the same fault in its expectations.
"""

from __future__ import annotations

import io
import json
import math
import re
import subprocess
import sys

import numpy as np
import pecheck
import pytest
import torch
from pelib.variants.registry import REFERENCE, VARIANTS
from support import ROOT, data

sys.path.insert(0, str(ROOT / "scripts"))
import sync_pecheck  # noqa: E402

FAMILIES = {f["id"]: f for f in data("variants/conventions")}
FAMILY_OF = {m["key"]: f["id"] for f in FAMILIES.values() for m in f["members"]}


def formula(n, d, *, base=10000.0, denominator=None, first=0, layout="interleaved", grow=False, column_exponent=False):
    """[n, d] float64: sin/cos of (first + p) * base ** (-i / denominator), laid out as asked (written out here)."""
    denominator = d / 2 if denominator is None else denominator
    half, odd = d // 2, d % 2
    i = np.arange(half + odd, dtype=np.float64)
    omega = base ** ((1 if grow else -1) * i / denominator)
    p = first + np.arange(n, dtype=np.float64)[:, None]
    sin, cos = np.sin(p * omega), np.cos(p * omega[:half])
    if column_exponent:  # the exponent uses the column index j, not 2 * (j // 2): each column its own frequency
        cos = np.cos(p * base ** (-(2 * np.arange(half) + 1) / d))
    if layout == "interleaved":
        out = np.empty((n, d))
        out[:, 0::2], out[:, 1::2] = sin, cos
        return out
    if layout == "interleaved, cos first":
        out = np.empty((n, d))
        out[:, 0::2], out[:, 1::2] = cos, sin[:, :half]
        return out
    if layout == "[sin | cos]":
        return np.concatenate([sin[:, :half], cos] + ([sin[:, half:]] if odd else []), axis=1)
    if layout == "[cos | sin]":
        return np.concatenate([cos, sin[:, :half]], axis=1)
    raise ValueError(layout)


# --- the registry: every variant a member of its family ------------------------------------------------------------

def test_pecheck_carries_the_generated_conventions():
    """One registry: pecheck's data section is the generated file, and the generated file has every variant once."""
    assert pecheck.CONVENTIONS == data("variants/conventions"), "run python scripts/sync_pecheck.py"
    text = (ROOT / "snippets" / "pecheck.py").read_text(encoding="utf-8")
    assert sync_pecheck.synced(text, data("variants/conventions")) == text
    keys = [m["key"] for f in FAMILIES.values() for m in f["members"]]
    assert sorted(keys) == sorted(v.key for v in [REFERENCE, *VARIANTS])


SIZES = [(variant, n, d) for variant in [REFERENCE, *VARIANTS] for n, d in [(200, 64), (50, 8), (1000, 512)]
         if not (variant.key == "seed_nested_loops" and d == 512)]  # a Python loop per entry: 200 x 64 is enough


@pytest.mark.parametrize(("variant", "n", "d"), SIZES, ids=[f"{v.key}-{n}x{d}" for v, n, d in SIZES])
def test_every_variant_table_is_judged_a_member_of_its_family(variant, n, d):
    verdict = pecheck.check_table(variant.build(n, d))
    assert verdict.ok, verdict.problems
    family = FAMILIES[FAMILY_OF[variant.key]]
    assert verdict.convention == family["id"]
    assert variant.name in verdict.members
    assert (verdict.layout, verdict.first_position, verdict.amplitude) == (
        family["layout"], family["first_position"], family["amplitude"])
    assert verdict.base == pytest.approx(family["base"], rel=1e-4)


def as_module(variant):
    class Wrapped(torch.nn.Module):
        def __init__(self, d_model, max_len):
            super().__init__()
            self.made = variant.make(max_len, d_model)

        def forward(self, x):
            return variant.call(self.made, x)

    return Wrapped


@pytest.mark.parametrize("variant", [REFERENCE, *VARIANTS], ids=lambda v: v.key)
def test_every_variant_module_is_judged_as_itself(variant):
    verdict = pecheck.check_module(as_module(variant), width=32, positions=40)
    assert verdict.ok, verdict.problems
    assert verdict.convention == FAMILY_OF[variant.key]
    member = next(m for m in FAMILIES[verdict.convention]["members"] if m["key"] == variant.key)
    assert verdict.module["output"] == member["output"]
    assert verdict.module["shape"] == member["shape"]
    # at an odd width, the module as its users call it does what the registry's table probe saw, or crashes adding a
    # table of the wrong width to x
    assert verdict.module["odd_width"] == member["odd_width"] or (
        member["odd_width"].startswith("wrong width") and verdict.module["odd_width"].startswith("crash"))
    assert variant.name in verdict.members
    others = [m["name"] for m in FAMILIES[verdict.convention]["members"]
              if (m["output"], m["shape"]) != (member["output"], member["shape"])]
    assert not set(others) & set(verdict.members), "a module is named only with the members that behave like it"


# --- tables it was never tuned on ----------------------------------------------------------------------------------

@pytest.mark.parametrize("base", [500.0, 1000.0, 2500.0, 7777.0, 10000.0, 1e5])
@pytest.mark.parametrize("d", [6, 10, 48, 130])
@pytest.mark.parametrize("first", [0, 1, 7, 100, 7777, -3])
def test_the_paper_formula_with_other_bases_widths_and_offsets(base, d, first):
    verdict = pecheck.check_table(formula(300, d, base=base, first=first).astype(np.float32))
    assert verdict.ok, verdict.problems
    # the same frequencies: a base and denominator that give another base with d/2 (two pairs tell no more) is as right
    denominator = {"d/2": d / 2, "d/2 - 1": d / 2 - 1, "d": d}[verdict.denominator]
    assert verdict.base ** (1 / denominator) == pytest.approx(base ** (2 / d), rel=1e-5)
    assert (verdict.first_position, verdict.layout) == (first, "interleaved")
    if verdict.denominator != "d/2":
        return
    if base == 10000 and first == 0:
        assert verdict.convention == "interleaved-paper"
    else:
        assert verdict.convention not in FAMILIES and f"base {base:g}" in verdict.convention


@pytest.mark.parametrize("layout", ["interleaved", "interleaved, cos first", "[sin | cos]", "[cos | sin]"])
@pytest.mark.parametrize("d", [4, 8, 64, 256])
@pytest.mark.parametrize("shift", [0, -1])
def test_layouts_and_denominators(layout, d, shift):
    verdict = pecheck.check_table(formula(400, d, denominator=d / 2 + shift, layout=layout).astype(np.float32))
    assert verdict.ok, verdict.problems
    assert verdict.layout == layout
    assert verdict.denominator == {0: "d/2", -1: "d/2 - 1"}[shift]
    assert verdict.base == pytest.approx(10000, rel=1e-3)
    known = [f["id"] for f in FAMILIES.values() if (f["layout"], f["denominator_shift"], f["first_position"],
                                                     f["amplitude"]) == (layout, shift, 0, "1")]
    assert [verdict.convention] == known or (not known and verdict.convention not in FAMILIES)


def test_another_column_permutation_is_found_and_named_other():
    table = formula(300, 16)
    order = np.random.default_rng(3).permutation(16)
    verdict = pecheck.check_table(table[:, order])
    assert verdict.ok, verdict.problems
    assert verdict.layout.startswith("other")
    assert verdict.base == pytest.approx(10000, rel=1e-3)


@pytest.mark.parametrize("d", [5, 7, 33])
def test_odd_widths_the_reference_way_are_right_and_a_zero_column_is_not(d):
    assert pecheck.check_table(formula(200, d).astype(np.float32)).ok
    zeroed = formula(200, d)
    zeroed[:, -1] = 0
    assert "zero_column" in pecheck.check_table(zeroed).codes()


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize(("n", "d"), [(200, 64), (2048, 512)])
def test_exact_values_stored_in_any_dtype_are_right(dtype, n, d):
    verdict = pecheck.check_table(torch.from_numpy(formula(n, d)).to(dtype))
    assert verdict.ok, verdict.problems
    assert verdict.dtype == str(dtype).removeprefix("torch.")


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_a_table_computed_in_low_precision_arithmetic_is_wrong(dtype):
    p = torch.arange(200, dtype=dtype)[:, None]
    omega = (10000.0 ** (-torch.arange(0, 64, 2, dtype=torch.float64) / 64)).to(dtype)
    table = torch.empty(200, 64, dtype=dtype)
    table[:, 0::2], table[:, 1::2] = torch.sin(p * omega), torch.cos(p * omega)
    verdict = pecheck.check_table(table)
    assert not verdict.ok
    assert "values_off" in verdict.codes()
    assert verdict.max_error > 10 * verdict.tolerance


def test_multiplying_instead_of_dividing_is_named_with_its_aliasing():
    verdict = pecheck.check_table(formula(200, 32, grow=True).astype(np.float32))
    assert verdict.codes() == ["multiplied"]
    aliased = sum(10000 ** (i / 16) > math.pi for i in range(16))
    assert f"{aliased} of 16 pairs" in verdict.problems[0].message


def test_an_exponent_from_the_column_index_makes_pairs_disagree():
    verdict = pecheck.check_table(formula(200, 32, column_exponent=True).astype(np.float32))
    assert verdict.codes() == ["pair_mismatch"]


def test_a_denominator_of_d_and_a_scaled_table():
    verdict = pecheck.check_table(formula(300, 32, denominator=32))  # the same table as base 100 with d/2
    assert verdict.ok and (verdict.denominator, verdict.base) == ("d", 10000)
    doubled = pecheck.check_table(2 * formula(300, 32))
    assert doubled.codes() == ["amplitude"]
    divided = pecheck.check_table(formula(300, 64) / 8)
    assert divided.ok and divided.convention == "interleaved-paper-divided"


def test_positions_scaled_are_reported():
    verdict = pecheck.check_table(formula(300, 32)[::2])  # every other position: the first pair turns by 2
    assert "first_frequency" in verdict.codes()


@pytest.mark.parametrize(("table", "code"), [
    (formula(200, 64).T.copy(), "transposed"),
    (np.random.default_rng(0).standard_normal((200, 64)), "not_sinusoidal"),
    (np.tile(formula(1, 64), (50, 1)), "repeated_rows"),
    (np.zeros((20, 8)), "all_zero"),
    (np.where(np.eye(20, 8) > 0, np.nan, formula(20, 8)), "not_finite"),
    (formula(10, 8)[0], "not_2d"),
    (formula(3, 8), "too_small"),
], ids=["transposed", "random", "repeated", "zeros", "nan", "1-d", "3 rows"])
def test_what_is_not_a_sinusoidal_table_is_refused_with_a_reason(table, code):
    verdict = pecheck.check_table(table)
    assert not verdict.ok and verdict.codes() == [code]
    assert verdict.problems[0].message


def test_length_one_axes_are_dropped():
    assert pecheck.check_table(formula(100, 16)[None]).ok


# --- files, exit codes, JSON -----------------------------------------------------------------------------------------

def run(*args):
    """pecheck's exit code, stdout and stderr, with every warning a library issued on the way printed first to
    stderr, as the command shows them (pytest would otherwise collect them out of sight: torch's warning about a
    pickle's protocol reached users of the command above its one line)."""
    import warnings
    from contextlib import redirect_stderr, redirect_stdout

    out, err = io.StringIO(), io.StringIO()
    with warnings.catch_warnings(record=True) as caught, redirect_stdout(out), redirect_stderr(err):
        warnings.resetwarnings()  # the filters of a fresh interpreter, as the command runs with
        for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
            warnings.simplefilter("ignore", category)
        warnings.simplefilter("always", UserWarning)
        code = pecheck.main([str(a) for a in args])
    shown = "".join(warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught)
    return code, out.getvalue(), shown + err.getvalue()


SCHEMA = {"ok": bool, "convention": (str, type(None)), "layout": (str, type(None)), "base": (float, type(None)),
          "first_position": (int, type(None)), "problems": list}


@pytest.mark.parametrize("suffix", [".npy", ".npz", ".pt", ".csv", ".safetensors", ".json"])
def test_every_file_type_is_read_and_judged(tmp_path, suffix):
    table = formula(100, 16).astype(np.float32)
    path = tmp_path / f"pe{suffix}"
    if suffix == ".npy":
        np.save(path, table)
    elif suffix == ".npz":
        np.savez(path, pe=table)
    elif suffix == ".pt":
        torch.save({"pe": torch.from_numpy(table)}, path)
    elif suffix == ".csv":
        np.savetxt(path, table, delimiter=",", fmt="%.9g")
    elif suffix == ".json":
        path.write_text(json.dumps(table.tolist()), encoding="utf-8")
    else:
        from safetensors.numpy import save_file

        save_file({"pe": table}, str(path))
    code, out, _ = run(path, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["ok"] and verdict["convention"] == "interleaved-paper"
    for key, kind in SCHEMA.items():
        assert isinstance(verdict[key], kind), key


def test_a_wrong_table_exits_1_and_its_problems_have_codes_and_sentences(tmp_path):
    np.save(tmp_path / "bad.npy", formula(100, 16, grow=True))
    code, out, _ = run(tmp_path / "bad.npy", "--json")
    verdict = json.loads(out)
    assert code == 1 and not verdict["ok"]
    assert [p["code"] for p in verdict["problems"]] == ["multiplied"]
    assert verdict["problems"][0]["message"].endswith("alias")
    code, out, _ = run(tmp_path / "bad.npy")
    assert code == 1 and out.startswith("NOT OK") and "[multiplied]" in out


def test_a_file_of_several_tensors_names_one(tmp_path):
    np.savez(tmp_path / "two.npz", a=formula(100, 16), b=formula(100, 16))
    code, out, err = run(tmp_path / "two.npz")
    assert code == 2 and "--name" in err
    assert run(tmp_path / "two.npz", "--name", "b")[0] == 0
    code, out, _ = run(tmp_path / "two.npz", "--name", "c", "--json")
    assert code == 2 and "no tensor named 'c'" in json.loads(out)["error"]


def bad_files(tmp_path):
    import pickle

    (tmp_path / "object.npy").write_bytes(b"")
    np.save(tmp_path / "object.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    (tmp_path / "truncated.npy").write_bytes(open_npy(formula(100, 16))[:200])
    header = b"{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 100000), }"
    (tmp_path / "huge.npy").write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + b"\n")
    (tmp_path / "pickle.pt").write_bytes(pickle.dumps({"exec": print}))
    torch.save({"not": "a tensor"}, tmp_path / "dict.pt")
    (tmp_path / "ragged.csv").write_text("1,2,3\n4,5\n")
    (tmp_path / "words.csv").write_text("<script>alert(1)</script>,x\n")
    (tmp_path / "pe.xlsx").write_bytes(b"PK")
    (tmp_path / "broken.npz").write_bytes(b"PK\x03\x04garbage")
    (tmp_path / "broken.safetensors").write_bytes(b"\xff" * 16)
    return sorted(tmp_path.iterdir())


def open_npy(array):
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def test_bad_files_exit_2_with_a_clear_error_and_nothing_else(tmp_path):
    files = bad_files(tmp_path)
    for path in files + [tmp_path / "missing.npy"]:
        code, out, err = run(path)
        assert code == 2 and out == "" and err.startswith("pecheck: ") and len(err.splitlines()) == 1, (path, err)
        code, out, _ = run(path, "--json")
        result = json.loads(out)
        assert code == 2 and result["error"] == err.removeprefix("pecheck: ").strip() and not result["ok"]
        assert result["code"] in ("not_found", "too_large", "unreadable"), result
        assert set(pecheck.Verdict(ok=False, sinusoidal=False).to_json()) < set(result), "the verdict keys too"


def test_the_size_limit_is_checked_before_reading(tmp_path, monkeypatch):
    np.save(tmp_path / "pe.npy", formula(100, 16))
    monkeypatch.setattr(pecheck, "MAX_FILE_BYTES", 1000)
    code, _, err = run(tmp_path / "pe.npy")
    assert code == 2 and "at most 1,000 bytes" in err


def test_module_mode_from_the_command_line(tmp_path):
    module = tmp_path / "mine.py"
    module.write_text(
        "import math, torch\n"
        "class PE(torch.nn.Module):\n"
        "    def __init__(self, d_model, max_len=5000):\n"
        "        super().__init__()\n"
        "        p = torch.arange(max_len)[:, None]\n"
        "        div = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))\n"
        "        self.pe = torch.zeros(max_len, d_model)\n"
        "        self.pe[:, 0::2] = torch.sin(p * div)\n"
        "        self.pe[:, 1::2] = torch.cos(p * div)\n"
        "    def forward(self, x):\n"
        "        return x + self.pe[: x.size(1)]\n")
    code, out, _ = run(f"{module}:PE", "--width", "32", "--positions", "50", "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["ok"] and verdict["module"]["output"] == "x + PE"
    assert "Reference" in verdict["members"] and verdict["module"]["odd_width"] == "crash (RuntimeError)"
    code, out, err = run(f"{module}:Nope")
    assert code == 2 and "defines no 'Nope'" in err


def test_the_help_says_module_mode_runs_the_file(capsys):
    with pytest.raises(SystemExit):
        pecheck.main(["--help"])
    assert "IMPORTS AND RUNS" in capsys.readouterr().out


def test_check_table_is_importable_for_a_users_own_tests():
    from pecheck import check_table
    from reference import positional_encoding

    assert check_table(positional_encoding(128, 64)).ok
    assert not check_table(positional_encoding(128, 64).T).ok


def test_pecheck_imports_only_the_reference_numpy_and_torch():
    import ast

    tree = ast.parse((ROOT / "snippets" / "pecheck.py").read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    stdlib = set(sys.stdlib_module_names)
    assert imported - stdlib <= {"numpy", "torch", "reference", "safetensors"}, imported - stdlib


# --- the clinic: every reproduction judged as the bug it is ---------------------------------------------------------

CLINIC = {  # case: (ok, problem codes, what the verdict must name)
    "halves_swapped": (True, [], {"layout": "[sin | cos]", "convention": "split-paper"}),
    "shift_switch": (True, [], {"layout": "[cos | sin]", "denominator": "d/2 - 1", "convention": "flipped-t2t"}),
    "multiplied": (False, ["multiplied"], {"base": 10000.0}),
    "column_exponent": (False, ["pair_mismatch"], {}),
    "base_1000": (True, [], {"base": 1000.0}),
    "odd_width": (False, ["zero_column"], {"layout": "[sin | cos]"}),
    "missing_slice": (False, ["repeated_rows"], {}),
    "sequence_first": (False, ["position_axis"], {"convention": "interleaved-paper"}),
    "padding_offset": (True, [], {"first_position": 2}),
    "overwritten": (False, ["not_sinusoidal"], {}),
    "low_precision": (False, ["values_off"], {"dtype": "float16"}),
    "stored_in_half": (True, [], {"dtype": "float16", "convention": "interleaved-paper"}),
    "offset_ignored": (False, ["offset_ignored"], {}),
    "never_applied": (False, ["not_applied"], {}),
}


CLINIC_PAPER = {  # the cases OK by design: is each the paper's own table too (check_table(pe).paper, --strict)?
    "halves_swapped": False, "shift_switch": False, "base_1000": False, "padding_offset": False,
    "stored_in_half": True,
}


def test_every_clinic_case_is_tested():
    from variants import clinic

    assert set(clinic.CASES) == set(CLINIC)


@pytest.mark.parametrize("case", sorted(CLINIC))
def test_every_clinic_reproduction_is_judged_as_the_bug_it_is(case):
    from variants import clinic

    torch.manual_seed(0)
    verdict = clinic.CASES[case]()
    ok, codes, named = CLINIC[case]
    assert (verdict.ok, verdict.codes()) == (ok, codes), verdict.problems
    for key, value in named.items():
        assert getattr(verdict, key) == value, key
    assert verdict.paper == CLINIC_PAPER.get(case, False), verdict.deviations
    assert clinic.summary(verdict) in (ROOT / "docs" / "generated" / "variants" / f"clinic-{case}.txt").read_text(
        encoding="utf-8")


BUGS = sorted(set(CLINIC) - {"stored_in_half"})  # stored_in_half is the fix shown with low_precision, not a bug


@pytest.mark.parametrize("case", BUGS)
def test_beside_each_clinic_bug_stands_a_real_library_table_judged_ok(case):
    """Issue 39: beside each bug the clinic shows a real table or module of the pinned transformers or diffusers, of
    the same kind (a table beside a table, a module beside a module), judged OK, its verdict shown right after the
    bug's own (the part clinic-<case>_beside.txt, included on the next include line of the page)."""
    from variants import clinic

    beside = clinic.beside_each_bug()
    assert set(beside) == set(BUGS)
    name, judge = beside[case]
    verdict = judge()
    assert verdict.ok and not verdict.problems, (name, verdict.problems)
    assert ("module" in verdict.module.get("kind", "")) == bool(clinic.CASES[case]().module), name
    shown = (ROOT / "docs" / "generated" / "variants" / f"clinic-{case}_beside.txt").read_text(encoding="utf-8")
    assert clinic.beside_summary(name, verdict) in shown
    page = (ROOT / "docs" / "variants" / "clinic.md").read_text(encoding="utf-8")
    includes = re.findall(r'^--8<-- "variants/clinic-(\w+)\.txt"$', page, flags=re.M)
    assert f"{case}_beside" in includes and includes[includes.index(case) + 1] == f"{case}_beside"


@pytest.mark.slow  # a fresh interpreter imports torch
def test_the_two_copied_files_work_on_their_own(tmp_path):
    """A reader copies pecheck.py and reference.py into one folder: nothing else of the site is needed."""
    import shutil

    for name in ("pecheck.py", "reference.py"):
        shutil.copy(ROOT / "snippets" / name, tmp_path / name)
    from safetensors.torch import save_file

    save_file({"pe": torch.from_numpy(formula(100, 16)).bfloat16()}, str(tmp_path / "pe.safetensors"))
    result = subprocess.run([sys.executable, "pecheck.py", "pe.safetensors", "--json"], capture_output=True,
                            text=True, cwd=tmp_path)
    verdict = json.loads(result.stdout)
    assert result.returncode == 0 and verdict["ok"] and verdict["dtype"] == "bfloat16", result.stderr


def test_the_commands_the_clinic_page_shows_run(tmp_path, monkeypatch):
    """docs/variants/clinic.md includes snippets/variants/clinic_commands.sh: each line, run as shown next to a saved
    table and a module of the names it uses, judges it (exit 0 for a right encoding)."""
    shown = (ROOT / "snippets" / "variants" / "clinic_commands.sh").read_text(encoding="utf-8").splitlines()
    np.save(tmp_path / "pe.npy", formula(300, 64))
    (tmp_path / "model.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'snippets')!r})\n"
        "from reference import PositionalEncoding  # noqa: E402,F401\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert len(shown) == 2
    for line in shown:
        words = line.split("#")[0].split()
        assert words[:2] == ["python", "pecheck.py"], line
        code, out, err = run(*words[2:])
        assert code == 0, (line, out, err)


# --- issue 39: the frequency law without torch, the stored dtype, exact bases, square tables -------------------------

@pytest.mark.parametrize("d", [2, 7, 64, 1024])
@pytest.mark.parametrize("base", [10000.0, 500.0, 12345.6, 1e8])
def test_the_numpy_law_inside_pecheck_equals_the_reference(d, base):
    import reference

    assert np.allclose(pecheck.numpy_frequencies(d, base), reference.frequencies(d, base=base).numpy(), rtol=4e-16, atol=0)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.bool_, np.uint8])
def test_integer_and_bool_tables_report_the_dtype_they_are_stored_in(dtype):
    verdict = pecheck.check_table(np.ones((8, 4), dtype=dtype))
    assert verdict.dtype == np.dtype(dtype).name and not verdict.ok


def test_a_float64_table_of_a_non_round_base_is_rebuilt_with_that_base():
    verdict = pecheck.check_table(formula(200, 64, base=12345.6))
    assert verdict.ok, verdict.problems
    assert verdict.base == pytest.approx(12345.6, rel=1e-9)


@pytest.mark.parametrize("n", [64, 512])
@pytest.mark.parametrize("layout", ["interleaved", "[sin | cos]"])
def test_a_square_table_saved_transposed_is_named(n, layout):
    assert pecheck.check_table(formula(n, n, layout=layout).T).codes() == ["transposed"]
    assert pecheck.check_table(formula(n, n, layout=layout)).ok


# --- issue 39: module mode as real code calls it -------------------------------------------------------------------

TUTORIAL = '''
import math, torch
class PE(torch.nn.Module):  # the PyTorch tutorial's module, batch-first, with dropout
    def __init__(self, d_model, dropout=0.1, max_len=5000):
        super().__init__()
        self.dropout = torch.nn.Dropout(p=dropout)
        p = torch.arange(max_len)[:, None]
        div = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(p * div)
        pe[:, 1::2] = torch.cos(p * div)
        self.register_buffer("pe", pe)
        self.max_len = max_len
    def forward(self, x, step=0):
        return self.dropout(x + self.pe[: x.size(1)])
'''


def _module(tmp_path, source, name="PE"):
    namespace = {}
    exec(compile(source, str(tmp_path / "m.py"), "exec"), namespace)
    return namespace[name]


def test_a_module_instance_in_training_mode_is_judged_in_eval_mode_and_left_in_training_mode(tmp_path):
    torch.manual_seed(0)
    made = _module(tmp_path, TUTORIAL.replace("x, step=0", "x"))(32, dropout=0.1)
    made.train()
    verdict = pecheck.check_module(made, width=32, positions=40)
    assert verdict.ok and verdict.convention == "interleaved-paper", verdict.problems
    assert made.training and "eval mode" in verdict.module["mode"]


def test_an_offset_argument_found_in_the_signature_and_ignored_is_named(tmp_path):
    verdict = pecheck.check_module(_module(tmp_path, TUTORIAL), width=32, positions=40)
    assert "offset_ignored" in verdict.codes() and verdict.module["offset_argument"] == "step"


def test_a_module_that_drops_the_encoding_past_max_len_is_caught(tmp_path):
    body = "n = min(x.size(1), self.max_len)\n        return torch.cat([x[:, :n] + self.pe[:n], x[:, n:]], 1)"
    source = TUTORIAL.replace("return self.dropout(x + self.pe[: x.size(1)])", body).replace("x, step=0", "x")
    verdict = pecheck.check_module(_module(tmp_path, source), width=32, positions=40)
    assert "past_max_len" in verdict.codes() and verdict.module["past_max_len"] == "wrong values"


def test_a_module_that_raises_at_the_width_asked_is_a_finding_with_exit_1(tmp_path):
    module = tmp_path / "odd.py"
    module.write_text("import torch\nclass PE(torch.nn.Module):\n    def __init__(self, d_model):\n"
                      "        super().__init__()\n        raise ValueError('\\x1b[31mwidth must be even\\x1b[0m')\n",
                      encoding="utf-8")
    code, out, _ = run(f"{module}:PE", "--width", "33", "--json")
    verdict = json.loads(out)
    assert code == 1 and verdict["problems"][0]["code"] == "raises"
    assert "\x1b" not in out and "width must be even" in verdict["problems"][0]["message"]


def test_the_libraries_calling_conventions_are_adapted():
    from diffusers.models.embeddings import Timesteps
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding
    from transformers.models.musicgen.modeling_musicgen import MusicgenSinusoidalPositionalEmbedding

    marian = MarianSinusoidalPositionalEmbedding(100, 32)
    with torch.no_grad():
        marian.weight.copy_(marian.create_weight())
    for made, family in ((marian, "split-paper"), (MusicgenSinusoidalPositionalEmbedding(100, 32), "flipped-t2t"),
                         (Timesteps(32, True, 0), "flipped-paper")):
        verdict = pecheck.check_module(made, width=32, positions=40)
        assert verdict.ok and verdict.convention == family, (type(made).__name__, verdict.problems)


# --- issue 39: the command line's contract ----------------------------------------------------------------------------

def test_a_compressed_pt_is_refused_by_its_unpacked_size_before_torch_reads_it(tmp_path, monkeypatch):
    import zipfile

    torch.save({"pe": torch.zeros(1000, 100)}, tmp_path / "plain.pt")
    with zipfile.ZipFile(tmp_path / "plain.pt") as src, zipfile.ZipFile(tmp_path / "packed.pt", "w",
                                                                          zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info.filename))
    assert (tmp_path / "packed.pt").stat().st_size < 20_000
    monkeypatch.setattr(pecheck, "MAX_FILE_BYTES", 100_000)
    monkeypatch.setattr(torch, "load", lambda *a, **k: pytest.fail("torch.load ran"))
    code, out, _ = run(tmp_path / "packed.pt", "--json")
    assert code == 2 and json.loads(out)["code"] == "too_large"


def test_sparse_and_quantized_tensors_are_judged_not_crashed_on(tmp_path):
    table = torch.from_numpy(formula(100, 16)).float()
    torch.save({"pe": table.to_sparse()}, tmp_path / "sparse.pt")
    torch.save({"pe": torch.quantize_per_tensor(table, 1 / 127, 0, torch.qint8)}, tmp_path / "q.pt")
    assert run(tmp_path / "sparse.pt")[0] == 0
    code, out, _ = run(tmp_path / "q.pt", "--json")
    assert code in (0, 1) and json.loads(out)["sinusoidal"]


def test_a_crash_inside_pecheck_is_exit_2_with_json_and_a_code(tmp_path, monkeypatch):
    np.save(tmp_path / "pe.npy", formula(100, 16))
    monkeypatch.setattr(pecheck, "check_table", lambda *a, **k: 1 / 0)
    code, out, err = run(tmp_path / "pe.npy", "--json")
    assert code == 2 and json.loads(out)["code"] == "internal_error" and "ZeroDivisionError" in out and not err


def test_version_and_strict(tmp_path, capsys):
    with pytest.raises(SystemExit):
        pecheck.main(["--version"])
    assert capsys.readouterr().out.startswith("pecheck ")
    np.save(tmp_path / "paper.npy", formula(100, 16))
    np.save(tmp_path / "split.npy", formula(100, 16, layout="[sin | cos]"))
    assert run(tmp_path / "paper.npy", "--strict")[0] == 0
    assert run(tmp_path / "split.npy")[0] == 0
    code, out, _ = run(tmp_path / "split.npy", "--strict", "--json")
    verdict = json.loads(out)
    assert code == 1 and verdict["ok"] and not verdict["paper"] and verdict["deviations"]


def test_pecheck_alone_judges_a_table_file_with_numpy_only(tmp_path):
    """Copied on its own, with torch not importable: a .npy table is judged (no reference.py, no torch)."""
    import shutil

    shutil.copy(ROOT / "snippets" / "pecheck.py", tmp_path / "pecheck.py")
    np.save(tmp_path / "pe.npy", formula(100, 16).astype(np.float32))
    code = ("import sys; sys.modules['torch'] = None; sys.modules['reference'] = None; import pecheck; "
            "sys.exit(pecheck.main(['pe.npy', '--json']))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0 and json.loads(result.stdout)["paper"], result.stderr


def test_ok_and_paper_answer_two_questions():
    paper = pecheck.check_table(formula(100, 16))
    split = pecheck.check_table(formula(100, 16, layout="[sin | cos]"))
    assert paper.ok and paper.paper and not paper.deviations
    assert split.ok and not split.paper and split.deviations == [
        "layout [sin | cos], not interleaved (sin in even columns, cos in odd)"]


def test_the_command_on_a_large_npy_loads_little_and_copies_nothing_whole(tmp_path):
    """Issue 39's ≤ 1 s for a 4096 x 1024 .npy: the judging path imports nothing beyond what reading needs (np.median
    pulls in numpy.ma; zipfile is for .npz and .pt) and makes no whole-table temporary besides the float64 copy (the
    largest value by max and min, not by abs), so a float64 table is judged within 3/4 of its own size."""
    np.save(tmp_path / "pe.npy", formula(4096, 1024))
    code = ("import sys, tracemalloc, numpy as np; sys.modules['torch'] = None; import pecheck; "
            "values = np.load('pe.npy'); tracemalloc.start(); verdict = pecheck.check_table(values); "
            "peak = tracemalloc.get_traced_memory()[1]; tracemalloc.stop(); "
            "code = pecheck.main(['pe.npy', '--json']); "
            "print(verdict.paper, code, peak / values.nbytes, 'numpy.ma' in sys.modules, 'zipfile' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            env={"PYTHONPATH": str(ROOT / "snippets"), "PATH": "/usr/bin:/bin"})
    paper, exit_code, peak, ma, zipfile = result.stdout.split()[-5:]
    assert (paper, exit_code) == ("True", "0"), result.stderr
    assert float(peak) <= 0.75, peak
    assert (ma, zipfile) == ("False", "False")


@pytest.mark.slow  # three fresh interpreters
def test_the_command_judges_a_4096_by_1024_npy_in_under_a_second_of_cpu(tmp_path):
    """Issue 39: python pecheck.py pe.npy for a 4096 x 1024 float32 table, end to end, in at most 1 s on one idle core.
    The CPU time (user + sys) of the process stands for it on a loaded machine, where the wall time counts the waits
    for a core; the shortest of 3 runs (warm disk cache)."""
    import os

    np.save(tmp_path / "pe.npy", formula(4096, 1024).astype(np.float32))
    best = math.inf
    for _ in range(3):
        child = subprocess.Popen([sys.executable, str(ROOT / "snippets" / "pecheck.py"), str(tmp_path / "pe.npy")],
                                 stdout=subprocess.DEVNULL, env={"PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1"})
        _, status, usage = os.wait4(child.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        best = min(best, usage.ru_utime + usage.ru_stime)
    assert best <= 1.0, best
