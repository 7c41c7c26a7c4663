"""The page scripts of docs/properties.md: each writes docs/generated/properties/<name>.*."""
