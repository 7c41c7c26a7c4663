"""The claims of docs/variants/seeds.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('variants/seeds.md', [
], typed={'0.9999': 'what the post printed, quoted from the post'})

test_claims_hold = LEDGER.test
