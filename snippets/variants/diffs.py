"""Unified diffs of two library functions against the reference: which lines change the layout and the frequencies."""

from pelib import docenv
import ast
import difflib
import inspect
import textwrap

from pelib.variants import split_sin_cos as variant_split_sin_cos
from pelib.variants import tensor2tensor as variant_tensor2tensor
from reference import encode_positions


# --8<-- [start:diff]
def body_lines(function) -> list[str]:
    """The statements of a function, dedented: no docstring, comments, blank lines or argument checks."""
    source = textwrap.dedent(inspect.getsource(function))
    node = ast.parse(source).body[0]
    start = node.body[1].lineno if ast.get_docstring(node) else node.body[0].lineno
    lines = [line.split("  #")[0].rstrip() for line in source.splitlines()[start - 1 : node.end_lineno]]
    return [line[4:] for line in lines if line.strip() and "check_" not in line]


def diff_against_reference(function, name: str) -> str:
    """A unified diff from the body of the reference's formula to `function`'s body (3 lines of context)."""
    lines = difflib.unified_diff(
        body_lines(encode_positions), body_lines(function), "reference.py", name, lineterm=""
    )
    return "\n".join(lines)
# --8<-- [end:diff]


DIFFS = {
    "split_sin_cos": variant_split_sin_cos.split_sin_cos,
    "tensor2tensor": variant_tensor2tensor.timing_signal_1d,
}

for key, function in DIFFS.items():
    text = diff_against_reference(function, f"pelib/variants/{key}.py")
    docenv.output_path("diff", key).write_text(text + "\n", encoding="utf-8")
    changed = text.splitlines()[2:]  # after the two header lines
    print(f"pelib/variants/{key}.py: {sum(line.startswith('+') for line in changed)} lines added, "
          f"{sum(line.startswith('-') for line in changed)} removed")
