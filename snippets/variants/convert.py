"""Convert between layouts with a column permutation, and see what a checkpoint sees when the layout or frequencies change."""

from pelib import docenv

import torch

from pelib.variants import fairseq as variant_fairseq
from pelib.variants import seed_aiedge as variant_seed_aiedge
from pelib.variants import seed_div_term as variant_seed_div_term
from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from pelib.variants import whisper as variant_whisper
from pelib.variants.registry import interleaved_to_flipped, interleaved_to_split, inverse
from reference import PositionalEncoding, positional_encoding


with docenv.output_part("permute"):
    # --8<-- [start:permute]
    d = 8
    to_split = interleaved_to_split(d)
    print("interleaved -> [sin | cos]:", to_split)
    print("[sin | cos] -> interleaved:", inverse(to_split))
    print("interleaved -> [cos | sin]:", interleaved_to_flipped(d))

    paper = positional_encoding(50, d)
    split = variant_split_sin_cos.split_sin_cos(50, d)
    print("split == paper[:, to_split]:", torch.equal(split, paper[:, to_split]))
    print("split[:, inverse] == paper :", torch.equal(split[:, inverse(to_split)], paper))
    # --8<-- [end:permute]


# --8<-- [start:shift]
def shift_map(table: torch.Tensor, k: int) -> torch.Tensor:
    """The matrix W that best maps each row PE(p) of `table` to PE(p + k), by least squares (float64)."""
    rows = table.double()
    return torch.linalg.lstsq(rows[:-k], rows[k:]).solution


def shift_error(table: torch.Tensor, w: torch.Tensor, k: int) -> float:
    """Largest error of w as a map from PE(p) to PE(p + k) on `table`."""
    rows = table.double()
    return float((rows[:-k] @ w - rows[k:]).abs().max())
# --8<-- [end:shift]


with docenv.output_part("checkpoint"):
    # --8<-- [start:checkpoint]
    d, k, n = 16, 5, 200
    trained = shift_map(positional_encoding(n, d), k)  # "trained" on the paper's interleaved layout
    perm = interleaved_to_split(d)
    ported = trained[perm][:, perm]  # the same weights with rows and columns moved to [sin | cos]

    cases = {
        "interleaved weights, interleaved table": (positional_encoding(n, d), trained),
        "interleaved weights, [sin | cos] table": (variant_split_sin_cos.split_sin_cos(n, d), trained),
        "permuted weights, [sin | cos] table": (variant_split_sin_cos.split_sin_cos(n, d), ported),
        "permuted weights, tensor2tensor table": (variant_tensor2tensor.timing_signal_1d(n, d)[0], ported),
    }
    for label, (table, w) in cases.items():
        error = shift_error(table, w, k)
        print(f"{label:40s} max error {docenv.bound(error, 1e-6) if error < 1e-6 else f'{error:.1e}'}")
    # --8<-- [end:checkpoint]

with docenv.output_part("same_tables"):
    # --8<-- [start:same_tables]
    t2t = variant_tensor2tensor.timing_signal_1d(52, 16)[0]
    print("fairseq rows == tensor2tensor positions 2, 3, ...:", torch.equal(variant_fairseq.build(50, 16), t2t[2:]))
    print("whisper == tensor2tensor:", torch.equal(variant_whisper.sinusoids(52, 16), t2t))
    # --8<-- [end:same_tables]

with docenv.output_part("state_dict"):
    # --8<-- [start:state_dict]
    checkpoints = {
        "AiEdge (20 rows)": variant_seed_aiedge.AiEdgeEncoding(20, 8).state_dict(),
        "div_term (10 rows)": variant_seed_div_term.DivTermEncoding(8, 10, 0.1).state_dict(),
    }
    targets = {
        "reference module": lambda: PositionalEncoding(8, max_len=20),
        "div_term, 20 rows": lambda: variant_seed_div_term.DivTermEncoding(8, 20, 0.1),
    }
    for source, state in checkpoints.items():
        for target, build in targets.items():
            try:
                build().load_state_dict(state)
                outcome = "loads"
            except RuntimeError as error:
                outcome = "RuntimeError: " + str(error).splitlines()[1].strip()
            print(f"{source} -> {target}: {outcome}")
    # --8<-- [end:state_dict]

docenv.save_values({
    "wrong_layout_error": f"{shift_error(*cases['interleaved weights, [sin | cos] table'], k):.2f}",
    "wrong_frequency_error": f"{shift_error(*cases['permuted weights, tensor2tensor table'], k):.2f}",
    "shift": str(k),
    "width": str(d),
})
