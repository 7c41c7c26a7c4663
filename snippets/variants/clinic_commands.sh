python pecheck.py pe.npy                       # a saved table [positions, width]
python pecheck.py model.py:PositionalEncoding --width 64 --positions 200
