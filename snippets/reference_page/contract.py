"""What the reference module returns for each input dtype, and what it says about input it refuses."""

from pelib import docenv
import numpy
import torch
from reference import PositionalEncoding, positional_encoding

with docenv.output_part("dtypes"):
    # --8<-- [start:dtypes]
    exact = positional_encoding(5000, 64, dtype=torch.float64)
    layer = PositionalEncoding(d_model=64, max_len=5000).eval()  # the table is a float32 buffer
    limits = {torch.float16: 3e-4, torch.bfloat16: 2e-3, torch.float32: 3e-8, torch.float64: 3e-8}  # half a step
    shown = {}
    print("x dtype         output dtype    largest difference of the table added from the float64 table")
    for dtype, limit in limits.items():
        y = layer(torch.zeros(1, 5000, 64, dtype=dtype))[0]
        shown[dtype] = docenv.bound((y.double() - exact).abs().max(), limit)
        print(f"{str(dtype):15} {str(y.dtype):15} {shown[dtype]}")

    wide = PositionalEncoding(d_model=64, max_len=5000, dtype=torch.float64).eval()  # a float64 buffer
    y = wide(torch.zeros(1, 5000, 64, dtype=torch.float64))[0]
    print(f"float64 x, module built with dtype=torch.float64: adds the float64 table exactly: {torch.equal(y, exact)}")
    # --8<-- [end:dtypes]

with docenv.output_part("errors"):
    # --8<-- [start:errors]
    calls = {
        "an int64 x": lambda: layer(torch.zeros(2, 5, 64, dtype=torch.int64)),
        "a list": lambda: layer([[0.0] * 64] * 5),
        "a numpy array": lambda: layer(numpy.zeros((2, 5, 64))),
        "a meta-device x": lambda: layer(torch.zeros(2, 5, 64, device="meta")),
        "base=10**400": lambda: positional_encoding(8, 64, base=10**400),
        "base=1+1e-15": lambda: positional_encoding(8, 64, base=1 + 1e-15),
        "seq_len=10**12": lambda: positional_encoding(10**12, 512),
    }
    for what, call in calls.items():
        try:
            call()
        except (TypeError, ValueError, MemoryError) as error:
            message = str(error).split(", more than")[0]  # the rest names this machine's memory
            print(f"{what}: {type(error).__name__}: {message}")
    # --8<-- [end:errors]

docenv.save_values({"float16_difference": shown[torch.float16], "float64_difference": shown[torch.float64]})
