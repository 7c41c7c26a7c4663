"""What the variants pages' ledgers check against: the committed comparison, the same comparison made again by
running every variant, the variants' code, and a few facts derived independently of the probes.

Imported by tests/pages/test_variants_*.py; the fresh observation is made once per test session.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable

import torch
from pelib.variants import registry
from reference import positional_encoding
from support import DOCS, SNIPPETS, data, values

ALL = [registry.REFERENCE, *registry.VARIANTS]
SEEDS = [v.key for v in registry.VARIANTS if v.kind == "seed"]
LIBRARIES = [v.key for v in registry.VARIANTS if v.kind == "library" and v.page.startswith("libraries.md")]


def committed() -> dict:
    """The observations behind the committed comparison table."""
    return data("variants/comparison")


@functools.cache
def fresh() -> dict:
    """The same observations, made again now by running every variant: the page's own snippet does it when imported
    (snippets/variants/comparison.py, `observed`), so the ledger, the code tests and the snippet share one run."""
    from variants import comparison

    assert [*comparison.observed] == [v.key for v in ALL]
    return comparison.observed


def with_tables(test: Callable[[dict, dict], object]) -> Callable[[], bool]:
    """A check made of a test of tests/pages/test_variants_index_code.py that takes the (committed, fresh) fixtures."""

    def check() -> bool:
        test(committed(), fresh())
        return True

    check.__name__ = f"with_tables({test.__name__})"
    return check


def observed(key: str, cell: str) -> object:
    """One cell of the comparison for one variant, the same in the committed table and in a fresh run."""
    before, now = committed()[key][cell], fresh()[key][cell]
    assert before == now, f"{key} {cell}: committed {before!r}, observed now {now!r} (make regen)"
    return now


def paper_frequencies(key: str) -> bool:
    """The variant's frequencies are the paper's at d_model = 64 and 512 (the probe's ratio is 1)."""
    return all(abs(observed(key, f"frequency_ratio_d{d}") - 1) < 1e-4 for d in (64, 512))


def t2t_frequencies(key: str) -> bool:
    """The variant's lowest frequency is tensor2tensor's: lower than the paper's by 10000 ** (2 / d)."""
    return all(abs(observed(key, f"frequency_ratio_d{d}") / 10000 ** (2 / d) - 1) < 1e-4 for d in (64, 512))


def omegas(key: str, d_model: int, seq_len: int = 256) -> list[float]:
    """The fitted angular frequencies of a variant's table, highest first."""
    return [p.omega for p in registry.sinusoids_in(registry.BY_KEY[key].build(seq_len, d_model))]


def code(key: str) -> str:
    """The source of the variant snippets/pelib/variants/<key>.py, or of the page script snippets/variants/<key>.py
    when `key` names no variant (library_checks)."""
    library = SNIPPETS / "pelib" / "variants" / f"{key}.py"
    return (library if library.is_file() else SNIPPETS / "variants" / f"{key}.py").read_text(encoding="utf-8")


def page(name: str) -> str:
    """The Markdown of docs/variants/<name>."""
    return (DOCS / "variants" / name).read_text(encoding="utf-8")


def quoted(job: str, key: str) -> str:
    return values(job)[key]


def raises(error: type[BaseException], call: Callable[[], object], match: str = "") -> bool:
    """True when `call()` raises `error` (with `match` in its message)."""
    try:
        call()
    except error as caught:
        return match in str(caught)
    return False


def all_true(items: Iterable[object]) -> bool:
    return all(bool(item) for item in items)


def source_of(obj: object) -> str:
    return inspect.getsource(obj)


def reference(seq_len: int, d_model: int) -> torch.Tensor:
    return positional_encoding(seq_len, d_model, dtype=torch.float64)
