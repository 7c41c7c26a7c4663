"""diffusers' get_timestep_embedding with flip_sin_to_cos=True: split and flipped, all cosines first ([cos | sin])."""

import math

import torch
import torch.nn.functional as F

from pelib.adapters import PositionsEmbedding


# --8<-- [start:core]
def timestep_embedding(
    timesteps: torch.Tensor,
    embedding_dim: int,
    flip_sin_to_cos: bool = True,
    downscale_freq_shift: float = 0,
    scale: float = 1,
    max_period: int = 10000,
) -> torch.Tensor:
    """Return the float32 [N, embedding_dim] embedding of N (possibly fractional)
    timesteps.

    Behaves like diffusers' get_timestep_embedding: the exponent is divided by h -
    downscale_freq_shift (0: the paper's frequencies, as UNet2DConditionModel uses; 1,
    the function's default: tensor2tensor's); flip_sin_to_cos swaps the halves to [cos |
    sin]; an odd width is zero-padded by one column.
    """
    half = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(half, dtype=torch.float32)
    omega = torch.exp(exponent / (half - downscale_freq_shift))
    angle = scale * (timesteps[:, None].float() * omega[None, :])
    pe = torch.cat([torch.sin(angle), torch.cos(angle)], dim=-1)
    if flip_sin_to_cos:
        pe = torch.cat([pe[:, half:], pe[:, :half]], dim=-1)
    if embedding_dim % 2 == 1:
        pe = F.pad(pe, (0, 1, 0, 0))
    return pe
# --8<-- [end:core]


ADAPTER = PositionsEmbedding(timestep_embedding)  # embeds positions 0 .. n-1 as timesteps: see pelib.adapters
make, call, build = ADAPTER.make, ADAPTER.call, ADAPTER.build
