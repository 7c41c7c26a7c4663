"""Shared code of the site's snippets and tests: import its modules as `pelib.<module>`."""
