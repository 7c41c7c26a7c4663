"""The words a check reads from its sentence: five classes, each word with its predicate and its contradictory.

A check that is bound to its sentence does not return True: it returns what it measured, as readings, and the
sentence's own words pick the predicate each reading must satisfy:

- `Compare(a, b)`: two quantities in the order the sentence names them, on the scale its comparison word speaks of
  (speed for faster/slower, length for longer/shorter). "more", "larger", "faster", ">" say a > b; "less",
  "slower", "<" say a < b; "at least" a >= b; "at most", "up to" a <= b; "same", "equal" a == b; "differs" a != b.
  `b` may be a list: the relation then holds against each. A superlative ("the slowest", "the best", "the largest")
  is Compare(it, the rest): none of the rest beats it ("slowest" a <= each, "best" a >= each on a scale where higher
  is better: a loss is negated). "better" and "worse" speak of that scale too.
- `Count(holding, total)`: how many of the cases the sentence quantifies over hold. "every", "all", "each",
  "always", "both" say all of them; "no", "none", "never", "neither" none; "some" at least one.
- `Trend(values)`: a sequence in the order the sentence walks it. "increases", "grows", "rises" say it never falls
  and ends higher; "decreases", "falls", "shrinks" the reverse.
- `Truth(holds)`: whether the positive statement holds. A sentence that negates it ("not", "cannot", "doesn't") or
  uses the negative antonym ("incorrect", "unstable", "impossible") says it does not.
- `Number(value)`: the sentence's number (digits or a word: "two", "ten"), with "at least n", "at most n", "more
  than n", "fewer than n" read as said; equality to the digits shown (half a unit of the last digit).

A negation just before a word of the first three classes ("not every", "does not grow", "not more") turns its
predicate into the contradictory: every <-> not every, no <-> some, more <-> not more, at least n <-> fewer than n.
Readings bind to the words of their class in sentence order (`at=` picks another one). A reading of another module
(a Reading subclass with a `kind` of the five and a method `holds_under(site) -> bool`) judges its word itself: the
comparison of two groups of seeds, say, where "more" needs ranges that do not overlap. `mutations(sentence)` replaces
each word of the five classes by its contradictory, one at a time: a bound check fails on every mutation of the words
it reads, and a check that passes them all is sentence-blind (tests/claimcheck.py, `make claims-accept`).

Standard library only: scripts/claims.py imports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# --- the five classes ----------------------------------------------------------------------------------------------

# superlatives: Compare(the one named, [each of the rest]); none of the rest beats it (a tie is still "the lowest");
# "not the lowest" says one of the rest does
HIGHEST = "largest greatest highest biggest widest longest fastest heaviest best".split()
LOWEST = "fewest smallest lowest narrowest shortest slowest lightest worst".split()
SUPERLATIVES = set(HIGHEST) | set(LOWEST)

# comparison words: the relation a (what the sentence names first) bears to b
COMPARISON = {
    **dict.fromkeys("more larger greater higher bigger wider longer faster exceed exceeds exceeded above later after "
                    "heavier better".split(), ">"),
    **dict.fromkeys("less fewer smaller lower narrower shorter slower below earlier before lighter worse".split(), "<"),
    **dict.fromkeys(HIGHEST, ">="),
    **dict.fromkeys(LOWEST, "<="),
    **dict.fromkeys(["at least"], ">="),
    **dict.fromkeys(["at most", "up to"], "<="),
    **dict.fromkeys("same equal equals identical".split(), "=="),
    **dict.fromkeys("differ differs different distinct".split(), "!="),
    ">": ">", "<": "<", "≥": ">=", "≤": "<=", "≠": "!=", ">=": ">=", "<=": "<=", "!=": "!=", "==": "==",
    r"\ge": ">=", r"\geq": ">=", r"\le": "<=", r"\leq": "<=", r"\gt": ">", r"\lt": "<", r"\ne": "!=", r"\neq": "!=",
}
NOT_RELATION = {">": "<=", "<": ">=", ">=": "<", "<=": ">", "==": "!=", "!=": "=="}
SYMBOL_CONTRADICTORY = {">": "≤", "<": "≥", "≥": "<", "≤": ">", "≠": "=", ">=": "<", "<=": ">", "!=": "==", "==": "!=",
                        r"\ge": r"\lt", r"\geq": r"\lt", r"\le": r"\gt", r"\leq": r"\gt", r"\gt": r"\le", r"\lt": r"\ge", r"\ne": "=", r"\neq": "="}

# quantifiers: which share of the cases holds
QUANTIFIER = {
    **dict.fromkeys("every all each always both".split(), "all"),
    **dict.fromkeys("no none never neither".split(), "none"),
    **dict.fromkeys(["some"], "some"),
}
NOT_QUANTIFIER = {"all": "not all", "none": "some", "some": "none", "not all": "all"}
QUANTIFIER_CONTRADICTORY = {"no": "some", "none": "some", "never": "sometimes", "neither": "one", "some": "no"}

# directions of a sequence
DIRECTION = {
    **dict.fromkeys("increase increases increased increasing grow grows growing grew rise rises rising upward "
                    "upwards".split(), "up"),
    **dict.fromkeys("decrease decreases decreased decreasing fall falls falling fell drop drops dropping shrink "
                    "shrinks shrinking downward downwards".split(), "down"),
}

# polarity: negations, and antonym pairs (the positive word first)
NEGATIONS = ["not", "nor", "cannot", "can't", "don't", "doesn't", "isn't", "aren't", "won't", "wasn't", "weren't",
             "didn't", "hasn't", "haven't", "shouldn't", "couldn't", "wouldn't"]
ANTONYMS = [("correct", "incorrect"), ("possible", "impossible"), ("known", "unknown"), ("stable", "unstable"),
            ("bounded", "unbounded"), ("periodic", "aperiodic"), ("linear", "nonlinear"), ("exact", "inexact"),
            ("finite", "infinite"), ("valid", "invalid"), ("true", "false"), ("equal", "unequal"),
            ("safe", "unsafe"), ("able", "unable"), ("likely", "unlikely"), ("necessary", "unnecessary"),
            ("dependent", "independent"), ("symmetric", "asymmetric"), ("visible", "invisible"),
            ("consistent", "inconsistent"), ("complete", "incomplete"), ("sufficient", "insufficient")]
POSITIVE = {a: b for a, b in ANTONYMS}
NEGATIVE = {b: a for a, b in ANTONYMS}

# numbers written as words: never a spelling fix of one another (two/ten, five/fine)
NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000, "million": 10**6,
    "billion": 10**9, "once": 1, "twice": 2, "thrice": 3, "half": 0.5, "double": 2, "single": 1, "first": 1,
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "tenth": 10, "hundredth": 100, "thousandth": 1000,
    "dozen": 12, "pair": 2, "none": 0,
}
CARDINALS = {v: k for k, v in list(NUMBER_WORDS.items())[:31]}
NUMBER_RELATIONS = {"at least": ">=", "at most": "<=", "up to": "<=", "more than": ">", "over": ">",
                    "fewer than": "<", "less than": "<", "under": "<", "below": "<", "above": ">",
                    "exactly": "=="}

# The project's own terms, which an English dictionary lacks: a change to or from one of them is a changed word, not
# a spelling fix (tests/claimcheck.py's typo rule asks the dictionary, then this list).
TERMS = set("""
sinusoid sinusoids sinusoidal embedding embeddings encoding encodings positional transformer transformers softmax
tokenizer tokenizers token tokens rope alibi kerple fire nope learned interleaved interleave dtype dtypes float16
float32 float64 bfloat16 numpy torch pytorch tensorflow jax keras flax huggingface fairseq tensor2tensor tensor
tensors matmul einsum linearity wavelength wavelengths mkdocs katex markdown snippet snippets regen ledger ledgers
subword subwords logits logit dimensionality hyperparameter hyperparameters checkpoint checkpoints param params
""".split())

CLASSES = ("comparison", "quantifier", "direction", "polarity", "number")


# --- what a check returns --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """Something a check measured, which a word of its sentence judges."""

    at: int | None = field(default=None, kw_only=True)  # which word of the class (sentence order); None: the next

    kind = ""


@dataclass(frozen=True)
class Compare(Reading):
    a: object
    b: object
    kind = "comparison"


@dataclass(frozen=True)
class Count(Reading):
    holding: int
    total: int
    kind = "quantifier"


@dataclass(frozen=True)
class Trend(Reading):
    values: tuple
    kind = "direction"


@dataclass(frozen=True)
class Truth(Reading):
    holds: bool
    kind = "polarity"


@dataclass(frozen=True)
class Number(Reading):
    value: float
    kind = "number"


def readings(result: object) -> list[Reading] | None:
    """The readings a check returned (one, or a list or tuple of them), or None for a plain verdict."""
    if isinstance(result, Reading):
        return [result]
    if isinstance(result, (list, tuple)) and result and all(isinstance(r, Reading) for r in result):
        return list(result)
    return None


# --- reading a sentence ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """One word of the five classes in a sentence: where it stands, its class, what it says."""

    kind: str
    word: str
    start: int
    end: int
    says: object  # a relation, a share, a direction, a polarity (True: positive) or (relation, number)
    negated_by: tuple[int, int] | None = None  # the span of a negation that turns it into its contradictory


def _mask(sentence: str) -> str:
    """Quotes, link targets, inline formulas, code and HTML blanked out (same length): they are not words."""
    return re.sub(r"\{\{.*?\}\}|\]\([^)]*\)|\\\(.*?\\\)|`[^`]*`|<[^>]+>", lambda m: "\0" * len(m.group(0)), sentence)


# a number stands alone (not "float64", "v2", "1e-12"'s exponent); a word may end in digits ("float64" is one word)
_TOKEN = re.compile(r"(?<![\w.^_{\\-])\d+(?:,\d{3})*(?:\.\d+)?(?![\w])"
                    r"|[A-Za-z][A-Za-z0-9]*(?:['’][a-z]+)?|[<>!=]=|[<>≤≥≠]|\\(?:geq|ge|leq|le|gt|lt|neq|ne)\b")
_NEGATION = re.compile(r"(?:" + "|".join(re.escape(n) for n in NEGATIONS) + r")$", re.IGNORECASE)


def _value(token: str) -> float | None:
    if re.fullmatch(r"\d+(?:,\d{3})*(?:\.\d+)?", token):
        return float(token.replace(",", ""))
    return None


def sites(sentence: str) -> list[Site]:
    """The words of the five classes in a sentence, in order, each with what it says (negations folded in)."""
    masked = _mask(sentence).replace("’", "'")
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(masked)]
    lower = [t.lower() for t, _, _ in tokens]
    found: list[Site] = []
    used_negations: set[int] = set()
    # "neither A nor B": the "nor" belongs to "neither" (a quantifier), not a negation of its own
    of_neither = {k for k, low in enumerate(lower) if low == "nor" and "neither" in lower[:k]}
    n = 0
    while n < len(tokens):
        word, start, end = tokens[n]
        low = lower[n]
        pair = " ".join(lower[n:n + 2])
        # a negation within the two words before ("not every", "does not grow", "is not larger")
        negation = next((k for k in (n - 1, n - 2) if k >= 0 and _NEGATION.fullmatch(lower[k])
                         and k not in used_negations and k not in of_neither), None)
        neg_span = (tokens[negation][1], tokens[negation][2]) if negation is not None else None
        # "more than a hundred": an article before a number word belongs to the number
        if (pair in NUMBER_RELATIONS and n + 3 < len(tokens) and lower[n + 2] in ("a", "an")
                and lower[n + 3] in NUMBER_WORDS and lower[n + 3] not in ("one", "single", "pair")):
            found.append(Site("number", " ".join(t for t, _, _ in tokens[n:n + 4]), start, tokens[n + 3][2],
                              (NUMBER_RELATIONS[pair], NUMBER_WORDS[lower[n + 3]], tokens[n + 3][0])))
            n += 4
            continue
        if pair in NUMBER_RELATIONS and n + 2 < len(tokens) and (_value(tokens[n + 2][0]) is not None
                                                                 or lower[n + 2] in NUMBER_WORDS):
            number = _value(tokens[n + 2][0]) if _value(tokens[n + 2][0]) is not None else NUMBER_WORDS[lower[n + 2]]
            found.append(Site("number", " ".join(t for t, _, _ in tokens[n:n + 3]), start, tokens[n + 2][2],
                              (NUMBER_RELATIONS[pair], number, tokens[n + 2][0])))
            n += 3
            continue
        if pair in ("at least", "at most", "up to"):
            if negation is not None:
                used_negations.add(negation)
            found.append(Site("comparison", pair, start, tokens[n + 1][2], COMPARISON[pair], neg_span))
            n += 2
            continue
        value = _value(word)
        if value is not None:
            found.append(Site("number", word, start, end, ("==", value, word)))
        elif low in NUMBER_WORDS and low not in ("first", "second", "half", "double", "pair", "single", "none",
                                                 "once", "one"):
            found.append(Site("number", word, start, end, ("==", NUMBER_WORDS[low], word)))
        elif low in COMPARISON or word in COMPARISON:
            if negation is not None:
                used_negations.add(negation)
            found.append(Site("comparison", word, start, end, COMPARISON.get(low, COMPARISON.get(word)), neg_span))
        elif low in QUANTIFIER:
            if negation is not None:
                used_negations.add(negation)
            found.append(Site("quantifier", word, start, end, QUANTIFIER[low], neg_span))
        elif low in DIRECTION:
            if negation is not None:
                used_negations.add(negation)
            found.append(Site("direction", word, start, end, DIRECTION[low], neg_span))
        elif low in POSITIVE or low in NEGATIVE:
            found.append(Site("polarity", word, start, end, low in POSITIVE, neg_span))
            if negation is not None:
                used_negations.add(negation)
        n += 1
    # a negation that turns no word of the first classes is a polarity word of its own
    for k, low in enumerate(lower):
        if _NEGATION.fullmatch(low) and k not in used_negations and k not in of_neither:
            found.append(Site("polarity", tokens[k][0], tokens[k][1], tokens[k][2], False))
    return sorted(found, key=lambda s: s.start)


# --- judging -------------------------------------------------------------------------------------------------------


def _relation(a: float, b: float, relation: str, tolerance: float = 0.0) -> bool:
    """a relation b; an order between things that are not numbers (two tuples said to be "the same") does not hold."""
    if not all(isinstance(v, (int, float)) or hasattr(v, "__float__") for v in (a, b)):
        return relation in ("==", "!=") and (a == b) == (relation == "==")
    return {">": a > b + tolerance, "<": a < b - tolerance, ">=": a >= b - tolerance, "<=": a <= b + tolerance,
            "==": abs(a - b) <= tolerance, "!=": abs(a - b) > tolerance}[relation]


def _holds(site: Site, reading: Reading) -> bool:
    custom = getattr(reading, "holds_under", None)
    if custom is not None:  # a reading of its own kind (seeds of two groups, say) judges the word itself
        return bool(custom(site))
    negated = site.negated_by is not None
    if site.kind == "comparison":
        others = reading.b if isinstance(reading.b, (list, tuple)) else [reading.b]
        if negated and site.word.lower() in SUPERLATIVES:  # "not the slowest": one of the rest is slower
            return not all(_relation(reading.a, b, site.says) for b in others)
        relation = NOT_RELATION[site.says] if negated else site.says
        return all(_relation(reading.a, b, relation) if relation not in ("==", "!=")
                   else (reading.a == b) == (relation == "==") for b in others)
    if site.kind == "quantifier":
        share = NOT_QUANTIFIER[site.says] if negated else site.says
        return {"all": reading.holding == reading.total, "not all": reading.holding < reading.total,
                "none": reading.holding == 0, "some": reading.holding > 0}[share]
    if site.kind == "direction":
        steps = [b - a for a, b in zip(reading.values, reading.values[1:])]
        up = all(s >= 0 for s in steps) and reading.values[-1] > reading.values[0]
        down = all(s <= 0 for s in steps) and reading.values[-1] < reading.values[0]
        says_up = site.says == "up"
        return (not (up if says_up else down)) if negated else (up if says_up else down)
    if site.kind == "polarity":
        positive = site.says if not negated else not site.says
        return bool(reading.holds) == positive
    if site.kind == "number":
        relation, number, shown = site.says
        digits = shown.replace(",", "")
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        tolerance = 0.5 * 10 ** -decimals if decimals else 0.0
        if relation == "==" and not decimals and not float(reading.value).is_integer():
            tolerance = 0.5  # a whole number shown for a measured value: it is the value rounded
        return _relation(float(reading.value), float(number), relation, tolerance)
    raise ValueError(site.kind)


def judge(sentence: str, found: list[Reading]) -> tuple[list[str], list[Site]]:
    """(what fails, the sites the readings bound): each reading against the word of its class it binds to."""
    by_kind: dict[str, list[Site]] = {}
    for site in sites(sentence):
        by_kind.setdefault(site.kind, []).append(site)
    failures: list[str] = []
    bound: list[Site] = []
    next_of: dict[str, int] = {}
    for reading in found:
        pool = by_kind.get(reading.kind, [])
        index = reading.at if reading.at is not None else next_of.get(reading.kind, 0)
        next_of[reading.kind] = index + 1
        if index >= len(pool):
            failures.append(f"the check measured a {reading.kind} ({reading!r}) but the sentence has "
                            f"{len(pool)} word(s) of that class: {[s.word for s in pool]}")
            continue
        site = pool[index]
        bound.append(site)
        if not _holds(site, reading):
            said = f"not {site.word}" if site.negated_by else site.word
            failures.append(f"the sentence says {said!r} ({site.kind}); the check measured {reading!r}")
    return failures, bound


# --- the contradictory of each word ------------------------------------------------------------------------------


def contradictory(sentence: str, site: Site) -> str:
    """The sentence with one word replaced by its contradictory (every -> not every, no -> some, more -> not more,
    at least n -> fewer than n, not X -> X, correct -> incorrect, 512 -> 513)."""
    before, after = sentence[:site.start], sentence[site.end:]
    if site.negated_by is not None and site.kind != "number":  # drop the negation
        a, b = site.negated_by
        word = sentence[a:b]
        kept = {"cannot": "can", "can't": "can", "won't": "will", "nor": "and"}.get(word.lower().replace("’", "'"))
        if kept is None and re.search(r"n['’]t$", word):
            kept = re.sub(r"n['’]t$", "", word)
        return (sentence[:a] + (kept or "") + sentence[b:]).replace("  ", " ")
    word = sentence[site.start:site.end]
    low = word.lower()
    if site.kind == "number":
        relation, number, shown = site.says
        if relation != "==":
            flipped = {">=": "fewer than", "<=": "more than", ">": "at most", "<": "at least"}[relation]
            rest = " ".join(site.word.split()[2:]) or shown  # "a hundred" of "more than a hundred"
            return before + f"{flipped} {rest}" + after
        if _value(shown) is not None:
            digits = shown.replace(",", "")
            step = 10 ** -(len(digits.split(".")[1])) if "." in digits else 1
            new = float(digits) + max(step, abs(float(digits)) * 0.5)
            text = f"{new:.{len(digits.split('.')[1])}f}" if "." in digits else f"{int(new):,}" if "," in shown \
                else str(int(new))
            return before + text + after
        return before + CARDINALS.get(int(number) * 2 if number else 3, "three") + after
    if site.kind == "polarity":
        if low in POSITIVE:
            return before + POSITIVE[low] + after
        if low in NEGATIVE:
            return before + NEGATIVE[low] + after
        kept = {"not": "", "nor": "and", "cannot": "can", "can't": "can", "won't": "will"}.get(low.replace("’", "'"))
        if kept is None:
            kept = re.sub(r"n['’]t$", "", word)
        return (before + kept + after).replace("  ", " ")
    if word in SYMBOL_CONTRADICTORY:
        return before + SYMBOL_CONTRADICTORY[word] + after
    if site.kind == "quantifier" and low in QUANTIFIER_CONTRADICTORY:
        return before + QUANTIFIER_CONTRADICTORY[low] + after
    return before + "not " + word + after


def mutations(sentence: str) -> list[tuple[Site, str]]:
    """Each word of the five classes with the sentence that says its contradictory instead."""
    return [(site, contradictory(sentence, site)) for site in sites(sentence)]


def moved(sentence: str, found: list[Reading]) -> tuple[list[Site], list[Site]]:
    """(the sites whose contradictory makes the readings fail, those it does not): the readings judged against each
    mutation of the sentence. Only sites the readings bind can move."""
    failures, _bound = judge(sentence, found)
    if failures:
        raise ValueError(f"the readings do not hold on the sentence itself: {failures}")
    moving, still = [], []
    for site, mutated in mutations(sentence):
        (moving if judge(mutated, found)[0] else still).append(site)
    return moving, still


def is_number_word(word: str) -> bool:
    return word.lower() in NUMBER_WORDS
