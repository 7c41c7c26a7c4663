"""Encode a diffusion timestep t in [0, 1]: with base 10000 almost every pair turns by less than a radian; scaling t by
1000 (DDPM's steps, diffusers' `scale`) spreads the turns; DETR normalises coordinates to (0, 2*pi] instead."""

from pelib import docenv
import math

import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS, log_labels
from reference import encode_positions, frequencies

D = 128  # a common width for a timestep embedding (DDPM's base channel count)

with docenv.output_part("turns"):
    # --8<-- [start:turns]
    omega = frequencies(D)  # pair i turns by omega_i radians per unit of t
    turns = [scale * omega for scale in (1, 1000)]  # the angle each pair turns through as t goes from 0 to 1
    print(f"{f'of {len(omega)} pairs':16s}{'t x 1':>6s}{'t x 1000':>10s}")
    print(f"{'turn < 1 rad':16s}{int((turns[0] < 1).sum()):6d}{int((turns[1] < 1).sum()):10d}")
    print(f"{'a full turn':16s}{int((turns[0] >= 2 * math.pi).sum()):6d}{int((turns[1] >= 2 * math.pi).sum()):10d}")
    # --8<-- [end:turns]

    small_raw, small_1000 = int((omega < 1).sum()), int((1000 * omega < 1).sum())
    full_1000 = int((1000 * omega >= 2 * math.pi).sum())

    # Barely moving: a pair that turns by less than 0.1 rad keeps its sine within 0.1 of 0 and its cosine above 0.995.
    tiny_raw = int((omega < 0.1).sum())
    print(f"{'turn < 0.1 rad':16s}{tiny_raw:6d}")
    print("  (sine < 0.1, cos > 0.995 for all t)")

# --8<-- [start:figure]
for layout in LAYOUTS:
    with layout.style():
        fig, ax = plt.subplots(figsize=layout.size(wide=(8, 4.2), narrow_height=4.4))
        pair = torch.arange(len(omega))
        ax.semilogy(pair, omega, "o", markersize=3, label="t in [0, 1]")
        ax.semilogy(pair, 1000 * omega, "s", markersize=3, label="1000 t")
        log_labels(ax.yaxis)
        ax.axhline(1, color="black", linewidth=0.8, linestyle="--")
        ax.axhline(2 * math.pi, color="grey", linewidth=0.8, linestyle=":")
        ax.text(len(omega) - 1, 1.2, "1 rad", ha="right", va="bottom")
        ax.text(len(omega) - 1, 2 * math.pi * 1.2, "one full turn", ha="right", va="bottom", color="grey")
        ax.set_xlabel("pair i")
        ax.set_ylabel(layout.wrap("angle turned as t goes 0 -> 1 (rad)"))
        ax.set_title(layout.wrap(f"How far each pair turns over the input's range, d_model = {D}, base 10000", 60))
        ax.legend(loc="lower left")
        docenv.save_figure(fig, layout.name())
# --8<-- [end:figure]

with docenv.output_part("libraries"):
    # --8<-- [start:libraries]
    # diffusers' get_timestep_embedding: `scale` multiplies the angles, so scale=1000 is t scaled by 1000; with
    # flip_sin_to_cos=True, downscale_freq_shift=0 it is the reference with columns [cos | sin].
    from diffusers.models.embeddings import get_timestep_embedding

    t = torch.tensor([0.0, 0.1, 0.5, 0.99, 1.0])
    ours = encode_positions(1000 * t.double(), D)
    cos_sin = torch.cat([ours[:, 1::2], ours[:, 0::2]], dim=1)
    theirs = get_timestep_embedding(t, D, flip_sin_to_cos=True, downscale_freq_shift=0, scale=1000)
    diffusers_gap = (theirs.double() - cos_sin).abs().max().item()
    print(f"diffusers, scale=1000, vs the reference at 1000 t: {docenv.bound(diffusers_gap, 1e-3)} apart (float32)")

    # DETR (transformers' DetrSinePositionEmbedding, normalize=True): rows counted from 1, divided by the height, times
    # 2 pi, then the reference formula with d = num_position_features and base = temperature, interleaved.
    from transformers.models.detr.modeling_detr import DetrSinePositionEmbedding

    F, H, W = 16, 5, 7
    detr = DetrSinePositionEmbedding(num_position_features=F, normalize=True)(torch.Size([1, 3, H, W]), "cpu",
                                                                              torch.float32)
    y = torch.arange(1, H + 1, dtype=torch.float64) / (H + 1e-6) * 2 * math.pi
    x = torch.arange(1, W + 1, dtype=torch.float64) / (W + 1e-6) * 2 * math.pi
    rows, cols = encode_positions(y, F), encode_positions(x, F)
    expected = torch.cat([rows[:, None, :].expand(H, W, F), cols[None, :, :].expand(H, W, F)], dim=-1)
    detr_gap = (detr[0].permute(1, 2, 0).double() - expected).abs().max().item()
    print(f"DETR, normalize=True, vs the reference at 2 pi (r + 1) / H: {docenv.bound(detr_gap, 1e-5)} apart (float32)")

    # Across an image the normalised coordinate runs over (0, 2 pi], so pair i turns by up to 2 pi omega_i: at DETR's
    # temperature most pairs barely turn; DAB-DETR's configuration sets a far smaller one.
    from transformers import DabDetrConfig, DetrConfig

    features = DetrConfig().d_model // 2  # per axis: half the width for the rows, half for the columns
    detr_turns = {}
    for name, temperature in (("DETR", 10000), ("DAB-DETR", DabDetrConfig().temperature_height)):
        detr_turns[temperature] = turn = 2 * math.pi * frequencies(features, base=temperature)
        print(f"{name}, temperature {temperature}:\n  {int((turn < 1).sum())} of {len(turn)} pairs per axis"
              f"\n  turn < 1 rad across the image;\n  the slowest {turn[-1].item():.4f} rad")
    # --8<-- [end:libraries]
    print(f"DETR's rows for H = {H}: {y.min().item():.2f} (2 pi / H) to {y.max().item():.2f} (2 pi)")

docenv.save_values({
    "d": f"{D}",
    "pairs": f"{len(omega)}",
    "small_raw": f"{small_raw}",
    "small_1000": f"{small_1000}",
    "full_1000": f"{full_1000}",
    "tiny_raw": f"{tiny_raw}",
    "diffusers_gap": docenv.bound(diffusers_gap, 1e-3),
    "detr_gap": docenv.bound(detr_gap, 1e-5),
    "detr_features": f"{features}", "detr_pairs": f"{features // 2}",
    "detr_small_10000": f"{int((detr_turns[10000] < 1).sum())}",
    "dab_temperature": f"{DabDetrConfig().temperature_height}",
    "detr_small_dab": f"{int((detr_turns[DabDetrConfig().temperature_height] < 1).sum())}",
    "detr_slowest_10000": f"{detr_turns[10000][-1].item():.4f}",
    "detr_slowest_dab": f"{detr_turns[DabDetrConfig().temperature_height][-1].item():.2f}",
})
