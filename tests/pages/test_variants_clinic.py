"""The claims of docs/variants/clinic.md, each with what makes it true (see tests/claimcheck.py).

The checker's behaviour is re-derived by running it (tests/test_pecheck.py's tests, and the reproductions of
snippets/variants/clinic.py judged now); what each upstream report says is cited to it.
"""

import functools
import inspect
import json
import math
import re
import tempfile
from pathlib import Path

import numpy as np
import pecheck
import test_pecheck as tp
import test_pecheck_rope as tr
import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, passes, prose, shared
from pelib.variants.registry import REFERENCE, VARIANTS
from support import DOCS, ROOT, data, repo_text
from variants import clinic

_page = functools.partial(repo_text, "docs/variants/clinic.md")
FACTS = "shared/research/real_bugs.md (a fact sheet of public reports), and the report it links"


_TMP = tempfile.TemporaryDirectory(prefix="clinic-ledger-")  # removed when the process ends (it was left in /tmp)


def tmp() -> Path:
    return Path(tempfile.mkdtemp(dir=_TMP.name))


def verdict(case: str):
    torch.manual_seed(0)
    return clinic.CASES[case]()


def judged(case: str):
    return passes(tp.test_every_clinic_reproduction_is_judged_as_the_bug_it_is, case)


def none_raises() -> bool:
    verdicts = {case: verdict(case) for case in clinic.CASES}  # any exception fails the check
    bugs = [c for c in clinic.CASES if c not in ("halves_swapped", "shift_switch", "base_1000", "padding_offset",
                                                 "stored_in_half")]
    return all(not verdicts[c].ok for c in bugs) and all(v.max_error is None or v.max_error >= 0 for v in verdicts.values())


def strict_fails_a_split_table() -> bool:
    """--strict: exit 1 for a correct [sin | cos] table (ok, not the paper's), exit 0 for the paper's; deviations in
    words in the JSON."""
    folder = tmp()
    np.save(folder / "paper.npy", tp.formula(100, 16))
    np.save(folder / "split.npy", tp.formula(100, 16, layout="[sin | cos]"))
    code, out, _ = tp.run(folder / "split.npy", "--strict", "--json")
    split = json.loads(out)
    return (tp.run(folder / "paper.npy", "--strict")[0] == 0 and tp.run(folder / "split.npy")[0] == 0 and code == 1
            and split["ok"] and not split["paper"] and bool(split["deviations"]))


def correct_tables_pass() -> list:
    """check_table passes the paper's correct table and the table of every known convention (the registry's
    variants); the split table that --strict refuses differs from the paper's (strict_fails_a_split_table and
    test_ok_and_paper_answer_two_questions hold first)."""
    known = all(pecheck.check_table(v.build(50, 16)).ok for v in VARIANTS)
    paper, split = tp.formula(100, 16), tp.formula(100, 16, layout="[sin | cos]")
    return (passes(tp.test_ok_and_paper_answer_two_questions)() and strict_fails_a_split_table() and [
        Truth(pecheck.check_table(REFERENCE.build(50, 16)).ok), Truth(known),
        Compare(split.tolist(), paper.tolist())])


def library_tables_ok() -> bool:
    """Each library table the page lists is judged OK, and they are what the sentence says: M2M100's weights with
    padding row 1 (and a float16 copy), Whisper's rows from 150,000, timesteps counting down, a module in training
    mode (judged in eval mode, its training mode restored); the page's list is this list."""
    tables = clinic.library_tables()
    verdicts = {name: make() for name, make in tables.items()}
    shown = (DOCS / "generated" / "variants" / "clinic-library.txt").read_text(encoding="utf-8")
    return (all(v.ok for v in verdicts.values())
            and verdicts["M2M100's weights, padding row 1 zeroed"].padding_rows == [1]
            and verdicts["M2M100's weights stored in float16"].dtype == "float16"
            and verdicts["Whisper's sinusoids, rows from position 150,000"].first_position == 150_000
            and verdicts["diffusers' timesteps 999 down to 800"].position_step == -1
            and "training mode was restored" in verdicts["SpeechT5's scaled encoding, in training mode"].module["mode"]
            and all(f"- **OK**: {clinic.escape(name)}: " in shown for name in tables)
            and shown.count("- **") == len(tables))


def library_tables_judged_ok() -> Count:
    """How many of the library tables the page lists are judged OK: each (library_tables_ok holding first)."""
    verdicts = [make() for make in clinic.library_tables().values()]
    return library_tables_ok() and Count(sum(v.ok for v in verdicts), len(verdicts))


@shared
def beside_each_bug_readings() -> list:
    """Beside each bug (each case but stored_in_half): how many stand beside a real table or module judged OK, the
    kind of each bug's (module or table) against the kind of the one beside it, and how many of them are right
    (judged OK with no problem). beside_each_bug holds first."""
    beside = clinic.beside_each_bug()
    bugs = [c for c in clinic.CASES if c != "stored_in_half"]
    verdicts = {case: beside[case][1]() for case in bugs if case in beside}
    right = sum(bool(v.ok and not v.problems) for v in verdicts.values())
    kinds = [bool(verdict(case).module) for case in bugs]
    beside_kinds = [("module" in verdicts[case].module.get("kind", "")) if case in verdicts else None for case in bugs]
    judged_ok = sum(v.ok for v in verdicts.values())
    # [beside_kinds]: the two lists compared whole (a list b is read as one value per element)
    return beside_each_bug() and [Count(judged_ok, len(bugs)), Compare(kinds, [beside_kinds]), Count(right, len(bugs))]


def beside_each_bug_judged_ok() -> list:
    """The first two readings of beside_each_bug_readings: each bug's neighbour judged OK, of the same kind."""
    readings = beside_each_bug_readings()
    return readings and readings[:2]


def beside_each_bug() -> bool:
    """Every bug the page reproduces (each case but stored_in_half, the fix shown with low_precision) has beside it a
    real library table or module, a table beside a table and a module beside a module (the same kind), judged OK, and
    its verdict is included right after the bug's."""
    bugs = [c for c in clinic.CASES if c != "stored_in_half"]
    for case in bugs:
        passes(tp.test_beside_each_clinic_bug_stands_a_real_library_table_judged_ok, case)()
    return set(clinic.beside_each_bug()) == set(bugs) == set(tp.BUGS)


def explorer_verdicts_and_check_ropes() -> Compare:
    """The explorer's verdicts on the pasted caches against check_rope's (the same: their fields and problem codes);
    explorer_judges_caches_the_same holds first."""
    return explorer_judges_caches_the_same() and Compare(*_explorer_and_check_rope()[:2])


@shared
def _explorer_and_check_rope() -> tuple:
    """pecheck.js (run by node, as the page's script) given {"cos": [[...]], "sin": [[...]]} as pasted text gives
    check_rope's verdict: a Llama cache with linear scaling (OK), the same with cos and sin swapped (angles_fall)
    and a random pair (not_rope); tests/test_pecheck_browser.py holds it to 22 caches in Chromium."""
    import subprocess

    cos, sin = tr.llama({"rope_type": "linear", "rope_theta": 10000.0, "factor": 4.0}, n=64)
    rng = np.random.default_rng(0)
    pairs = {"linear": (cos[0], sin[0]), "swapped": (sin[0], cos[0]),
             "random": (torch.from_numpy(rng.standard_normal((64, 16))), torch.from_numpy(rng.standard_normal((64, 16))))}
    texts = {k: json.dumps({"cos": c.tolist(), "sin": s.tolist()}) for k, (c, s) in pairs.items()}
    script = ("global.window = {}; global.document = {readyState: 'complete', getElementById: () => null};"
              f"require({json.dumps(str(DOCS / 'javascripts' / 'pecheck.js'))});"
              "const texts = JSON.parse(require('fs').readFileSync(0, 'utf8')); const out = {};"
              "for (const k in texts) out[k] = window.peCheck.judge(texts[k]);"
              "process.stdout.write(JSON.stringify(out));")
    theirs = json.loads(subprocess.run(["node", "-e", script], input=json.dumps(texts), capture_output=True,
                                       text=True, check=True).stdout)
    keys = ("ok", "rotary", "layout", "scaling", "factor", "attention_scaling", "first_position")
    summary = {name: ({k: theirs[name][k] for k in keys}, [p["code"] for p in theirs[name]["problems"]])
               for name in pairs}
    mine = {name: ({k: v[k] for k in keys}, [p["code"] for p in v["problems"]])
            for name, v in ((n, pecheck.check_rope(c.double(), s.double()).to_json()) for n, (c, s) in pairs.items())}
    return summary, mine, theirs


def explorer_judges_caches_the_same() -> bool:
    """pecheck.js given the pasted caches gives check_rope's verdict (_explorer_and_check_rope): each the same, and
    OK for the Llama cache, problems for the swapped and the random pair."""
    summary, mine, theirs = _explorer_and_check_rope()
    keys = ("ok", "rotary", "layout", "scaling", "factor", "attention_scaling", "first_position")
    for name in summary:
        if summary[name] != mine[name] or set(summary[name][0]) != set(keys):
            return False
    return bool(theirs["linear"]["ok"] and theirs["swapped"]["problems"] and theirs["random"]["problems"])


def corpus_readings() -> list:
    """tests/pecheck_corpus's readings: its cases (at least 150), the page's cases and the corpus together against the
    page's alone (more), and how many of them pecheck gives the verdict their library's source implies (each)."""
    import test_pecheck_corpus as corpus

    result = corpus_score()
    return corpus_right() and [Number(len(corpus.CASES)), Compare(len(corpus.CASES) + len(clinic.CASES),
                                                                  len(clinic.CASES)),
                               Count(len(result["right"]), len(corpus.CASES))]


def rope_cache_readings() -> list:
    """The rotary-cache sentence's readings: check_rope names a Llama cache with linear scaling linear, and YaRN's and
    llama3's frequency-dependent (the transformers caches of test_pecheck_rope); the gpt-neox issues its tests
    reproduce, the float16 angles (#1003) and the mixed rotations (#834), read from those tests."""
    def scaling(name: str) -> str:
        params, extra, _, _ = tr.CASES[name]
        cos, sin = tr.llama(params, **extra)
        return pecheck.check_rope(cos, sin).scaling

    return [Truth(scaling("linear-4") == "linear"),
            Truth(scaling("yarn-4") == scaling("llama3-8") == "frequency-dependent"), *rotary_issues()]


def rotary_issues() -> list:
    """The gpt-neox issues of rotary caches that tests/test_pecheck_rope.py reproduces, read from its tests: the
    angles in float16 (#1003) and the halves and pairs mixed (#834)."""
    float16 = re.search(r"gpt-neox#(\d+)", inspect.getsource(tr.test_angles_in_float16_are_off)).group(1)
    mixed = re.search(r"halves and pairs mixed, gpt-neox#(\d+)", tr.__doc__).group(1)
    return [Number(int(float16)), Number(int(mixed))]


@shared
def corpus_score() -> dict:
    """tests/pecheck_corpus scored: its cases judged by pecheck, sorted into right, wrong and unhelpful."""
    import test_pecheck_corpus as corpus

    return corpus.score()


def corpus_right() -> bool:
    """tests/pecheck_corpus: at least 150 cases beyond the page's, each with its expected verdict written from the
    library's source (file and line), and pecheck gives every one of them."""
    import test_pecheck_corpus as corpus

    result = corpus_score()
    return len(corpus.CASES) >= 150 and not result["wrong"] and not result["unhelpful"]


def reads_files() -> bool:
    for suffix in (".npy", ".npz", ".pt", ".csv", ".json", ".safetensors"):
        tp.test_every_file_type_is_read_and_judged(tmp(), suffix)
    tp.test_bad_files_exit_2_with_a_clear_error_and_nothing_else(tmp())
    source = inspect.getsource(pecheck)
    return ("weights_only=True" in source and "allow_pickle=True" not in source and source.count("allow_pickle=False") >= 2
            and "exec_module" in inspect.getsource(pecheck.load_callable))


def exit_codes() -> bool:
    tp.test_a_wrong_table_exits_1_and_its_problems_have_codes_and_sentences(tmp())
    tp.test_every_file_type_is_read_and_judged(tmp(), ".npy")
    tp.test_bad_files_exit_2_with_a_clear_error_and_nothing_else(tmp())
    return True


def reports() -> bool:
    fields = {f for f in pecheck.Verdict.__dataclass_fields__}
    tp.test_an_exponent_from_the_column_index_makes_pairs_disagree()
    tp.test_multiplying_instead_of_dividing_is_named_with_its_aliasing()
    tp.test_a_table_computed_in_low_precision_arithmetic_is_wrong(torch.float16)
    tp.test_exact_values_stored_in_any_dtype_are_right(torch.float16, 200, 64)
    return {"sinusoidal", "layout", "base", "denominator", "first_position", "amplitude", "max_error",
            "members"} <= fields


def module_mode() -> bool:
    tp.test_every_variant_module_is_judged_as_itself(REFERENCE)
    seen = pecheck.check_module(tp.as_module(REFERENCE), width=16, positions=20).module
    offset = verdict("offset_ignored").module
    return (seen["output"] == "x + PE" and seen["past_max_len"].startswith("error") and offset["offset_argument"]
            == "offset" and {"x_scale", "output", "past_max_len", "offset_argument"} <= set(seen)
            and seen["odd_width"] == "correct" and verdict("missing_slice").module["odd_width"].startswith("crash"))


def every_case_shown() -> bool:
    shown = {c for c in re.findall(r'"variants/clinic-(\w+)\.txt"', _page())
             if c != "library" and not c.endswith("_beside")}  # the library tables: their own claims
    return shown == set(clinic.CASES) == set(tp.CLINIC) and _page().count("??? example") >= 10


def family_of(case: str) -> list[str]:
    return verdict(case).members


def aliasing() -> bool:
    """Two positions a step apart, at an angle step w > pi, turn by w - 2 pi: a small step the other way."""
    w = 10000 ** (8 / 64)  # pair 4 of the reproduction
    wrapped = (w + math.pi) % (2 * math.pi) - math.pi
    p = np.arange(10)
    same = np.allclose(np.sin(p * w), np.sin(p * wrapped)) and np.allclose(np.cos(p * w), np.cos(p * wrapped))
    return w > math.pi and wrapped < 0 and abs(wrapped) < math.pi and same and "multiplied" in verdict("multiplied").codes()


def lone_sine() -> bool:
    from reference import frequencies, positional_encoding

    table = positional_encoding(20, 65, dtype=torch.float64)
    lone = torch.sin(torch.arange(20, dtype=torch.float64) * frequencies(65)[32])
    return (bool(table[:, 64].abs().max() > 0) and torch.allclose(table[:, 64], lone)
            and verdict("odd_width").codes() == ["zero_column"])


def first_position_reported() -> bool:
    v = verdict("padding_offset")
    return v.first_position == 2 and v.convention not in {f["id"] for f in data("variants/conventions")}


def sequence_axis() -> bool:
    v = verdict("sequence_first")
    return v.codes() == ["position_axis"] and "converting.md#sequence-first-tables-fed-batch-first-input" in _page()


def offset_names() -> bool:
    return {"offset", "start_pos", "start_index"} <= set(pecheck.OFFSET_NAMES)


def families_measured() -> bool:
    keys = sorted(m["key"] for f in data("variants/conventions") for m in f["members"])
    tp.test_every_variant_table_is_judged_a_member_of_its_family(REFERENCE, 200, 64)
    return keys == sorted(v.key for v in [REFERENCE, *VARIANTS])


def same_table_in_family() -> bool:
    for family in data("variants/conventions"):
        keys = [m["key"] for m in family["members"]]
        first = next(v for v in [REFERENCE, *VARIANTS] if v.key == keys[0]).build(64, 16)
        for v in [REFERENCE, *VARIANTS]:
            if v.key in keys and not torch.allclose(v.build(64, 16), first, atol=1e-5):
                return False
    return True


def column_fixed() -> bool:
    """The reproduction with 2 * (j // 2) in its exponent is the paper's table."""
    p = torch.arange(200, dtype=torch.float64)[:, None]
    j = torch.arange(64)
    angle = p / 10000.0 ** (2 * (j // 2) / 64)
    fixed = torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))
    return judged("column_exponent")() and pecheck.check_table(fixed).convention == "interleaved-paper"


def multiplied_fixed() -> bool:
    """The reproduction dividing instead of multiplying (the exponent's sign turned) is the paper's table."""
    p = torch.arange(200, dtype=torch.float64)[:, None]
    scale = 10000.0 ** (-torch.arange(0, 64, 2) / 64)
    fixed = torch.zeros(200, 64, dtype=torch.float64)
    fixed[:, 0::2], fixed[:, 1::2] = torch.sin(p * scale), torch.cos(p * scale)
    return judged("multiplied")() and pecheck.check_table(fixed).convention == "interleaved-paper"


def overwritten_fixed() -> bool:
    """Filled after the init, the Embedding holds the table; a buffer is out of the init's reach."""
    angle = clinic.paper_angles(300, 64)
    table = torch.nn.Embedding(300, 64)
    clinic.init_weights(table)
    with torch.no_grad():
        table.weight[:, 0::2], table.weight[:, 1::2] = torch.sin(angle), torch.cos(angle)
    holder = torch.nn.Module()
    holder.register_buffer("pe", table.weight.detach().clone())
    holder.apply(clinic.init_weights)
    return (judged("overwritten")() and pecheck.check_table(table.weight.detach()).ok
            and pecheck.check_table(holder.pe).ok)


def explorer_section() -> bool:
    explorer = (DOCS / "explorer.md").read_text(encoding="utf-8")
    browser_tests = (ROOT / "tests" / "test_pecheck_browser.py").read_text(encoding="utf-8")
    return ("## Check your own table" in explorer and (DOCS / "javascripts" / "pecheck.js").is_file()
            and "def test_the_browser_and_python_give_the_same_verdict" in browser_tests)


# --- the docstrings the page shows with each reproduction (reviewed after the migration) ---------------------------


def clinic_pair_freqs(table: torch.Tensor) -> list:
    from pelib.variants.registry import sinusoids_in

    return sinusoids_in(table)


def halves_swapped_as_documented() -> bool:
    t = torch.arange(40.0)
    ours = clinic.ported_timestep_embedding(t, 8)
    half = 4
    args = t[:, None] * torch.exp(-math.log(10000.0) * torch.arange(half) / half)
    return (torch.allclose(ours[:, :half], args.sin()) and torch.allclose(ours[:, half:], args.cos())
            and not torch.allclose(ours, torch.cat([args.cos(), args.sin()], dim=-1)))


def shift_switch_as_documented() -> bool:
    t = torch.arange(40.0)
    one, zero = clinic.timestep_embedding(t, 8), clinic.timestep_embedding(t, 8, freq_shift=0)
    i = torch.arange(4)
    return (torch.allclose(one[:, 4:], torch.sin(t[:, None] * torch.exp(-math.log(10000.0) * i / 3)))
            and torch.allclose(zero[:, 4:], torch.sin(t[:, None] * torch.exp(-math.log(10000.0) * i / 4)))
            and torch.allclose(zero[:, :4], torch.cos(t[:, None] * torch.exp(-math.log(10000.0) * i / 4))))


def multiplied_as_documented() -> bool:
    table = clinic.multiplied(20, 8)
    p = torch.arange(20.0)[:, None]
    return (torch.allclose(table[:, 0::2], torch.sin(p * 10000.0 ** (torch.arange(0, 8, 2) / 8)), atol=1e-3)
            and not torch.allclose(table, clinic.stored_in_half(20, 8).float(), atol=1e-2))


def column_exponent_as_documented() -> bool:
    table = clinic.column_exponent(30, 8)
    p = torch.arange(30.0)
    return (all(torch.allclose(table[:, c], (torch.sin if c % 2 == 0 else torch.cos)(p / 10000.0 ** (c / 8)), atol=1e-5) for c in range(8))
            and torch.allclose(table[:, 0::2], clinic.stored_in_half(30, 8).float()[:, 0::2], atol=1e-3)
            and not torch.allclose(table[:, 1::2], clinic.stored_in_half(30, 8).float()[:, 1::2], atol=1e-3))


def split_odd_as_documented() -> bool:
    table = clinic.split_table(20, 7)
    return bool((table[:, 6] == 0).all()) and not bool((table[:, :6] == 0).all(dim=0).any())


def half_arithmetic_as_documented() -> bool:
    bad, fixed = clinic.half_arithmetic(), clinic.stored_in_half()
    exact = clinic.stored_in_half().float()  # float32 angles, not rounded to float16 yet
    angle = clinic.paper_angles().double()
    truth = torch.empty(bad.shape, dtype=torch.float64)
    truth[:, 0::2], truth[:, 1::2] = angle.sin(), angle.cos()
    return (bad.dtype == torch.float16 and fixed.dtype == torch.float16 and exact.dtype == torch.float32
            and bool((bad.double() - truth).abs().max() > 10 * (fixed.double() - truth).abs().max())
            and bool((fixed.double() - truth).abs().max() <= 2.0 ** -11 + 1e-6))


def sequence_first_as_documented() -> bool:
    layer = clinic.SequenceFirst(8, 20)
    x = torch.zeros(3, 5, 8)  # batch-first
    out = layer(x)
    return torch.equal(out[1], layer.pe[1].expand(5, 8)) and torch.equal(layer(torch.zeros(5, 3, 8))[2, 0], layer.pe[2, 0])


def overwritten_as_documented() -> bool:
    layer = clinic.Overwritten(8, 50)
    w = layer.table.weight.detach()
    return isinstance(layer.table, torch.nn.Embedding) and w.abs().max() < 0.2 and 0.01 < float(w.std()) < 0.03


def offset_ignored_as_documented() -> bool:
    layer = clinic.CachedDecoding(8, 50)
    x = torch.zeros(1, 3, 8)
    return "offset" in inspect.signature(layer.forward).parameters and torch.equal(layer(x, offset=7), layer(x, offset=0))


def never_applied_as_documented() -> bool:
    layer = clinic.NeverApplied(8, 50)
    x = torch.randn(2, 3, 8)
    return layer.pe.shape == (50, 8) and bool(layer.pe.abs().sum() > 0) and torch.equal(layer(x), x)


def conventions_measured() -> bool:
    from variants import conventions

    ref = conventions.measure(REFERENCE)
    nemo = conventions.measure(next(v for v in VARIANTS if v.key == "nemo"))
    fairseq = conventions.measure(next(v for v in VARIANTS if v.key == "fairseq"))
    return (ref["layout"] == "interleaved" and ref["denominator_shift"] == 0 and ref["first_position"] == 0
            and ref["amplitude"] == "1" and nemo["amplitude"] == "1/sqrt(d)" and fairseq["first_position"] == 2
            and fairseq["denominator_shift"] == -1 and fairseq["layout"] == "[sin | cos]")



def speed_report_as_described() -> bool:
    """benchmarks/pecheck_speed.py timed every case on a [4096, 1024] table, as a ratio to sin and cos over the same
    number of angles in the same rounds; every verdict under a second."""
    report = data("pecheck_speed")
    results = report["results"]
    return (len(results) == 4 and all((r["seq_len"], r["d_model"]) == (4096, 1024) for r in results)
            and "sin" in report["baseline"]["what"] and "cos" in report["baseline"]["what"]
            and "rounds that call the baseline and every case in turn" in report["method"]["time"]
            and all(r["seconds"] < 1.0 and r["ratio"] > 0 for r in results))

LEDGER = Ledger("variants/clinic.md", [
    prose("title", "the page's title, a question it answers", unbacked=['right']),
    computed("none-raises", none_raises, backs=['below', 'each', 'exact', 'none', 'only']),
    computed("give-it",
        lambda: all(v.convention or v.problems for v in map(verdict, clinic.CASES)) and all(
            p.message for c in clinic.CASES for p in verdict(c).problems)),
    computed("page-shows-how-run-what", every_case_shown, backs=['each']),
    computed("copy-into-folder-yours-table",
        lambda: passes(tp.test_pecheck_imports_only_the_reference_numpy_and_torch)()
        and passes(tp.test_pecheck_alone_judges_a_table_file_with_numpy_only, tmp())()
        and passes(tp.test_the_two_copied_files_work_on_their_own, tmp())(), backs=['only']),
    computed("passes-correct-table-any-known", correct_tables_pass,
        backs=['any', 'differs', 'only']),
    computed("files", reads_files, backs=['never']),
    computed("own-tests", passes(tp.test_check_table_is_importable_for_a_users_own_tests)),
    computed("exit-codes", exit_codes, backs=['0', '1', '2', 'cannot', 'not', 'right']),
    computed("explorer", explorer_section, backs=['same']),
    computed("reports",
        reports, backs=[r'\(\pi\)', 'all', 'columns', 'columns', 'cosines', 'exact', 'exactly', 'first', 'largest', 'same', 'sines', 'up']),
    computed("module-mode", module_mode, backs=['odd']),
    prose("h-real", "a heading"),
    computed("each-case", every_case_shown, backs=['below', 'each']),
    prose("h-halves", "a heading"),
    cited("halves-fact", FACTS, backs=['3819', 'cosine', 'order', 'sine']),
    computed("halves-verdict",
        lambda: passes(tp.test_every_clinic_reproduction_is_judged_as_the_bug_it_is, "halves_swapped")() and bool(family_of("halves_swapped")), backs=['both']),
    prose("h-shift", "a heading"),
    cited("shift-fact",
        FACTS + "; the divisor (half - freq_shift) is diffusers' get_timestep_embedding as registered (pelib/variants/diffusers_flipped.py)",
        lambda: verdict("shift_switch").denominator == "d/2 - 1", backs=['0', '1', '1187', '1423', r'\(d/2 - 1\)', r'\(d/2\)']),
    computed("shift-verdict", lambda: judged("shift_switch")() and len(family_of("shift_switch")) == 1),
    prose("h-multiplied", "a heading"),
    cited("multiplied-fact", FACTS, backs=['88', r'\(10000^{2i/d}\)', 'up']),
    computed("aliasing", aliasing, backs=[r'\(\pi\)', 'above']),
    computed("multiplied-fix", multiplied_fixed),
    prose("h-column", "a heading", unbacked=['column']),
    cited("column-fact",
        FACTS, judged("column_exponent"), backs=['38', 'column', 'columns', 'cosine', 'different', 'sine']),
    computed("column-fix", column_fixed, backs=['2', '2', 'both', 'columns', 'same']),
    cited("base-1000",
        FACTS, lambda: judged("base_1000")() and verdict("base_1000").members == [], backs=['1000', '10000', '62', 'no']),
    prose("h-odd", "a heading", unbacked=['odd']),
    cited("odd-fact", FACTS, backs=['3614', '8226', 'odd']),
    computed("odd-here", lone_sine, backs=['column', 'even', 'last', 'sine', 'zero']),
    prose("h-half", "a heading", unbacked=['float16']),
    cited("half-fact", FACTS, backs=['82', 'bfloat16', 'float16', 'float32']),
    computed("half-judged", lambda: judged("low_precision")() and verdict("low_precision").max_error > verdict("low_precision").tolerance, backs=['right']),
    computed("half-stored", judged("stored_in_half"), backs=['float16', 'float32', 'same', 'stored']),
    prose("h-padding", "a heading"),
    cited("positions-counted-from-are-fairseq",
        "transformers#10200, merged as 'Bugfix: Removal of padding_idx in BartLearnedPositionalEmbedding', took the "
        "padding_idx out of BART's learned position table (and the TF Blenderbot ones); fairseq's first position 2 is "
        "measured (variants/conventions: split-t2t-from2)",
        lambda: any(f["first_position"] == 2 and f["members"][0]["key"] == "fairseq" for f in data("variants/conventions")), backs=['1', '10200']),
    computed("padding-verdict", first_position_reported, backs=['first', 'not']),
    prose("h-slice", "a heading"),
    cited("slice-fact", FACTS, judged("missing_slice"), backs=['1', '1', '20', 'every']),
    prose("h-seq", "a heading"),
    cited("seq-fact", FACTS, backs=['1547']),
    computed("seq-verdict", sequence_axis),
    prose("h-overwritten", "a heading"),
    cited("overwritten-fact", FACTS, judged("overwritten"), backs=['29807']),
    computed("overwritten-fix", overwritten_fixed, backs=['after', 'buffer', 'not']),
    prose("h-offset", "a heading"),
    cited("offset-fact", FACTS, judged("offset_ignored"), backs=['0', '3726', '93', 'forward']),
    computed("offset-names", offset_names, backs=['forward']),
    prose("h-never", "a heading", unbacked=['never']),
    cited("never-fact", FACTS, judged("never_applied"), backs=['20099', 'never']),
    prose("real-library-tables-judges-ok", "a heading"),
    computed("these-tables-are-made-by", library_tables_judged_ok,
             backs=['down', 'each', 'float16', 'left', 'row', 'rows', 'saved']),
    computed("beside-each-bug-stands-real", beside_each_bug_judged_ok, backs=['each', 'same']),
    computed("beside-each-bug-real-table", beside_each_bug_readings, backs=['each', 'each', 'right', 'same']),
    computed("explorer-judges-cache-pasted-as", explorer_verdicts_and_check_ropes, backs=['cos', 'same', 'sin']),
    computed("over-150-more-are-checker", corpus_readings, backs=['150', 'at least', 'each', 'more']),
    prose("how-they-are-made", "a fold's title"),
    computed("tables-modules-pinned-transformers-diffusers", library_tables_judged_ok, backs=['each', 'right']),
    prose("h-reach", "a heading"),
    computed("one-axis", lambda: "not_2d" in tp.pecheck.check_table(np.zeros((4, 4, 4))).codes()),
    cited("two-d",
        FACTS + "; each axis's table is a 1-D table that pecheck judges right on its own (pelib/sincos_nd.py builds them)", backs=['1', '1096', '2', 'no', 'only', 'order']),
    cited("rotary-encodings-rotate-queries-keys",
        FACTS + "; RoFormer (Su et al., 2021), section 3.4: the rotation is applied to the query and key vectors", rotary_issues,
        backs=['1003', '834', 'no', 'rotate']),
    computed("their-cos-sin-caches-are",
        lambda: all(passes(getattr(tr, name))() for name in (
            "test_adjacent_pairs_are_named_for_rotate_every_two", "test_angles_in_float16_are_off",
            "test_cos_and_sin_swapped_and_layouts_mixed_are_named"))
        and passes(tr.test_transformers_rotary_caches_are_judged_from_their_source, "linear-4")()
        and passes(tr.test_transformers_rotary_caches_are_judged_from_their_source, "yarn-4")()
        and passes(tr.test_transformers_rotary_caches_are_judged_from_their_source, "llama3-8")()
        and passes(tr.test_the_command_line_judges_a_cache_file, tmp())() and rope_cache_readings(),
        backs=['1003', '834', 'cos', 'cos', 'cos', 'float16', 'linear', 'only', 'rotation', 'rotation', 'sin', 'sin',
               'sin']),
    cited("mixed-precision", FACTS, backs=['13665', 'forward', 'not']),
    prose("h-conventions", "a heading"),
    computed("families",
        lambda: families_measured() and same_table_in_family(), backs=['below', 'even', 'every', 'same']),
    computed("copy-tested", passes(tp.test_pecheck_carries_the_generated_conventions), backs=['differ']),
    prose('reproduction', 'an admonition title: it labels each folded reproduction, whose docstring has its own entry'),
    prose('how-conventions-are-measured', 'an admonition title: it labels the folded code, whose docstring has its own entry'),
    computed('port-model-trained-with-cos', halves_swapped_as_documented, backs=['cos', 'cos', 'sin', 'sin']),
    computed('diffusers-style-exponent-divided-by', shift_switch_as_documented, backs=['0', '1', 'half']),
    computed('multiplies-position-by-10000-2i', multiplied_as_documented, backs=['10000']),
    computed('exponent-uses-column-index-j', column_exponent_as_documented, backs=['2', '2', 'column']),
    computed('sin-cos-written-even-widths', split_odd_as_documented, backs=['column', 'last', 'never', 'odd'], unbacked={'cos': 'names the layout the code writes, read in its code', 'sin': 'names the layout the code writes, read in its code', 'even': 'the widths the code was written for: an intent, not a behaviour'}),
    computed('angles-sines-computed-float16-table', half_arithmetic_as_documented, backs=['float16', 'float32', 'sines']),
    computed('fix-compute-float32-or-float64', half_arithmetic_as_documented, backs=['float16', 'float32', 'store'], unbacked={'float64': 'an alternative the fix allows; the code computes in float32'}),
    computed('written-x-shape-seq-batch', sequence_first_as_documented),
    computed('sinusoidal-nn-embedding-then-model', overwritten_as_documented, backs=['every']),
    computed('forward-x-offset-incremental-decoding', offset_ignored_as_documented, backs=['forward', 'never']),
    computed('builds-table-then-forgets-add', never_applied_as_documented),
    computed('layout-frequency-law-first-position', conventions_measured, backs=['each', 'first']),
    computed('timed-by-table-4-096', speed_report_as_described,
             backs=['1,024', '4,096', 'after', 'as many', 'cosine', 'each', 'same', 'sine']),
    prose('how-long-verdict-takes', 'an admonition title: it labels the folded timing report below it'),
])

test_claims_hold = LEDGER.test
