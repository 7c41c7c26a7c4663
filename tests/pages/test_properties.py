"""The claims of docs/properties.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('properties.md', [
])

test_claims_hold = LEDGER.test
