"""The claims of docs/variants/converting.md, each with what makes it true (see tests/claimcheck.py).

The checks re-run the page's experiments (weights fitted on one table and fed another, checkpoints loaded across
modules, a sequence-first table fed batch-first input) or reuse tests/pages/test_variants_index_code.py and
tests/pages/test_variants_converting_code.py, which assert the same properties.
"""

import inspect

import pelib.variants.seed_aiedge as aiedge
import pelib.variants.seed_div_term as div_term
import torch
from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import fairseq as variant_fairseq
from pelib.variants import marian as variant_marian
from pelib.variants import registry
from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from pelib.variants import whisper as variant_whisper
from reference import PositionalEncoding, positional_encoding
from support import number, text, values
from variants.axis_slip import BatchFirstEncoding, SeqFirstEncoding, check_batch_first
from variants.convert import shift_error, shift_map

from pages import test_variants_converting_code as tva
from pages import test_variants_index_code as tv
from pages.variants_facts import SEEDS, observed, paper_frequencies, raises, t2t_frequencies

RESEARCH = "shared/research/variants.md"
CONVERT = values("variants/convert")
D, K, N = int(CONVERT["width"]), int(CONVERT["shift"]), 200


def experiment() -> dict[str, float]:
    """The page's four cases, run again: weights fitted on the paper's table, fed other tables."""
    perm = registry.interleaved_to_split(D)
    paper, split = positional_encoding(N, D), variant_split_sin_cos.split_sin_cos(N, D)
    t2t = variant_tensor2tensor.timing_signal_1d(N, D)[0]
    trained = shift_map(paper, K)
    ported = trained[perm][:, perm]
    return {"fitted": shift_error(paper, trained, K), "wrong layout": shift_error(split, trained, K),
            "ported": shift_error(split, ported, K), "wrong frequencies": shift_error(t2t, ported, K),
            "t2t own map": shift_error(t2t, shift_map(t2t, K), K), "split range": float(split.abs().max())}


def printed_error(label: str) -> str:
    line = next(line for line in text("variants/convert", "checkpoint").splitlines() if line.startswith(label))
    return line.split("max error")[1].strip()


def layouts_convert() -> bool:
    return (all(passes(tv.test_paper_frequency_variants_are_the_reference_permuted, k, d)()
                for k in ("split_sin_cos", "marian", "diffusers_flipped") for d in (8, 64))
            and passes(tv.test_permutations_invert)())


def frequencies_and_offsets_do_not() -> bool:
    ref = positional_encoding(64, 64)
    shifted = positional_encoding(66, 64)[2:]  # the same table read from position 2: an offset
    return (registry.column_permutation(shifted, ref) is None
            and all(passes(tv.test_tensor2tensor_family_has_no_permutation_to_the_reference, k)()
                    for k in ("tensor2tensor", "fairseq", "whisper")))


def inverse_undoes() -> bool:
    lines = text("variants/convert", "permute").splitlines()
    perm = registry.interleaved_to_split(8)
    split = variant_split_sin_cos.split_sin_cos(50, 8)
    return (torch.equal(split[:, registry.inverse(perm)], positional_encoding(50, 8))
            and "split[:, inverse] == paper : True" in lines and passes(tv.test_permutations_invert)())


def odd_widths() -> bool:
    ref = positional_encoding(64, 7)
    return (torch.equal(variant_marian.build(64, 7), ref[:, registry.interleaved_to_split(7)])
            and registry.column_permutation(variant_split_sin_cos.split_sin_cos(64, 7), ref) is None)


def fitted_exact() -> bool:
    return experiment()["fitted"] < 1e-6 and printed_error("interleaved weights, interleaved table") == "< 1e-06"


def wrong_layout() -> bool:
    run = experiment()
    return (CONVERT["wrong_layout_error"] == f"{run['wrong layout']:.2f}" and run["wrong layout"] > 1
            and run["split range"] <= 1)


def ported_exact() -> bool:
    return experiment()["ported"] < 1e-6 and printed_error("permuted weights, [sin | cos] table") == "< 1e-06"


def wrong_frequencies() -> bool:
    run = experiment()
    t2t = variant_tensor2tensor.timing_signal_1d(64, 64)[0]
    return (CONVERT["wrong_frequency_error"] == f"{run['wrong frequencies']:.2f}" and run["wrong frequencies"] > 0.05
            and registry.column_permutation(t2t, positional_encoding(64, 64)[:, registry.interleaved_to_split(64)]) is None)


def only_fix() -> bool:
    run = experiment()
    return run["t2t own map"] < 1e-5 and run["ported"] < 1e-6 and run["wrong frequencies"] > 0.05


def same_tables() -> bool:
    lines = text("variants/convert", "same_tables").splitlines()
    return (passes(tv.test_whisper_and_fairseq_are_tensor2tensor)() and all(line.endswith("True") for line in lines)
            and len(lines) == 2 and variant_fairseq.PAD + 1 == 2)


def feed_neither() -> bool:
    fairseq = variant_fairseq.build(64, 64)
    t2t = variant_tensor2tensor.timing_signal_1d(66, 64)[0]
    return (torch.equal(fairseq, t2t[2:])
            and registry.column_permutation(fairseq, positional_encoding(66, 64)[2:]) is None
            and registry.column_permutation(fairseq, positional_encoding(64, 64)) is None
            and registry.column_permutation(variant_whisper.sinusoids(64, 64), positional_encoding(64, 64)) is None)


def two_seeds_save() -> bool:
    saving = [k for k in SEEDS if observed(k, "storage").get("state_dict")]
    persistent = all(dict(registry.BY_KEY[k].make(8, 6).named_buffers()).keys() >= set(observed(k, "storage")["state_dict"])
                     for k in saving)
    return (saving == ["seed_aiedge", "seed_div_term"] and persistent
            and observed("reference", "storage")["non_persistent"] == ["pe"] and observed("reference", "storage")["state_dict"] == [])


def refusals() -> bool:
    out = text("variants/convert", "state_dict")
    pure = (torch.equal(aiedge.AiEdgeEncoding(20, 8).pos_encoding, aiedge.AiEdgeEncoding(20, 8).pos_encoding)
            and torch.equal(div_term.DivTermEncoding(8, 10, 0.1).pe, div_term.DivTermEncoding(8, 10, 0.1).pe))
    return (all(kind in out for kind in ("Unexpected key", "Missing key", "size mismatch"))
            and out.count("RuntimeError") == 4 and pure and passes(tv.test_checkpoints_with_a_saved_table_refuse_to_load)())


def strict_false() -> bool:
    saved = aiedge.AiEdgeEncoding(20, 8).state_dict()
    first = PositionalEncoding(8, max_len=20).load_state_dict(saved, strict=False)
    second = div_term.DivTermEncoding(8, 20, 0.1).load_state_dict(saved, strict=False)
    third = raises(RuntimeError, lambda: div_term.DivTermEncoding(8, 20, 0.1).load_state_dict(
        div_term.DivTermEncoding(8, 10, 0.1).state_dict(), strict=False), "size mismatch")
    layer = torch.nn.Linear(2, 2)
    typo = layer.load_state_dict({"weigth": torch.zeros(2, 2), "bias": torch.zeros(2)}, strict=False)  # a real mistake
    unsaved = PositionalEncoding(8, max_len=20).state_dict()
    loads = PositionalEncoding(8, max_len=50).load_state_dict(unsaved)
    return (first.unexpected_keys == ["pos_encoding"] and second.missing_keys == ["pe"] and third
            and typo.unexpected_keys == ["weigth"] and not torch.equal(layer.weight, torch.zeros(2, 2))
            and unsaved == {} and not loads.missing_keys and not loads.unexpected_keys)


def seq_first_pattern() -> bool:
    default = inspect.signature(torch.nn.Transformer).parameters["batch_first"].default
    module = SeqFirstEncoding(8, max_len=10)
    return default is False and module.pe.shape == (10, 1, 8) and "self.pe[: x.size(0)]" in inspect.getsource(SeqFirstEncoding.forward)


def batch_first_rows() -> bool:
    encoder = SeqFirstEncoding(8)
    x = torch.zeros(3, 5, 8)
    return (encoder(x).shape == x.shape and encoder.pe[: x.size(0)].shape == (3, 1, 8)
            and "(b) batch-first input [3, 5, 8] -> no error" in text("variants/axis_slip", "cases")
            and passes(tva.test_batch_first_input_gets_row_b_at_every_position_of_sequence_b, 3, 5, 8)())


def two_copies_differ() -> bool:
    sentence = torch.randn(5, 8, generator=torch.Generator().manual_seed(3))
    out = SeqFirstEncoding(8)(torch.stack([sentence, sentence]))
    return not torch.equal(out[0], out[1]) and passes(tva.test_batch_first_input_gets_row_b_at_every_position_of_sequence_b, 3, 5, 8)()


def length_check_on_batch() -> bool:
    return (inspect.signature(SeqFirstEncoding).parameters["max_len"].default == 5000
            and passes(tva.test_only_a_batch_larger_than_max_len_raises)())


def the_fix() -> bool:
    return ("x.size(1)" in inspect.getsource(BatchFirstEncoding.forward)
            and raises(ValueError, lambda: PositionalEncoding(8).eval()(torch.zeros(5, 8)))
            and all(passes(tva.test_fix_equals_the_reference_module, *shape)() for shape in tva.SHAPES))


def shape_check_blind() -> bool:
    x = torch.zeros(3, 5, 8)
    added = SeqFirstEncoding(8)(x)
    return (added.shape == x.shape and torch.equal(added, added[:, :1].expand_as(added))
            and raises(AssertionError, lambda: check_batch_first(SeqFirstEncoding(8), 8)))


def the_check() -> bool:
    source = inspect.getsource(check_batch_first)
    return ("torch.zeros(" in source and all(passes(tva.test_check_catches_the_slip_and_passes_the_fix, d)() for d in (4, 5, 8))
            and text("variants/axis_slip", "check").splitlines()[0].startswith("SeqFirstEncoding:   fails"))


def use_the_reference() -> bool:
    moved = PositionalEncoding(8, max_len=10).to("meta").pe.device.type == "meta"
    return (observed("reference", "layout") == "interleaved" and paper_frequencies("reference")
            and observed("reference", "angle_dtype") == "float64" and observed("reference", "odd_d7") == "correct"
            and observed("reference", "storage")["non_persistent"] == ["pe"]
            and observed("reference", "computed") == "once, at construction"
            and observed("reference", "output") == "[batch, seq, d], x + PE" and moved)


def each_choice_removes_a_failure() -> bool:
    keys = [v.key for v in registry.VARIANTS]
    odd = {observed(k, "odd_d7").split(" (")[0] for k in keys}
    float32 = [k for k in keys if observed(k, "angle_dtype") == "float32"]
    left_behind = [k for k in keys if observed(k, "storage").get("left_behind")]
    saved = [k for k in keys if observed(k, "storage").get("state_dict")]
    reference = observed("reference", "storage")
    return ({"wrong width", "zero column", "crash"} <= odd and float32 and left_behind and saved
            and observed("reference", "odd_d7") == "correct" and observed("reference", "angle_dtype") == "float64"
            and not reference["left_behind"] and not reference["state_dict"])


def what_each_model_needs() -> bool:
    return (t2t_frequencies("fairseq") and t2t_frequencies("whisper")
            and observed("fairseq", "first_position") == variant_fairseq.PAD + 1
            and observed("diffusers_flipped", "layout") == "[cos | sin]")


def porting_needs_agreement() -> bool:
    offset = registry.column_permutation(variant_fairseq.build(64, 64), variant_tensor2tensor.timing_signal_1d(64, 64)[0])
    return offset is None and wrong_frequencies() and ported_exact()


# --- the docstrings the page shows with the conversion code (reviewed after the migration) ------------------------


def permutations_as_documented() -> bool:
    ok = True
    for d in (2, 8, 64):
        ref = positional_encoding(50, d)
        split, flipped = ref[:, registry.interleaved_to_split(d)], ref[:, registry.interleaved_to_flipped(d)]
        h = d // 2
        ok &= torch.equal(split[:, :h], ref[:, 0::2]) and torch.equal(split[:, h:], ref[:, 1::2])
        ok &= torch.equal(flipped[:, :h], ref[:, 1::2]) and torch.equal(flipped[:, h:], ref[:, 0::2])
        for perm in (registry.interleaved_to_split(d), registry.interleaved_to_flipped(d), [3, 0, 1, 2] if d == 4 else list(range(d))):
            ok &= torch.equal(ref[:, perm][:, registry.inverse(perm)], ref)
    return bool(ok) and passes(tv.test_permutations_invert)()


def shift_map_as_documented() -> bool:
    table = positional_encoding(200, 8, dtype=torch.float64)
    w = shift_map(table, 3)
    x, y = table[:-3], table[3:]
    best = torch.linalg.lstsq(x, y).solution
    return (w.dtype == torch.float64 and torch.allclose(w, best, atol=1e-9) and shift_error(table, w, 3) < 1e-9
            and abs(shift_error(table, w, 3) - (x @ w - y).abs().max().item()) < 1e-15
            and shift_error(table, torch.eye(8, dtype=torch.float64), 3) > 0.1)


def seq_first_as_documented() -> bool:
    layer = SeqFirstEncoding(8, max_len=20)
    x = torch.randn(6, 3, 8, generator=torch.Generator().manual_seed(0))
    return (layer.pe.shape == (20, 1, 8) and torch.equal(layer(x) - x, (x + layer.pe[:6]) - x)
            and torch.equal(layer(x), x + positional_encoding(20, 8)[:6, None, :])
            and passes(tva.test_seq_first_input_gets_pe_of_its_position, 3, 5, 8)())


def batch_first_as_documented() -> bool:
    layer = BatchFirstEncoding(8, max_len=20)
    x = torch.zeros(3, 6, 8)
    return (torch.equal(layer(x)[2], positional_encoding(20, 8)[:6]) and torch.equal(layer.pe, SeqFirstEncoding(8, max_len=20).pe)
            and passes(tva.test_fix_equals_the_reference_module, 3, 5, 8)())


def check_batch_first_as_documented() -> bool:
    ok = raises(AssertionError, lambda: check_batch_first(SeqFirstEncoding(8, 20), 8))  # the slip: fails
    check_batch_first(BatchFirstEncoding(8, 20), 8)  # the fix: passes
    ok &= raises(AssertionError, lambda: check_batch_first(lambda x: x + 1.0, 8))  # the same at every position: fails
    return bool(ok) and passes(tva.test_check_catches_the_slip_and_passes_the_fix, 8)()


# --- checks that return what they measured: the sentence's words pick what must hold (tests/claim_words.py) ---------


def wrong_layout_measured():
    """"off by up to {{ wrong_layout_error }}": the error measured (to the digits shown) against the quoted one."""
    if not wrong_layout():
        return False
    return Compare(round(experiment()["wrong layout"], 2), number(CONVERT["wrong_layout_error"]), at=1)


def wrong_frequencies_measured():
    """"off by up to {{ wrong_frequency_error }} ... and no permutation can fix that": the error measured against the
    quoted one, and the permutations from tensor2tensor's table to the split reference."""
    if not wrong_frequencies():
        return False
    t2t = variant_tensor2tensor.timing_signal_1d(64, 64)[0]
    found = registry.column_permutation(t2t, positional_encoding(64, 64)[:, registry.interleaved_to_split(64)])
    return [Compare(round(experiment()["wrong frequencies"], 2), number(CONVERT["wrong_frequency_error"]), at=0),
            Count(int(found is not None), 1, at=1)]


def feed_neither_measured():
    """"an interleaved, paper-frequency implementation can feed neither": the permutations from the reference (at
    either offset) to fairseq's and whisper's tables."""
    if not feed_neither():
        return False
    fairseq, whisper = variant_fairseq.build(64, 64), variant_whisper.sinusoids(64, 64)
    fed = [registry.column_permutation(fairseq, positional_encoding(66, 64)[2:]) is not None
           or registry.column_permutation(fairseq, positional_encoding(64, 64)) is not None,
           registry.column_permutation(whisper, positional_encoding(64, 64)) is not None]
    return Count(sum(fed), len(fed))


def two_seeds_save_measured():
    """"Two seed variants save their table; the reference does not": the seeds whose state_dict holds it, and
    whether the reference's does."""
    if not two_seeds_save():
        return False
    saving = [k for k in SEEDS if observed(k, "storage").get("state_dict")]
    return [Number(len(saving)), Truth(bool(PositionalEncoding(8, max_len=20).state_dict()))]


def strict_false_measured():
    """"strict=False silences the first two ...; not saving the table avoids all three": the refusals strict=False
    silences, and the kinds of refusal the page printed."""
    if not strict_false():
        return False
    saved = aiedge.AiEdgeEncoding(20, 8).state_dict()
    attempts = [lambda: PositionalEncoding(8, max_len=20).load_state_dict(saved, strict=False),
                lambda: div_term.DivTermEncoding(8, 20, 0.1).load_state_dict(saved, strict=False),
                lambda: div_term.DivTermEncoding(8, 20, 0.1).load_state_dict(
                    div_term.DivTermEncoding(8, 10, 0.1).state_dict(), strict=False)]
    silenced = sum(not raises(RuntimeError, attempt) for attempt in attempts)
    out = text("variants/convert", "state_dict")
    kinds = sum(kind in out for kind in ("Unexpected key", "Missing key", "size mismatch"))
    return [Number(silenced, at=0), Number(kinds, at=1)]


def batch_first_rows_measured():
    """"3 sequences of 5 positions ... it takes rows 0, 1, 2 of the table": the input's sequences and positions, and
    the row of the table each sequence received."""
    if not batch_first_rows():
        return False
    x = torch.zeros(3, 5, 8)
    out = SeqFirstEncoding(8)(x)
    table = positional_encoding(10, 8)
    rows = [next(r for r in range(10) if torch.allclose(out[b, 0], table[r], atol=1e-6)) for b in range(x.size(0))]
    return [Number(x.size(0)), Number(x.size(1)), *(Number(r) for r in rows)]


def seq_first_measured():
    """"a [max_len, 1, d_model] table": the table's batch axis."""
    return seq_first_as_documented() and Number(SeqFirstEncoding(8, max_len=20).pe.shape[1])


def batch_first_measured():
    """"The same table, read for x of shape [batch, seq, d_model]: slice positions with x.size(1)": the two modules'
    tables, and the axis of x whose length the rows follow."""
    if not batch_first_as_documented():
        return False
    layer = BatchFirstEncoding(8, max_len=20)
    x = torch.zeros(3, 6, 8)
    rows = next(n for n in range(1, 21) if torch.equal(layer(x)[0], positional_encoding(20, 8)[:n]))
    tables = (layer.pe.numpy().tobytes(), SeqFirstEncoding(8, max_len=20).pe.numpy().tobytes())
    return [Compare(*tables), Number(list(x.shape).index(rows))]


def seq_first_correct_measured():
    """"Fed what it was written for, it is correct": whether seq-first input gets PE(p) at every position p."""
    ok = (passes(tva.test_seq_first_input_gets_pe_of_its_position, 3, 5, 8)()
          and "output == x + PE[p] at every position p: True" in text("variants/axis_slip", "cases"))
    if not ok:
        return False
    x = torch.randn(5, 3, 8, generator=torch.Generator().manual_seed(0))
    return Truth(torch.allclose(SeqFirstEncoding(8)(x), x + positional_encoding(5, 8)[:, None, :], atol=1e-6))


def case_b_measured():
    """"Batch-first input gets PE(b) at every position of sequence b ...; two copies of the same sentence at
    different places in the batch are encoded differently": the positions of sequence 1 that got PE(1), the copies,
    and their two outputs."""
    if not two_copies_differ():
        return False
    sentence = torch.randn(5, 8, generator=torch.Generator().manual_seed(3))
    copies = [sentence, sentence]
    out = SeqFirstEncoding(8)(torch.stack(copies))
    row = positional_encoding(5, 8)[1]
    got = torch.isclose(out[1] - sentence, row.expand(5, 8), atol=1e-6).all(dim=1)
    return [Count(int(got.sum()), got.numel(), at=0), Number(len(copies)),
            Compare(out[0].numpy().tobytes(), out[1].numpy().tobytes(), at=1)]


LEDGER = Ledger('variants/converting.md', [
    prose('title', "the title"),
    computed('layouts-convert', layouts_convert, backs=['column', 'differ', 'each', 'only']),
    computed('frequencies-and-offsets-do-not',
        frequencies_and_offsets_do_not, backs=['columns', 'differ', 'no', 'not']),
    prose('plan', "the plan of the page", unbacked=['both']),
    prose('permutations-heading', "a heading", unbacked=['column']),
    computed('perm-notation',
        lambda: torch.equal(variant_split_sin_cos.split_sin_cos(50, 8), positional_encoding(50, 8)[:, registry.interleaved_to_split(8)])
        and "split == paper[:, to_split]: True" in text("variants/convert", "permute"), backs=['columns', 'order', 'stores']),
    computed('inverse-undoes', inverse_undoes),
    computed('odd-widths', odd_widths, backs=['all', 'column', 'column', 'no', 'odd', 'same', 'sines']),
    prose('checkpoint-heading', "a heading"),
    computed('weights-learn-columns',
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies), backs=['below', 'column', 'not', 'stores']),
    computed('the-shift-map',
        lambda: experiment()["fitted"] < 1e-6 and experiment()["t2t own map"] < 1e-5, backs=[r'\(W\)', r'\(\mathrm{PE}(p)\)', r'\(\mathrm{PE}(p+k)\)', 'depend', 'linear']),
    computed('least-squares',
        lambda: "torch.linalg.lstsq(" in inspect.getsource(shift_map) and "trained = shift_map(positional_encoding(n, d), k)" in (
        __import__("support").SNIPPETS / "variants/convert.py").read_text(encoding="utf-8"), backs=['least']),
    computed('fitted-exact', fitted_exact, backs=[r'\(W\)', 'exact', 'float32', 'only']),
    computed('wrong-layout',
        wrong_layout_measured, backs=[r'\([-1, 1]\)', 'columns', 'cos', 'gen.variants.convert.wrong_layout_error', 'order', 'rotates', 'same', 'sin', 'up to']),
    computed('what-loading-does',
        lambda: passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)() and wrong_layout(), backs=['first', 'interleaved']),
    computed('permute-the-weights', ported_exact, backs=['every', 'exact', 'same']),
    computed('wrong-frequencies',
        wrong_frequencies_measured, backs=[r'\(W\)', 'cos', 'different', 'each', 'even', 'gen.variants.convert.wrong_frequency_error', 'no', 'sin', 'up to']),
    computed('only-fix', only_fix, backs=['only']),
    cited('t2t-went-back',
        f"{RESEARCH} §2.1: commit ca08ad9 (2017-07-25), \"Un-reorder of timing signals to make trained models work\", three days after PR #177", backs=['after', 'columns']),
    prose('same-table-heading', "a heading", unbacked=['same']),
    computed('same-numbers', same_tables, backs=['before', 'different', 'same', 'some']),
    computed('fairseq-whisper-are-t2t', same_tables, backs=['1', 'rows']),
    computed('feed-neither', feed_neither_measured, backs=['interleaved', 'neither']),
    prose('state-dict-heading', "a heading"),
    computed('where-decides', refusals),
    computed('two-seeds-save', two_seeds_save_measured, backs=['buffer', 'buffers', 'not', 'persistent', 'save']),
    computed('three-refusals', refusals, backs=['every', 'maximum', 'not', 'save', 'saved']),
    computed('strict-false', strict_false_measured, backs=['all', 'first', 'not']),
    prose('axis-heading', "a heading"),
    computed('a-trap', passes(tva.test_batch_first_input_gets_row_b_at_every_position_of_sequence_b, 3, 5, 8)),
    cited('seq-first-by-default',
        f"{RESEARCH} §2.10 (pe.unsqueeze(0).transpose(0, 1): [max_len, 1, d]); torch.nn.Transformer's batch_first default",
        seq_first_pattern, backs=['1', '1', 'first', 'stores']),
    cited('who-does-this',
        f"{RESEARCH} §2.10: pytorch/examples word_language_model/model.py @ 77f55b9, pytorch/tutorials "
        "beginner_source/transformer_tutorial.py @ e5f60c6; its title at that commit: shared/research/library_audit.md"),
    prose('the-pattern', "introduces the code that follows"),
    computed('seq-first-correct',
        seq_first_correct_measured),
    computed('batch-first-rows',
        batch_first_rows_measured, backs=['0', '0', '1', '1', '2', '3', '3', '5', 'each', 'every', 'right', 'row', 'rows']),
    computed('case-a',
        lambda: all(passes(tva.test_seq_first_input_gets_pe_of_its_position, *shape)() for shape in tva.SHAPES), backs=[r'\(\mathrm{PE}(p)\)', r'\(p\)']),
    computed('case-b',
        case_b_measured,
        backs=[r'\(\mathrm{PE}(b)\)', r'\(b\)', 'constant', 'different', 'each', 'every', 'order', 'same']),
    computed('up-to-away',
        passes(tva.test_page_example_difference_from_the_correct_result), backs=[r'\([-1, 1]\)', 'every', 'gen.variants.axis_slip.max_diff', 'up to']),
    computed('case-c', passes(tva.test_batch_of_one_gets_pe0_everywhere), backs=[r'\(\mathrm{PE}(0)\)']),
    computed('length-check-wrong-axis',
        length_check_on_batch, backs=['5000', 'even', 'larger', 'longer', 'never', 'only']),
    computed('the-fix', the_fix, backs=['1', '1', 'either', 'first']),
    computed('shape-check-blind', shape_check_blind, backs=['cannot', 'every', 'not']),
    computed('the-check', the_check, backs=['any', 'below', 'both', 'exactly']),
    prose('use-heading', "a heading"),
    computed('use-the-reference', use_the_reference, backs=['buffer', 'float64', 'forward', 'interleaved', 'odd']),
    computed('each-choice',
        each_choice_removes_a_failure, backs=['columns', 'each', 'float32', 'odd', 'recompute', 'zero']),
    computed('exactly-the-table',
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies), backs=['even', 'exactly', 'not']),
    computed('what-each-needs', what_each_model_needs, backs=['1', 'before', 'cos', 'order', 'sin']),
    computed('porting-needs-agreement', porting_needs_agreement, backs=['every', 'only', 'same']),
    computed('keep-the-original',
        lambda: experiment()["wrong frequencies"] > 0.05 and experiment()["t2t own map"] < 1e-5, backs=['differ']),
    prose('recommendation', 'an admonition title: it labels the box of advice that follows and states nothing itself'),
    computed('column-order-turns-paper-s', permutations_as_documented, backs=['column', 'cos', 'order', 'sin']),
    computed('column-order-turns-paper-s-2', permutations_as_documented, backs=['column', 'cos', 'even', 'order', 'sin']),
    computed('permutation-undoes-table-perm-inverse', permutations_as_documented),
    computed('matrix-w-best-maps-each', shift_map_as_documented, backs=['best', 'each', 'float64', 'least', 'row']),
    computed('largest-error-w-as-map', shift_map_as_documented, backs=['largest']),
    computed('add-max-len-1-d', seq_first_measured, backs=['1']),
    computed('dropout-left-out-so-output', seq_first_as_documented, backs=['exactly', 'left']),
    computed('same-table-read-x-shape', batch_first_measured, backs=['1', 'same']),
    computed('raise-assertionerror-unless-encode-fed', check_batch_first_as_documented, backs=['different', 'each', 'every', 'same']),
    prose('what-do-when-two-tables', 'what the page gives: a plan of the page (each part is checked where it stands)', unbacked=['differ']),
    prose('read-library-layouts-first-what', 'reading advice', unbacked=['first']),
])

test_claims_hold = LEDGER.test
