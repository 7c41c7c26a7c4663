"""The claims of docs/reference.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation

LEDGER = Ledger('reference.md', [
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \qquad \omega_i = \text{base}^{-2i/d}, \quad \text{base} = 10000 . \]"),
], typed={'512': "the paper's d_model, a parameter the sentence names"})

test_claims_hold = LEDGER.test
