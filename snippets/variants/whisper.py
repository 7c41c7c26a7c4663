"""What libraries.md shows the Whisper variant printing; the variant itself is pelib/variants/whisper.py."""

from pelib import docenv
import torch

from pelib.variants.whisper import sinusoids, AudioEncoderPositions


if __name__ == "__main__":
    # --8<-- [start:print]
    print("d_model = 8, 5 frames: columns sin w0..w3 | cos w0..w3")
    print(docenv.fmt(sinusoids(5, 8)))
    encoder = AudioEncoderPositions(n_ctx=1500, n_state=384)  # whisper "tiny": 1500 frames, 384 channels
    print("state_dict:", {k: tuple(v.shape) for k, v in encoder.state_dict().items()})
    try:
        encoder(torch.zeros(1, 1000, 384))
    except AssertionError as error:
        print("1000 frames instead of 1500: AssertionError:", error)
    # --8<-- [end:print]
