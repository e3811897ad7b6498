# Every target sets up the local virtual environment first (again when pyproject.toml changes),
# so a fresh machine needs only Python 3.11 and make.
# The interpreter the venv is made with: any Python 3.11 (`make PYTHON=/path/to/python3.11`). By
# default the system's own python3.11 where there is one: Debian's and Ubuntu's are built with
# profile-guided and link-time optimisation and linked statically, and play the engine's games
# about 15% faster than a default source build such as pyenv's (docs/contributing.md, "The
# interpreter"). Without it, or when it cannot make a venv (no python3.11-venv), python3.
PYTHON ?= $(firstword $(wildcard /usr/bin/python3.11) python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench docs cli-docs api-docs clean compiled stats

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { \
	  echo "make: $(PYTHON) cannot make a venv; python3 makes it" >&2; \
	  rm -rf $(VENV); python3 -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

## demo: play a six-year campaign with bots, journal it in SQLite, publish the site
demo: $(STAMP)
	$(BIN)/chronicler demo --out demo-output

## compiled: the hot modules compiled with Cython (dsl/compiled.py); plain Python without a C compiler
compiled: $(STAMP)
	@$(BIN)/python -c 'import sys, dsl.compiled as c; sys.exit(c.main(["build"]))'

## test: lint, format check, type check, then the test suite (on the compiled modules)
test: $(STAMP) lint compiled
	$(BIN)/pytest

# lint: ruff (no function above complexity 30), the format check, mypy (dsl/ as --strict would:
# the overrides in pyproject.toml)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## bench: print the speed and memory figures of every benchmark
bench: $(STAMP) compiled
	@set -e; for bench in benchmarks/bench_*.py; do \
	  echo "== $$bench"; $(BIN)/python $$bench; done

## stats: per ruleset, lines of text against lines of Python, and the share of dsl/ its play runs
stats: $(STAMP)
	$(BIN)/python benchmarks/stats.py

## docs: build the project's documentation site (strict)
docs: $(STAMP)
	$(BIN)/mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) .build site demo-output .pytest_cache .mypy_cache .ruff_cache .stats

## cli-docs: regenerate the command-line reference from the app (verbs grouped as in --help)
cli-docs: $(STAMP)
	$(BIN)/python -m journal.cli_docs > docs/cli.md

## api-docs: regenerate the table of events in docs/design/engine-api.md from the code
api-docs: $(STAMP)
	$(BIN)/python -m rules.six_winters.contracts --write docs/design/engine-api.md
