"""The claims of docs/contributing.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('contributing.md', [
])

test_claims_hold = LEDGER.test
