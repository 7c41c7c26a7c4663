"""The claims of docs/base.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('base.md', [
])

test_claims_hold = LEDGER.test
