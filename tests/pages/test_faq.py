"""The claims of docs/faq.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('faq.md', [
])

test_claims_hold = LEDGER.test
