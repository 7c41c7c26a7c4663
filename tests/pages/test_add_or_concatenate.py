"""The claims of docs/add-or-concatenate.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('add-or-concatenate.md', [
])

test_claims_hold = LEDGER.test
