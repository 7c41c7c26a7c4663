"""The page scripts of docs/base.md: each writes docs/generated/base/<name>.*."""
