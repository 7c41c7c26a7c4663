"""The page scripts of docs/questions.md: the questions people ask (data.py) and the page listing them (listing.py)."""
