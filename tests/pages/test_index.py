"""The claims of docs/index.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation

LEDGER = Ledger('index.md', [
    equation('the-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin\!\left(\frac{p}{10000^{2i/d}}\right), \qquad \mathrm{PE}(p, 2i+1) = \cos\!\left(\frac{p}{10000^{2i/d}}\right). \]"),
])

test_claims_hold = LEDGER.test
