"""Fixed settings and output helpers shared by every snippet, so that what a snippet prints and draws is deterministic.

Import it before anything else in a snippet (`from pelib import docenv`). `scripts/regen.py` imports it too, before
it runs the snippet. The reader never sees it: pages include named sections of the snippets, not this file.

Where outputs go: `scripts/regen.py` sets REGEN_OUT to a private staging folder and REGEN_STEM to the snippet's
name; run on its own, a snippet writes its figures and data under `_snippet_output/` in the repository root.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent.parent  # snippets/pelib/docenv.py: the repository

# --- numbers: CPU, one thread, fixed seeds, fixed print options --------------------------------------------------
torch.set_num_threads(1)
torch.manual_seed(0)
random.seed(0)
torch.use_deterministic_algorithms(True)
torch.set_printoptions(precision=4, sci_mode=False, linewidth=110, threshold=2000)

# --- figures: Agg, bundled font, no dates or random ids ---------------------------------------------------------
os.environ.setdefault("MPLBACKEND", "Agg")
try:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update(
        {
            "svg.hashsalt": "sinusoidal-pe",
            "svg.fonttype": "path",
            "font.family": "DejaVu Sans",
            "figure.dpi": 100,
            "savefig.dpi": 100,
            "figure.facecolor": "white",
            "savefig.facecolor": "white",
            "axes.grid": True,
            "grid.alpha": 0.3,
        }
    )
except ImportError:  # a snippet that draws nothing does not need matplotlib
    pass


def stem() -> str:
    """The name of the running snippet: outputs are named after it."""
    return os.environ.get("REGEN_STEM") or Path(sys.argv[0]).stem


def out_dir() -> Path:
    """The folder outputs are written to (a staging folder under regen, `_snippet_output/` otherwise)."""
    path = Path(os.environ.get("REGEN_OUT") or ROOT / "_snippet_output")
    path.mkdir(parents=True, exist_ok=True)
    return path


def output_path(suffix: str, name: str | None = None) -> Path:
    """Path of an output: `<stem>.<suffix>` or `<stem>-<name>.<suffix>`; names keep outputs of snippets apart."""
    if name is not None and (not name or not all(c.isalnum() or c in "_-" for c in name)):
        raise ValueError(f"output name must be letters, digits, '_' or '-', got {name!r}")
    base = stem() if name is None else f"{stem()}-{name}"
    return out_dir() / f"{base}.{suffix}"


def save_figure(fig, name: str | None = None, *, formats: tuple[str, ...] = ("svg",)) -> None:
    """Save a matplotlib figure byte-deterministically (no dates, no software version) and close it."""
    import matplotlib.pyplot as plt

    for fmt in formats:
        if fmt == "svg":
            metadata = {"Date": None, "Creator": None}
        elif fmt == "png":
            metadata = {"Software": None}
        else:
            raise ValueError(f"figure format must be 'svg' or 'png', got {fmt!r}")
        fig.savefig(output_path(fmt, name), format=fmt, metadata=metadata, bbox_inches="tight")
    plt.close(fig)


def save_json(obj: object, name: str | None = None) -> None:
    """Save data (for the explorer, tables, tests) as sorted, indented JSON."""
    text = json.dumps(obj, indent=1, sort_keys=True, allow_nan=False)
    output_path("json", name).write_text(text + "\n", encoding="utf-8")


def save_values(values: dict[str, str]) -> None:
    """Save numbers that prose quotes, as strings already formatted by the snippet.

    A page writes `{{ gen.<stem>.<key> }}`; the macros hook loads every `*.values.json` under docs/generated/.
    """
    for key, value in values.items():
        if not key.isidentifier() or not isinstance(value, str):
            raise ValueError(f"values must map identifiers to formatted strings, got {key!r}: {value!r}")
    output_path("values.json").write_text(json.dumps(values, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def save_markdown(text: str, name: str | None = None) -> None:
    """Save a Markdown fragment (a table, a list) that a page includes with `--8<--`."""
    output_path("md", name).write_text(text.rstrip("\n") + "\n", encoding="utf-8")


@contextlib.contextmanager
def output_part(name: str):
    """Print as usual, and also save what was printed inside the block as `<stem>-<name>.txt`.

    A page then includes one part of a snippet's output by name (`--8<-- "NAME-part.txt"`) instead of by line
    numbers, which would silently shift when a print is added.
    """
    path = output_path("txt", name)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        yield
    print(buffer.getvalue(), end="")
    path.write_text(buffer.getvalue(), encoding="utf-8")


def fmt(t: torch.Tensor, decimals: int = 4) -> torch.Tensor:
    """Round for printing, correctly, and turn -0.0 into 0.0, whose sign would otherwise flicker between platforms.

    Each value is rounded from its exact binary value by Python's correctly rounded formatting, never by scaling in
    the tensor's own dtype: in float32, 0.99994999 * 10**4 is 9999.5, which rounds to 1.0000 instead of 0.9999.
    The result keeps the dtype, so it prints like the table it came from; float32 holds every 4-decimal number
    below 1024 closely enough to print it back unchanged, and larger values are refused rather than misprinted.
    """
    if t.dtype not in (torch.float32, torch.float64):
        raise ValueError(f"fmt prints float32 or float64 tensors, got {t.dtype}; convert with .double() first")
    if not isinstance(decimals, int) or not 0 <= decimals <= 8:
        raise ValueError(f"decimals must be an int from 0 to 8, got {decimals!r}")
    exact = t.detach().cpu().double().flatten().tolist()  # float32 -> float64 is exact
    rounded = torch.tensor([float(f"{v:.{decimals}f}") + 0.0 for v in exact], dtype=torch.float64).reshape(t.shape)
    if t.dtype == torch.float32 and rounded.numel() and rounded.abs().max() >= 1024:
        raise ValueError(f"fmt: float32 cannot print values >= 1024 at {decimals} decimals reliably; pass t.double()")
    return rounded.to(t.dtype)


def bound(value: float | torch.Tensor, limit: float) -> str:
    """Show a quantity that is zero up to rounding as `< limit`, never as its digits.

    Its digits are rounding noise that changes with the CPU's vector kernel (`ATEN_CPU_CAPABILITY`), the thread
    count or the platform; the bound does not. Raises if the value is not below the limit, so the text stays true.
    """
    value = float(value)
    if not (isinstance(limit, float) and limit > 0 and float(f"{limit:.0e}") == limit):
        raise ValueError(f"limit must be a positive float with one significant digit (e.g. 1e-15), got {limit!r}")
    if not abs(value) < limit:
        raise ValueError(f"{value!r} is not below the bound {limit:.0e}: it is not zero up to rounding")
    return f"< {limit:.0e}"


def markdown_table(header: list[str], rows: list[list[object]], align: str | None = None) -> str:
    """Build a Markdown table; `align` is one character per column: l, c or r (right by default)."""
    align = align or "r" * len(header)
    if len(align) != len(header) or any(len(r) != len(header) for r in rows):
        raise ValueError(f"table needs {len(header)} cells per row and alignment, got {align!r} and {rows!r}")
    marks = {"l": ":---", "c": ":---:", "r": "---:"}
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks[a] for a in align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
