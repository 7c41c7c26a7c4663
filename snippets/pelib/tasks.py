"""Synthetic sequence tasks with exact answers, generated in code: each needs position information to be solved.

Every task maps a batch of token sequences x of shape [batch, length] to targets of the same shape; a target of
IGNORE marks a position that has no answer (the first k positions of "k back" and "local max"). Tokens are
0 .. vocab - 1.
"""

from __future__ import annotations

import torch

IGNORE = -100  # the target of a position without an answer (torch's cross_entropy skips it)
TASKS = ("k_back", "local_max", "reverse", "sort")


def check_task(task: str, length: int, k: int) -> None:
    """Raise a ValueError naming the bad value when `task` cannot be posed at `length`."""
    if task not in TASKS:
        raise ValueError(f"task must be one of {TASKS}, got {task!r}")
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise ValueError(f"length must be a positive int, got {length!r}")
    if task in ("k_back", "local_max") and not (isinstance(k, int) and 1 <= k < length):
        raise ValueError(f"k must be an int from 1 to length - 1 = {length - 1} for the {task} task, got {k!r}")


def targets(task: str, x: torch.Tensor, k: int = 3) -> torch.Tensor:
    """The exact answer of `task` for every position of x [batch, length].

    k_back: the token k places back, y[t] = x[t - k] (no answer for t < k).
    local_max: the largest of the last k + 1 tokens, y[t] = max(x[t - k], ..., x[t]) (no answer for t < k): a task
        of the recent window, where a bias towards nearby tokens (ALiBi's design) helps.
    reverse: the sequence backwards, y[t] = x[length - 1 - t].
    sort: the tokens in increasing order, y[t] = the t-th smallest token.
    """
    check_task(task, x.shape[1], k)
    if task == "k_back":
        y = torch.full_like(x, IGNORE)
        y[:, k:] = x[:, :-k]
        return y
    if task == "local_max":
        y = torch.full_like(x, IGNORE)
        y[:, k:] = x.unfold(1, k + 1, 1).max(-1).values
        return y
    if task == "reverse":
        return x.flip(1)
    return x.sort(dim=1).values


def batch(task: str, size: int, length: int, vocab: int, generator: torch.Generator, k: int = 3):
    """A batch (x, y) of `size` uniform random sequences of `length` tokens drawn with `generator`."""
    check_task(task, length, k)
    x = torch.randint(vocab, (size, length), generator=generator)
    return x, targets(task, x, k)
