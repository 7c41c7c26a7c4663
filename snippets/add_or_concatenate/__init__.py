"""The page scripts of docs/add-or-concatenate.md: each writes docs/generated/add_or_concatenate/<name>.*."""
