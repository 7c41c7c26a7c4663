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
    print(f"one encoder layer, width 512 (sum):            {added:,} parameters")
    print(f"one encoder layer, width 1024 (concatenation): {concatenated:,} parameters ({concatenated / added:.2f}x)")
    # --8<-- [end:run]
    docenv.save_values({"added": f"{added:,}", "concatenated": f"{concatenated:,}", "ratio": f"{concatenated / added:.2f}"})
