# Two commands for a newcomer: `make serve` and `make test`. Both set everything up first.
# Needs only Python 3.11, make and apt (Debian's Node.js and npm, which typeset the math at build time, Debian's
# Chromium and its headless shell for the browser tests and Debian's Java for the Nu HTML Checker are installed when
# missing).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BENCH_NODE_STAMP := node_modules/.installed-bench
# The CPU build of torch lies in /opt/wheels on the project machines. Elsewhere (GitHub's CI, a contributor's laptop)
# PyPI's torch==2.13.0 is the CUDA build (several GB): torch alone comes first from PyTorch's CPU index (TORCH_INDEX,
# read by uv for that one package, --no-deps), and the main install finds the pin met by 2.13.0+cpu.
FIND_LINKS := $(if $(wildcard /opt/wheels),--find-links /opt/wheels,)
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
TORCH_PIN := $(shell grep -E '^torch==' requirements.txt)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
CHROMIUM ?= /usr/bin/chromium
CHROMIUM_HEADLESS_SHELL ?= /usr/bin/chromium-headless-shell
UV := uv==0.13.8

export NO_MKDOCS_2_WARNING := 1
export DISABLE_MKDOCS_2_WARNING := true
# Python keeps its bytecode cache (__pycache__/, ignored by git and by regen's watch) even where the environment turns
# it off: the test workers then import the repository's modules and rewritten test files from the cache, seconds
# sooner each. regen's jobs still write none (scripts/regenkit/config.py).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: help setup browser validators serve test test-fast test-page claims-accept claims-report new-claim lint regen force-regen check build bundle bench experiments lock clean

help:  ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

# pip installs only uv, pinned here (it installs the environment and is no part of it, as pip is not); uv installs the
# pins of requirements.txt (the longest step of the set-up, which uv shortens), trusting the system's certificates as
# pip does (uv's own list refuses a proxy's or a company's CA). No bytecode is compiled at install (uv's
# --compile-bytecode compiles every module of every package, about 30 s here): Python writes it on the first import
# of each module that is used (PYTHONDONTWRITEBYTECODE is cleared above), a few seconds spread over the first
# processes. requirements.txt stays a plain pip requirements file.
$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; v = sys.version_info[:2]; sys.exit(0 if v == (3, 11) else f"Python 3.11 is needed (torch 2.13.0 CPU wheel), {sys.executable} is {v[0]}.{v[1]}: run make PYTHON=python3.11")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q $(FIND_LINKS) $(UV)
	test -d /opt/wheels || $(BIN)/python -m uv pip install -q --system-certs --python $(BIN)/python --no-deps --index-url $(TORCH_INDEX) '$(TORCH_PIN)'
	$(BIN)/python -m uv pip install -q --system-certs --python $(BIN)/python $(FIND_LINKS) -r requirements.txt
	touch $(STAMP)

# KaTeX for the build-time math (scripts/katex_hook.py) and the Nu HTML Checker (vnu-jar), exactly as package-lock.json
# pins them: package.json's dependencies. Lighthouse, its devDependency (about 200 packages, 10 s of the set-up), only
# `make bench` installs. npm's cache serves a repeated install without the network.
$(NODE_STAMP): package-lock.json
	@command -v npm >/dev/null || { echo "Installing Debian's nodejs and npm (the build typesets math with KaTeX on Node)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error
	touch $(NODE_STAMP)

$(BENCH_NODE_STAMP): package-lock.json | $(NODE_STAMP)
	npm ci --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error
	touch $(NODE_STAMP) $(BENCH_NODE_STAMP)

setup: $(STAMP) $(NODE_STAMP)  ## Create .venv and node_modules/ with the exact pins of requirements.txt and package-lock.json

# The browser tests drive Chromium's headless shell; Lighthouse (make bench) runs the full browser.
browser:  ## Install Debian's Chromium and its headless shell for the browser tests when they are missing
	@test -x $(CHROMIUM) -a -x $(CHROMIUM_HEADLESS_SHELL) || { echo "Installing Debian's chromium and chromium-headless-shell for the browser tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell; }

validators:  ## Install Debian's Java for the Nu HTML Checker (vnu-jar, from npm) when it is missing
	@command -v java >/dev/null || { echo "Installing Debian's Java for the Nu HTML Checker"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

serve: setup  ## Serve the site on http://127.0.0.1:8000 (SERVE_ADDRESS=host:port), regenerating on save
	$(BIN)/python scripts/serve.py

# Spread over every core, a whole file to a worker (the tests of a file share its expensive module fixtures), the
# longest files first (tests/conftest.py).
test: setup browser validators  ## Run every test (lint included), on every core: drift, reference, claims, strict build, offline browser checks, validators
	PE_TEST_CACHE=0 $(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder

# A test that passed is reused while nothing it read has changed (tests/resultcache.py): after a page edit, the tests
# that read the page run again, the rest are reused. A code edit runs them all. PE_TEST_CACHE=0 turns reuse off.
PE_TEST_CACHE ?= 1
test-fast: setup  ## While editing, about 28 s after a page edit (a minute after a code edit): every test but the browser and slow ones; passes whose inputs did not change are reused
	PE_TEST_CACHE=$(PE_TEST_CACHE) $(BIN)/python -m pytest -q -n auto --dist loadfile --no-loadscope-reorder -m "not slow and not browser"

# One page's checks: its ledger (every claim's check against its sentence), its code tests, and its lock.
test-page: setup  ## One page's checks in seconds: make test-page PAGE=properties
	@set -- $$($(BIN)/python scripts/claims.py --page-of '$(PAGE)') && test -n "$$2" || exit 2; page=$$1; stem=$$2; \
	$(BIN)/python -m pytest -q -n 0 -p no:randomly -p no:cacheprovider -m "not slow and not browser" \
	  tests/pages/test_$$stem.py $$(ls tests/pages/test_$${stem}_code.py 2>/dev/null) \
	  "tests/test_claims.py::test_the_page_agrees_with_its_lock_and_ledger[$$page]" \
	  "tests/test_claims.py::test_new_and_changed_sentences_bind_their_words[$$page]" \
	  "tests/test_claims.py::test_numbers_code_computed_are_quoted_not_typed[$$page]"

# The one command that writes the locks (tests/pages/locks/): it accepts typo fixes alone (a misspelt word made or
# fixed: it asks pyspellchecker's English dictionary, hence the .venv), a changed claim only when named (IDS="id1 id2")
# and its new words bound to its check, a new sentence once its entry exists and binds its words; it refuses the rest.
claims-accept:  ## After editing a page: accept typo fixes; IDS="id" accepts a changed claim whose check reads its words
	@test -x $(BIN)/python || { echo "claims-accept runs on the project's .venv (an English dictionary, the checks): make setup first" >&2; exit 2; }
	@$(BIN)/python scripts/claims.py accept $(PAGE) $(if $(IDS),--ids $(IDS),)

# Every ledger's checks, and per page the entries whose check reads its sentence's words (bound) and those still
# sentence-blind (unbound): the summary line the conftest writes after every run.
claims-report:  ## Per page, the claims bound to their words and those unbound (runs every ledger's checks)
	@$(BIN)/python -m pytest -q --numprocesses auto --dist loadfile --no-loadscope-reorder -p no:cacheprovider \
	  -m "not slow and not browser" tests/pages -k test_claims_hold 2>&1 | tail -n 3

new-claim:  ## The checklist of a new claim (and an empty ledger for a new page): make new-claim PAGE=properties
	@$(PYTHON) scripts/claims.py new-claim '$(PAGE)'

lint: setup  ## Lint with the pinned ruff and codespell (settings in pyproject.toml); tests/test_lint.py runs the same
	$(BIN)/ruff check .
	$(BIN)/codespell

regen: setup  ## Re-run the snippets whose code changed and update docs/generated/
	$(BIN)/python scripts/regen.py

force-regen: setup  ## Re-run every snippet
	$(BIN)/python scripts/regen.py --force

check: setup  ## Check that docs/generated/ is current (writes nothing)
	$(BIN)/python scripts/regen.py --check

build: setup  ## Build the site into site/ (strict; never regenerates)
	$(BIN)/mkdocs build --strict

bundle: setup  ## Zip the site for reading offline into dist/sinusoidal-pe-site.zip (unzip, open index.html)
	$(BIN)/python scripts/bundle.py

bench: setup $(BENCH_NODE_STAMP) browser validators  ## Run the benchmarks (Lighthouse on every page among them) and write their reports under docs/generated/
	$(BIN)/python scripts/regen.py --bench --timeout 5400

experiments: setup  ## Train the experiments' models whose code changed (minutes); a forced regen never runs them
	$(BIN)/python scripts/regen.py --experiments --timeout 5400

lock: setup  ## Re-resolve requirements.in into exact pins in requirements.txt
	$(BIN)/python -m pip install --disable-pip-version-check -q $(FIND_LINKS) -r requirements.in
	{ echo "# Exact pins of every package, generated by \`make lock\` from requirements.in. Do not edit by hand."; \
	  echo "# torch==2.13.0 resolves to the CPU build on the project machines; mkdocs must stay <2."; \
	  $(BIN)/python -m pip freeze --exclude-editable --exclude uv | sed 's/^torch==\(.*\)+cpu$$/torch==\1/'; } > requirements.txt

.PHONY: new-snippet
SNIPPET_DIR ?= snippets
new-snippet:  ## Scaffold snippets/PAGE/NAME.py, a script of docs/PAGE.md: make new-snippet PAGE=properties NAME=dot_product_vs_offset
	@page='$(PAGE)'; name='$(NAME)'; folder='$(SNIPPET_DIR)/$(PAGE)'; file="$$folder/$(NAME).py"; \
	if ! printf '%s' "$$page" | grep -Eq '^[a-z][a-z0-9_]{1,59}$$' || [ "$$page" = pelib ]; then \
	  echo "new-snippet: PAGE must name the page in lowercase letters, digits or '_', starting with a letter (docs/why-positions.md: PAGE=why_positions; not pelib, the library), got '$$page'" >&2; exit 2; fi; \
	if ! printf '%s' "$$name" | grep -Eq '^[a-z][a-z0-9_]{2,59}$$'; then \
	  echo "new-snippet: NAME must be 3 to 60 lowercase letters, digits or '_', starting with a letter (named after what it shows, e.g. NAME=dot_product_vs_offset), got '$$name'" >&2; exit 2; fi; \
	if [ -e "$$file" ]; then echo "new-snippet: $$file already exists; pick another NAME" >&2; exit 2; fi; \
	if [ -e "$(SNIPPET_DIR)/$$page.py" ]; then echo "new-snippet: $(SNIPPET_DIR)/$$page.py is a module: a page folder may not share its name" >&2; exit 2; fi; \
	mkdir -p "$$folder"; \
	[ -e "$$folder/__init__.py" ] || printf '"""The page scripts of docs/%s.md: each writes docs/generated/%s/<name>.*."""\n' "$$page" "$$page" > "$$folder/__init__.py"; \
	printf '%s\n' \
	  '"""TODO: say in one line what this snippet shows (the page includes it; regen runs it)."""' \
	  '' \
	  'from pelib import docenv' \
	  'from reference import positional_encoding' \
	  '' \
	  '# --8<-- [start:core]' \
	  'pe = positional_encoding(6, 4)  # [positions, d_model]' \
	  'print(docenv.fmt(pe))' \
	  '# --8<-- [end:core]' > "$$file"; \
	echo "new-snippet: wrote $$file; edit it, then: make regen (outputs: docs/generated/$$page/$$name.*)"

clean:  ## Remove the built site and caches (keeps .venv)
	rm -rf site dist .cache _snippet_output .pytest_cache
