"""The page scripts of docs/explorer.md: each writes docs/generated/explorer/<name>.*."""
