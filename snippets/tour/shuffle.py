"""The tour's first step: attention without positions gives a shuffled sentence the same outputs, shuffled."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import DIVERGING, LAYOUTS, colorbar

# --8<-- [start:shuffle]
torch.manual_seed(0)
words = ["the", "dog", "bit", "the", "man"]
x = torch.randn(5, 8)  # one embedding per word; the two "the" get the same one below
x[3] = x[0]
order = [4, 1, 2, 3, 0]  # "man dog bit the the"


def attend(x: torch.Tensor) -> torch.Tensor:
    """One attention head with identity projections and no positional encoding."""
    return (x @ x.T / 8**0.5).softmax(dim=-1) @ x


same = torch.allclose(attend(x[order]), attend(x)[order], atol=1e-6)
# True: the outputs of the shuffled words are the original outputs, shuffled
print("shuffled in, shuffled out:", same)
# --8<-- [end:shuffle]

for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
    with layout.style():
        fig, axes = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(7, 2.8), narrow_height=5.0),
                                 constrained_layout=True)
        for ax, idx, title in ((axes[0], list(range(5)), "the dog bit the man"), (axes[1], order, "man dog bit the the")):
            image = ax.imshow(attend(x[idx]).numpy(), cmap=DIVERGING, vmin=-2, vmax=2)
            ax.set_yticks(range(5), [words[i] for i in idx])
            ax.set_xticks([])
            ax.set_title(f'"{title}"')
            ax.set_xlabel("output features")
            ax.grid(False)
        colorbar(fig, image, list(axes), label="value", ticks=[-2, 0, 2], shrink=0.8)
        docenv.save_figure(fig, layout.name())
