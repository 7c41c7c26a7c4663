"""The page scripts of docs/linearity.md: each writes docs/generated/linearity/<name>.*."""
