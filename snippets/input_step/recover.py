"""Recover the token and the position from x = E[token] + PE[position] with one linear read-out. The rows of the
table span the space (linearity.md), but most directions are so faint that a linear read-out cannot use them."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, log_labels
from reference import positional_encoding

D = 64


# --8<-- [start:fit]
def readout(vocab: int, length: int, d: int = D, seed: int = 0) -> tuple[float, float]:
    """Fit the best linear map (least squares, with a bias) from every sum to [one-hot token, one-hot position];
    return how often its largest output names the right token, and the right position."""
    g = torch.Generator().manual_seed(seed)
    emb = torch.randn(vocab, d, generator=g, dtype=torch.float64)  # random token rows, norm about sqrt(d)
    pe = positional_encoding(length, d, dtype=torch.float64)
    tok, pos = (t.flatten() for t in torch.meshgrid(torch.arange(vocab), torch.arange(length), indexing="ij"))
    x = torch.cat([emb[tok] + pe[pos], torch.ones(len(tok), 1, dtype=torch.float64)], 1)
    target = torch.cat([torch.eye(vocab, dtype=torch.float64)[tok], torch.eye(length, dtype=torch.float64)[pos]], 1)
    out = x @ (torch.linalg.pinv(x, rtol=1e-10) @ target)  # directions below 1e-10 of the largest: rounding
    return (out[:, :vocab].argmax(1) == tok).double().mean().item(), (out[:, vocab:].argmax(1) == pos).double().mean().item()
# --8<-- [end:fit]


# --8<-- [start:spectrum]
for length in (8, 16, 64):
    s = torch.linalg.svdvals(positional_encoding(length, D, dtype=torch.float64))
    usable = int((s > 1e-6 * s[0]).sum())  # directions a fit can still use
    print(f"{length:2d} rows: {usable:2d} of {D} directions above a millionth of the largest")
# --8<-- [end:spectrum]

# --8<-- [start:readout]
print("linear read-out finds the    token  position")
for vocab, length in [(16, 8), (100, 16), (100, 64)]:
    token_ok, position_ok = readout(vocab, length)
    print(f"{vocab:3d} tokens x {length:2d} positions:  {token_ok:6.1%}  {position_ok:8.1%}")
# --8<-- [end:readout]

s64 = torch.linalg.svdvals(positional_encoding(64, D, dtype=torch.float64))
for layout in LAYOUTS:
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(8, 4), narrow_height=4.2))
        floor = 1e-10 * s64[0].item()  # below this the computed values are rounding noise: drawn at the floor
        ax.semilogy(range(1, D + 1), s64.clamp(min=floor), "o-", markersize=3)
        log_labels(ax.yaxis)
        ax.axhspan(floor / 3, floor, color="grey", alpha=0.15)
        ax.text(1, floor / 2, "rounding floor", va="center", color="grey")
        ax.axhline(1e-6 * s64[0].item(), color="grey", linewidth=0.8, linestyle="--")
        ax.text(D, 1.5e-6 * s64[0].item(), "a millionth of the largest", ha="right", va="bottom", color="grey")
        ax.set_xlabel("direction (singular value, largest first)")
        ax.set_ylabel("singular value")
        ax.set_title(layout.wrap(f"How strongly {D} consecutive rows of the table fill each direction, d = {D}", 60))
        docenv.save_figure(fig, layout.name())
token_64, position_64 = readout(100, 64)
token_8, position_8 = readout(16, 8)
docenv.save_values({
    "d": f"{D}",
    "usable_64": f"{int((s64 > 1e-6 * s64[0]).sum())}",
    "token_64": f"{token_64:.1%}",
    "position_64": f"{position_64:.1%}",
    "position_8": f"{position_8:.1%}",
})
