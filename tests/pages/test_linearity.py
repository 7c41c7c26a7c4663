"""The claims of docs/linearity.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation, formula
from texmath import equations, holds, integers, shift_family

# R_i(k) as this page displays it: the theorem is checked with the block the reader sees, so a sign changed in the
# block fails the theorem's check too
BLOCK = r"\[ R_i(k) = \begin{pmatrix} \cos \omega_i k & \sin \omega_i k \\ -\sin \omega_i k & \cos \omega_i k \end{pmatrix}. \]"

THEOREM = r"\[ \mathrm{PE}(p + k) = M_k\, \mathrm{PE}(p) \quad \text{for every position } p, \qquad M_k = \operatorname{diag}\big(R_0(k), R_1(k), \dots, R_{d/2-1}(k)\big), \]"


def SHIFT(rng):
    """An environment in which R_i(k) and M_k are the page's block and its block-diagonal."""
    return shift_family(integers(rng), equations(BLOCK)[0][1])


LEDGER = Ledger('linearity.md', [
    equation('notation',
             r"\[ \mathrm{PE}(p)_{2i} = \sin(\omega_i p), \qquad \mathrm{PE}(p)_{2i+1} = \cos(\omega_i p), \qquad \omega_i = 10000^{-2i/d}. \]"),
    equation('theorem', THEOREM, SHIFT),
    # the block is a definition: what makes it right is that the theorem holds with it
    formula('the-block', BLOCK, lambda: holds(THEOREM, SHIFT)),
    equation('sine-row',
             r"\[ \mathrm{PE}(p+k)_{2i} = \sin(\omega_i p)\cos(\omega_i k) + \cos(\omega_i p)\sin(\omega_i k) = \cos(\omega_i k)\,\mathrm{PE}(p)_{2i} + \sin(\omega_i k)\,\mathrm{PE}(p)_{2i+1}. \]"),
    equation('cosine-row',
             r"\[ \mathrm{PE}(p+k)_{2i+1} = \cos(\omega_i p)\cos(\omega_i k) - \sin(\omega_i p)\sin(\omega_i k) = -\sin(\omega_i k)\,\mathrm{PE}(p)_{2i} + \cos(\omega_i k)\,\mathrm{PE}(p)_{2i+1}. \]"),
    equation('stacked-rows',
             r"\[ \begin{pmatrix} \mathrm{PE}(p+k)_{2i} \\ \mathrm{PE}(p+k)_{2i+1} \end{pmatrix} = \underbrace{\begin{pmatrix} \cos \omega_i k & \sin \omega_i k \\ -\sin \omega_i k & \cos \omega_i k \end{pmatrix}}_{R_i(k)} \begin{pmatrix} \mathrm{PE}(p)_{2i} \\ \mathrm{PE}(p)_{2i+1} \end{pmatrix}. \]"),
])

test_claims_hold = LEDGER.test
