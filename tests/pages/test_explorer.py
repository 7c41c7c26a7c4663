"""The claims of docs/explorer.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('explorer.md', [
])

test_claims_hold = LEDGER.test
