"""The claims of docs/beyond.md, each with what makes it true (see tests/claimcheck.py)."""

import test_evidence as evidence_tests
from claimcheck import Ledger, computed, passes

LEDGER = Ledger('beyond.md', [
    computed('probe-agrees-with-haviv',
             "A tiny model trained here agrees: with a causal mask and no encoding, [a linear probe reads the position after the first layer](evidence.md#position-probe), and without the mask it reads nothing.",
             lambda: passes(evidence_tests.test_a_causal_mask_alone_puts_position_in)()
             and passes(evidence_tests.test_no_mask_no_vectors_nothing_to_read)()),
], typed={'512': 'the width the section names, a parameter of snippets/beyond/distinct_positions.py'})

test_claims_hold = LEDGER.test
