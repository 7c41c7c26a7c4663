"""The claims of docs/variants/index.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('variants/index.md', [
])

test_claims_hold = LEDGER.test
