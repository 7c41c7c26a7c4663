"""The claims of docs/why-positions.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('why-positions.md', [
], typed={'999': 'the position the sentence names, a parameter'})

test_claims_hold = LEDGER.test
