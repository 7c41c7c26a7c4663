"""A sequence-first table fed batch-first input: it adds one encoding per batch index, without any error."""

from pelib import docenv
from collections.abc import Callable

import torch
from torch import nn

from reference import PositionalEncoding, positional_encoding


# --8<-- [start:module]
class SeqFirstEncoding(nn.Module):
    """Add a [max_len, 1, d_model] table to x of shape [seq, batch, d_model], as seq-first tutorials do.

    Dropout is left out so that the output is exactly x plus what was added.
    """

    def __init__(self, d_model: int, max_len: int = 5000):
        super().__init__()
        # [max_len, 1, d_model]: the 1 broadcasts over the batch axis (dim 1)
        self.register_buffer("pe", positional_encoding(max_len, d_model)[:, None, :])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x.size(0) is the sequence length only if x is [seq, batch, d_model]
        return x + self.pe[: x.size(0)]
# --8<-- [end:module]


# --8<-- [start:fix]
class BatchFirstEncoding(SeqFirstEncoding):
    """The same table, read for x of shape [batch, seq, d_model]: slice positions with x.size(1)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() != 3 or x.size(1) > self.pe.size(0):
            raise ValueError(f"x must be [batch, seq <= {self.pe.size(0)}, d_model], got {list(x.shape)}")
        # [seq, 1, d_model] -> [1, seq, d_model]: the 1 now broadcasts over the batch
        return x + self.pe[: x.size(1)].transpose(0, 1)
# --8<-- [end:fix]


# --8<-- [start:check]
def check_batch_first(encode: Callable[[torch.Tensor], torch.Tensor], d_model: int) -> None:
    """Raise AssertionError unless encode, fed [batch, seq, d_model] zeros, adds the same encoding to every
    sequence of the batch and a different one at each position."""
    x = torch.zeros(2, 4, d_model)  # batch 2, 4 positions
    added = encode(x) - x
    if added.shape != x.shape:
        raise AssertionError(f"output shape {list(added.shape)} differs from input shape {list(x.shape)}")
    if not torch.equal(added[0], added[1]):
        raise AssertionError("the two sequences of the batch got different encodings: the batch axis is used")
    if torch.equal(added[0, 0], added[0, 1]):
        raise AssertionError("positions 0 and 1 got the same encoding: the sequence axis is not used")
# --8<-- [end:check]


def verdict(encode: Callable[[torch.Tensor], torch.Tensor], d_model: int) -> str:
    """'passes', or 'fails: ' and the check's message."""
    try:
        check_batch_first(encode, d_model)
    except AssertionError as error:
        return f"fails: {error}"
    return "passes"


def error_of(call: Callable[[], torch.Tensor]) -> str:
    """'no error', or the exception's type and the first line of its message."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - the page shows whatever is raised
        return f"{type(error).__name__}: {str(error).splitlines()[0]}"
    return "no error"


if __name__ == "__main__":
    with docenv.output_part("cases"):
        # --8<-- [start:seq_first]
        batch, seq_len, d_model = 3, 5, 8
        encoder = SeqFirstEncoding(d_model)
        table = positional_encoding(seq_len, d_model)  # PE, [seq, d_model]
        x_seq_first = torch.randn(seq_len, batch, d_model)  # [seq, batch, d_model]
        out = encoder(x_seq_first)
        print("(a) seq-first input", list(x_seq_first.shape), "-> output", list(out.shape))
        print("    output == x + PE[p] at every position p:", torch.equal(out, x_seq_first + table[:, None, :]))
        # --8<-- [end:seq_first]
        # --8<-- [start:batch_first]
        x = torch.zeros(batch, seq_len, d_model)  # [batch, seq, d_model]; zeros: the output is what is added
        print("\n(b) batch-first input", list(x.shape), "->", error_of(lambda: encoder(x)))
        added = encoder(x)
        print("    added to sequence 1 (one row per position):")
        print(docenv.fmt(added[1]))
        print("    PE[1]:", docenv.fmt(table[1]))
        got_row_b = all(torch.equal(added[b], table[b].expand(seq_len, d_model)) for b in range(batch))
        print("    sequence b got PE[b] at every position, b = 0, 1, 2:", got_row_b)
        print("    the added encoding varies along the sequence:", not torch.equal(added, added[:, :1].expand_as(added)))
        max_diff = (added - table[None, :, :]).abs().max().item()  # the correct output adds PE[p] at position p
        print(f"    max |output - correct output| = {max_diff:.4f}")
        # --8<-- [end:batch_first]
        # --8<-- [start:edges]
        one = torch.zeros(1, seq_len, d_model)  # a batch of one sequence
        print("\n(c) batch 1, 5 positions:", error_of(lambda: encoder(one)), "| every position got PE[0]:",
              torch.equal(encoder(one)[0], table[0].expand(seq_len, d_model)))
        short = SeqFirstEncoding(d_model, max_len=4)
        print("    max_len = 4, batch 3, 10 positions:", error_of(lambda: short(torch.zeros(3, 10, d_model))))
        print("    max_len = 4, batch 6, 10 positions:", error_of(lambda: short(torch.zeros(6, 10, d_model))))
        # --8<-- [end:edges]
    with docenv.output_part("check"):
        # --8<-- [start:verdicts]
        print("SeqFirstEncoding:  ", verdict(encoder, d_model))
        print("BatchFirstEncoding:", verdict(BatchFirstEncoding(d_model), d_model))
        print("PositionalEncoding:", verdict(PositionalEncoding(d_model).eval(), d_model))
        # --8<-- [end:verdicts]
    docenv.save_values({"max_diff": f"{max_diff:.2f}"})
