"""What more-libraries.md shows guided-diffusion printing; the variant itself is pelib/variants/guided_diffusion.py."""

from pelib import docenv
import torch

from pelib.variants.guided_diffusion import build, timestep_embedding


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 8, timesteps 0..4: columns cos w0..w3 | sin w0..w3, the paper's w")
    print(docenv.fmt(build(5, 8)))
    print("a fractional timestep, 2.5:")
    print(docenv.fmt(timestep_embedding(torch.tensor([2.5]), 8)))
    # --8<-- [end:print]
