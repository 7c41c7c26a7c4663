"""Read a displayed formula of the pages as mathematics and test it: each `=` must hold at random points.

The pages' displays use a small, regular part of LaTeX: sin and cos (with or without parentheses), fractions,
powers, square roots, sums, norms, matrices (`pmatrix`), `\\mathrm{PE}(p)_{j}` or `\\mathrm{PE}(p, j)` for one
entry of the table and `\\mathrm{PE}(p)` for a whole row. `equations(display)` parses that part into functions of an
environment; `holds(display, ...)` evaluates both sides of every `=` at many random environments. A sign, an index,
an exponent or a sine/cosine changed in a display makes it fail: the display is read, not merely compared as text.

The table is the paper's, computed here from its definition with mpmath-free float64 (an oracle independent of
the project's code): PE(p)_{2i} = sin(p · base^(−2i/d)), PE(p)_{2i+1} = cos(the same).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable

import numpy as np

Env = dict[str, object]
Expr = Callable[[Env], object]

_TOKEN = re.compile(
    r"\\[A-Za-z]+|\\[,;!:| ]|\\\\|[A-Za-z]|\d+(?:\.\d+)?|[-+*/^_=(){}\[\]&,.|']"
)
_SKIP = {r"\,", r"\;", r"\!", r"\:", r"\ ", r"\left", r"\right", r"\big", r"\Big", r"\bigl", r"\bigr", r"\cdot",
         r"\displaystyle"}
_GREEK = {r"\omega": "omega", r"\theta": "theta", r"\lambda": "lambda", r"\pi": "pi"}


def table(p: float, d: int, base: float) -> np.ndarray:
    """The paper's row PE(p), for an even or odd width d."""
    j = np.arange(d)
    omega = base ** (-(j - j % 2) / d)
    return np.where(j % 2 == 0, np.sin(omega * p), np.cos(omega * p))


def entry(p: float, j: object, d: int, base: float) -> float:
    j = float(j)
    assert j == int(j) and 0 <= j < d, f"column {j} of a width-{d} table"
    j = int(j)
    angle = p * base ** (-(j - j % 2) / d)
    return math.sin(angle) if j % 2 == 0 else math.cos(angle)


class Parser:
    def __init__(self, tex: str) -> None:
        tex = tex.replace(r"d_\text{model}", "d").replace(r"\text{base}", r"\base")
        tex = re.sub(r"\\text\{[^}]*\}", " ", tex)  # words between formulas are not mathematics
        tex = re.sub(r"\\underbrace\{", r"\\group{", tex)
        self.tokens = [t for t in _TOKEN.findall(tex) if t not in _SKIP]
        self.i = 0

    # -- tokens
    def peek(self, k: int = 0) -> str | None:
        return self.tokens[self.i + k] if self.i + k < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise SyntaxError(f"expected {expected!r}, found {token!r} at token {self.i} of {self.tokens}")
        self.i += 1
        return token

    # -- grammar: sum of products of powers of atoms
    def expression(self, stop: tuple[str, ...] = ()) -> Expr:
        sign = 1
        if self.peek() in ("-", "+"):
            sign = -1 if self.take() == "-" else 1
        first = self.product(stop)
        terms = [(sign, first)]
        while self.peek() in ("+", "-") and self.peek() not in stop:
            sign = 1 if self.take() == "+" else -1
            terms.append((sign, self.product(stop)))
        return lambda env: _sum(s * f(env) if s == 1 else -1 * f(env) for s, f in terms)

    def product(self, stop: tuple[str, ...] = ()) -> Expr:
        factors = [self.power()]
        while self.peek() is not None and self.peek() not in (
            "+", "-", "=", ")", "}", "&", r"\\", ",", ".", r"\qquad", r"\quad", r"\end", r"\rVert", "|", *stop
        ):
            if self.peek() == "/":
                self.take()
                divisor = self.power()
                previous = factors.pop()
                factors.append(lambda env, a=previous, b=divisor: a(env) / b(env))
                continue
            factors.append(self.power())
        return lambda env: _product(f(env) for f in factors)

    def power(self) -> Expr:
        base = self.atom()
        while self.peek() in ("^", "'"):
            if self.take() == "'":
                continue
            exponent = self.group_or_atom()
            base = _power_of(base, exponent)
        return base

    def group_or_atom(self) -> Expr:
        if self.peek() == "{":
            self.take("{")
            inner = self.expression()
            self.take("}")
            return inner
        return self.atom()

    def atom(self) -> Expr:
        token = self.take()
        if re.fullmatch(r"\d+(?:\.\d+)?", token):
            value = float(token)
            return lambda env: value
        if token in ("(", "{", "["):
            close = {"(": ")", "{": "}", "[": "]"}[token]
            inner = self.expression()
            self.take(close)
            return inner
        if token == r"\group":  # \underbrace{X}_{label}: X
            self.take("{")
            inner = self.expression()
            self.take("}")
            if self.peek() == "_":
                self.take("_")
                self.skip_group()
            return inner
        if token in (r"\sin", r"\cos"):
            return self.trig(token)
        if token == r"\frac":
            top, bottom = self.group_or_atom(), self.group_or_atom()
            return lambda env: top(env) / bottom(env)
        if token == r"\sqrt":
            inner = self.group_or_atom()
            return lambda env: _pow(inner(env), 0.5)
        if token == r"\sum":
            return self.summation()
        if token == r"\lVert":
            inner = self.expression()
            self.take(r"\rVert")
            return lambda env: float(np.linalg.norm(inner(env)))
        if token == r"\mathrm":
            return self.named()
        if token == r"\base":
            return lambda env: env["base"]
        if token == r"\operatorname":
            return self.operator()
        if token == r"\begin":
            return self.matrix()
        if token in _GREEK or re.fullmatch(r"[A-Za-z]", token):
            return self.variable(_GREEK.get(token, token))
        raise SyntaxError(f"cannot read {token!r} (token {self.i - 1} of {self.tokens})")

    def skip_group(self) -> None:
        if self.peek() != "{":
            self.take()
            return
        depth = 0
        while True:
            token = self.take()
            depth += token == "{"
            depth -= token == "}"
            if depth == 0:
                return

    def trig(self, name: str) -> Expr:
        function = math.sin if name == r"\sin" else math.cos
        squared = None
        if self.peek() == "^":
            self.take("^")
            squared = self.group_or_atom()
        if self.peek() in ("(", "{"):
            argument = self.group_or_atom()
        else:  # \cos \omega_i k: the argument runs to the end of the product
            argument = self.product(stop=("\\sin", "\\cos"))
        if squared is None:
            return lambda env: function(float(argument(env)))
        return lambda env: function(float(argument(env))) ** squared(env)

    def summation(self) -> Expr:
        self.take("_")
        if self.peek() == "{":
            self.take("{")
            index = self.take()
            self.take("=")
            low = self.expression()
            self.take("}")
            self.take("^")
            high = self.group_or_atom()
        else:  # \sum_i: over every complete pair
            index = self.take()
            low = lambda env: 0  # noqa: E731
            high = lambda env: env["d"] // 2 - 1  # noqa: E731
        body = self.product()

        def total(env: Env) -> float:
            lo, hi = int(round(low(env))), int(round(high(env)))
            return _sum(body({**env, index: i}) for i in range(lo, hi + 1))

        return total

    def word(self) -> str:
        """The letters of a `{name}` group, as one word."""
        self.take("{")
        name = ""
        while self.peek() != "}":
            name += self.take()
        self.take("}")
        return name

    def named(self) -> Expr:
        name = self.word()
        if name != "PE":
            raise SyntaxError(f"unknown name \\mathrm{{{name}}}")
        self.take("(")
        position = self.expression(stop=(",",))
        column = None
        if self.peek() == ",":
            self.take(",")
            column = self.expression()
        self.take(")")
        if column is None and self.peek() == "_":
            self.take("_")
            column = self.group_or_atom()
        if column is None:
            return lambda env: table(position(env), env["d"], env["base"])
        return lambda env: entry(position(env), column(env), env["d"], env["base"])

    def variable(self, name: str) -> Expr:
        if name == "pi":
            return lambda env: math.pi
        if self.peek() == "_":
            self.take("_")
            if name == "lambda" and self.peek() == "{" and self.peek(1) in (r"\max", r"\mathrm"):
                # \lambda_{\max} or \lambda_{\mathrm{max}} (KaTeX's MathML of the first is invalid HTML: an
                # <mo> inside <msub>): the longest wavelength, from the table's definition: 2π over the slowest ω
                self.skip_group()
                return lambda env: 2 * math.pi / env["base"] ** (-2 * (env["d"] // 2 - 1) / env["d"])
            sub = self.group_or_atom()
            if name == "omega":
                return lambda env: env["base"] ** (-2 * sub(env) / env["d"])
            if self.peek() == "(":  # a family of matrices given to `holds`, such as R_i(k)
                self.take("(")
                argument = self.expression()
                self.take(")")
                return lambda env: env[name](sub(env), argument(env))
            return lambda env: env[name](sub(env))
        return lambda env: env[name]

    def operator(self) -> Expr:
        name = self.word()
        if name != "diag":
            raise SyntaxError(f"unknown operator {name}")
        self.take("(")
        blocks: list[tuple[str, Expr, Expr] | None] = []
        while True:
            if self.peek() == r"\dots":
                self.take()
                blocks.append(None)
            else:
                family = self.take()
                self.take("_")
                sub = self.group_or_atom()
                self.take("(")
                argument = self.expression()
                self.take(")")
                blocks.append((family, sub, argument))
            if self.take() == ")":
                break
        if None in blocks:  # diag(F_a(x), F_b(x), \dots, F_z(x)): every F_j(x) from a to z
            first, last = blocks[0], blocks[-1]

            def run(env: Env) -> list:
                lo, hi = int(round(first[1](env))), int(round(last[1](env)))
                return [env[first[0]](j, first[2](env)) for j in range(lo, hi + 1)]
        else:
            def run(env: Env) -> list:
                return [env[f](s(env), a(env)) for f, s, a in blocks]
        return lambda env: _block_diagonal(run(env))

    def matrix(self) -> Expr:
        kind = self.word()
        rows: list[list[Expr]] = [[]]
        while self.peek() != r"\end":
            rows[-1].append(self.expression())
            if self.peek() == "&":
                self.take("&")
            elif self.peek() == r"\\":
                self.take(r"\\")
                rows.append([])
        self.take(r"\end")
        assert self.word() == kind
        return lambda env: np.array([[float(cell(env)) for cell in row] for row in rows])

    # -- a whole display
    def equations(self) -> list[list[Expr]]:
        """Each statement of the display (separated by \\qquad or a comma at the top) as its `=`-chained sides."""
        statements: list[list[Expr]] = [[]]
        while self.peek() is not None:
            token = self.peek()
            if token in (r"\[", r"\]"):
                self.take()
                continue
            if token in (r"\qquad", r"\quad", ",", "."):
                self.take()
                if statements[-1]:
                    statements.append([])
                continue
            if token == "=":
                self.take()
                continue
            statements[-1].append(self.expression())
        return [s for s in statements if s]


def _block_diagonal(blocks: list) -> np.ndarray:
    size = sum(np.atleast_2d(b).shape[0] for b in blocks)
    out = np.zeros((size, size))
    at = 0
    for block in blocks:
        block = np.atleast_2d(block)
        n = block.shape[0]
        out[at : at + n, at : at + n] = block
        at += n
    return out


def _power_of(base: Expr, exponent: Expr) -> Expr:
    return lambda env: _pow(base(env), exponent(env))


def _sum(values) -> object:
    total = 0.0
    for value in values:
        total = total + value
    return total


def _product(values) -> object:
    out = 1.0
    for value in values:
        out = out @ value if isinstance(out, np.ndarray) and isinstance(value, np.ndarray) else out * value
    return out


def _pow(a, b):
    return a ** b


def equations(display: str) -> list[list[Expr]]:
    return Parser(display.strip().removeprefix(r"\[").removesuffix(r"\]")).equations()


def holds(display: str, draw: Callable[[random.Random], Env], *, trials: int = 200, tolerance: float = 1e-9,
          definitions: int = 0) -> bool:
    """Every `=` of the display holds at `trials` environments drawn by `draw` (after the first `definitions`
    statements, which define names such as ω_i rather than state results)."""
    rng = random.Random(0)
    statements = [sides for sides in equations(display)[definitions:] if len(sides) > 1]  # words dropped
    if not statements:
        raise ValueError(f"no equation to test in {display!r}")
    for _ in range(trials):
        env = draw(rng)
        for sides in statements:
            values = [np.asarray(side(env), dtype=float) for side in sides]
            for value in values[1:]:
                if value.shape != values[0].shape or not np.allclose(value, values[0], rtol=tolerance,
                                                                       atol=tolerance):
                    return False
    return True


def integers(rng: random.Random, *, odd: bool = False) -> Env:
    """A random width (even, or odd when asked), base, pair, positions and offsets, for the pages' displays."""
    d = 2 * rng.randint(1, 32) + (1 if odd else 0)
    return {"d": d, "base": 10000.0, "i": rng.randint(0, d // 2 - 1), "p": rng.randint(-500, 5000),
            "q": rng.randint(-500, 5000), "k": rng.randint(-300, 300), "a": rng.uniform(-9, 9),
            "b": rng.uniform(-9, 9), "omega": rng.uniform(0, 2)}


def shift_family(env: Env, block: Expr) -> Env:
    """`env` with R (R_i(k), the 2×2 block read from a display) and M (M_k, those blocks on the diagonal)."""
    env = dict(env)
    env["R"] = lambda i, k: block({**env, "i": i, "k": k})
    env["M"] = lambda k: _block_diagonal([env["R"](j, k) for j in range(env["d"] // 2)])
    return env
