"""The claims of docs/explorer.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation

LEDGER = Ledger('explorer.md', [
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \qquad \omega_i = \text{base}^{-2i/d_\text{model}} . \]"),
])

test_claims_hold = LEDGER.test
