"""The claims of docs/beyond.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('beyond.md', [
], typed={'512': 'the width the section names, a parameter of snippets/beyond/distinct_positions.py'})

test_claims_hold = LEDGER.test
