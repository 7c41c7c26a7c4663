"""Count what concatenating a 512-wide PE would cost: the parameters of one encoder layer at width 512 and 1024."""

from pelib import docenv
from torch import nn


# --8<-- [start:count]
def layer_parameters(d_model: int, n_heads: int = 8, d_ff: int = 2048) -> int:
    """Parameters of one PyTorch Transformer encoder layer (attention, feed-forward, layer norms)."""
    if d_model % n_heads:
        raise ValueError(f"d_model must be a multiple of n_heads={n_heads}, got {d_model}")
    layer = nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=d_ff)
    return sum(p.numel() for p in layer.parameters())
# --8<-- [end:count]


if __name__ == "__main__":
    # --8<-- [start:run]
    added = layer_parameters(512)  # token embedding + PE, summed: width stays 512
    concatenated = layer_parameters(512 + 512)  # [token embedding, PE] side by side: width 1024
    print("parameters of one encoder layer:")
    print(f"  sum, width 512:     {added:>9,}")
    print(f"  concat, width 1024: {concatenated:>9,}")
    print(f"  {concatenated / added:.2f}x as many")
    # --8<-- [end:run]
    docenv.save_values({"added": f"{added:,}", "concatenated": f"{concatenated:,}", "ratio": f"{concatenated / added:.2f}"})
