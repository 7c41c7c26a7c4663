"""The comparison words of the evidence pages, decided on seeds (tests/seedstats.py): the exact Mann-Whitney p,
the bootstrap fallback, the words read from a sentence, and "every seed"."""

from __future__ import annotations

import math

import pytest
import seedstats


def test_disjoint_ranges_of_five_seeds_are_u_zero_p_two_in_252():
    low, high = [0.1, 0.2, 0.3, 0.4, 0.5], [0.6, 0.7, 0.8, 0.9, 1.0]
    assert seedstats.mann_whitney_u(low, high) == 0
    assert seedstats.mann_whitney_p(low, high) == seedstats.disjoint_p(5) == 2 / math.comb(10, 5)
    assert round(seedstats.disjoint_p(5), 3) == 0.008
    assert seedstats.order(high, low) == 1 and seedstats.order(low, high) == -1


def test_the_exact_p_counts_every_split():
    """2 against 2 without ties: the six splits give U = 0, 1, 2, 2, 3, 4; U = 1 is as far from 2 as four of them."""
    assert seedstats.mann_whitney_u([1, 3], [2, 4]) == 1
    assert seedstats.mann_whitney_p([1, 3], [2, 4]) == pytest.approx(4 / 6)
    assert seedstats.mann_whitney_p([1, 2, 3], [1, 2, 3]) == 1.0  # identical groups: nothing is as extreme as less


def test_the_bootstrap_alone_does_not_tell_five_seeds_apart():
    """The local task beyond L, the causal mask alone against RoPE (the committed seeds of the first run): the
    ranges overlap, the bootstrap interval excludes 0, but the exact p is 0.056: cannot tell apart."""
    causal, rope = [0.425, 0.367, 0.388, 0.416, 0.432], [0.361, 0.376, 0.385, 0.374, 0.365]
    low, _ = seedstats.bootstrap_interval(causal, rope)
    assert low > 0 and seedstats.mann_whitney_p(causal, rope) == pytest.approx(14 / 252)
    assert seedstats.order(causal, rope) == 0 and seedstats.allowed("cannot be told apart", rope, causal)


def test_slightly_overlapping_ranges_with_a_small_p_are_told_apart():
    """U = 1 of 25 (one pair out of order): p = 4/252, and the bootstrap interval excludes 0."""
    a, b = [1.0, 2.0, 3.0, 4.0, 5.5], [5.0, 6.0, 7.0, 8.0, 9.0]
    assert seedstats.mann_whitney_u(a, b) == 1 and seedstats.mann_whitney_p(a, b) == pytest.approx(4 / 252)
    assert seedstats.order(a, b) == -1


def test_overlapping_ranges_allow_only_tie_words():
    rope, causal = [0.36, 0.37, 0.37, 0.38, 0.39], [0.37, 0.40, 0.41, 0.42, 0.43]
    assert seedstats.order(causal, rope) in (0, 1)
    sentence = "the causal mask alone keeps 42%, and RoPE's 37% cannot be told apart from it"
    assert seedstats.comparison_word(sentence, "RoPE's") == "cannot be told apart"
    same = [0.5, 0.6, 0.7, 0.8, 0.9]
    assert seedstats.allowed("overlap", same, [0.55, 0.65, 0.75, 0.85, 0.95])
    assert not seedstats.allowed("more", same, [0.55, 0.65, 0.75, 0.85, 0.95])


def test_two_seeds_with_disjoint_ranges_are_not_told_apart():
    """2 against 2 with disjoint ranges is p = 1/3: too few seeds to say more or less."""
    assert seedstats.mann_whitney_p([1, 2], [3, 4]) == pytest.approx(1 / 3)
    assert seedstats.order([3, 4], [1, 2]) == 0


def test_a_fixed_level_is_passed_by_every_seed_or_not():
    assert seedstats.allowed("above", [0.12, 0.13, 0.14, 0.13, 0.15], 0.0625)
    assert not seedstats.allowed("near", [0.12, 0.13, 0.14, 0.13, 0.15], 0.0625)
    assert seedstats.allowed("below", [0.2, 0.3, 0.45], 0.5) and seedstats.allowed("near", [0.4, 0.6], 0.5)


def test_the_word_is_read_after_its_anchor_and_a_flip_turns_the_check_red():
    rope, control = [0.12, 0.13, 0.13, 0.14, 0.15], [0.05, 0.06, 0.06, 0.07, 0.06]
    said = "RoPE names the position 13% of the time, above the control's 6%"
    assert seedstats.holds(said, "of the time,", rope, control)
    assert not seedstats.holds(said.replace("above", "near"), "of the time,", rope, control)
    assert not seedstats.holds(said.replace("above", "below"), "of the time,", rope, control)
    assert seedstats.comparison_word("a little more than the learned table") == "more than"
    with pytest.raises(LookupError, match="no comparison word"):
        seedstats.comparison_word("RoPE holds", "RoPE")


def test_every_seed_needs_five():
    assert seedstats.every_seed([1.0] * 5, lambda v: v == 1.0)
    assert not seedstats.every_seed([1.0] * 4, lambda v: v == 1.0)
    assert not seedstats.every_seed([1.0] * 4 + [0.9], lambda v: v == 1.0)
