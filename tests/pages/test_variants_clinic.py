"""The claims of docs/variants/clinic.md, each with what makes it true (see tests/claimcheck.py).

The checker's behaviour is re-derived by running it (tests/test_pecheck.py's tests, and the reproductions of
snippets/variants/clinic.py judged now); what each upstream report says is cited to it.
"""

import inspect
import math
import re
import tempfile
from pathlib import Path

import numpy as np
import pecheck
import test_pecheck as tp
import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants.registry import REFERENCE, VARIANTS
from support import DOCS, ROOT, data
from variants import clinic

PAGE = (DOCS / "variants" / "clinic.md").read_text(encoding="utf-8")
FACTS = "shared/research/real_bugs.md (a fact sheet of public reports), and the report it links"


def tmp() -> Path:
    return Path(tempfile.mkdtemp(prefix="clinic-ledger-"))


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


def reads_files() -> bool:
    for suffix in (".npy", ".npz", ".pt", ".csv", ".safetensors"):
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
    shown = set(re.findall(r'"variants/clinic-(\w+)\.txt"', PAGE))
    return shown == set(clinic.CASES) == set(tp.CLINIC) and PAGE.count("??? example") >= 10


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
    return v.codes() == ["position_axis"] and "converting.md#sequence-first-tables-fed-batch-first-input" in PAGE


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


LEDGER = Ledger("variants/clinic.md", [
    prose("title", "Is my encoding right?", "the page's title, a question it answers"),
    computed("none-raises",
        "None of the bugs reproduced below raises an error: each one runs, and only a comparison with the exact values shows what is wrong.",
        none_raises),
    computed("give-it",
        "Give your table or your module to the checker and it names the convention it follows, or what is wrong and how to fix it.",
        lambda: all(v.convention or v.problems for v in map(verdict, clinic.CASES)) and all(
            p.message for c in clinic.CASES for p in verdict(c).problems)),
    computed("copy",
        "Copy `snippets/pecheck.py` and `snippets/reference.py` into one folder; the checker needs NumPy and PyTorch.",
        lambda: passes(tp.test_pecheck_imports_only_the_reference_numpy_and_torch)()
        and passes(tp.test_the_two_copied_files_work_on_their_own, tmp())()),
    computed("files", "A table may be a `.npy`, `.npz`, `.pt`, `.csv` or `.safetensors` file, read as data, never as code; the module mode imports and runs your file.",
        reads_files),
    computed("own-tests", "In your own tests: `from pecheck import check_table; assert check_table(pe).ok`.",
        passes(tp.test_check_table_is_importable_for_a_users_own_tests)),
    computed("exit-codes",
        "It exits with 0 when the encoding is right, 1 when it is not and 2 when it cannot read the input, and `--json` prints the verdict as one object.",
        exit_codes),
    computed("explorer", "The [explorer](../explorer.md#check-your-own-table) gives the same verdict on a table you paste.",
        explorer_section),
    computed("reports",
        r"What it reports: whether the columns pair up as sines and cosines at all; the layout; the frequencies (the base, the denominator of the exponent, a pair whose two columns disagree, frequencies past \(\pi\) per position); the first position; the amplitude; the largest error against the exact values, judged against what the table's dtype can hold; and which libraries build exactly the same table.",
        reports),
    computed("module-mode",
        "A module is called as its users call it: the checker reports whether it returns the table or `x` plus the table, with what scale, what happens past its `max_len` and at an odd width, and whether an `offset` argument is honoured.",
        module_mode),
    prose("h-real", "Real bugs, reproduced", "a heading"),
    computed("each-case",
        "Each case below is a class of bug reported in a public tracker, rewritten here in a few lines (the code is folded), with the checker's verdict on it and the fix.",
        every_case_shown),
    prose("h-halves", "Halves swapped in a port", "a heading"),
    cited("halves-fact",
        "A port of a video model concatenated the sine and cosine halves in the opposite order from the original ([flashinfer#3819](https://github.com/flashinfer-ai/flashinfer/pull/3819)).",
        FACTS),
    computed("halves-verdict",
        "Both orders are valid encodings, so the checker says OK and names the layout and the libraries that share it: compare them with the original's.",
        lambda: passes(tp.test_every_clinic_reproduction_is_judged_as_the_bug_it_is, "halves_swapped")() and bool(family_of("halves_swapped"))),
    prose("h-shift", "A denominator switch set by accident", "a heading"),
    cited("shift-fact",
        r"A training script set diffusers' frequency shift to 1 where 0 was meant ([sd-scripts#1187](https://github.com/kohya-ss/sd-scripts/pull/1187)), which divides the exponent by \(d/2 - 1\) instead of \(d/2\): tensor2tensor's convention, whose difference from the paper was reported in [tensor2tensor#1423](https://github.com/tensorflow/tensor2tensor/issues/1423).",
        FACTS + "; the divisor (half - freq_shift) is diffusers' get_timestep_embedding as registered (pelib/variants/diffusers_flipped.py)",
        lambda: verdict("shift_switch").denominator == "d/2 - 1"),
    computed("shift-verdict", "The verdict names the denominator, and the one library of the registry whose table this is.",
        lambda: judged("shift_switch")() and len(family_of("shift_switch")) == 1),
    prose("h-multiplied", "Multiplying instead of dividing", "a heading"),
    cited("multiplied-fact",
        r"The position multiplied by \(10000^{2i/d}\) instead of divided by it made an encoding blow up ([spd#88](https://github.com/goodfire-ai/spd/pull/88)).",
        FACTS),
    computed("aliasing",
        r"Frequencies above \(\pi\) per position alias: two positions a step apart look like positions that are close in the other direction.",
        aliasing),
    computed("multiplied-fix", "The fix is the minus sign in the exponent.",
        multiplied_fixed),
    prose("h-column", "The column index in the exponent", "a heading"),
    cited("column-fact",
        "Code that used the column index where the paper pairs columns ([Kyubyong/transformer#38](https://github.com/Kyubyong/transformer/issues/38)) gives the sine and the cosine of one pair two different frequencies.",
        FACTS, judged("column_exponent")),
    computed("column-fix", "The fix is `2 * (j // 2)`, the same exponent for both columns of a pair.",
        column_fixed),
    cited("base-1000",
        "A base of 1000 typed for 10000 ([maxjcohen/transformer#62](https://github.com/maxjcohen/transformer/issues/62)) is a valid encoding, so the verdict is OK; it names the base, and no library of the registry shares the table:",
        FACTS, lambda: judged("base_1000")() and verdict("base_1000").members == []),
    prose("h-odd", "An odd width", "a heading"),
    cited("odd-fact",
        "Sinusoidal tables have broken for odd widths in libraries ([transformers#8226](https://github.com/huggingface/transformers/pull/8226), [mlx#3614](https://github.com/ml-explore/mlx/pull/3614)).",
        FACTS),
    computed("odd-here", "Here a split layout written for even widths leaves its last column at zero; the reference gives it a lone sine.",
        lone_sine),
    prose("h-half", "Values computed in float16", "a heading"),
    cited("half-fact",
        "Frequency terms computed in bfloat16 or float16 come out distorted; the fix computes in float32, then casts ([depthcharge#82](https://github.com/wfondrie/depthcharge/pull/82)).",
        FACTS),
    computed("half-judged", "The checker holds a table to what its dtype can hold when computed right:",
        lambda: judged("low_precision")() and verdict("low_precision").max_error > verdict("low_precision").tolerance),
    computed("half-stored", "The same table computed in float32 and stored in float16 passes:",
        judged("stored_in_half")),
    prose("h-padding", "A padding offset", "a heading"),
    cited("padding-fact",
        "Positions counted from `padding_idx + 1` are fairseq's convention, and the offset was later copied where it did not belong ([transformers#10200](https://github.com/huggingface/transformers/pull/10200)).",
        FACTS + "; fairseq's first position 2 is measured (variants/conventions: split-t2t-from2)",
        lambda: any(f["first_position"] == 2 and f["members"][0]["key"] == "fairseq" for f in data("variants/conventions"))),
    computed("padding-verdict", "The checker reports the first position, so a shifted table is not mistaken for the paper's:",
        first_position_reported),
    prose("h-slice", "A missing slice", "a heading"),
    cited("slice-fact",
        "`pe[:, x.size(1)]` where `pe[:, :x.size(1)]` was meant adds one position's vector to every token ([DiffPoseTalk#20](https://github.com/DiffPoseTalk/DiffPoseTalk/issues/20)).",
        FACTS, judged("missing_slice")),
    prose("h-seq", "Sequence-first code given batch-first input", "a heading"),
    cited("seq-fact",
        "PyTorch's tutorial module expects `[sequence, batch, features]`, and adapted copies broadcast along the wrong axis without an error ([tutorials#1547](https://github.com/pytorch/tutorials/issues/1547)).",
        FACTS),
    computed("seq-verdict",
        "The checker finds the axis the module adds positions along ([Converting](converting.md#sequence-first-tables-fed-batch-first-input) shows the fix):",
        sequence_axis),
    prose("h-overwritten", "A table overwritten at init", "a heading"),
    cited("overwritten-fact",
        "A model-wide weight initialisation overwrote the sinusoidal tables of several models ([transformers#29807](https://github.com/huggingface/transformers/issues/29807)).",
        FACTS, judged("overwritten")),
    computed("overwritten-fix",
        "The fix fills the table after the initialisation, or keeps it out of its reach (a buffer, not an `nn.Embedding`).",
        overwritten_fixed),
    prose("h-offset", "An offset ignored", "a heading"),
    cited("offset-fact",
        "Incremental generation restarted positions at 0 ([mlx-lm#93](https://github.com/ml-explore/mlx-lm/pull/93)), and a `forward` ignored its `positions` argument ([fairseq#3726](https://github.com/facebookresearch/fairseq/pull/3726)).",
        FACTS, judged("offset_ignored")),
    computed("offset-names", "Where `forward` takes an `offset`, `start_pos` or `start_index`, the checker calls it with one:",
        offset_names),
    prose("h-never", "An encoding never applied", "a heading"),
    cited("never-fact",
        "A demo Transformer defined a positional encoding and never used it ([pytorch-lightning#20099](https://github.com/Lightning-AI/pytorch-lightning/pull/20099)).",
        FACTS, judged("never_applied")),
    prose("h-reach", "Out of its reach", "a heading"),
    computed("one-axis", "The checker sees one table, or one module's output, for one axis of positions.",
        lambda: "not_2d" in tp.pecheck.check_table(np.zeros((4, 4, 4))).codes()),
    cited("two-d",
        "A 2-D encoding with its axes stacked in the wrong order ([physicsnemo#1096](https://github.com/NVIDIA/physicsnemo/pull/1096)) is made of two correct 1-D tables: only the pairing of the axes with the image's height and width is wrong, and no table shows it.",
        FACTS + "; each axis's table is a 1-D table that pecheck judges right on its own (pelib/sincos_nd.py builds them)"),
    cited("rope",
        "Rotary encodings ([gpt-neox#1003](https://github.com/EleutherAI/gpt-neox/issues/1003), [gpt-neox#834](https://github.com/EleutherAI/gpt-neox/issues/834)) rotate the queries and keys inside attention instead of adding a table, so there is no table to read.",
        FACTS + "; RoFormer (Su et al., 2021), section 3.4: the rotation is applied to the query and key vectors"),
    cited("mixed-precision",
        "A dtype forced in `forward` under mixed precision ([transformers#13665](https://github.com/huggingface/transformers/pull/13665)) fails in training, not in the values.",
        FACTS),
    prose("h-conventions", "The conventions it knows", "a heading"),
    computed("families",
        "The families below are measured by running every variant of the [registry](index.md#the-comparison-table): variants in one family build the same table at even widths.",
        lambda: families_measured() and same_table_in_family()),
    computed("copy-tested", "The checker carries a copy of this list, and a test fails when the copy and the registry differ.",
        passes(tp.test_pecheck_carries_the_generated_conventions)),
])

test_claims_hold = LEDGER.test
