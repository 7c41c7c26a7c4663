"""The claims of docs/exercises.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('exercises.md', [
])

test_claims_hold = LEDGER.test
