"""The claims of docs/notebooks/playground.ipynb, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('notebooks/playground.ipynb', [
])

test_claims_hold = LEDGER.test
