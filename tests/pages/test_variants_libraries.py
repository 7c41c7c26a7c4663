"""The claims of docs/variants/libraries.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('variants/libraries.md', [
])

test_claims_hold = LEDGER.test
