"""The page scripts of docs/variants/*.md: each writes docs/generated/variants/<name>.*."""
