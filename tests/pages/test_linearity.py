"""The claims of docs/linearity.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('linearity.md', [
])

test_claims_hold = LEDGER.test
