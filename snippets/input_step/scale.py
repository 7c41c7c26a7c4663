"""Why sqrt(d) multiplies the embeddings when the input and output matrices are shared, and why dividing the table
by sqrt(d) instead (NeMo) gives the same sum up to one overall factor."""

from pelib import docenv
import torch
from pelib.variants import nemo
from reference import positional_encoding

D, VOCAB = 512, 10000
torch.manual_seed(0)

# --8<-- [start:tied]
E = torch.randn(VOCAB, D) * D**-0.5  # one matrix for input and output, rows of norm about 1
pe = positional_encoding(1, D)[0]  # a row of the table: norm sqrt(d/2) = 16
h = torch.nn.functional.layer_norm(torch.randn(D), (D,))  # a final hidden state, norm sqrt(d)
logits = E @ h  # the output side uses E as it is
print(f"|e| = {E.norm(dim=1).mean():.2f}, |PE row| = {pe.norm():.1f}, |sqrt(d) e| = {D**0.5 * E.norm(dim=1).mean():.1f}")
print(f"logits with E:           std {logits.std():.2f}")
print(f"logits with sqrt(d) * E: std {(D**0.5 * E @ h).std():.1f}")
# --8<-- [end:tied]

# --8<-- [start:nemo]
x = torch.randn(3, 5, D, dtype=torch.float64)  # token embeddings
paper = D**0.5 * x + positional_encoding(5, D, dtype=torch.float64)  # scale the tokens up
nemo_sum = x + positional_encoding(5, D, dtype=torch.float64) / D**0.5  # scale the table down
gap = (paper / D**0.5 - nemo_sum).abs().max().item()
print(f"paper's sum / sqrt(d) - NeMo's sum: {docenv.bound(gap, 1e-12)}")
# --8<-- [end:nemo]

nemo_gap = (nemo.build(5, D).double() * D**0.5 - positional_encoding(5, D, dtype=torch.float64)).abs().max().item()
print(f"NeMo's table x sqrt(d) - the reference table: {docenv.bound(nemo_gap, 1e-5)} (float32)")

docenv.save_values({
    "d": f"{D}",
    "e_norm": f"{E.norm(dim=1).mean():.2f}",
    "pe_norm": f"{pe.norm():.1f}",
    "scaled_norm": f"{D**0.5 * E.norm(dim=1).mean():.1f}",
    "logit_std": f"{logits.std():.2f}",
    "scaled_logit_std": f"{(D**0.5 * E @ h).std():.1f}",
    "nemo_gap": docenv.bound(gap, 1e-12),
})
