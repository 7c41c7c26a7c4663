"""The claims of docs/properties.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger, equation
from texmath import integers


def ODD(rng):
    """Odd widths: the display is about the lone sine."""
    return integers(rng, odd=True)

LEDGER = Ledger('properties.md', [
    equation('dot-product-closed-form',
             r"\[ \mathrm{PE}(p) \cdot \mathrm{PE}(p + k) = \sum_{i=0}^{d/2 - 1} \cos(\omega_i k) . \]"),
    equation('norm-even',
             r"\[ \lVert \mathrm{PE}(p) \rVert^2 = \sum_i \left(\sin^2(\omega_i p) + \cos^2(\omega_i p)\right) = \frac{d}{2}, \qquad \lVert \mathrm{PE}(p) \rVert = \sqrt{d/2} \]"),
    equation('norm-odd',
             r"\[ \lVert \mathrm{PE}(p) \rVert^2 = \frac{d-1}{2} + \sin^2(\omega_{(d-1)/2}\, p), \]", ODD),
    equation('distance',
             r"\[ \lVert \mathrm{PE}(p) - \mathrm{PE}(q) \rVert^2 = \lVert \mathrm{PE}(p) \rVert^2 + \lVert \mathrm{PE}(q) \rVert^2 - 2\, \mathrm{PE}(p) \cdot \mathrm{PE}(q) = d - 2 \sum_i \cos(\omega_i (p - q)) . \]"),
])

test_claims_hold = LEDGER.test
