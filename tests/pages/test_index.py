"""The claims of docs/index.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('index.md', [
])

test_claims_hold = LEDGER.test
