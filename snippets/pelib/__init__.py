"""Shared library code of the site: what more than one page or experiment imports (`from pelib import training`)."""
