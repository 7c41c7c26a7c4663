"""The claims of docs/beyond.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('beyond.md', [
])

test_claims_hold = LEDGER.test
