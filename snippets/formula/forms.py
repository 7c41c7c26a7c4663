"""Build the table from the four ways people write the frequency, show they agree, and what reading i as the column does."""

from pelib import docenv
import math

import torch
from reference import positional_encoding


# --8<-- [start:forms]
def table_from_frequencies(seq_len: int, omega: torch.Tensor) -> torch.Tensor:
    """Interleave sin and cos of p * omega[i] into columns 2i and 2i+1: 2 * len(omega) columns."""
    angle = torch.arange(seq_len, dtype=torch.float64)[:, None] * omega[None, :]
    table = torch.stack([torch.sin(angle), torch.cos(angle)], dim=2).flatten(1)  # sin, cos, sin, cos, ...
    return table


def omega_paper(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """The paper's sin(pos / 10000^(2i/d)): divide by base ** (2i / d)."""
    two_i = torch.arange(0, d_model, 2, dtype=torch.float64)
    return 1.0 / base ** (two_i / d_model)


def omega_negative_power(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """The same, written as a multiplication: base ** (-2i / d)."""
    two_i = torch.arange(0, d_model, 2, dtype=torch.float64)
    return base ** (-two_i / d_model)


def omega_exp_log(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """The 'div_term' of many PyTorch tutorials: exp(2i * -ln(base) / d)."""
    two_i = torch.arange(0, d_model, 2, dtype=torch.float64)
    return torch.exp(two_i * (-math.log(base) / d_model))


def per_column_exponent(d_model: int, base: float = 10000.0) -> torch.Tensor:
    """Per column j: exponent j/d for even j, (j-1)/d for odd j (both are 2i/d for the pair i = j // 2)."""
    j = torch.arange(d_model, dtype=torch.float64)
    even_denominator = base ** (j[0::2] / d_model)
    odd_denominator = base ** ((j[1::2] - 1) / d_model)
    return even_denominator, odd_denominator
# --8<-- [end:forms]


# --8<-- [start:misreading]
def table_i_as_column(seq_len: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """The misreading 'i is the dimension': column j uses exponent j/d, so sin and cos of a pair get two frequencies."""
    j = torch.arange(d_model, dtype=torch.float64)
    angle = torch.arange(seq_len, dtype=torch.float64)[:, None] / base ** (j / d_model)
    return torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))


def table_doubled_exponent(seq_len: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """The misreading 'loop i over 0, 2, 4, ... and still write 2i': exponent 2j/d, frequencies fall twice as fast."""
    j = torch.arange(0, d_model, 2, dtype=torch.float64)  # already 2i
    return table_from_frequencies(seq_len, base ** (-2 * j / d_model))[:, :d_model]
# --8<-- [end:misreading]


def max_diff(a: torch.Tensor, b: torch.Tensor) -> float:
    """Largest absolute difference between two tables of the same shape."""
    if a.shape != b.shape:
        raise ValueError(f"tables must have the same shape, got {list(a.shape)} and {list(b.shape)}")
    return (a - b).abs().max().item()


if __name__ == "__main__":
    with docenv.output_part("forms"):
        # --8<-- [start:compare]
        seq_len, d_model = 2048, 512
        reference = positional_encoding(seq_len, d_model, dtype=torch.float64)
        for name, omega in [
            ("pos / base^(2i/d)", omega_paper(d_model)),
            ("pos * base^(-2i/d)", omega_negative_power(d_model)),
            ("pos * exp(-2i ln(base) / d)", omega_exp_log(d_model)),
        ]:
            print(f"{name:28s} max |difference| from the reference: {docenv.bound(max_diff(table_from_frequencies(seq_len, omega), reference), 1e-12)}")
        # --8<-- [end:compare]

        # --8<-- [start:compare_columns]
        even_den, odd_den = per_column_exponent(6)
        print("d = 6, even columns 0, 2, 4: denominators", docenv.fmt(even_den).tolist())
        print("d = 6, odd columns  1, 3, 5: denominators", docenv.fmt(odd_den).tolist())
        print("bit-for-bit equal:", torch.equal(even_den, odd_den))
        # --8<-- [end:compare_columns]

    with docenv.output_part("misreadings"):
        # --8<-- [start:compare_misreadings]
        wrong = table_i_as_column(seq_len, d_model)
        print(f"'i is the dimension' misreading: max |difference| from the reference: {max_diff(wrong, reference):.3f}")
        print(f"  of which sine columns: {docenv.bound(max_diff(wrong[:, 0::2], reference[:, 0::2]), 1e-12)},"
              f" cosine columns: {max_diff(wrong[:, 1::2], reference[:, 1::2]):.3f}")
        doubled = table_doubled_exponent(seq_len, d_model)
        print(f"doubled exponent 2*(2i)/d:       max |difference| from the reference: {max_diff(doubled, reference):.3f}")
        # --8<-- [end:compare_misreadings]

    with docenv.output_part("odd"):
        # --8<-- [start:odd]
        table5 = positional_encoding(4, 5, dtype=torch.float64)
        # --8<-- [end:odd]
        # --8<-- [start:odd_printed]
        print("d_model = 5 gives", table5.shape[1], "columns: pairs (0, 1), (2, 3) and a lone sine in column 4")
        print(docenv.fmt(table5))
        print("column 4 equals sin(p * 10000^(-4/5)):",
              torch.allclose(table5[:, 4], torch.sin(torch.arange(4.0, dtype=torch.float64) * 10000 ** (-4 / 5))))
        # --8<-- [end:odd_printed]

    diffs = [max_diff(table_from_frequencies(seq_len, f(d_model)), reference)
             for f in (omega_paper, omega_negative_power, omega_exp_log)]
    doubled_omega = 10000.0 ** (-2 * torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    slower = int((doubled_omega < omega_negative_power(d_model).min()).sum())
    docenv.save_values(
        {
            "largest_form_diff": docenv.bound(max(diffs), 1e-12),
            "misreading_diff": f"{max_diff(wrong, reference):.3f}",
            "doubled_slower": str(slower),
            "pairs": str(d_model // 2),
        }
    )
