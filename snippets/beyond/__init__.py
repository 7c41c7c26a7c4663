"""The page scripts of docs/beyond.md: each writes docs/generated/beyond/<name>.*."""
