"""The page scripts of docs/precision.md: each writes docs/generated/precision/<name>.*."""
