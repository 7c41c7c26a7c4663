"""regen's parts, one responsibility each (scripts/regen.py is the command line):

config    paths, the fixed environment of jobs, small helpers
imports   which local files a script imports (the cache key follows them)
jobs      what a job is (snippet, page script, notebook, benchmark, experiment) and where jobs are found
outputs   what a job may write, manifests, and what --check reports
install   the lock, staging folders, and moving outputs and manifests into place as one unit
runner    running jobs as process groups: timeouts, Ctrl-C, writes outside staging
watch     re-running what a saved file made stale (make serve)
"""
