"""The page scripts of docs/why-positions.md: each writes docs/generated/why_positions/<name>.*."""
