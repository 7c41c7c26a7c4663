"""The page scripts of docs/input-step.md: each writes docs/generated/input_step/<name>.*."""
