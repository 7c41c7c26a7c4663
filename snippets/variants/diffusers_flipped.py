"""What libraries.md shows the diffusers variant printing; the variant itself is pelib/variants/diffusers_flipped.py."""

from pelib import docenv
import torch

from pelib.variants.diffusers_flipped import timestep_embedding


if __name__ == "__main__":
    # --8<-- [start:print]
    steps = torch.arange(5)
    print("d_model = 8, timesteps 0..4, flip_sin_to_cos=True, shift 0: columns cos w0..w3 | sin w0..w3")
    print(docenv.fmt(timestep_embedding(steps, 8)))
    default = timestep_embedding(steps, 8, flip_sin_to_cos=False, downscale_freq_shift=1)
    print("\nthe function's defaults (no flip, shift 1) give tensor2tensor's table:")
    print(docenv.fmt(default))
    # --8<-- [end:print]
