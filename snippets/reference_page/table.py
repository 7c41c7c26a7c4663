"""Print the reference table for a small even and a small odd d_model, as the first page shows them."""

from pelib import docenv
from reference import positional_encoding

# --8<-- [start:tables]
even = positional_encoding(6, 4)  # seq_len=6 positions, d_model=4: pairs i=0 and i=1
print("d_model = 4, columns: sin w0 p | cos w0 p | sin w1 p | cos w1 p")
print(docenv.fmt(even))

odd = positional_encoding(6, 5)  # d_model=5: two full pairs, then a lone sine column
print("\nd_model = 5, columns: sin w0 p | cos w0 p | sin w1 p | cos w1 p | sin w2 p")
print(docenv.fmt(odd))
# --8<-- [end:tables]
