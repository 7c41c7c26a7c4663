"""The page scripts of docs/beyond-indices.md: each writes docs/generated/beyond_indices/<name>.*."""
