"""The claims of docs/performance.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('performance.md', [
])

test_claims_hold = LEDGER.test
