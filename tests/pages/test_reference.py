"""The claims of docs/reference.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('reference.md', [
], typed={'512': "the paper's d_model, a parameter the sentence names"})

test_claims_hold = LEDGER.test
