"""A 2-D sinusoidal encoding of a 14 x 14 grid of patches: half the width per axis, timm's layout, odd widths."""

from pelib import docenv

import textwrap

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS

from pelib.sincos_nd import sincos_nd


# --8<-- [start:timm]
def timm_sincos2d(feat_shape: tuple[int, int], dim: int, temperature: float = 10000.0) -> torch.Tensor:
    """Behaves like timm's build_sincos2d_pos_embed (default arguments): dim must be a multiple of 4;
    dim / 4 frequencies 1 / temperature ** (j / (dim / 4)) per axis; columns [sin h | sin w | cos h | cos w]."""
    assert dim % 4 == 0, "Embed dimension must be divisible by 4 for sin-cos 2D position embedding"
    pos_dim = dim // 4
    bands = 1.0 / temperature ** (torch.arange(pos_dim).float() / pos_dim)
    grid = torch.stack(torch.meshgrid(*[torch.arange(s).float() for s in feat_shape], indexing="ij"))
    pos2 = grid.flatten(1).T.unsqueeze(-1) * bands  # [points, 2 axes, pos_dim]
    return torch.stack([torch.sin(pos2), torch.cos(pos2)], dim=1).flatten(1)
# --8<-- [end:timm]


if __name__ == "__main__":
    # --8<-- [start:print]
    table = sincos_nd((14, 14), 64)  # ViT-B/16 at 224 pixels: a 14 x 14 grid of patches
    print("2-D table:", tuple(table.shape))
    print("  = [row's PE, 32 | column's PE, 32]")
    for dim in (64, 62, 7):
        try:
            sincos_nd((14, 14), dim)
            outcome = "works"
        except ValueError as error:
            outcome = f"ValueError: {error}"
        try:
            timm_sincos2d((14, 14), dim)
            timm = "works"
        except AssertionError as error:
            timm = f"AssertionError: {error}"
        if outcome == timm == "works":
            print(f"dim = {dim}: ours works, timm's works")
        elif dim == 7:  # the same messages as for 62, but for the width they name
            print(f"dim = {dim}: ours {outcome.split(':')[0]},\n  timm's {timm.split(':')[0]}")
        else:
            print(f"dim = {dim}:")
            for who, said in (("ours", outcome), ("timm's", timm)):  # each message wrapped to a phone's width
                print(textwrap.fill(f"{who}: {said}", 36, initial_indent="  ", subsequent_indent="    "))
    # --8<-- [end:print]

    sim = (table @ table[7 * 14 + 7]).reshape(14, 14) / table[0].square().sum()
    corner = (table @ table[0]).reshape(14, 14) / table[0].square().sum()
    for layout in LAYOUTS:  # side by side in both: wide for a desktop and paper, narrow (bar below) for a phone
        with layout.style():
            fig, axes = plt.subplots(1, 2, figsize=layout.size(wide=(7.4, 3.5), narrow_height=3.3),
                                     constrained_layout=True)
            for ax, s, (r, c), title in ((axes[0], sim, (7, 7), "patch (7, 7)"), (axes[1], corner, (0, 0), "patch (0, 0)")):
                im = ax.imshow(s, cmap="viridis", vmin=-0.2, vmax=1)
                ax.plot(c, r, "+", color="C1", ms=12, mew=2)
                ax.set_title(f"cosine similarity{chr(10) if layout.narrow else ' '}to {title}")
                ax.set_xlabel("column")
                ax.set_ylabel("row")
                if layout.narrow:
                    ax.set_xticks([0, 5, 10])
                    ax.set_yticks([0, 5, 10])
            fig.colorbar(im, ax=axes, shrink=0.8, orientation="horizontal" if layout.narrow else "vertical")
            docenv.save_figure(fig, layout.name())
