"""Show that self-attention without positions is permutation-equivariant, and that adding PE breaks the symmetry."""

from pelib import docenv
import torch
from reference import positional_encoding


# --8<-- [start:attention]
def self_attention(x: torch.Tensor, w_q: torch.Tensor, w_k: torch.Tensor, w_v: torch.Tensor,
                   causal: bool = False) -> torch.Tensor:
    """One head of scaled dot-product self-attention (paper eq. 1) over x of shape [seq, d_model].

    No mask by default (every token sees every token); causal=True lets position p see positions 0 .. p only.
    """
    if x.dim() != 2:
        raise ValueError(f"x must have shape [seq, d_model], got {list(x.shape)}")
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / k.size(-1) ** 0.5  # [seq, seq]
    if causal:
        future = torch.ones(len(x), len(x), dtype=torch.bool).triu(diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
# --8<-- [end:attention]


def make_weights(d_model: int, d_head: int, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Three seeded random projections [d_model, d_head] in float64 (float64 so that equal means equal to 1e-15)."""
    generator = torch.Generator().manual_seed(seed)
    return tuple(torch.randn(d_model, d_head, generator=generator, dtype=torch.float64) / d_model**0.5 for _ in range(3))


def make_tokens(seq_len: int, d_model: int, seed: int = 1) -> torch.Tensor:
    """Seeded random token embeddings [seq_len, d_model] in float64."""
    generator = torch.Generator().manual_seed(seed)
    return torch.randn(seq_len, d_model, generator=generator, dtype=torch.float64)


# --8<-- [start:experiment]
def permutation_gap(x: torch.Tensor, perm: torch.Tensor, weights, with_pe: bool) -> float:
    """max |attention(shuffled input) - shuffled(attention(input))|: 0 means the outputs move with the inputs."""
    seq_len, d_model = x.shape
    pe = positional_encoding(seq_len, d_model, dtype=x.dtype) if with_pe else torch.zeros_like(x)
    out = self_attention(x + pe, *weights)  # tokens in their original order
    out_shuffled = self_attention(x[perm] + pe, *weights)  # the same tokens, shuffled; PE stays with the slot
    return (out_shuffled - out[perm]).abs().max().item()
# --8<-- [end:experiment]


if __name__ == "__main__":
    # --8<-- [start:run]
    seq_len, d_model, d_head = 6, 16, 8
    weights = make_weights(d_model, d_head)
    x = make_tokens(seq_len, d_model)
    perm = torch.tensor([3, 0, 5, 1, 4, 2])  # a fixed shuffle of the 6 tokens

    gap_without = permutation_gap(x, perm, weights, with_pe=False)
    gap_with = permutation_gap(x, perm, weights, with_pe=True)
    bound = 1e-14  # the gap is float64 rounding, whose digits depend on the CPU kernel: print a bound
    print("max |attn(x[perm]) - attn(x)[perm]|")  # with PE: x + PE in place of x
    print(f"  without PE: {docenv.bound(gap_without, bound)}")
    print(f"  with PE:    {gap_with:.3f}")

    # The same token twice, at positions 1 and 4: identical outputs without PE, different with it.
    x_repeat = x.clone()
    x_repeat[4] = x_repeat[1]
    plain = self_attention(x_repeat, *weights)
    encoded = self_attention(x_repeat + positional_encoding(seq_len, d_model, dtype=x.dtype), *weights)
    print("a token at 1 and 4: outputs differ")
    print(f"  without PE:         by {docenv.bound((plain[1] - plain[4]).abs().max(), 1e-15)}")
    print(f"  with PE:            by {(encoded[1] - encoded[4]).abs().max().item():.3f}")
    causal = self_attention(x_repeat, *weights, causal=True)  # a decoder's mask, still without PE
    causal_diff = (causal[1] - causal[4]).abs().max().item()
    print(f"  causal, without PE: by {causal_diff:.3f}")
    # --8<-- [end:run]

    docenv.save_values({"gap_without_bound": f"{bound:.0e}", "gap_with": f"{gap_with:.3f}",
                         "causal_repeat_diff": f"{causal_diff:.3f}"})
