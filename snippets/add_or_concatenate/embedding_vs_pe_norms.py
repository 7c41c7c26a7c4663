"""Measure token-embedding norms under common initialisations, with and without the sqrt(d_model) scale, against ||PE||."""

from pelib import docenv
import math

import torch
from reference import positional_encoding
from torch import nn

D_MODEL, VOCAB = 512, 37000  # the paper's base model and its shared English-German vocabulary (section 5.1)


# --8<-- [start:inits]
def embedding_default(vocab: int, d_model: int) -> torch.Tensor:
    """nn.Embedding's own initialisation: every entry N(0, 1)."""
    return nn.Embedding(vocab, d_model).weight.detach()


def embedding_normal_scaled(vocab: int, d_model: int) -> torch.Tensor:
    """N(0, 1/d_model) entries, as in fairseq's transformer Embedding helper."""
    weight = torch.empty(vocab, d_model)
    nn.init.normal_(weight, mean=0.0, std=d_model**-0.5)
    return weight


def embedding_xavier(vocab: int, d_model: int) -> torch.Tensor:
    """Xavier-uniform over the [vocab, d_model] matrix, as The Annotated Transformer does for every matrix."""
    weight = torch.empty(vocab, d_model)
    nn.init.xavier_uniform_(weight)
    return weight
# --8<-- [end:inits]


# --8<-- [start:measure]
def mean_row_norm(weight: torch.Tensor) -> float:
    """Average ||e|| over the rows (tokens) of an embedding matrix."""
    return weight.norm(dim=1).mean().item()


def mean_abs_cosine(weight: torch.Tensor, pe: torch.Tensor) -> float:
    """Average |cos| between token rows and PE rows (paired up): near 0 means nearly orthogonal directions."""
    n = min(weight.size(0), pe.size(0))
    return nn.functional.cosine_similarity(weight[:n], pe[:n], dim=1).abs().mean().item()
# --8<-- [end:measure]


INITS = {
    "nn.Embedding default, N(0, 1)": embedding_default,
    "N(0, 1/d) (fairseq)": embedding_normal_scaled,
    "Xavier-uniform, vocab 37,000 (Annotated Transformer)": embedding_xavier,
}


if __name__ == "__main__":
    # --8<-- [start:table]
    pe = positional_encoding(2048, D_MODEL)
    pe_norm = pe.norm(dim=1).mean().item()
    scale = math.sqrt(D_MODEL)
    # --8<-- [end:table]
    rows, values = [], {"pe_norm": f"{pe_norm:.1f}", "sqrt_d": f"{scale:.1f}"}
    # --8<-- [start:each]
    for key, (name, init) in zip(("default", "normal", "xavier"), INITS.items()):
        weight = init(VOCAB, D_MODEL)
        norm = mean_row_norm(weight)
        scaled = norm * scale
        cosine = mean_abs_cosine(weight, pe)
        # --8<-- [end:each]
        rows.append([name, f"{norm:.3f}", f"{scaled:.1f}", f"{pe_norm:.1f}", f"{scaled / pe_norm:.2f}", f"{cosine:.3f}"])
        values |= {f"{key}_norm": f"{norm:.2f}", f"{key}_scaled": f"{scaled:.1f}", f"{key}_ratio": f"{scaled / pe_norm:.2f}",
                   f"{key}_cosine": f"{cosine:.3f}"}
    header = ["token embedding initialisation", "‖e‖", "‖√d · e‖", "‖PE(p)‖", "‖√d · e‖ / ‖PE(p)‖", "mean absolute cosine of e and PE"]
    docenv.save_markdown(docenv.markdown_table(header, rows, align="lrrrrr"))
    docenv.save_values(values)
    print(f"||PE(p)|| = sqrt(d/2) = {pe_norm:.4f} for d = {D_MODEL}; sqrt(d) = {scale:.4f}")
