"""guided-diffusion's timestep_embedding: [cos | sin] with the paper's frequencies, for (fractional) timesteps."""

import math

import torch

from pelib.adapters import PositionsEmbedding


# --8<-- [start:core]
def timestep_embedding(timesteps: torch.Tensor, dim: int, max_period: int = 10000) -> torch.Tensor:
    """Return the float32 [N, dim] embedding [cos | sin] of N timesteps.

    Behaves like guided-diffusion's timestep_embedding (guided_diffusion/nn.py): h = dim
    // 2 frequencies exp(-ln(max_period) i / h), the paper's; float32 angles; all
    cosines first, then all sines; an odd dim gets a zero last column.
    """
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(start=0, end=half, dtype=torch.float32) / half)
    args = timesteps[:, None].float() * freqs[None]
    embedding = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    if dim % 2:
        embedding = torch.cat([embedding, torch.zeros_like(embedding[:, :1])], dim=-1)
    return embedding
# --8<-- [end:core]


ADAPTER = PositionsEmbedding(timestep_embedding)  # embeds positions 0 .. n-1 as timesteps: see pelib.adapters
make, call, build = ADAPTER.make, ADAPTER.call, ADAPTER.build
