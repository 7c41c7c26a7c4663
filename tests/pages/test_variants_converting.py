"""The claims of docs/variants/converting.md, each with what makes it true (see tests/claimcheck.py).

The checks re-run the page's experiments (weights fitted on one table and fed another, checkpoints loaded across
modules, a sequence-first table fed batch-first input) or reuse tests/pages/test_variants_index_code.py and
tests/pages/test_variants_converting_code.py, which assert the same properties.
"""

import inspect

import pelib.variants.seed_aiedge as aiedge
import pelib.variants.seed_div_term as div_term
import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import fairseq as variant_fairseq
from pelib.variants import marian as variant_marian
from pelib.variants import registry
from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from pelib.variants import whisper as variant_whisper
from reference import PositionalEncoding, positional_encoding
from support import text, values
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

LEDGER = Ledger('variants/converting.md', [
    prose('title',
        'Converting and choosing',
        "the title"),
    prose('summary',
        r"What to do when two tables differ: the permutation that converts one layout into the other, what a trained model's weights see when the layout or the frequencies change, and which implementation to use.",
        "what the page gives: a plan of the page"),
    prose('read-first',
        r"Read [Library layouts](libraries.md) first for what the layouts are.",
        "reading advice"),
    computed('layouts-convert',
        'Two tables that differ only in their **layout** convert into each other with a column permutation.',
        layouts_convert),
    computed('frequencies-and-offsets-do-not',
        'Two tables that differ in their **frequencies** or their **position offset** do not: no reordering of columns changes a frequency.',
        frequencies_and_offsets_do_not),
    prose('plan',
        'This page shows both, with the weights of a model in between, and ends with what to use.',
        "the plan of the page"),
    prose('permutations-heading',
        'Layouts are column permutations',
        "a heading"),
    computed('perm-notation',
        'Write `perm` for the list of reference columns, in the order a variant stores them: `variant = reference[:, perm]`.',
        lambda: torch.equal(variant_split_sin_cos.split_sin_cos(50, 8), positional_encoding(50, 8)[:, registry.interleaved_to_split(8)])
        and "split == paper[:, to_split]: True" in text("variants/convert", "permute")),
    computed('inverse-undoes',
        'Undoing it is the inverse permutation.',
        inverse_undoes),
    computed('odd-widths',
        'For an odd `d_model` the same `interleaved_to_split` still works when the split table gives the extra column to the sines, as [Marian](libraries.md#split-sin-cos-marian) does; a table one column too wide ([TF text](libraries.md#split-sin-cos-tensorflow-text)) has no permutation to the reference at all.',
        odd_widths),
    prose('checkpoint-heading',
        'What a checkpoint sees',
        "a heading"),
    computed('weights-learn-columns',
        'Whether or not a checkpoint stores the positional table ([see below](#checkpoints-and-state_dict)), the weights of a trained model have learned *which column holds what*.',
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)),
    computed('the-shift-map',
        'To see that without training a Transformer, take the simplest weights that depend on the layout: the matrix \\(W\\) that maps \\(\\mathrm{PE}(p)\\) to \\(\\mathrm{PE}(p+k)\\), the linear map that the [shift property](../linearity.md#the-statement) promises.',
        lambda: experiment()["fitted"] < 1e-6 and experiment()["t2t own map"] < 1e-5),
    computed('least-squares',
        'Fit it by least squares on the paper\'s table (our stand-in for "training"), then feed it other tables:',
        lambda: "torch.linalg.lstsq(" in inspect.getsource(shift_map) and "trained = shift_map(positional_encoding(n, d), k)" in (
        __import__("support").SNIPPETS / "variants/convert.py").read_text(encoding="utf-8")),
    computed('fitted-exact',
        'Fed the table it was fitted on, \\(W\\) is exact (float32 rounding only).',
        fitted_exact),
    computed('wrong-layout',
        'Fed the **same values in `[sin | cos]` order**, it is off by up to {{ gen.variants.convert.wrong_layout_error }} on entries that lie in \\([-1, 1]\\): it rotates the wrong pairs of columns.',
        wrong_layout),
    computed('what-loading-does',
        'This is what loading an interleaved checkpoint into a split model does to the first layer that reads the embeddings.',
        lambda: passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)() and wrong_layout()),
    computed('permute-the-weights',
        '**Permuting the weights** the same way, `W[perm][:, perm]`, makes it exact again: a layout change is fixed by permuting every weight that touches the `d_model` axis of the input, consistently.',
        ported_exact),
    computed('wrong-frequencies',
        "Fed **tensor2tensor's table** (also `[sin | cos]`, but other frequencies), even the permuted weights are off by up to {{ gen.variants.convert.wrong_frequency_error }}: each pair turns at a different speed than \\(W\\) expects, and no permutation can fix that.",
        wrong_frequencies),
    computed('only-fix',
        'The only fix is to feed the frequencies the model was trained with.',
        only_fix),
    cited('t2t-went-back',
        "This is why tensor2tensor [went back](libraries.md#tensor2tensor) to its split layout days after adopting the paper's: the trained models expected the old columns.",
        f"{RESEARCH} §2.1: commit ca08ad9 (2017-07-25), \"Un-reorder of timing signals to make trained models work\", three days after PR #177"),
    prose('same-table-heading',
        'The same table under other names',
        "a heading"),
    computed('same-numbers',
        'Some variants that look different are the same numbers, which is worth knowing before converting anything:',
        same_tables),
    computed('fairseq-whisper-are-t2t',
        "fairseq's rows are tensor2tensor's table read from position `padding_idx + 1` on, and Whisper's `sinusoids` is tensor2tensor's table.",
        same_tables),
    computed('feed-neither',
        'So a fairseq model can be fed from a tensor2tensor-style function if the positions are shifted, and an interleaved, paper-frequency implementation can feed neither.',
        feed_neither),
    prose('state-dict-heading',
        'Checkpoints and state_dict',
        "a heading"),
    computed('where-decides',
        'Where a variant keeps its table decides what a checkpoint holds, and whether it loads elsewhere.',
        refusals),
    computed('two-seeds-save',
        'Two seed variants save their table (persistent buffers); the reference does not (non-persistent buffer):',
        two_seeds_save),
    computed('three-refusals',
        'A saved table makes a checkpoint refuse to load into a module that does not save one (unexpected key), into a module whose table has another name (missing key), and into a module built with another maximum length (size mismatch), although every one of these tables is a pure function of its sizes.',
        refusals),
    computed('strict-false',
        '`strict=False` silences the first two and hides real mistakes along with them; not saving the table avoids all three.',
        strict_false),
    prose('axis-heading',
        'Sequence-first tables fed batch-first input',
        "a heading"),
    computed('a-trap',
        'Converting code between the two input layouts has a trap of its own.',
        passes(tva.test_batch_first_input_gets_row_b_at_every_position_of_sequence_b, 3, 5, 8)),
    cited('seq-first-by-default',
        "PyTorch's `nn.Transformer` takes `[seq, batch, d_model]` by default (`batch_first=False`), and code written for it stores the table with a batch axis of size 1, `[max_len, 1, d_model]`, and slices it with the input's first dimension.",
        f"{RESEARCH} §2.10 (pe.unsqueeze(0).transpose(0, 1): [max_len, 1, d]); torch.nn.Transformer's batch_first default",
        seq_first_pattern),
    cited('who-does-this',
        'The [word language model example](https://github.com/pytorch/examples/blob/77f55b912142e11fcfdf5b530231fb9c52f181e8/word_language_model/model.py) in pytorch/examples does this, and so does the PyTorch tutorial "[Sequence-to-Sequence Modeling with nn.Transformer and TorchText](https://github.com/pytorch/tutorials/blob/e5f60c64367b2ff3c19e5b73a2c7eac4bf1269f1/beginner_source/transformer_tutorial.py)" that many repositories copy.',
        f"{RESEARCH} §2.10: pytorch/examples word_language_model/model.py @ 77f55b9, pytorch/tutorials "
        "beginner_source/transformer_tutorial.py @ e5f60c6; its title at that commit: shared/research/library_audit.md"),
    prose('the-pattern',
        'Here is the pattern, in our own code:',
        "introduces the code that follows"),
    computed('seq-first-correct',
        'Fed what it was written for, it is correct.',
        lambda: passes(tva.test_seq_first_input_gets_pe_of_its_position, 3, 5, 8)()
        and "output == x + PE[p] at every position p: True" in text("variants/axis_slip", "cases")),
    computed('batch-first-rows',
        'Fed **batch-first** input, 3 sequences of 5 positions, it raises nothing and returns the right shape, but `x.size(0)` is now the batch size: it takes rows 0, 1, 2 of the table, shaped `[3, 1, d_model]`, and broadcasting spreads each row over every position of one sequence:',
        batch_first_rows),
    computed('case-a',
        '**(a)** Seq-first input gets \\(\\mathrm{PE}(p)\\) at position \\(p\\), as it should.',
        lambda: all(passes(tva.test_seq_first_input_gets_pe_of_its_position, *shape)() for shape in tva.SHAPES)),
    computed('case-b',
        '**(b)** Batch-first input gets \\(\\mathrm{PE}(b)\\) at *every* position of sequence \\(b\\): each sequence is shifted by one constant vector, so the model learns nothing about order from it, and two copies of the same sentence at different places in the batch are encoded differently.',
        two_copies_differ),
    computed('up-to-away',
        'The output is up to {{ gen.variants.axis_slip.max_diff }} away from the correct one, although every entry of the table lies in \\([-1, 1]\\).',
        passes(tva.test_page_example_difference_from_the_correct_result)),
    computed('case-c',
        '**(c)** A batch of one gets \\(\\mathrm{PE}(0)\\) everywhere, so a single-example test looks plausible.',
        passes(tva.test_batch_of_one_gets_pe0_everywhere)),
    computed('length-check-wrong-axis',
        'Even the length check is on the wrong axis: sequences longer than `max_len` pass, and the only error comes when the **batch** is larger than `max_len`, which with the usual `max_len = 5000` never happens.',
        length_check_on_batch),
    computed('the-fix',
        "**The fix** is to slice positions with `x.size(1)` and put the broadcast axis first, either by storing the table as `[1, max_len, d_model]` or by transposing the slice, and to check the input's shape as the [reference module](../reference.md) does.",
        the_fix),
    computed('shape-check-blind',
        'A shape check alone cannot see this slip, since every shape is valid; what gives it away is that the encoding does not change along the sequence.',
        shape_check_blind),
    computed('the-check',
        'The check below feeds zeros (so the output is exactly what was added) and tests both properties; use it on any module you convert:',
        the_check),
    prose('use-heading',
        'What to use, and why',
        "a heading"),
    computed('use-the-reference',
        "**Starting a new model:** use the [reference](../reference.md): the paper's interleaved layout and frequencies, angles in float64 cast once at the end, odd widths handled, the table a **non-persistent buffer** built once and moved with the module, and `forward` adding it to the embeddings.",
        use_the_reference),
    computed('each-choice',
        'Each of these choices removes one of the failures measured in the [comparison table](index.md#the-comparison-table): wrong widths, zero columns and crashes for odd `d_model`, precision lost in float32 angles ([measured](../precision.md#the-error-as-the-position-grows)), a copy per call, and checkpoints that carry and then reject a table anyone can recompute.',
        each_choice_removes_a_failure),
    computed('exactly-the-table',
        "**Loading or fine-tuning an existing model:** use **exactly the table it was trained with**, layout, frequencies and position offset included, even where that table is not the paper's.",
        passes(tv.test_weights_follow_a_layout_permutation_but_not_other_frequencies)),
    computed('what-each-needs',
        "Build it with the library's own function, or with the matching variant from this site, and check it against the checkpoint before trusting it: fairseq and Whisper models need tensor2tensor's frequencies (fairseq's shifted by `padding_idx + 1`), diffusers' UNets the flipped `[cos | sin]` order.",
        what_each_model_needs),
    computed('porting-needs-agreement',
        '**Porting weights from one layout to another** is possible only when the frequencies and offsets agree; then permute every weight that reads or writes the `d_model` axis with the same `perm`.',
        porting_needs_agreement),
    computed('keep-the-original',
        'If the frequencies differ, keep the original table.',
        lambda: experiment()["wrong frequencies"] > 0.05 and experiment()["t2t own map"] < 1e-5),
])

test_claims_hold = LEDGER.test
