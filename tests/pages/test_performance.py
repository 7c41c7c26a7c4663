"""The claims of docs/performance.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation

LEDGER = Ledger('performance.md', [
    equation('angle-addition',
             r"\[ \sin((a+b)\,\omega) = \sin(a\omega)\cos(b\omega) + \cos(a\omega)\sin(b\omega), \qquad \cos((a+b)\,\omega) = \cos(a\omega)\cos(b\omega) - \sin(a\omega)\sin(b\omega). \]"),
])

test_claims_hold = LEDGER.test
