"""Without any encoding, attention is blind to order; a causal mask alone gives each position its count."""

from pelib import docenv
import torch

# --8<-- [start:head]
torch.manual_seed(0)
n, d = 6, 4
x = torch.randn(n, d)
perm = torch.tensor([3, 0, 5, 1, 4, 2])


def attention(x: torch.Tensor, causal: bool) -> torch.Tensor:
    """One head, identity projections, no positional encoding."""
    scores = x @ x.T / d**0.5
    if causal:
        scores = scores.masked_fill(torch.triu(torch.ones(n, n, dtype=torch.bool), 1), float("-inf"))
    return scores.softmax(dim=-1) @ x
# --8<-- [end:head]


# --8<-- [start:permute]
print("input permuted, output permuted:")
for causal in (False, True):
    moved = attention(x[perm], causal)
    same = torch.allclose(moved, attention(x, causal)[perm], atol=1e-6)
    print(f"  causal={causal!s:5}: {same}")
# --8<-- [end:permute]

# --8<-- [start:count]
# With equal scores, position t averages the first t + 1 values: a marker in the first value decays as 1/(t + 1).
values = torch.zeros(n, 1)
values[0] = 1.0
uniform = torch.tril(torch.ones(n, n)) / torch.arange(1, n + 1)[:, None]  # causal softmax of equal scores
averages = (uniform @ values).squeeze(1).tolist()
print("output at positions 0..5:")
print("  " + "  ".join(f"{v:.4f}" for v in averages[:3]))
print("  " + "  ".join(f"{v:.4f}" for v in averages[3:]))
# --8<-- [end:count]
