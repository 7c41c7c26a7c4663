"""The claims of docs/variants/converting.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('variants/converting.md', [
])

test_claims_hold = LEDGER.test
