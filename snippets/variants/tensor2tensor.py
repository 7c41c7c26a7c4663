"""What libraries.md shows the tensor2tensor variant printing; the variant itself is pelib/variants/tensor2tensor.py."""

from pelib import docenv
import math
import torch

from pelib.variants.tensor2tensor import timing_signal_1d


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 8, 5 positions: columns sin w0..w3 | cos w0..w3")
    print(docenv.fmt(timing_signal_1d(5, 8)[0]))
    i = torch.arange(4, dtype=torch.float64)  # h = 4 pairs for d_model = 8
    t2t = torch.exp(i * math.log(1e4) / (4 - 1)).tolist()
    paper = (10000 ** (2 * i / 8)).tolist()
    print("timescales 1/w_i, t2t  :", "  ".join(f"{v:9.2f}" for v in t2t))
    print("timescales 1/w_i, paper:", "  ".join(f"{v:9.2f}" for v in paper))
    # --8<-- [end:print]
