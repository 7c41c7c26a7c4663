"""The claims of docs/tour.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('tour.md', [
])

test_claims_hold = LEDGER.test
