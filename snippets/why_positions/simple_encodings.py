"""Compare three simple position codes (integer, position / length, binary) with the sinusoidal one, by measurement."""

from pelib import docenv
import matplotlib.pyplot as plt
import torch
from pelib.figures import LAYOUTS
from reference import positional_encoding


# --8<-- [start:encodings]
def integer_code(seq_len: int, width: int) -> torch.Tensor:
    """Position p written into every column: [p, p, ..., p]."""
    return torch.arange(seq_len, dtype=torch.float64)[:, None].expand(seq_len, width).clone()


def fraction_code(seq_len: int, width: int) -> torch.Tensor:
    """Position divided by the sequence length, p / seq_len, in every column."""
    return integer_code(seq_len, width) / seq_len


def binary_code(seq_len: int, width: int) -> torch.Tensor:
    """The bits of p, least significant first; needs 2**width >= seq_len to stay unique."""
    if 2**width < seq_len:
        raise ValueError(f"width must be at least {max(seq_len - 1, 1).bit_length()} bits for seq_len={seq_len}, got {width}")
    bits = torch.arange(width)
    return ((torch.arange(seq_len)[:, None] >> bits) & 1).to(torch.float64)


def sinusoidal_code(seq_len: int, width: int) -> torch.Tensor:
    """The reference sinusoidal table, in float64."""
    return positional_encoding(seq_len, width, dtype=torch.float64)


CODES = {"integer p": integer_code, "p / length": fraction_code, "binary": binary_code, "sinusoidal": sinusoidal_code}
# --8<-- [end:encodings]


# --8<-- [start:checks]
def is_unique(table: torch.Tensor) -> bool:
    """Every position gets its own code (no two rows equal)."""
    return torch.unique(table, dim=0).size(0) == table.size(0)


def largest_value(table: torch.Tensor) -> float:
    """The largest |entry|: what the code adds to an embedding whose entries are about 1 or smaller."""
    return table.abs().max().item()


def same_code_across_lengths(code, width: int, short: int, long: int) -> bool:
    """Position p has the same code in a sequence of `short` tokens and in one of `long` tokens."""
    return torch.allclose(code(short, width), code(long, width)[:short])


def offset_spread(table: torch.Tensor, max_offset: int) -> float:
    """Largest spread over p of ||code(p) - code(p + k)||, over k = 1..max_offset: 0 when distance depends on k only."""
    spreads = []
    for k in range(1, max_offset + 1):
        dist = (table[k:] - table[:-k]).norm(dim=1)
        spreads.append((dist.max() - dist.min()).item())
    return max(spreads)


def distance(table: torch.Tensor, p: int, q: int) -> float:
    """||code(p) - code(q)||."""
    return (table[p] - table[q]).norm().item()
# --8<-- [end:checks]


def summary(width: int = 16, seq_len: int = 1000, short: int = 10) -> list[list[object]]:
    """One row per code: the measured checks, as table cells."""
    rows = []
    for name, code in CODES.items():
        table = code(seq_len, width)
        rows.append(
            [
                name,
                "yes" if is_unique(table) else "no",
                f"{largest_value(table):,.0f}" if largest_value(table) > 1 else f"{largest_value(table):.3g}",
                "yes" if same_code_across_lengths(code, width, short, seq_len) else "no",
                f"{offset_spread(table, 8):.2f}",
                f"{distance(table, 7, 8):.3g} vs {distance(table, 0, 8):.3g}",
            ]
        )
    return rows


HEADER = [
    "code (width 16)",
    "unique over 1,000 positions",
    "largest value",
    "same code at lengths 10 and 1,000",
    "spread of distance at fixed offset",
    "distance 7↔8 vs 0↔8",
]


if __name__ == "__main__":
    rows = summary()
    docenv.save_markdown(docenv.markdown_table(HEADER, rows, align="lccccc"))

    # --8<-- [start:examples]
    print("p / length, in 10 and in 100 tokens:")
    print("  position 5:", fraction_code(10, 1)[5, 0].item(), "and", fraction_code(100, 1)[5, 0].item())
    print("  one step:  ", 1 / 10, "and", 1 / 100)
    b = binary_code(16, 4)
    for p in (7, 8, 0):
        print("binary" if p == 7 else "      ", p, "=", b[p].int().tolist())
    s = sinusoidal_code(16, 4)
    print("distance   7 to 8   0 to 8")
    print(f"binary      {distance(b, 7, 8):.3f}    {distance(b, 0, 8):.3f}")
    print(f"sinusoidal  {distance(s, 7, 8):.3f}    {distance(s, 0, 8):.3f}")
    # --8<-- [end:examples]

    binary, sinus = binary_code(64, 6), sinusoidal_code(64, 6)
    for layout in LAYOUTS:  # wide for a desktop and paper, narrow (one above the other) for a phone
        with layout.style():
            fig, (left, mid, right) = plt.subplots(*layout.grid(3), figsize=layout.size(wide=(9.5, 3.8), narrow_height=10))
            steps = torch.arange(63)
            left.plot(steps, (binary[1:] - binary[:-1]).norm(dim=1), "o-", ms=3, label="binary (6 bits)")
            left.plot(steps, (sinus[1:] - sinus[:-1]).norm(dim=1), "s-", ms=3, label="sinusoidal (d = 6)")
            left.set_xlabel("position p")
            left.set_ylabel("||code(p+1) − code(p)||")
            left.set_title(layout.wrap("one step further: the same distance?", 28))
            left.legend(loc="upper left")
            left.set_ylim(top=left.get_ylim()[1] * 1.3)  # room for the legend above the points
            k = torch.arange(24)
            for ax, table, name in ((mid, binary, "binary (6 bits)"), (right, sinus, "sinusoidal (d = 6)")):
                for start, style in ((0, "o-"), (7, "s--"), (13, "^:")):
                    ax.plot(k, (table[start + k] - table[start]).norm(dim=1), style, ms=3, label=f"from p = {start}")
                ax.set_xlabel("offset k")
                ax.set_ylabel("||code(p+k) − code(p)||")
                ax.set_title(layout.wrap(f"{name}: distance against offset", 28))
                ax.legend(loc="lower right")
            fig.tight_layout()
            docenv.save_figure(fig, layout.name())

    docenv.save_values(
        {
            "integer_largest": rows[0][2],
            "binary_d78": f"{distance(b, 7, 8):.3f}",
            "binary_d08": f"{distance(b, 0, 8):.3f}",
        }
    )
