"""The page scripts of docs/formula.md: each writes docs/generated/formula/<name>.*."""
