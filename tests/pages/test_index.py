"""The claims of docs/index.md, each with what makes it true (see tests/claimcheck.py)."""

import importlib
import inspect
import re

import claimcheck
import test_claims
import texmath
import torch
from claimcheck import DOCS, Ledger, cited, computed, equation, passes, prose
from reference import positional_encoding
from support import ROOT

from pages import test_formula as tf
from pages import test_properties_code as properties_tests
from pages import test_why_positions_code as why_positions_tests

PAGE = "index.md"
DISPLAY = r"\[ \mathrm{PE}(p, 2i) = \sin\!\left(\frac{p}{10000^{2i/d}}\right), \qquad \mathrm{PE}(p, 2i+1) = \cos\!\left(\frac{p}{10000^{2i/d}}\right). \]"


def ok(test, *args) -> bool:
    return passes(test, *args)()


def has_tests(module: str, *names: str) -> bool:
    """The test module has these test functions (the checks the sentence describes)."""
    found = importlib.import_module(module)
    return all(callable(getattr(found, name, None)) and name.startswith("test_") for name in names)


def pages() -> dict:
    return {page: (DOCS / page).read_text(encoding="utf-8") for page in test_claims.pages() if page.endswith(".md")}


FENCE = re.compile(r"^\s*(`{3,})[^\n]*\n(.*?)^\s*\1\s*$", re.S | re.M)


def typed_code_blocks() -> dict:
    """Per page, the fenced blocks that are more than includes."""
    typed = {}
    for page, text in pages().items():
        for block in FENCE.findall(text):
            body = block[1]
            if any(line.strip() and not line.strip().startswith("--8<--") for line in body.splitlines()):
                typed.setdefault(page, []).append(body)
    return typed


def code_is_included() -> bool:
    typed = typed_code_blocks()
    others = {page: blocks for page, blocks in typed.items() if page != "contributing.md"}
    make = others.pop("performance.md", [])
    return (not others and len(make) == 1 and make[0].strip().startswith("make ") and "contributing.md" in typed
            and "contributing.md" in typed)


def includes_come_from_the_code() -> bool:
    for page, text in pages().items():
        if page == "contributing.md":
            continue
        for name in re.findall(r'--8<--\s+"([^":]+)', text):
            folder = "" if name.startswith(("benchmarks/", "experiments/")) else "snippets"
            if name.endswith(".py") and not (ROOT / folder / name).is_file():
                return False
            code = name.endswith(".sh") and (ROOT / "snippets" / name).is_file()  # commands a page shows and a test runs
            if not name.endswith(".py") and not code and not (DOCS / "generated" / name).is_file() and name != "CONTRIBUTING.md":
                return False
    return True


def outputs_and_figures_generated() -> bool:
    for text in pages().values():
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
            if not re.match(r"(\.\./)*generated/", target):
                return False
    return includes_come_from_the_code()


def numbers_quoted_on_every_page() -> bool:
    return all(ok(test_claims.test_numbers_code_computed_are_quoted_not_typed, page) for page in test_claims.pages())


def typed_numbers_said(id: str) -> bool:
    """Every number code computed is quoted (the test above), except those a ledger lists under `typed=` with a
    reason; while any page has such a number, the sentence `id` must say that a ledger lists them."""
    typed = {page: test_claims.ledger_of(page).typed for page in test_claims.pages()}
    reasons = all(why.strip() for numbers in typed.values() for why in numbers.values())
    said = "ledger" in LEDGER.text(id) or not any(typed.values())
    return numbers_quoted_on_every_page() and reasons and said


def depends_only_on_position() -> bool:
    return all(torch.equal(positional_encoding(10, d), positional_encoding(1000, d)[:10]) for d in (4, 64, 512)) and \
        "x" not in inspect.signature(positional_encoding).parameters


def pairs_share_a_frequency_fast_to_slow() -> bool:
    for d in (8, 64, 512):
        t = positional_encoding(2, d, dtype=torch.float64)
        omega = 10000.0 ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)
        if not (torch.allclose(torch.asin(t[1, 0::2]), omega, rtol=1e-9) and torch.allclose(
                torch.acos(t[1, 1::2]), omega, rtol=1e-6) and bool((omega[1:] < omega[:-1]).all())):
            return False
    t = positional_encoding(100, 64, dtype=torch.float64)
    return torch.allclose(t[:, 0::2] ** 2 + t[:, 1::2] ** 2, torch.ones(100, 32, dtype=torch.float64), atol=1e-12)


def heatmap_stripes_then_bands() -> bool:
    """On the data the heatmap draws (tests/pages/test_formula.py reads it): stripes in the first pairs, bands in the
    last."""
    return tf.heatmap_stripes_then_bands()


def explanation_card_is_the_nav_section() -> bool:
    """The home page's "Understand it" card links the pages of the navigation's Explanation section, in its order (a
    subsection, such as the evidence pages, by its first page)."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = re.search(r"- Explanation:\n((?:\s{6,}- .*\n)+)", nav).group(1)
    pages, opened = [], False
    for indent, entry in re.findall(r"^( +)- (.*)$", section, flags=re.M):
        page = re.search(r"([\w/-]+\.md)$", entry)
        if len(indent) == 6:
            opened = page is None  # a subsection: its first page stands for it
            if page:
                pages.append(page.group(1))
        elif opened and page:
            pages.append(page.group(1))
            opened = False
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    card = home[home.index("**Understand it**"):home.index("**Use it**")]
    return re.findall(r"\]\(([\w/-]+\.md)\)", card) == pages


def displays_are_read() -> bool:
    """A display's check reads the display: a changed sign, index or exponent fails whatever the ledger says."""
    wrong = [DISPLAY.replace(r"\cos", r"\sin"), DISPLAY.replace("2i+1", "2i"), DISPLAY.replace("{2i/d}", "{i/d}", 1)]
    entry = claimcheck.equation("probe", text=DISPLAY)
    return (entry.check() is True and not any(texmath.holds(w, texmath.integers) for w in wrong)
            and all(claimcheck.equation("probe", text=w).check() is False for w in wrong))


def ledger_for_every_page() -> bool:
    """Every page has its ledger and its lock, the lock test runs on every page, and the accept command's decisions
    (a typo alone, a flipped claim refused) are tested on every sentence."""
    from claimcheck import lock_path

    return (all(test_claims.module_for(page).is_file() and lock_path(page).is_file() for page in test_claims.pages())
            and has_tests("test_claims", "test_the_page_agrees_with_its_lock_and_ledger")
            and has_tests("test_claimcheck", "test_every_flip_on_every_sentence_is_refused",
                          "test_a_typo_in_every_plain_sentence_is_accepted"))


def tour_from_order_to_rotation() -> bool:
    """The tour has five steps with one figure each, the first on attention and order, a later one on the rotation."""
    from pages import test_tour as tour

    heads = [s.split("\n")[0] for s in tour.steps()]
    return (tour.five_steps_one_picture_each() and "Attention cannot see order" in heads[0]
            and any("rotation" in h for h in heads[1:]) and tour.attention_ignores_order() and tour.shift_is_a_matrix())


LEDGER = Ledger('index.md', [
    equation('the-formula'),
    prose('title', "the site's title"),
    computed('attention-cannot-see-where',
             lambda: ok(why_positions_tests.test_attention_without_pe_is_permutation_equivariant), backs=['any', 'every', 'every', 'no', 'same']),
    cited('paper-adds-pe',
           "Vaswani et al. 2017, Attention Is All You Need (arXiv:1706.03762), §3.5 ('we add positional encodings to the input embeddings')",
           depends_only_on_position, backs=['2017', '3.5', 'all', 'depends', 'each', 'only']),
    prose('one-idea', 'what the site is about'),
    computed('every-code-example-file-repository',
             lambda: code_is_included() and outputs_and_figures_generated() and typed_numbers_said('every-code-example-file-repository'), backs=['every', 'every', 'only']),
    computed('tests-check-properties',
             lambda: ok(properties_tests.test_dot_product_depends_only_on_the_offset) and has_tests('pages.test_formula_code', 'test_the_written_forms_give_the_same_table'), backs=['not', 'only']),
    prose('heading-formula', 'a heading: the claims are in the sentences below it'),
    computed('pair-index', pairs_share_a_frequency_fast_to_slow, backs=[r'\(d\)', r'\(i = 0, 1, \dots\)', r'\(p\)']),
    computed('one-frequency-per-pair',
             pairs_share_a_frequency_fast_to_slow, backs=[r'\(2i+1\)', r'\(2i\)', r'\(\omega_i = 10000^{-2i/d}\)', 'columns', 'cosine', 'first', 'later', 'same', 'sine', 'slower', 'slower']),
    computed('heatmap-alt',
             tf.heatmap_split_by_pair, backs=['128', '128', 'above', 'below', 'both', 'columns', 'columns', 'cosine', 'first', 'last', 'row', 'sine']),
    prose('heading-find-your-way', 'a heading: the claims are in the sentences below it'),
    prose('card-understand', "a card's label: the kind of page (Diátaxis) the links below it lead to"),
    computed('explanation-pages', explanation_card_is_the_nav_section, backs=['10000', 'linear', 'right']),
    prose('card-use', "a card's label: the kind of page (Diátaxis) the links below it lead to"),
    prose('links-use',
           'a link to other pages; test_site.test_local_links_and_anchors_resolve checks the targets', unbacked=['right']),
    prose('card-trust', "a card's label: the kind of page (Diátaxis) the links below it lead to"),
    prose('links-trust', 'a link to other pages; test_site.test_local_links_and_anchors_resolve checks the targets'),
    prose('card-play', "a card's label: the kind of page (Diátaxis) the links below it lead to"),
    prose('links-play', 'a link to other pages; test_site.test_local_links_and_anchors_resolve checks the targets, and tests/test_questions.py that the card links every page of the Learn section'),
    prose('heading-trust', 'a heading: the claims are in the sentences below it'),
    computed('included-and-generated',
             lambda: code_is_included() and outputs_and_figures_generated(), backs=['every', 'every']),
    prose('what-is-checked', 'a lead-in to the list'),
    computed('drift-and-kernels',
             lambda: has_tests('test_regen', 'test_outputs_match_what_the_code_produces_now', 'test_committed_outputs_are_current') and has_tests('test_portability', 'test_outputs_are_the_same_under_every_cpu_kernel'), backs=['depend', 'each', 'every', 'no']),
    computed('numbers-quoted', lambda: typed_numbers_said('numbers-quoted'), backs=['every', 'none']),
    computed('ledger-per-page', ledger_for_every_page, backs=['every', 'every', 'only']),
    computed('displays-read', displays_are_read, backs=['even']),
    computed('mpmath',
             lambda: has_tests('test_reference', 'test_float64_stage_matches_high_precision') and 'mpmath' in inspect.getsource(importlib.import_module('test_reference'))),
    computed('properties-recomputed',
             lambda: has_tests('pages.test_linearity_code') and has_tests('pages.test_properties_code', 'test_dot_product_depends_only_on_the_offset') and has_tests('pages.test_variants_index_code') and has_tests('pages.test_precision_code'), backs=['each', 'more', 'recomputed']),
    computed('strict-and-offline',
             lambda: has_tests('test_site', 'test_strict_build_fails_on_a_missing_include', 'test_local_links_and_anchors_resolve', 'test_nothing_is_loaded_from_the_network') and has_tests('test_layout', 'test_every_page_offline_in_a_real_browser'), backs=['no', 'no']),
    prose('contributing', 'a link to other pages; test_site.test_local_links_and_anchors_resolve checks the targets'),
    computed('take-the-tour', tour_from_order_to_rotation, backs=['each', 'rotation']),
    prose('new-here', 'an admonition title: it labels the box of reading suggestions and states nothing itself'),
    prose('what-test-suite-checks', 'an admonition title: it labels the box that lists what the tests check'),
])

test_claims_hold = LEDGER.test
