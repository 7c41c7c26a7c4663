"""The page scripts of docs/reference.md: each writes docs/generated/reference_page/<name>.*."""
