"""The claims of docs/evidence/add-or-concatenate.md, each with what makes it true (see tests/claimcheck.py).

Its entries moved here from the evidence page's ledger with their sentences (same ids); the checks they share with
the other evidence pages live in tests/pages/evidence_checks.py.
"""

from claim_words import Compare, Count, Number, Truth
from claimcheck import Ledger, computed, measured, passes, prose

from pages.evidence_checks import (
    Config,
    add_setup,
    ev,
    experiments_share_the_library,  # noqa: F401
    values,
)


def _split(variant: str) -> tuple[int, int]:
    """A concatenating variant's widths as saved (token + position): its model width less its position's, and that."""
    _, width, pos, _ = ev.ADD["config"]["variants"][variant]
    return width - pos, pos


def rates_as_said():
    """The three variants the sentence names first chose a rate with a tried rate below and above it (each, both
    sides), concatenating 4 + 4's rate against the other rates tried ("the largest": the sentence says it of that one),
    and the seeds of that variant that fell below half (two); the widths 8 + 8 and 4 + 4 as saved."""
    sentence = LEDGER.text("these-narrow-models-rates-chosen")
    rates, tried = ev.ADD["rates"], sorted(ev.ADD["config"]["rates"])
    named = ("add_8", "add_16", "concat_8_8")
    sides = [(min(tried) < rates[v]["lr"], rates[v]["lr"] < max(tried)) for v in named]
    said = sentence.count("largest rate tried") == 1 and "lr_concat_4_4 }}, the largest rate tried" in sentence
    return said and [
        Compare(rates["concat_4_4"]["lr"], [r for r in tried if r != rates["concat_4_4"]["lr"]]),  # "the largest"
        Count(sum(below and above for below, above in sides), len(named)),
        Count(sum(all(side[n] for side in sides) for n in (0, 1)), 2),
        *(Number(w, at=n) for n, w in enumerate(_split("concat_8_8") + _split("concat_4_4"))),
        Number(sum(r < 0.5 for r in ev.right("concat_4_4")), at=4)]


def figure_as_drawn():
    """The figure's alt text on the saved results: the length the seeds are scored at, the variants, every median
    at 100% to the whole percent, the failed seeds of concatenating 4 + 4 (below half) and their percentages, the
    lowest seed of adding at width 16."""
    variants = ev.ADD["config"]["variants"]
    medians = [round(100 * ev.median(ev.right(v))) for v in variants]
    failed = [100 * r for r in ev.right("concat_4_4") if r < 0.5]
    return bool(failed) and [
        Number(ev.ADD["config"]["max_len"], at=0), Number(len(variants), at=1),
        Count(sum(m == 100 for m in medians), len(medians)), Number(min(medians), at=2),
        Number(len(failed), at=3), *(Number(w, at=4 + n) for n, w in enumerate(_split("concat_4_4"))),
        Number(min(failed), at=6), Number(max(failed), at=6), Number(variants["add_16"][1], at=7),
        Number(100 * min(ev.right("add_16")), at=8)]


def grid_hint_as_said():
    """The grid's single runs at width 8 (adding and concatenating 4 + 4 both 8 wide): at each rate the grid job
    quotes, concatenating's loss against adding's, read as speed (the lower loss learned faster); the rates are those
    the job saved, not typed here."""
    variants, losses = ev.ADD["config"]["variants"], ev.ADD["rates"]
    prefix = "concat_4_4_"
    saved = sorted((float(key[len(prefix):].replace("_", ".")), key[len(prefix):]) for key in values("evidence/grid")
                   if key.startswith(prefix))
    rates = [f"{rate:g}" for rate, _ in saved]
    return passes(ev.test_in_the_grid_concatenating_learned_faster_at_width_8)() and bool(saved) and [
        Number(variants["add_8"][1], at=0), Number(variants["concat_4_4"][1], at=0),
        *(Compare(-losses["concat_4_4"]["losses"][r], -losses["add_8"]["losses"][r], at=0) for r in rates),
        *(Number(rate, at=1 + n) for n, (rate, _) in enumerate(saved))]

def width_as_said():
    """Each variant's median seed at 100% to the whole percent (so the width did not bind: no median below it), the
    widths as saved (8, 4 + 4, 8 + 8, 16); where the sentence says which rate the variants picked ("largest rate"),
    every variant must have picked the grid's largest."""
    sentence = LEDGER.text("width-did-not-bind-these")
    variants, rates = ev.ADD["config"]["variants"], ev.ADD["rates"]
    medians = [round(100 * ev.median(ev.right(v))) for v in variants]
    widths = (variants["add_8"][1], *_split("concat_4_4"), *_split("concat_8_8"), variants["add_16"][1])
    rate_said = "largest rate" not in sentence or all(r["lr"] == max(ev.ADD["config"]["rates"]) for r in rates.values())
    return passes(ev.test_every_add_or_concatenate_variant_reaches_the_top)() and rate_said and [
        Truth(any(m < 100 for m in medians)), Count(sum(m == 100 for m in medians), len(medians)),
        Number(min(medians), at=0), *(Number(w, at=1 + n) for n, w in enumerate(widths))]

def counts_said() -> bool:
    """Concatenating 8 + 8 and adding at width 16 differ in parameter count (the saved counts): the sentence must say
    "nearly equal", never a bare "equal"."""
    shown = values("add_vs_concat")
    concat, add = (int(shown[k].replace(",", "")) for k in ("params_concat_8_8", "params_add_16"))
    sentence = LEDGER.text("add-params")
    return concat != add and abs(concat - add) < 0.1 * add and "nearly equal" in sentence


LEDGER = Ledger('evidence/add-or-concatenate.md', [
    prose('h-add', "a heading"),
    measured('these-narrow-models-each-variant',
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models", backs=['100', 'each', 'order', 'right']),
    prose('setup', "a heading"),
    prose('findings', "a heading"),
    prose('reproduce', "a heading"),
    prose('experiment-s-setup', "an admonition title: names the code folded in it"),
    computed('model-training-loop-all-four', experiments_share_the_library, backs=['all']),
    prose('add-argues', "a pointer to the argument on the other page"),
    computed('add-setup',
        add_setup, backs=['8', 'each', 'gen.add_vs_concat.k', 'gen.add_vs_concat.max_len', 'gen.add_vs_concat.min_len', 'gen.add_vs_concat.seeds', 'gen.add_vs_concat.steps', 'gen.add_vs_concat.vocab', 'only'], setting=True),
    computed('add-width-8',
        lambda: Config(position='sin_concat', d_model=8, d_pos=4, n_heads=2).pos_width == 4 and passes(ev.test_the_variants_are_matched_as_the_page_says)(), backs=['4', '8', '8', 'all', 'cos', 'each', 'sin']),
    computed('add-params',
        lambda: passes(ev.test_the_variants_are_matched_as_the_page_says)() and counts_said(), setting=True, backs=['16', '8', '8', 'equal', 'gen.add_vs_concat.params_add_16', 'gen.add_vs_concat.params_concat_8_8']),
    computed('tokens-right-at-length-32', figure_as_drawn,
        backs=['100', '16', '2', '32', '4', '4', '92', 'every', 'right']),
    prose('add-lead',
        "introduces the list; each item names its scope", unbacked=['gen.add_vs_concat.k', 'gen.add_vs_concat.vocab']),
    measured('width-did-not-bind-these', width_as_said, scope="in these narrow models", backs=[
            '100', '16', '4', '4', '8', '8', '8', 'each', 'gen.add_vs_concat.k_back_add_16', 'gen.add_vs_concat.k_back_add_8',
            'gen.add_vs_concat.k_back_concat_4_4', 'gen.add_vs_concat.k_back_concat_8_8', 'not']),
    measured('these-narrow-models-rates-chosen', rates_as_said, scope="In these narrow models", backs=[
        '4', '4', '8', '8', 'both', 'each', 'gen.add_vs_concat.lr_add_16', 'gen.add_vs_concat.lr_add_8',
        'gen.add_vs_concat.lr_concat_4_4', 'gen.add_vs_concat.lr_concat_8_8', 'largest']),
    measured('add-inconclusive',
        passes(ev.test_every_add_or_concatenate_variant_reaches_the_top), scope="In these narrow models", backs=['32', '64', 'cos', 'not', 'order', 'sin']),
    measured('hint-from-one-seed-grid', grid_hint_as_said, scope="In the grid's shortened runs at width 8",
        backs=['0.003', '0.01', '0.03', '8', 'after', 'faster', 'gen.evidence.grid.add_8_0_003',
               'gen.evidence.grid.add_8_0_01', 'gen.evidence.grid.add_8_0_03', 'gen.evidence.grid.add_tune_steps',
               'gen.evidence.grid.concat_4_4_0_003', 'gen.evidence.grid.concat_4_4_0_01',
               'gen.evidence.grid.concat_4_4_0_03', 'more', 'no']),
    prose('add-no-scale',
        "a statement of what we found in the literature we read (shared/research/content_anchors.md): none trains both on one large model", unbacked=['no'])
], typed={
    '100%': 'the ceiling the verdicts name (each checked against the medians by its test), not a copy of one saved value',
    '0.01': "the grid's rates as the page states them (0.003 and 0.01), parameters of experiments/_experiment.py RATES",
    '0.003': "the grid's rates as the page states them, parameters of experiments/_experiment.py RATES",
    '0.03': "the grid's rates as the page states them, parameters of experiments/_experiment.py RATES",
})

test_claims_hold = LEDGER.test
