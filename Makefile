# Two commands for a new user (see README.md):
#   make run    set up, then run the main job (the terminal tour: tablekeeper demo)
#   make test   set up, then run every gate: ruff, mypy --strict, import-linter, pytest
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test setup setup-test lint typecheck layers pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# The d20 package is only a benchmark yardstick. It depends on the retired
	# `lark-parser`, which would overwrite Lark 1.x (both install the `lark` module).
	$(BIN)/python -m pip install --quiet --no-deps d20 cachetools
	touch $@

setup: $(VENV)/.installed
setup-test: $(VENV)/.installed-test

run: setup
	$(BIN)/tablekeeper demo

lint: setup-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: setup-test
	$(BIN)/mypy --strict src

layers: setup-test
	$(BIN)/lint-imports

pytest: setup-test
	$(BIN)/pytest -q

bench: setup-test
	$(BIN)/python benchmarks/bench_roll.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_odds.py $(BENCH_ARGS)

test: lint typecheck layers pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
