"""Shared library code of the site: what more than one page, test or experiment imports (`from pelib import shift`).

Each thing is defined once: the frequencies and wavelengths (`spectrum`, on top of `reference.frequencies`), the
shift block, M_k and the shift-map fit (`shift`), the dot product and distance by offset and where the dot
product first rises (`similarity`), the variant registry and the probes that observe each variant (`variants`),
and the tiny transformer and synthetic tasks the experiments train (`training`, `tasks`). Modules here print
nothing and write nothing; page scripts under `snippets/<page>/` call them and save what the pages show. One
module is different on purpose: `docenv`, the fixed settings and output helpers every page script imports first
(`from pelib import docenv`), sets seeds, threads and matplotlib's backend when imported, and its helpers write a
script's outputs. A leading `_` marks a name private to its module, nothing else.
"""
