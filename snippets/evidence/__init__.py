"""The page scripts of docs/evidence.md: each draws figures from what an experiment saved (its JSON under
docs/generated/), so restyling a figure never retrains a model; each writes docs/generated/evidence/<name>.*."""
