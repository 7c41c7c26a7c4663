"""The page scripts of docs/tour.md: each writes docs/generated/tour/<name>.*."""
