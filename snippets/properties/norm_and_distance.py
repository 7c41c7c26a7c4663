"""Show that ||PE(p)|| is constant for even d_model (not for odd), and that ||PE(p) - PE(q)|| depends only on |p - q|."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS
from reference import positional_encoding


# --8<-- [start:norm]
def norms(seq_len: int, d_model: int) -> torch.Tensor:
    """||PE(p)|| for p = 0 .. seq_len - 1 (float64)."""
    return positional_encoding(seq_len, d_model, dtype=torch.float64).norm(dim=1)
# --8<-- [end:norm]


# --8<-- [start:distance]
def distance_matrix(seq_len: int, d_model: int) -> torch.Tensor:
    """D[p, q] = ||PE(p) - PE(q)|| for p, q in 0 .. seq_len - 1."""
    pe = positional_encoding(seq_len, d_model, dtype=torch.float64)
    return torch.cdist(pe, pe)


def distance_spread(dist: torch.Tensor) -> float:
    """Largest spread of D along each diagonal |p - q| = k: 0 when the distance depends only on |p - q|."""
    n = dist.size(0)
    return max((torch.diagonal(dist, k).max() - torch.diagonal(dist, k).min()).item() for k in range(1, n))
# --8<-- [end:distance]


if __name__ == "__main__":
    # --8<-- [start:run]
    for d_model in (512, 128, 6):
        n = norms(10000, d_model)
        print(f"d = {d_model:3d}: ||PE(p)|| over p < 10,000 in [{n.min().item():.12f}, {n.max().item():.12f}];"
              f" sqrt(d/2) = {(d_model / 2) ** 0.5:.12f}")
    n5 = norms(10000, 5)
    print(f"d =   5: ||PE(p)||^2 over p < 10,000 in [{(n5**2).min().item():.4f}, {(n5**2).max().item():.4f}]"
          f"  = 2 + sin^2(p * 10000^(-4/5))")
    dist = distance_matrix(1000, 512)
    print(f"d = 512, p, q < 1,000: largest spread of ||PE(p) - PE(q)|| at fixed |p - q| {docenv.bound(distance_spread(dist), 1e-12)}")
    # --8<-- [end:run]

    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
        with layout.style():
            fig, (heat, line) = plt.subplots(*layout.grid(2), figsize=layout.size(wide=(9.5, 4), narrow_height=7.2))
            small = dist[:200, :200]
            image = heat.imshow(small, origin="lower", cmap="viridis", interpolation="nearest")
            heat.set_xlabel("position q")
            heat.set_ylabel("position p")
            heat.set_title(layout.wrap("||PE(p) − PE(q)||: constant along each diagonal", 30))
            heat.grid(False)
            fig.colorbar(image, ax=heat)
            k = torch.arange(0, 1000)
            line.plot(k, dist[0, :1000], lw=1, label="from p = 0")
            line.plot(k[:500], dist[500, 500:1000], "--", lw=1, label="from p = 500, forward")
            line.plot(k[:500], dist[500, :501].flip(0)[:500], ":", lw=1.5, label="from p = 500, backward")
            line.set_xlabel("offset |p − q|")
            line.set_ylabel("distance")
            line.set_title(layout.wrap("distance against offset (d = 512): three curves, one line", 36))
            line.legend(loc="lower right")
            fig.tight_layout()
            docenv.save_figure(fig, layout.name())

    docenv.save_values(
        {
            "norm_512": f"{norms(1, 512)[0].item():.0f}",
            "odd_sq_min": f"{(n5**2).min().item():.4f}",
            "odd_sq_max": f"{(n5**2).max().item():.4f}",
            "distance_spread": docenv.bound(distance_spread(dist), 1e-12),
            "distance_one": f"{dist[0, 1].item():.3f}",
        }
    )
