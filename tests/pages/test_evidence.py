"""The claims of docs/evidence.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('evidence.md', [
], typed={
    '100%': 'the ceiling four encodings reach at the training length, named in the alt text; each is quoted in the table',
    '128': 'the test length of the figure, a parameter of experiments/extrapolation.py',
})

test_claims_hold = LEDGER.test
