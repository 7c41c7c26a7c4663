"""Every code variant on the site, one module each, and the registry that puts them behind one interface.

`pelib/variants/<key>.py` reimplements one original (a seed's code or a library's class) as it behaves, and defines
`build`, `make` and `call`; `registry` lists them with their sources (`VARIANTS`, `BY_KEY`) and holds the probes
that observe each one by running it. Like the rest of pelib, these modules print nothing and write nothing when
imported; what the variants pages show them printing comes from the page scripts `snippets/variants/<key>.py`.
"""
