"""The claims of docs/variants/index.md, each with what makes it true (see tests/claimcheck.py).

Most checks read the comparison both as committed and as observed now by running every variant
(tests/pages/variants_facts.py), or reuse a test of tests/pages/test_variants_index_code.py that asserts the same property.
"""

import inspect
import re

import pytest
import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import registry
from reference import positional_encoding
from support import SNIPPETS, number, text, values

from pages import test_variants_index_code as tv
from pages.variants_facts import (
    ALL,
    LIBRARIES,
    SEEDS,
    code,
    committed,
    fresh,
    observed,
    omegas,
    page,
    paper_frequencies,
    t2t_frequencies,
    with_tables,
)

T2T = ["tensor2tensor", "fairseq", "whisper"]
LAYOUTS = (SNIPPETS / "variants/layouts.py").read_text(encoding="utf-8").split("# --8<-- [end:layouts]")[0]


def clinic_plan() -> bool:
    """The clinic page judges tables and modules, and shows the bugs its tests hold it to catching."""
    import test_pecheck
    from variants import clinic

    caught = [case for case, (ok, codes, _) in test_pecheck.CLINIC.items() if not ok and codes]
    page_text = (SNIPPETS.parent / "docs" / "variants" / "clinic.md").read_text(encoding="utf-8")
    return (set(clinic.CASES) == set(test_pecheck.CLINIC) and len(caught) >= 5
            and all(f"variants/clinic-{case}.txt" in page_text for case in caught))


def cells(part: str) -> dict[str, list[str]]:
    """The rows of a committed comparison table, by variant name: its cells after the name."""
    rows = {}
    for line in text("variants/comparison", part).splitlines()[2:]:
        name, *rest = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        rows[re.match(r"\[(.+?)\]", name).group(1)] = rest
    return rows


def row(keys: list[str], layout: str, frequencies: str) -> bool:
    """The Find-yours row: each listed variant has that layout and those frequencies, observed."""
    freq = {"paper": paper_frequencies, "tensor2tensor": t2t_frequencies}[frequencies]
    return all(observed(k, "layout") == layout and freq(k) for k in keys)


def diffusers_either_frequency() -> bool:
    import pelib.variants.diffusers_flipped as diffusers

    steps = torch.arange(256.0)
    fits = {shift: [p.omega for p in registry.sinusoids_in(diffusers.timestep_embedding(steps, 16, downscale_freq_shift=shift))]
            for shift in (0, 1)}
    paper, t2t = omegas("reference", 16), omegas("tensor2tensor", 16)
    return (fits[0] == pytest.approx(paper, rel=1e-4) and fits[1] == pytest.approx(t2t, rel=1e-4)
            and observed("diffusers_flipped", "layout") == "[cos | sin]")


def t2t_slower_than_split() -> bool:
    t2t, paper = omegas("tensor2tensor", 32), omegas("split_sin_cos", 32)
    return all(t <= p * (1 + 1e-6) for t, p in zip(t2t, paper, strict=True)) and t2t[-1] < paper[-1] / 1.1


def seeds_are_the_paper() -> bool:
    limit = number(values("variants/comparison")["fp32_max_diff"])
    seeds = all(observed(k, "permutation_d8") == list(range(8)) and observed(k, "layout") == "interleaved"
                and fresh()[k]["max_abs_diff"] < limit and committed()[k]["max_abs_diff"] < limit for k in SEEDS)
    reordered = all(observed(k, "permutation_d8") not in (None, list(range(8))) and paper_frequencies(k)
                    and fresh()[k]["max_abs_diff_permuted"] < limit for k in ("split_sin_cos", "marian", "diffusers_flipped"))
    return seeds and reordered


def other_numbers() -> bool:
    quoted = values("variants/comparison")
    ratios = all(quoted[f"t2t_ratio_d{d}"] == f"{10000 ** (2 / d):.{places}f}" for d, places in ((64, 3), (512, 4)))
    from pelib.variants import fairseq as variant_fairseq

    first = observed("fairseq", "first_position") == number(quoted["fairseq_first"]) == variant_fairseq.PAD + 1
    return all(t2t_frequencies(k) for k in T2T) and ratios and first


def odd_widths_break() -> bool:
    outcomes = {v.key: observed(v.key, "odd_d7") for v in registry.VARIANTS}
    broken = [o for o in outcomes.values() if not o.startswith("correct")]
    kinds = {o.split(" (")[0] for o in broken}
    return len(broken) > len(outcomes) / 2 and {"zero column", "wrong width", "crash"} <= kinds


def handled_at_odd_widths() -> bool:
    names = [v.name for v in ALL if observed(v.key, "odd_d7").startswith("correct")]
    quoted = values("variants/comparison")["odd_width_correct"]
    return len(names) >= 3 and all(n in quoted for n in names[1:]) and quoted.startswith("the reference, ")


def where_the_table_lives() -> bool:
    storage = {v.key: observed(v.key, "storage") for v in ALL}
    saved = [k for k, s in storage.items() if s.get("state_dict")]
    behind = [k for k, s in storage.items() if s.get("left_behind")]
    every_call = [v.key for v in ALL if observed(v.key, "computed") != "once, at construction"]
    places = {registry.describe_storage(s).split(":")[0] for s in storage.values()}
    maths = {(observed(v.key, "layout"), paper_frequencies(v.key)) for v in ALL}
    try:  # the library is not pinned: its part of the sentence is checked where it is installed (cited otherwise)
        from transformers import MarianMTModel
    except ImportError:
        marian_mt_leaves_it_out = True
    else:
        marian_mt_leaves_it_out = all(f"model.{side}.embed_positions.weight" in MarianMTModel._keys_to_ignore_on_save
                                      for side in ("encoder", "decoder"))
    return (len(saved) >= 2 and "marian" in saved and len(behind) == 3 and len(every_call) >= 3
            and len(set(map(registry.describe_storage, storage.values()))) > len(maths) and len(places) >= 3
            and marian_mt_leaves_it_out)


def probe_names_layouts() -> bool:
    ref = registry.REFERENCE.build(256, 8)
    named = {name: registry.layout(registry.sinusoids_in(ref[:, perm]), 8) for name, perm in (
        ("interleaved", list(range(8))), ("[sin | cos]", registry.interleaved_to_split(8)),
        ("[cos | sin]", registry.interleaved_to_flipped(8)))}
    lone = ref.clone()
    lone[:, 7] = 0  # a cosine without its partner is left out
    return (all(name == found for name, found in named.items())
            and len(registry.sinusoids_in(lone)) == 3 and with_tables(tv.test_layouts_as_observed)())


def identical_cells() -> bool:
    by_name = cells("values")
    for v in ALL:
        perm, cell = observed(v.key, "permutation_d8"), by_name[v.name][1]
        if (cell == "identical") != (perm == list(range(8))):
            return False
        if perm is not None and perm != list(range(8)) and cell != "`" + str(perm).replace(" ", "") + "`":
            return False
    return True


def max_diff_measured() -> bool:
    source = inspect.getsource(registry.observe)
    return ("positional_encoding(64, 64, dtype=torch.float64)" in source and "variant.build(64, 64)" in source
            and "ref[:, perm64]" in source)


def about_two_or_rounding() -> bool:
    reordered = [k for k in ("split_sin_cos", "marian", "diffusers_flipped", *T2T)]
    seeds = [fresh()[k]["max_abs_diff"] for k in SEEDS]
    return (all(1.9 < fresh()[k]["max_abs_diff"] <= 2 for k in reordered)
            and all(1e-7 < d < 1e-5 for d in seeds))


def paper_cell_means_every_frequency() -> bool:
    by_name = cells("values")
    paper = omegas("reference", 64)
    for v in ALL:
        agrees = omegas(v.key, 64) == pytest.approx(paper, rel=1e-4)
        if (by_name[v.name][3] == "paper") != agrees:
            return False
    lowest_differs_most = [p / t for p, t in zip(paper, omegas("tensor2tensor", 64), strict=True)]
    return max(lowest_differs_most) == lowest_differs_most[-1] > 1


def returns_probe() -> bool:
    defaults = {n: p.default for n, p in inspect.signature(registry.output_convention).parameters.items()
                if p.default is not inspect.Parameter.empty}
    return defaults == {"batch": 3, "seq_len": 5, "d_model": 6} and registry.output_convention(registry.REFERENCE).endswith("x + PE")


def storage_probe() -> bool:
    return 'made.to("meta")' in inspect.getsource(registry.storage) and with_tables(tv.test_state_dict_membership)()


def trig_probe() -> bool:
    source = inspect.getsource(registry.trig_profile)
    return (source.count("variant.call(made, x)") == 2 and "variant.make(" in source
            and with_tables(tv.test_angle_dtype_and_recomputation)())


def one_interface() -> bool:
    return all(callable(getattr(v.code, name, None)) for v in ALL for name in ("make", "call", "build"))


MORE = [v.key for v in registry.VARIANTS if v.page.startswith("more-libraries.md#")]


def more_libraries_listed() -> bool:
    """The ten variants of more-libraries.md are NeMo .. tensorflow/models, and that page says how the installed libraries are checked (folded at its end)."""
    names = [registry.BY_KEY[k].source.split("/")[0] for k in MORE]
    return (names == ["NVIDIA", "espnet", "huggingface", "huggingface", "huggingface", "google", "OpenNMT",
                      "keras-team", "openai", "tensorflow"]
            and MORE == ["nemo", "espnet", "distilbert", "musicgen", "pegasus_x", "trax", "opennmt", "keras_hub",
                         "guided_diffusion", "tf_models_relative"]
            and '??? info "How this page is checked"' in page("more-libraries.md")
            and '    --8<-- "variants/library_checks.txt"' in page("more-libraries.md"))


def nemo_divided() -> bool:
    """NeMo's table is the paper's interleaved one divided by sqrt(d): amplitude 1/8 at d = 64."""
    return (row(["nemo"], "interleaved", "paper") and observed("nemo", "amplitude_d64") == pytest.approx(64 ** -0.5)
            and "pos_enc.div_(math.sqrt(hidden_size))" in code("nemo")
            and (registry.BY_KEY["nemo"].build(16, 8) * 8 ** 0.5 - positional_encoding(16, 8)).abs().max().item() < 1e-6)


def pegasus_or_keras() -> bool:
    """PegasusX: split with tensor2tensor frequencies; keras-hub: interleaved with the paper's; both take the input's dtype."""
    return (row(["pegasus_x"], "[sin | cos]", "tensor2tensor") and row(["keras_hub"], "interleaved", "paper")
            and ".type_as(inputs_embeds)" in code("pegasus_x") and "self.compute_dtype" in code("keras_hub"))


def tab_links_to(anchor: str):
    """The tab holding this link shows the snippet of the variant whose section the link names, and that section exists."""

    def check() -> bool:
        text_ = page("index.md")
        link = f"[The section](more-libraries.md#{anchor})"
        tab = text_[:text_.index(link)].rsplit("=== ", 1)[1]
        key = next(v.key for v in registry.VARIANTS if v.page == f"more-libraries.md#{anchor}")
        headings = [re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-")
                    for h in re.findall(r"^## (.+)$", page("more-libraries.md"), re.M)]
        return f'--8<-- "pelib/variants/{key}.py:core"' in tab and anchor in headings

    check.__name__ = f"tab_links_to({anchor})"
    return check


LEDGER = Ledger('variants/index.md', [
    prose('title',
        'Code variants',
        "the title"),
    prose('summary',
        r"This page finds the variant closest to your code and compares every variant with the paper's table in one place; read [the reference implementation](../reference.md) first if you have not.",
        "what the page gives: a plan of the page ('Find yours' and 'The comparison table'), and reading advice"),
    prose('where-you-come-from',
        'You probably arrived here with an implementation in hand: from a blog post, a tutorial, a course notebook or a library.',
        "addresses the reader; names where an implementation may come from"),
    prose('plan',
        'This section shows exactly how yours relates to the paper, by running it.',
        "the plan of the section"),
    cited('behaves-as-its-original',
        'Each variant is rewritten in our own code so that it **behaves as its original does** (the same frequencies, dtypes, shapes and bugs), cited, and measured against the [reference implementation](../reference.md) by the same probes.',
        "shared/research/library_audit.md (each library's real function run beside the site's variant: every table matched to "
        "one float32 rounding step, with the same odd-width failures); the seeds' printed tables, tests/pages/test_variants_index_code.py",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and all(
            passes(tv.test_every_variant_has_a_cited_section_and_a_table_row, v)() for v in registry.VARIANTS)),
    computed('five-seeds',
        '[The seed implementations](seeds.md): five write-ups, from nested loops to a plain attribute copied to the GPU on every call, each with the table it prints and what it gets right and wrong.',
        lambda: (len(SEEDS) == 5 and (SEEDS[0], SEEDS[-1]) == ("seed_nested_loops", "seed_plain_attribute")
        and all(registry.BY_KEY[k].page.startswith("seeds.md#") for k in SEEDS)
        and passes(tv.test_plain_attribute_copies_on_every_call)())),
    computed('six-libraries',
        "[Library layouts](libraries.md): TensorFlow's tutorial, Marian, tensor2tensor, diffusers, fairseq and Whisper.",
        lambda: LIBRARIES == ["split_sin_cos", "marian", "tensor2tensor", "diffusers_flipped", "fairseq", "whisper"]
        and all(registry.BY_KEY[k].page.startswith("libraries.md#") for k in LIBRARIES)),
    computed('more-libraries-plan',
        '[More library layouts](more-libraries.md): NeMo, ESPnet, DistilBERT, MusicGen, PegasusX, trax, OpenNMT-py, keras-hub, guided-diffusion and tensorflow/models, and which layouts are checked against the installed library.',
        more_libraries_listed),
    prose('converting-plan',
        '[Converting and choosing](converting.md): the permutations between layouts, what a checkpoint sees when the layout or the frequencies change, and what to use.',
        "what the Converting page covers: a plan"),
    computed('clinic-plan',
        '[Is my encoding right?](clinic.md): a checker for your own table or module, and the real bugs it catches.',
        clinic_plan),
    prose('find-yours',
        'Find yours',
        "a heading"),
    prose('table-head',
        '| in your code | layout | frequencies | closest variant |',
        "the head of the table"),
    computed('row-slices',
        '| `pe[:, 0::2] = sin(...)`, `pe[:, 1::2] = cos(...)` | interleaved | paper | [AiEdge](seeds.md#aiedge-slices), [div_term](seeds.md#div_term-and-dropout), [plain attribute](seeds.md#plain-attribute) |',
        lambda: row(["seed_aiedge", "seed_div_term", "seed_plain_attribute"], "interleaved", "paper")
        and all("0::2] = torch.sin" in code(k) and "1::2] = torch.cos" in code(k)
                for k in ("seed_aiedge", "seed_div_term", "seed_plain_attribute"))),
    computed('row-stack',
        '| `torch.stack([sin, cos], dim=2)` then `flatten` | interleaved | paper | [stack and flatten](seeds.md#stack-and-flatten) |',
        lambda: row(["seed_stack_flatten"], "interleaved", "paper")
        and "torch.stack(" in code("seed_stack_flatten") and "flatten" in code("seed_stack_flatten")),
    computed('row-split-paper',
        '| `torch.cat([sin, cos], dim=-1)` with `/ d_model` or `/ half_dim` in the exponent | split `[sin | cos]` | paper | [TF text](libraries.md#split-sin-cos-tensorflow-text), [Marian](libraries.md#split-sin-cos-marian) |',
        lambda: row(["split_sin_cos", "marian"], "[sin | cos]", "paper")),
    computed('row-split-t2t',
        '| `torch.cat([sin, cos], dim=-1)` with `/ (half_dim - 1)` | split `[sin | cos]` | tensor2tensor | [tensor2tensor](libraries.md#tensor2tensor), [fairseq](libraries.md#fairseq), [Whisper](libraries.md#whisper) |',
        lambda: row(T2T, "[sin | cos]", "tensor2tensor")),
    computed('row-flipped',
        '| `flip_sin_to_cos=True` | flipped `[cos | sin]` | paper or tensor2tensor | [diffusers](libraries.md#flipped-cos-sin-diffusers) |',
        diffusers_either_frequency),
    computed('row-guided-diffusion',
        '| `torch.cat([th.cos(args), th.sin(args)], dim=-1)` with `/ half` | flipped `[cos | sin]` | paper | [guided-diffusion](more-libraries.md#guided-diffusion) |',
        lambda: row(['guided_diffusion'], '[cos | sin]', 'paper') and 'torch.cat([torch.cos(args), torch.sin(args)], dim=-1)' in code('guided_diffusion') and '/ half)' in code('guided_diffusion')),
    computed('row-musicgen',
        '| `torch.cat([torch.cos(emb), torch.sin(emb)], dim=1)` with `/ (half_dim - 1)` | flipped `[cos | sin]` | tensor2tensor | [MusicGen](more-libraries.md#musicgen) |',
        lambda: row(['musicgen'], '[cos | sin]', 'tensor2tensor') and '/ (half - 1)' in code('musicgen') and 'torch.cat([torch.cos(angle), torch.sin(angle)], dim=1)' in code('musicgen')),
    computed('row-nemo',
        '| `pos_enc.div_(math.sqrt(hidden_size))` | interleaved, divided by \\(\\sqrt{d}\\) | paper | [NeMo](more-libraries.md#nemo) |',
        nemo_divided),
    computed('row-espnet-opennmt',
        '| `x * self.xscale + self.pe[:, : x.size(1)]`, or `emb * math.sqrt(self.dim)` in the encoding module | interleaved | paper | [ESPnet](more-libraries.md#espnet), [OpenNMT-py](more-libraries.md#opennmt-py) |',
        lambda: row(['espnet', 'opennmt'], 'interleaved', 'paper') and 'x * self.xscale + self.pe[:, : x.size(1)]' in code('espnet') and 'emb * math.sqrt(self.dim)' in code('opennmt')),
    computed('row-pegasusx-keras-hub',
        '| `.type_as(inputs_embeds)` or `self.compute_dtype` in the angles | split or interleaved | either | [PegasusX](more-libraries.md#pegasusx), [keras-hub](more-libraries.md#keras-hub) |',
        pegasus_or_keras),
    prose('by-eye',
        'The layouts are easiest to tell apart by eye.',
        "an invitation to look at the figure; what it shows is checked by the entries that follow"),
    computed('figure-size',
        'The same 64 positions for `d_model = 32`, one column of the table per row of pixels:',
        lambda: LAYOUTS.count(".build(64, 32)") == 4 and "table.T" in LAYOUTS and 'origin="lower"' in LAYOUTS),
    computed('figure-panels',
        '![Four heatmaps of 64 positions by 32 columns.',
        lambda: LAYOUTS.count(".build(64, 32)") == 4 and "table.T" in LAYOUTS and 'origin="lower"' in LAYOUTS),
    computed('figure-reference',
        'Reference: sine and cosine rows alternate (interleaved).',
        lambda: observed("reference", "layout") == "interleaved" and 'BY_KEY["reference"].build(64, 32)' in LAYOUTS),
    computed('figure-halves',
        'TF text: fast sines in the bottom half, cosines in the top half. diffusers: the same halves swapped, cosines at the bottom. tensor2tensor: like TF text, but the slow columns change even more slowly](../generated/variants/layouts-heatmaps.svg)',
        lambda: 'origin="lower"' in LAYOUTS and observed("split_sin_cos", "layout") == "[sin | cos]"
        and observed("diffusers_flipped", "layout") == "[cos | sin]" and observed("tensor2tensor", "layout") == "[sin | cos]"
        and t2t_slower_than_split()),
    prose('comparison-heading',
        'The comparison table',
        "a heading"),
    computed('observed-not-typed',
        'Every cell below is **observed by running the variant**, by the code further down; none is typed.',
        lambda: with_tables(tv.test_whole_table_matches_fresh_observation)() and all(
        f'--8<-- "variants/comparison-{part}.txt"' in page("index.md") for part in ("values", "behaviour", "build"))),
    computed('the-tests-check',
        'The tests run the variants again and check each claim: the permutation, the frequency ratios, the odd-width outcome, where the table lives.',
        lambda: all(with_tables(t)() for t in (tv.test_table_permutations_match_expectation,
        tv.test_table_frequency_claims, tv.test_odd_width_behaviour, tv.test_state_dict_membership))),
    prose('computes-heading',
        'What each variant computes',
        "a heading"),
    prose('layout-term',
        'layout : Where the sines and cosines sit.',
        "the definition of a column of the table"),
    computed('layout-probe',
        'The probe finds every pair of columns with \\(\\sin^2 + \\cos^2 = 1\\) on all rows, tells the sine from the cosine by the direction its angle turns, and names the pattern.',
        probe_names_layouts),
    computed('perm-column',
        '= reference[:, perm] : Whether the variant\'s table is the reference\'s with its columns reordered, and the order found at `d_model = 8`; "identical" when no reordering is needed.',
        identical_cells),
    computed('max-diff-column',
        'max abs diff : The largest difference from the reference, column for column, on 64 positions with `d_model = 64` (the reference in float64), then after reordering the columns.',
        max_diff_measured),
    computed('about-two',
        'About 2 means the columns hold other functions; a few \\(10^{-6}\\) is float32 rounding.',
        about_two_or_rounding),
    computed('frequencies-column',
        "frequencies : \\(\\omega\\) fitted for every pair and compared, sorted, with the reference's.",
        passes(tv.test_probe_measures_the_paper_frequencies)),
    computed('paper-cell',
        '"paper" means every frequency agrees to \\(10^{-4}\\) relative; otherwise, the largest ratio \\(\\omega_\\text{ref} / \\omega_\\text{variant}\\) at `d_model = 64` and `512`: the lowest frequencies of tensor2tensor-style tables are lower.',
        paper_cell_means_every_frequency),
    computed('row-0-column',
        'row 0 is position : The position the first row encodes, from the phase of a fitted pair. fairseq starts real tokens at `padding_idx + 1`.',
        with_tables(tv.test_first_position)),
    prose('behaves-heading',
        'How each variant behaves',
        "a heading"),
    computed('odd-column',
        'd_model = 7 : What happens at an odd width: "correct", "correct (permuted)", "wrong width" (more columns than asked), "zero column" (a column that is 0 on every row), or "crash" with the exception raised.',
        lambda: passes(tv.test_odd_width_classifier_on_made_up_variants)() and all(
        re.fullmatch(r"correct|correct \(permuted\)|wrong width \(\d+ columns\)|zero column \([\d, ]+\)|crash \(\w+\)",
                     observed(v.key, "odd_d7")) for v in ALL)),
    computed('returns-column',
        "returns : The shape the variant's own call returns for 3 sequences of 5 positions, `d_model = 6`, and whether it adds its input (output for ones minus output for zeros is 1) or returns the table alone.",
        returns_probe),
    prose('lives-heading',
        'Where the table lives',
        "a heading"),
    computed('lives-column',
        'where the table lives : What `state_dict` holds, which buffers are left out of it, and which tensors are plain attributes; those stay behind when the module is moved with `.to()` (checked by moving it to the `meta` device).',
        storage_probe),
    computed('dtype-column',
        'angle dtype, sin/cos computed : The dtype of every tensor passed to `sin` and `cos`, and when those calls happen, recorded by intercepting them during construction and two calls.',
        trig_probe),
    prose('says-heading',
        'What the table says',
        "a heading"),
    computed('seeds-are-the-paper',
        "**Every seed computes the paper's values for an even `d_model`.** The interleaved seeds differ from the reference by float32 rounding only (every difference {{ gen.variants.comparison.fp32_max_diff }} here), and the split and flipped library tables with the paper's frequencies are the reference with its columns reordered.",
        seeds_are_the_paper),
    computed('t2t-other-numbers',
        "**tensor2tensor, fairseq and Whisper compute other numbers.** Their lowest frequency is {{ gen.variants.comparison.t2t_ratio_d64 }} times lower at `d_model = 64` and {{ gen.variants.comparison.t2t_ratio_d512 }} times at `d_model = 512`, and fairseq's first token sits at position {{ gen.variants.comparison.fairseq_first }}.",
        other_numbers),
    computed('no-reordering',
        "No column reordering maps them to the paper's table.",
        lambda: all(passes(tv.test_tensor2tensor_family_has_no_permutation_to_the_reference, k)()
        and observed(k, "permutation_d8") is None for k in T2T)),
    computed('odd-widths-break',
        '**Odd widths are where most code breaks**, in every way there is: a zero column, an extra column, an exception.',
        odd_widths_break),
    computed('only-three-handle-odd',
        'Only {{ gen.variants.comparison.odd_width_correct }} handle them.',
        handled_at_odd_widths),
    computed('where-it-lives',
        "**Where the table lives varies more than the math.** Some variants put it in `state_dict`, so that every checkpoint saved from them carries it (unless the model leaves it out on purpose, as Marian's translation model does), three keep a copy where `.to()` cannot reach it, several recompute it on every call.",
        where_the_table_lives),
    prose('side-by-side',
        'Every variant, side by side',
        "a heading"),
    prose('flip-tabs',
        'Flip between the tabs to compare the code; each links to its section.',
        "an instruction"),
    prose('tab-link-1',
        '[What it gets right and wrong](seeds.md#nested-loops)',
        "a link label under a tab"),
    prose('tab-link-2',
        '[What it gets right and wrong](seeds.md#stack-and-flatten)',
        "a link label under a tab"),
    prose('tab-link-3',
        '[What it gets right and wrong](seeds.md#aiedge-slices)',
        "a link label under a tab"),
    prose('tab-link-4',
        '[What it gets right and wrong](seeds.md#div_term-and-dropout)',
        "a link label under a tab"),
    prose('tab-link-5',
        '[What it gets right and wrong](seeds.md#plain-attribute)',
        "a link label under a tab"),
    prose('tab-link-6',
        '[The section](libraries.md#split-sin-cos-tensorflow-text)',
        "a link label under a tab"),
    prose('tab-link-7',
        '[The section](libraries.md#split-sin-cos-marian)',
        "a link label under a tab"),
    prose('tab-link-8',
        '[The section](libraries.md#tensor2tensor)',
        "a link label under a tab"),
    prose('tab-link-9',
        '[The section](libraries.md#flipped-cos-sin-diffusers)',
        "a link label under a tab"),
    prose('tab-link-10',
        '[The section](libraries.md#fairseq)',
        "a link label under a tab"),
    prose('tab-link-11',
        '[The section](libraries.md#whisper)',
        "a link label under a tab"),
    computed('tab-link-12',
        '[The section](more-libraries.md#nemo)',
        tab_links_to('nemo')),
    computed('tab-link-13',
        '[The section](more-libraries.md#espnet)',
        tab_links_to('espnet')),
    computed('tab-link-14',
        '[The section](more-libraries.md#distilbert-and-xlm)',
        tab_links_to('distilbert-and-xlm')),
    computed('tab-link-15',
        '[The section](more-libraries.md#musicgen)',
        tab_links_to('musicgen')),
    computed('tab-link-16',
        '[The section](more-libraries.md#pegasusx)',
        tab_links_to('pegasusx')),
    computed('tab-link-17',
        '[The section](more-libraries.md#trax)',
        tab_links_to('trax')),
    computed('tab-link-18',
        '[The section](more-libraries.md#opennmt-py)',
        tab_links_to('opennmt-py')),
    computed('tab-link-19',
        '[The section](more-libraries.md#keras-hub)',
        tab_links_to('keras-hub')),
    computed('tab-link-20',
        '[The section](more-libraries.md#guided-diffusion)',
        tab_links_to('guided-diffusion')),
    computed('tab-link-21',
        '[The section](more-libraries.md#tensorflowmodels-relativepositionembedding)',
        tab_links_to('tensorflowmodels-relativepositionembedding')),
    computed('one-interface',
        'Every variant also answers to one interface, so the probes and the tests can treat them alike:',
        one_interface),
])

test_claims_hold = LEDGER.test
