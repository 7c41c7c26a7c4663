"""The page scripts of docs/variants/real-code.md: each writes docs/generated/real_code/<name>.*."""
