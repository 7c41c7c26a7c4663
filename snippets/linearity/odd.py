"""Show that for an odd d_model the lone last sine of PE(p + k) is not a linear function of PE(p)."""

from pelib import docenv
import math

import torch
from reference import frequencies, positional_encoding


# --8<-- [start:best_fit]
def best_linear_fit_error(d_model: int, k: int, positions: int, *, add_missing_cosine: bool = False) -> float:
    """Largest error of the least-squares linear map from PE(p) to the last column of PE(p + k).

    Fitted over p = 0 .. positions-1. With add_missing_cosine, cos(w_last p) is appended to PE(p) first.
    Least squares minimises the sum of squared errors, not the largest one.
    """
    if d_model % 2 == 0:
        raise ValueError(f"d_model must be odd (a lone last sine), got {d_model}")
    pe = positional_encoding(positions + k, d_model, dtype=torch.float64)
    x, y = pe[:positions], pe[k : positions + k, -1]  # inputs PE(p); target sin(w_last (p + k))
    if add_missing_cosine:
        w_last = frequencies(d_model)[-1]
        x = torch.cat([x, torch.cos(w_last * torch.arange(positions, dtype=torch.float64))[:, None]], dim=1)
    coefficients = torch.linalg.lstsq(x, y[:, None]).solution
    return (x @ coefficients - y[:, None]).abs().max().item()


def block_map_error(d_model: int, k: int, positions: int) -> float:
    """Largest error on the last column of the block map: M_k on the complete pairs, cos(w_last k) on the lone sine.

    That is the sine row of the proof without its missing cos(w_last p) term, so it misses by exactly
    sin(w_last k) cos(w_last p); over p = 0 .. positions-1 (p = 0 included) the largest miss is |sin(w_last k)|.
    """
    if d_model % 2 == 0:
        raise ValueError(f"d_model must be odd (a lone last sine), got {d_model}")
    pe = positional_encoding(positions + k, d_model, dtype=torch.float64)
    w_last = frequencies(d_model)[-1].item()
    predicted = math.cos(w_last * k) * pe[:positions, -1]
    return (pe[k : positions + k, -1] - predicted).abs().max().item()
# --8<-- [end:best_fit]


if __name__ == "__main__":
    # --8<-- [start:run]
    d_model = 5
    w_last = frequencies(d_model)[-1].item()
    wavelength = 2 * math.pi / w_last
    positions = 2 * math.ceil(wavelength)  # two full turns of the lone sine
    print(f"d_model = {d_model}: lone sine column {d_model - 1}, w = {w_last:.3e}, wavelength {wavelength:,.0f}")
    print(f"largest error on the lone sine over p = 0..{positions - 1}, for each map:")
    print("     k | |sin(w k)| | block map | least squares | least squares, cos(w p) added")
    for k in (1, 10, 100, 1000, 2500):
        block = block_map_error(d_model, k, positions)
        plain = best_linear_fit_error(d_model, k, positions)
        fixed = best_linear_fit_error(d_model, k, positions, add_missing_cosine=True)
        print(f"{k:6d} | {abs(math.sin(w_last * k)):10.3e} | {block:9.3e} | {plain:13.3e} | {docenv.bound(fixed, 1e-13)}")
    # --8<-- [end:run]
    docenv.save_values({
        "positions": f"{positions:,}",
        "sin_k1000": f"{abs(math.sin(w_last * 1000)):.3f}",
        "block_error_k1000": f"{block_map_error(d_model, 1000, positions):.3f}",
        "lstsq_error_k1000": f"{best_linear_fit_error(d_model, 1000, positions):.3f}",
    })
