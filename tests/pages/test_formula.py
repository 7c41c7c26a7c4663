"""The claims of docs/formula.md, each with what makes it true (see tests/claimcheck.py)."""

from claimcheck import Ledger

LEDGER = Ledger('formula.md', [
], typed={'128': "the heatmap's size and width, parameters of snippets/heatmap.py"})

test_claims_hold = LEDGER.test
