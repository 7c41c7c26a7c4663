"""The claims of docs/formula.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation

LEDGER = Ledger('formula.md', [
    equation('the-paper-formula',
             r"\[ \mathrm{PE}(p, 2i) = \sin\!\left(\frac{p}{10000^{2i/d}}\right), \qquad \mathrm{PE}(p, 2i+1) = \cos\!\left(\frac{p}{10000^{2i/d}}\right), \]"),
    equation('frequency-form',
             r"\[ \omega_i = 10000^{-2i/d}, \qquad \mathrm{PE}(p, 2i) = \sin(\omega_i\, p), \qquad \mathrm{PE}(p, 2i+1) = \cos(\omega_i\, p), \]"),
    equation('longest-wavelength',
             r"\[ \lambda_{\max} = 2\pi \cdot 10000^{(d-2)/d}, \]"),
], typed={'128': "the heatmap's size and width, parameters of snippets/heatmap.py"})

test_claims_hold = LEDGER.test
