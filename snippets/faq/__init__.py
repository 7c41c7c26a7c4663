"""The page scripts of docs/faq.md: each writes docs/generated/faq/<name>.*."""
