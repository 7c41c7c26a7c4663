"""The claims of docs/variants/more-libraries.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('variants/more-libraries.md', [
])

test_claims_hold = LEDGER.test
