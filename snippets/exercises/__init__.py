"""The page scripts of docs/exercises.md: each writes docs/generated/exercises/<name>.*."""
