"""The claims of docs/precision.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('precision.md', [
])

test_claims_hold = LEDGER.test
