"""One test module per page: its ledger of claims (see tests/claimcheck.py) and the tests of what it states."""
