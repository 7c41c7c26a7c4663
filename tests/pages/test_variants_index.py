"""The claims of docs/variants/index.md, each with what makes it true (see tests/claimcheck.py).

Most checks read the comparison both as committed and as observed now by running every variant
(tests/pages/variants_facts.py), or reuse a test of tests/pages/test_variants_index_code.py that asserts the same property.
"""

import inspect
import math
import re

import pytest
import torch
from claimcheck import Ledger, cited, computed, passes, prose
from pelib.variants import registry
from reference import positional_encoding
from support import SNIPPETS, number, text, values

from pages import test_reference as rp
from pages import test_variants_index_code as tv
from pages import test_variants_libraries as lp
from pages import test_variants_more_libraries as mp
from pages import test_variants_seeds as sp
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


# --- the probes' docstrings the page shows (reviewed after the migration) -----------------------------------------


def amplitude_probe() -> bool:
    """amplitude(): 1 for the paper's table, 1/sqrt(d) for NeMo's; row 0 holds cos(0) = 1 times it in every cosine column."""
    paper, nemo = positional_encoding(64, 64), registry.BY_KEY["nemo"].build(64, 64)
    return (registry.amplitude(paper) == 1.0 and abs(registry.amplitude(nemo) - 64 ** -0.5) < 1e-7
            and all(torch.allclose(t[0, 1::2].double(), torch.full((32,), registry.amplitude(t), dtype=torch.float64), atol=1e-7) for t in (paper, nemo)))


def unit_amplitude_probe() -> bool:
    paper = positional_encoding(64, 16)
    scaled = paper * 0.25
    return (registry.unit_amplitude(paper) is paper and torch.allclose(registry.unit_amplitude(scaled), paper, atol=1e-7)
            and registry.unit_amplitude(paper * (1 + 1e-5)) is not None and registry.amplitude(registry.unit_amplitude(scaled)) == 1.0)


def permutation_probe() -> bool:
    ref = positional_encoding(64, 8)
    perm = registry.interleaved_to_split(8)
    found = registry.column_permutation(ref[:, perm], ref)
    return (found == perm and all(torch.equal(ref[:, perm][:, j], ref[:, found[j]]) for j in range(8))
            and registry.column_permutation(ref[:, perm] * 0.5, ref) == perm  # another amplitude: divided first
            and registry.column_permutation(positional_encoding(64, 8, base=100.0), ref) is None
            and registry.column_permutation(ref[:, :7], ref) is None)


def sinusoid_probe() -> bool:
    """sinusoids_in(): sin/cos pairs found in any layout, omega the slope and the phase at row 0 fitted; zero columns and
    a lone sine left out; another amplitude divided first."""
    ok = passes(tv.test_probe_measures_the_paper_frequencies)()
    ref = positional_encoding(256, 8)
    for perm in (list(range(8)), registry.interleaved_to_split(8), registry.interleaved_to_flipped(8)):
        pairs = registry.sinusoids_in(ref[:, perm] * 0.5)
        ok &= len(pairs) == 4 and all(perm[p.sin_column] % 2 == 0 and perm[p.cos_column] == perm[p.sin_column] + 1 for p in pairs)
        ok &= all(abs(p.omega - 10000 ** (-perm[p.sin_column] / 8)) < 1e-6 for p in pairs)
    shifted = positional_encoding(300, 8)[5:]  # row 0 is position 5: phase 5 omega
    ok &= all(abs((p.phase - 5 * p.omega + math.pi) % (2 * math.pi) - math.pi) < 1e-4 for p in registry.sinusoids_in(shifted))
    odd = positional_encoding(256, 7)
    padded = torch.cat([positional_encoding(256, 6), torch.zeros(256, 1)], dim=1)
    ok &= len(registry.sinusoids_in(odd)) == 3 and len(registry.sinusoids_in(padded)) == 3
    return bool(ok)


def layout_probe() -> bool:
    ref = positional_encoding(256, 8)
    name = lambda t: registry.layout(registry.sinusoids_in(t), 8)  # noqa: E731
    pairs = registry.sinusoids_in(ref)
    return (name(ref) == "interleaved" and name(ref[:, registry.interleaved_to_split(8)]) == "[sin | cos]"
            and name(ref[:, registry.interleaved_to_flipped(8)]) == "[cos | sin]"
            and [p.omega for p in pairs] == sorted((p.omega for p in pairs), reverse=True))


def first_position_probe() -> bool:
    ref = positional_encoding(400, 64)
    return (registry.first_position(registry.sinusoids_in(ref)) == 0
            and registry.first_position(registry.sinusoids_in(ref[2:])) == 2
            and registry.first_position(registry.sinusoids_in(ref[20:])) == 20)  # past 2 pi / omega_0 = 6.3: no ambiguity


def frequency_ratio_probe() -> bool:
    ref, t2t = positional_encoding(128, 64), registry.BY_KEY["tensor2tensor"].build(128, 64)
    return (abs(registry.frequency_ratio(ref, ref) - 1.0) < 1e-6
            and abs(registry.frequency_ratio(t2t, ref) - 10000 ** (2 / 64)) < 1e-3)


def odd_width_probe() -> bool:
    return passes(tv.test_odd_width_classifier_on_made_up_variants)() and passes(tv.test_odd_width_behaviour, committed(), fresh())()


def trig_calls_probe() -> bool:
    with registry.TrigCalls() as calls:
        torch.sin(torch.zeros(2, dtype=torch.float64))
        torch.zeros(2, dtype=torch.float16).cos()
        torch.exp(torch.zeros(2))
    return calls.dtypes == [torch.float64, torch.float16]


def trig_profile_probe() -> bool:
    return (registry.trig_profile(registry.REFERENCE) == ("float64", "once, at construction")
            and registry.trig_profile(registry.BY_KEY["tensor2tensor"]) == ("float32", "every call")
            and registry.trig_profile(registry.BY_KEY["pegasus_x"]) == ("float32", "every forward")
            and passes(tv.test_angle_dtype_and_recomputation, committed(), fresh())())


def output_probe() -> bool:
    return (registry.output_convention(registry.REFERENCE) == "[batch, seq, d], x + PE"
            and registry.output_convention(registry.BY_KEY["espnet"]) == "[batch, seq, d], √d·x + PE"
            and registry.output_convention(registry.BY_KEY["seed_aiedge"]) == "[seq, d], PE only")


def storage_as_documented() -> bool:
    return (registry.storage(registry.REFERENCE) == {"state_dict": [], "non_persistent": ["pe"], "plain": [], "left_behind": []}
            and registry.storage(registry.BY_KEY["seed_aiedge"])["left_behind"] == ["encoding"]
            and passes(tv.test_state_dict_membership, committed(), fresh())())


def observe_probe() -> bool:
    import inspect as _inspect

    source = _inspect.getsource(registry.observe)
    cells = set(registry.observe(registry.BY_KEY["whisper"]))
    return cells == set(committed()["whisper"]) and "variant.build(" in source and passes(tv.test_whole_table_matches_fresh_observation, committed(), fresh())()


def comparison_cells() -> bool:
    from variants import comparison

    seen = {"permutation_d8": list(range(8)), "max_abs_diff": 0.0, "frequency_ratio_d64": 1.0, "frequency_ratio_d512": 1.0,
            "amplitude_d64": 1.0, "first_position": 0}
    split = dict(seen, permutation_d8=registry.interleaved_to_split(8))
    lower = dict(seen, permutation_d8=None, frequency_ratio_d64=1.3335, frequency_ratio_d512=1.0366)
    return (comparison.permutation_cell(seen) == "identical" and comparison.permutation_cell(split) == "`[0,2,4,6,1,3,5,7]`"
            and comparison.permutation_cell(lower).startswith("no")
            and comparison.frequency_cell(seen) == "paper" and comparison.frequency_cell(lower).startswith("lower")
            and comparison.amplitude_cell(seen) == "1" and comparison.amplitude_cell(dict(seen, amplitude_d64=0.125)) == "1/√d")


def check_cells() -> bool:
    from variants import comparison

    return (comparison.check_cell(registry.BY_KEY["marian"]).startswith("installed `transformers==")
            and comparison.check_cell(registry.BY_KEY["fairseq"]) == "source text at the cited commit")


def variant_build() -> bool:
    v = registry.BY_KEY["marian"]
    return torch.equal(v.build(9, 6), v.code.build(9, 6)) and v.build(9, 6).shape == (9, 6) and all(
        torch.equal(registry.REFERENCE.build(9, 6)[p], positional_encoding(10, 6)[p]) for p in range(9))


LEDGER = Ledger('variants/index.md', [
    prose('title', "the title"),
    prose('where-you-come-from', "addresses the reader; names where an implementation may come from"),
    prose('plan', "the plan of the section", unbacked=['exactly']),
    cited('behaves-as-its-original',
        "shared/research/library_audit.md (each library's real function run beside the site's variant: every table matched to "
        "one float32 rounding step, with the same odd-width failures); the seeds' printed tables, tests/pages/test_variants_index_code.py",
        lambda: passes(tv.test_seed_tables_match_their_sources)() and all(
            passes(tv.test_every_variant_has_a_cited_section_and_a_table_row, v)() for v in registry.VARIANTS), backs=['each', 'same', 'same']),
    computed('five-seeds',
        lambda: (len(SEEDS) == 5 and (SEEDS[0], SEEDS[-1]) == ("seed_nested_loops", "seed_plain_attribute")
        and all(registry.BY_KEY[k].page.startswith("seeds.md#") for k in SEEDS)
        and passes(tv.test_plain_attribute_copies_on_every_call)()), backs=['each', 'every', 'right']),
    computed('six-libraries',
        lambda: LIBRARIES == ["split_sin_cos", "marian", "tensor2tensor", "diffusers_flipped", "fairseq", "whisper"]
        and all(registry.BY_KEY[k].page.startswith("libraries.md#") for k in LIBRARIES)),
    computed('more-libraries-plan', more_libraries_listed, backs=['more']),
    prose('converting-plan', "what the Converting page covers: a plan"),
    computed('clinic-plan', clinic_plan, backs=['right']),
    prose('find-yours', "a heading"),
    prose('table-head', "the head of the table"),
    computed('row-slices',
        lambda: row(["seed_aiedge", "seed_div_term", "seed_plain_attribute"], "interleaved", "paper")
        and all("0::2] = torch.sin" in code(k) and "1::2] = torch.cos" in code(k)
                for k in ("seed_aiedge", "seed_div_term", "seed_plain_attribute")), backs=['0', '1', '2', '2', 'cos', 'interleaved', 'sin']),
    computed('row-stack',
        lambda: row(["seed_stack_flatten"], "interleaved", "paper")
        and "torch.stack(" in code("seed_stack_flatten") and "flatten" in code("seed_stack_flatten"), backs=['2', 'cos', 'interleaved', 'sin']),
    computed('row-split-paper',
        lambda: row(["split_sin_cos", "marian"], "[sin | cos]", "paper"), backs=['1', 'cos', 'cos', 'sin', 'sin']),
    computed('row-split-t2t',
        lambda: row(T2T, "[sin | cos]", "tensor2tensor"), backs=['1', '1', 'cos', 'cos', 'sin', 'sin']),
    computed('row-flipped', diffusers_either_frequency, backs=['cos', 'sin']),
    computed('row-guided-diffusion',
        lambda: row(['guided_diffusion'], '[cos | sin]', 'paper') and 'torch.cat([torch.cos(args), torch.sin(args)], dim=-1)' in code('guided_diffusion') and '/ half)' in code('guided_diffusion'), backs=['1', 'cos', 'cos', 'half', 'sin', 'sin']),
    computed('row-musicgen',
        lambda: row(['musicgen'], '[cos | sin]', 'tensor2tensor') and '/ (half - 1)' in code('musicgen') and 'torch.cat([torch.cos(angle), torch.sin(angle)], dim=1)' in code('musicgen'), backs=['1', '1', 'cos', 'cos', 'sin', 'sin']),
    computed('row-nemo', nemo_divided, backs=[r'\(\sqrt{d}\)', 'interleaved']),
    computed('row-espnet-opennmt',
        lambda: row(['espnet', 'opennmt'], 'interleaved', 'paper') and 'x * self.xscale + self.pe[:, : x.size(1)]' in code('espnet') and 'emb * math.sqrt(self.dim)' in code('opennmt'), backs=['1', 'interleaved']),
    computed('row-pegasusx-keras-hub', pegasus_or_keras, backs=['either', 'interleaved']),
    prose('by-eye', "an invitation to look at the figure; what it shows is checked by the entries that follow"),
    computed('figure-size',
        lambda: LAYOUTS.count(".build(64, 32)") == 4 and "table.T" in LAYOUTS and 'origin="lower"' in LAYOUTS, backs=['32', '64', 'column', 'row', 'same']),
    computed('figure-panels',
        lambda: LAYOUTS.count(".build(64, 32)") == 4 and "table.T" in LAYOUTS and 'origin="lower"' in LAYOUTS, backs=['32', '64', 'columns']),
    computed('figure-reference',
        lambda: observed("reference", "layout") == "interleaved" and 'BY_KEY["reference"].build(64, 32)' in LAYOUTS, backs=['cosine', 'interleaved', 'rows', 'sine']),
    computed('figure-halves',
        lambda: 'origin="lower"' in LAYOUTS and observed("split_sin_cos", "layout") == "[sin | cos]"
        and observed("diffusers_flipped", "layout") == "[cos | sin]" and observed("tensor2tensor", "layout") == "[sin | cos]"
        and t2t_slower_than_split(), backs=['columns', 'cosines', 'cosines', 'even', 'half', 'half', 'more', 'same', 'sines']),
    prose('comparison-heading', "a heading"),
    computed('observed-not-typed',
        lambda: with_tables(tv.test_whole_table_matches_fresh_observation)() and all(
        f'--8<-- "variants/comparison-{part}.txt"' in page("index.md") for part in ("values", "behaviour", "build")), backs=['below', 'down', 'every', 'none']),
    computed('the-tests-check',
        lambda: all(with_tables(t)() for t in (tv.test_table_permutations_match_expectation,
        tv.test_table_frequency_claims, tv.test_odd_width_behaviour, tv.test_state_dict_membership)), backs=['each']),
    prose('computes-heading', "a heading", unbacked=['each']),
    prose('layout-term', "the definition of a column of the table", unbacked=['cosines', 'sines']),
    computed('layout-probe',
        probe_names_layouts, backs=[r'\(\sin^2 + \cos^2 = 1\)', 'all', 'columns', 'cosine', 'every', 'rows', 'sine']),
    computed('perm-column', identical_cells, backs=['8', 'columns', 'identical', 'no', 'order']),
    computed('max-diff-column',
        max_diff_measured, backs=['64', '64', 'after', 'column', 'column', 'columns', 'float64', 'largest']),
    computed('about-two', about_two_or_rounding, backs=['2', r'\(10^{-6}\)', 'columns', 'float32']),
    computed('frequencies-column',
        passes(tv.test_probe_measures_the_paper_frequencies), backs=[r'\(\omega\)', 'every']),
    computed('paper-cell',
        paper_cell_means_every_frequency, backs=['512', '64', r'\(10^{-4}\)', r'\(\omega_\text{ref} / \omega_\text{variant}\)', 'every', 'largest', 'lower', 'lowest', 'ratio']),
    computed('row-0-column', with_tables(tv.test_first_position), backs=['0', '1', 'first', 'row', 'row']),
    prose('behaves-heading', "a heading", unbacked=['each']),
    computed('odd-column',
        lambda: passes(tv.test_odd_width_classifier_on_made_up_variants)() and all(
        re.fullmatch(r"correct|correct \(permuted\)|wrong width \(\d+ columns\)|zero column \([\d, ]+\)|crash \(\w+\)",
                     observed(v.key, "odd_d7")) for v in ALL), backs=['0', '7', 'column', 'column', 'columns', 'every', 'more', 'odd', 'row', 'zero']),
    computed('returns-column', returns_probe, backs=['1', '3', '5', '6']),
    prose('lives-heading', "a heading"),
    computed('lives-column', storage_probe, backs=['buffers', 'left']),
    computed('dtype-column', trig_probe, backs=['cos', 'cos', 'every', 'sin', 'sin']),
    prose('says-heading', "a heading"),
    computed('seeds-are-the-paper',
        seeds_are_the_paper, backs=['columns', 'differ', 'even', 'every', 'every', 'float32', 'gen.variants.comparison.fp32_max_diff', 'interleaved', 'only']),
    computed('t2t-other-numbers',
        other_numbers, backs=['512', '64', 'first', 'gen.variants.comparison.fairseq_first', 'gen.variants.comparison.t2t_ratio_d512', 'gen.variants.comparison.t2t_ratio_d64', 'lower', 'lowest', 'times', 'times']),
    computed('no-reordering',
        lambda: all(passes(tv.test_tensor2tensor_family_has_no_permutation_to_the_reference, k)()
        and observed(k, "permutation_d8") is None for k in T2T), backs=['column', 'no']),
    computed('odd-widths-break', odd_widths_break, backs=['column', 'column', 'every', 'most', 'odd', 'zero']),
    computed('only-three-handle-odd',
        handled_at_odd_widths, backs=['gen.variants.comparison.odd_width_correct', 'only']),
    computed('where-it-lives',
        where_the_table_lives, backs=['cannot', 'every', 'every', 'more', 'recompute', 'saved', 'some']),
    prose('side-by-side', "a heading", unbacked=['every']),
    prose('flip-tabs', "an instruction", unbacked=['each']),
    prose('tab-link-1', "a link label under a tab", unbacked=['right']),
    prose('tab-link-2', "a link label under a tab", unbacked=['right']),
    prose('tab-link-3', "a link label under a tab", unbacked=['right']),
    prose('tab-link-4', "a link label under a tab", unbacked=['right']),
    prose('tab-link-5', "a link label under a tab", unbacked=['right']),
    prose('tab-link-6', "a link label under a tab"),
    prose('tab-link-7', "a link label under a tab"),
    prose('tab-link-8', "a link label under a tab"),
    prose('tab-link-9', "a link label under a tab"),
    prose('tab-link-10', "a link label under a tab"),
    prose('tab-link-11', "a link label under a tab"),
    computed('tab-link-12', tab_links_to('nemo')),
    computed('tab-link-13', tab_links_to('espnet')),
    computed('tab-link-14', tab_links_to('distilbert-and-xlm')),
    computed('tab-link-15', tab_links_to('musicgen')),
    computed('tab-link-16', tab_links_to('pegasusx')),
    computed('tab-link-17', tab_links_to('trax')),
    computed('tab-link-18', tab_links_to('opennmt-py')),
    computed('tab-link-19', tab_links_to('keras-hub')),
    computed('tab-link-20', tab_links_to('guided-diffusion')),
    computed('tab-link-21', tab_links_to('tensorflowmodels-relativepositionembedding')),
    computed('one-interface', one_interface, backs=['every']),
    prose('interface', 'an admonition title: it labels the folded interface that every variant answers to'),
    prose('code-draws', 'an admonition title: it labels the folded code that draws the figure above it'),
    prose('how-cells-are-measured-probes', 'an admonition title: it labels the folded probes, whose docstrings have their own entries'),
    computed('largest-value-table-1-paper', amplitude_probe, backs=['1', '1', 'largest']),
    computed('any-row-at-or-near', amplitude_probe, backs=['0', '0', '1', 'any', 'column', 'cos', 'cosine', 'every', 'row', 'times']),
    computed('table-divided-by-amplitude-when', unit_amplitude_probe, backs=['1', 'not']),
    computed('perm-with-table-j-target', permutation_probe, backs=['column', 'every', 'none', 'none', 'within']),
    computed('table-with-another-amplitude-compared', permutation_probe, backs=['after']),
    computed('pair-columns-hold-sin-cos', sinusoid_probe, backs=['columns', 'cos', 'sin']),
    computed('find-sin-cos-column-pairs', sinusoid_probe, backs=['1', 'column', 'cos', 'cos', 'each', 'every', 'row', 'sin', 'sin']),
    computed('works-any-layout-interleaved-split', sinusoid_probe, backs=['any', 'interleaved']),
    computed('angle-atan2-sin-cos-unwrapped', sinusoid_probe, backs=['0', 'cos', 'row', 'rows', 'sin']),
    computed('columns-without-partner-zero-column', sinusoid_probe, backs=['column', 'columns', 'left', 'sine', 'zero']),
    computed('table-another-amplitude-divided-by', sinusoid_probe, backs=['first']),
    computed('name-column-layout-from-where', layout_probe, backs=['column', 'cosines', 'first', 'highest', 'sines']),
    computed('position-row-0-encodes-phase', first_position_probe, backs=['0', '0.05', '2', 'no', 'row']),
    computed('largest-omega-target-omega-table', frequency_ratio_probe, backs=['1.0', 'largest', 'same']),
    computed('run-variant-at-odd-width', odd_width_probe, backs=['odd']),
    computed('record-dtype-every-tensor-passed', trig_calls_probe, backs=['cos', 'every', 'sin']),
    computed('dtype-angles-given-sin-cos', trig_profile_probe, backs=['cos', 'sin']),
    computed('shape-what-variant-returns-words', output_probe),
    computed('where-built-module-keeps-table', storage_as_documented, backs=['buffers']),
    computed('every-cell-comparison-table-one', observe_probe, backs=['each', 'every']),
    computed('identity-observed-column-order-at', comparison_cells, backs=['8', 'column', 'none', 'order']),
    computed('paper-when-every-omega-matches', comparison_cells, backs=['every', 'lower', 'lowest'], unbacked={'4': 'the exponent of the tolerance 1e-4, a setting of the cell', '64': 'the widths the cell reads, a setting', '512': 'the widths the cell reads, a setting'}),
    computed('largest-value-at-d-model', comparison_cells, backs=['1', '1', 'largest'], unbacked={'64': 'the width the cell reads, a setting'}),
    computed('what-variant-s-own-tests', check_cells),
    computed('angular-frequencies-w-i-base', rp.LEDGER['angular-frequencies-w-i-base'].check, backs=['0', '1', '2', 'float64']),
    computed('pair-i-columns-2i-2i', rp.LEDGER['pair-i-columns-2i-2i'].check, backs=['1', '1', 'columns', 'fall']),
    computed('return-seq-len-d-model', rp.LEDGER['return-seq-len-d-model'].check, backs=['1', 'cos', 'sin']),
    computed('w-i-base-2i-d', rp.LEDGER['w-i-base-2i-d'].check),
    computed('both-columns-pair-share', rp.LEDGER['both-columns-pair-share'].check, backs=['both', 'columns']),
    computed('odd-d-model-last-column', rp.LEDGER['odd-d-model-last-column'].check, backs=['column', 'last', 'odd', 'sine']),
    computed('angles-are-computed-float64-each', rp.LEDGER['angles-are-computed-float64-each'].check, backs=['10', '6', 'double', 'each', 'even', 'every', 'exact', 'exactly', 'float32', 'float32', 'float32', 'float64', 'float64', 'half', 'up to', 'within']),
    computed('rows-are-computed-chunk-positions', rp.LEDGER['rows-are-computed-chunk-positions'].check, backs=['more'], unbacked={'rows': 'the chunking by rows is checked by the entry chunks (one_chunk_beyond_the_table); this slow check measures the peak'}, slow=True),
    computed('return-rows-table-given-positions', rp.LEDGER['return-rows-table-given-positions'].check, backs=['float64', 'rows']),
    computed('1-d-tensor-finite-real', rp.LEDGER['1-d-tensor-finite-real'].check, backs=['0', '1', '1']),
    computed('fill-float32-seq-len-d', sp.LEDGER['fill-float32-seq-len-d'].check, backs=['cosine', 'float32', 'sine']),
    cited('behaves-like-post-inner-loop', sp.LEDGER['behaves-like-post-inner-loop'].note, sp.LEDGER['behaves-like-post-inner-loop'].check, backs=['0', '0', '2', 'column', 'each', 'float32', 'float64', 'last', 'odd', 'sine', 'times']),
    computed('rebuild-whole-table-every-call', sp.LEDGER['rebuild-whole-table-every-call'].check, backs=['every', 'forward', 'no']),
    cited('behaves-like-notebook-one-denominator', sp.LEDGER['behaves-like-notebook-one-denominator'].note, sp.LEDGER['behaves-like-notebook-one-denominator'].check, backs=['2', 'columns', 'cos', 'sin']),
    computed('with-odd-d-model-there', sp.LEDGER['with-odd-d-model-there'].check, backs=['1', '2', 'columns', 'odd']),
    computed('nothing-stored-state-dict-empty', sp.LEDGER['nothing-stored-state-dict-empty'].check, backs=['stored']),
    computed('build-float32-context-size-d', sp.LEDGER['build-float32-context-size-d'].check, backs=['first', 'float32', 'forward', 'not', 'rows']),
    cited('behaves-like-newsletter-s-class', sp.LEDGER['behaves-like-newsletter-s-class'].note, sp.LEDGER['behaves-like-newsletter-s-class'].check, backs=['2', '2', 'all', 'cosines', 'first', 'odd', 'sines']),
    computed('table-kept-twice-over-as', sp.LEDGER['table-kept-twice-over-as'].check, backs=['buffer', 'persistent', 'same', 'saved', 'twice']),
    computed('x-batch-seq-len-d', sp.LEDGER['x-batch-seq-len-d'].check, backs=['only']),
    computed('add-float32-1-seq-len', sp.LEDGER['add-float32-1-seq-len'].check, backs=['1', 'buffer', 'float32', 'persistent']),
    cited('behaves-like-notebook-s-class', sp.LEDGER['behaves-like-notebook-s-class'].note, sp.LEDGER['behaves-like-notebook-s-class'].check, backs=['10000', '10000', 'cosine', 'equals', 'odd', 'saved']),
    computed('add-float32-1-max-input', sp.LEDGER['add-float32-1-max-input'].check, backs=['1', 'float32']),
    cited('behaves-like-post-s-class', sp.LEDGER['behaves-like-post-s-class'].note, sp.LEDGER['behaves-like-post-s-class'].check, backs=['buffer', 'every', 'forward', 'not', 'not']),
    computed('odd-hidden-size-makes-cosine', sp.LEDGER['odd-hidden-size-makes-cosine'].check, backs=['cosine', 'odd']),
    computed('constructor-prints-debug-line', sp.LEDGER['constructor-prints-debug-line'].check),
    computed('return-float32-length-depth-table', lp.LEDGER['return-float32-length-depth-table'].check, backs=['1', '1', 'cos', 'cos', 'float32', 'sin', 'sin']),
    cited('behaves-like-tensorflow-text-s', lp.LEDGER['behaves-like-tensorflow-text-s'].note, lp.LEDGER['behaves-like-tensorflow-text-s'].check, backs=['2', '2', 'column', 'float32', 'float64', 'odd']),
    computed('nn-embedding-whose-frozen-weight', lp.LEDGER['nn-embedding-whose-frozen-weight'].check, backs=['2', '2', 'columns', 'cos', 'cosines', 'frozen', 'sin', 'sine']),
    cited('behaves-like-transformers-mariansinusoidalpositi', lp.LEDGER['behaves-like-transformers-mariansinusoidalpositi'].note, lp.LEDGER['behaves-like-transformers-mariansinusoidalpositi'].check, backs=['any', 'only']),
    computed('angles-float64-numpy-there-cast', lp.LEDGER['angles-float64-numpy-there-cast'].check, backs=['column', 'float32', 'float64', 'forward', 'not', 'odd', 'sines']),
    computed('return-float32-1-length-channels', lp.LEDGER['return-float32-1-length-channels'].check, backs=['1', 'column', 'cos', 'float32', 'odd', 'sin']),
    cited('behaves-like-tensor2tensor-s-get', lp.LEDGER['behaves-like-tensor2tensor-s-get'].note, lp.LEDGER['behaves-like-tensor2tensor-s-get'].check, backs=['0', '1', '1', '2', '2', 'down', 'not']),
    cited('source-multiplies-by-min-timescale', lp.LEDGER['source-multiplies-by-min-timescale'].note, lp.LEDGER['source-multiplies-by-min-timescale'].check, backs=['1', '1', '1', '1923', 'down', 'exactly']),
    computed('x-batch-length-channels-recomputes', lp.LEDGER['x-batch-length-channels-recomputes'].check, backs=['recomputes']),
    computed('return-float32-n-embedding-dim', lp.LEDGER['return-float32-n-embedding-dim'].check, backs=['float32']),
    cited('behaves-like-diffusers-get-timestep', lp.LEDGER['behaves-like-diffusers-get-timestep'].note, lp.LEDGER['behaves-like-diffusers-get-timestep'].check, backs=['0', '1', 'column', 'cos', 'odd', 'sin']),
    computed('map-tokens-batch-seq-len', lp.LEDGER['map-tokens-batch-seq-len'].check, backs=['row', 'rows']),
    cited('behaves-like-fairseq-s-sinusoidalpositionalembed', lp.LEDGER['behaves-like-fairseq-s-sinusoidalpositionalembed'].note, lp.LEDGER['behaves-like-fairseq-s-sinusoidalpositionalembed'].check, backs=['1', '1', '2', '2', '3', 'all', 'buffer', 'column', 'cos', 'last', 'longer', 'odd', 'row', 'rows', 'sin', 'zero', 'zero']),
    computed('return-float32-length-channels-table', lp.LEDGER['return-float32-length-channels-table'].check, backs=['cos', 'float32', 'sin']),
    cited('behaves-like-whisper-s-odd', lp.LEDGER['behaves-like-whisper-s-odd'].note, lp.LEDGER['behaves-like-whisper-s-odd'].check, backs=['2', 'odd', 'zero']),
    cited('encoder-s-use-persistent-buffer', lp.LEDGER['encoder-s-use-persistent-buffer'].note, lp.LEDGER['encoder-s-use-persistent-buffer'].check, backs=['1500', 'buffer', 'exactly', 'persistent']),
    computed('look-up-rows-float32-table', mp.LEDGER['look-up-rows-float32-table'].check, backs=['float32', 'rows', 'up']),
    cited('behaves-like-nemo-s-fixedpositionalencoding', mp.LEDGER['behaves-like-nemo-s-fixedpositionalencoding'].note, mp.LEDGER['behaves-like-nemo-s-fixedpositionalencoding'].check, backs=['buffer', 'cosine', 'every', 'float32', 'forward', 'interleaved', 'odd', 'only', 'persistent', 'rows', 'saved']),
    cited('load-pre-hook-checkpoints-up', mp.LEDGER['load-pre-hook-checkpoints-up'].note, mp.LEDGER['load-pre-hook-checkpoints-up'].check, backs=['saved', 'up to']),
    computed('return-x-sqrt-d-model', mp.LEDGER['return-x-sqrt-d-model'].check),
    cited('behaves-like-espnet-s-positionalencoding', mp.LEDGER['behaves-like-espnet-s-positionalencoding'].note, mp.LEDGER['behaves-like-espnet-s-positionalencoding'].check, backs=['0', '1', 'buffer', 'cosine', 'down', 'float32', 'interleaved', 'longer', 'not', 'not', 'odd', 'rows', 'stored']),
    computed('return-x-sqrt-d-table', mp.LEDGER['return-x-sqrt-d-table'].check, backs=['0', '1', 'down']),
    computed('write-interleaved-table-into-embedding', mp.LEDGER['write-interleaved-table-into-embedding'].check, backs=['interleaved']),
    cited('behaves-like-transformers-create-sinusoidal', mp.LEDGER['behaves-like-transformers-create-sinusoidal'].note, mp.LEDGER['behaves-like-transformers-create-sinusoidal'].check, backs=['10000', '2', '2', 'column', 'columns', 'cosines', 'even', 'float32', 'float64', 'last', 'odd', 'odd', 'same', 'sine', 'sines']),
    cited('model-s-position-embeddings-nn', mp.LEDGER['model-s-position-embeddings-nn'].note, mp.LEDGER['model-s-position-embeddings-nn'].check),
    computed('return-rows-float32-cos-sin', mp.LEDGER['return-rows-float32-cos-sin'].check, backs=['1', 'cos', 'float32', 'rows', 'sin']),
    cited('behaves-like-transformers-musicgensinusoidalposi', mp.LEDGER['behaves-like-transformers-musicgensinusoidalposi'].note, mp.LEDGER['behaves-like-transformers-musicgensinusoidalposi'].check, backs=['1', '2', 'buffer', 'column', 'cosines', 'first', 'float32', 'larger', 'last', 'more', 'not', 'odd', 'only', 'rows', 'rows', 'saved', 'zero']),
    computed('return-batch-seq-len-d', mp.LEDGER['return-batch-seq-len-d'].check, backs=['cos', 'sin']),
    cited('behaves-like-transformers-pegasusxsinusoidalposi', mp.LEDGER['behaves-like-transformers-pegasusxsinusoidalposi'].note, mp.LEDGER['behaves-like-transformers-pegasusxsinusoidalposi'].check, backs=['1', '1', '2', 'columns', 'cosines', 'every', 'float16', 'float16', 'forward', 'no', 'odd', 'only', 'sines']),
    computed('add-rows-1-max-len', mp.LEDGER['add-rows-1-max-len'].check, backs=['1', 'rows', 'trainable']),
    cited('behaves-like-trax-s-positionalencoding', mp.LEDGER['behaves-like-trax-s-positionalencoding'].note, mp.LEDGER['behaves-like-trax-s-positionalencoding'].check, backs=['above', 'any', 'cosine', 'float32', 'float64', 'odd', 'trainable']),
    computed('emb-sqrt-dim-pe-then', mp.LEDGER['emb-sqrt-dim-pe-then'].check),
    cited('behaves-like-opennmt-py-s', mp.LEDGER['behaves-like-opennmt-py-s'].note, mp.LEDGER['behaves-like-opennmt-py-s'].check, backs=['1', 'before', 'buffer', 'float32', 'interleaved', 'odd', 'persistent', 'row', 'saved']),
    computed('return-interleaved-table-broadcast-input', mp.LEDGER['return-interleaved-table-broadcast-input'].check, backs=['every', 'interleaved']),
    cited('behaves-like-keras-hub-s', mp.LEDGER['behaves-like-keras-hub-s'].note, mp.LEDGER['behaves-like-keras-hub-s'].check, backs=['all', 'cosine', 'float16', 'float32', 'odd', 'only', 'sine', 'sines']),
    computed('return-float32-n-dim-embedding', mp.LEDGER['return-float32-n-dim-embedding'].check, backs=['cos', 'float32', 'sin']),
    cited('behaves-like-guided-diffusion-s', mp.LEDGER['behaves-like-guided-diffusion-s'].note, mp.LEDGER['behaves-like-guided-diffusion-s'].check, backs=['2', 'all', 'all', 'column', 'cosines', 'first', 'float32', 'last', 'odd', 'sines', 'zero']),
    computed('return-float32-length-2-hidden', mp.LEDGER['return-float32-length-2-hidden'].check, backs=['2', '2', 'cos', 'float32', 'sin']),
    cited('behaves-like-relativepositionembedding-tensorflo', mp.LEDGER['behaves-like-relativepositionembedding-tensorflo'].note, mp.LEDGER['behaves-like-relativepositionembedding-tensorflo'].check, backs=['0', '1', '1', '2', '3', 'column', 'column', 'float32', 'narrower', 'no', 'no', 'no', 'odd']),
    prose('one-implementation-where-comes-from', "describes what the Variant record holds (its fields); states no behaviour"),
    computed('seq-len-d-model-table', variant_build, backs=['0', '1']),
    prose('page-finds-variant-closest-your', "what the page gives: a plan of the page ('Find yours' and 'The comparison table'), and reading advice", unbacked=['every', 'first', 'not']),
])

test_claims_hold = LEDGER.test
