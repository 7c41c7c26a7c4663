"""The page scripts of docs/performance.md: each writes docs/generated/performance/<name>.*."""
