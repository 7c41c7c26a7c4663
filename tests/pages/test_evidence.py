"""The claims of docs/evidence.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('evidence.md', [
])

test_claims_hold = LEDGER.test
