# Two commands for a new user (see README.md):
#   make run    set up, then run the main job (the GM console: tablekeeper console)
#   make test   set up, then run every gate: ruff, mypy --strict, import-linter, pytest
#
# pytest runs every SQL test on SQLite and on PostgreSQL: unless TABLEKEEPER_TEST_POSTGRES_URL
# is already set, scripts/postgres-for-tests starts a local server (installing Debian's
# postgresql package when root and missing) and prints its URL. If it cannot, the PostgreSQL
# tests are skipped with a warning, or fail when TABLEKEEPER_REQUIRE_POSTGRES=1 (as in CI).
# The web console's browser tests drive Debian's Chromium: scripts/chromium-for-tests finds
# it (installing the chromium package when root and missing) and prints its path. Without
# it they are skipped with a reason, or fail when TABLEKEEPER_REQUIRE_BROWSER=1 (as in CI).
PYTHON ?= python3
# pytest runs in two parts: every test that does not wait on a clock on one worker per core
# (pytest-xdist; PYTEST_WORKERS=0: one process), then the ones that do (browser,
# reliability: marked `timed` by tests/conftest.py) alone, in one process, so nothing else
# competes with their clocks.
PYTEST_WORKERS ?= auto
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test setup setup-test lint typecheck layers pytest bench golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml examples/duel/pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# The duel: a ruleset packaged as a third party would, found by its entry point; the
	# conformance suite and the console's tests play it.
	$(BIN)/python -m pip install --quiet --no-deps -e examples/duel
	# The d20 package is only a benchmark yardstick. It depends on the retired
	# `lark-parser`, which would overwrite Lark 1.x (both install the `lark` module).
	$(BIN)/python -m pip install --quiet --no-deps d20 cachetools
	touch $@

setup: $(VENV)/.installed
setup-test: $(VENV)/.installed-test

run: setup
	$(BIN)/tablekeeper console

lint: setup-test
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: setup-test
	$(BIN)/mypy --strict src examples/duel/src

layers: setup-test
	$(BIN)/lint-imports

pytest: setup-test
	@if [ -n "$$TABLEKEEPER_TEST_POSTGRES_URL" ]; then \
	    url="$$TABLEKEEPER_TEST_POSTGRES_URL"; \
	elif url=$$(scripts/postgres-for-tests); then \
	    echo "PostgreSQL for the tests: $${url%%:*}://...@$${url##*@}"; \
	elif [ "$$TABLEKEEPER_REQUIRE_POSTGRES" = 1 ]; then \
	    echo "error: TABLEKEEPER_REQUIRE_POSTGRES=1 but scripts/postgres-for-tests found no PostgreSQL" >&2; \
	    exit 1; \
	else \
	    url=""; \
	    echo "warning: no PostgreSQL (scripts/postgres-for-tests failed); its tests are skipped" >&2; \
	fi; \
	if chromium=$$(scripts/chromium-for-tests); then \
	    echo "Chromium for the browser tests: $$chromium"; \
	elif [ "$$TABLEKEEPER_REQUIRE_BROWSER" = 1 ]; then \
	    echo "error: TABLEKEEPER_REQUIRE_BROWSER=1 but scripts/chromium-for-tests found no Chromium" >&2; \
	    exit 1; \
	else \
	    chromium=""; \
	    echo "warning: no Chromium (scripts/chromium-for-tests failed); the browser tests are skipped" >&2; \
	fi; \
	export TABLEKEEPER_TEST_POSTGRES_URL="$$url" TABLEKEEPER_CHROMIUM="$$chromium"; \
	echo "$(BIN)/pytest -q -n $(PYTEST_WORKERS) -m 'not timed'"; \
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) -m "not timed" && \
	echo "$(BIN)/pytest -q -m timed" && \
	$(BIN)/pytest -q -m timed

bench: setup-test
	$(BIN)/python benchmarks/bench_roll.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_odds.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_load.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_cost.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_log.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_api.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_console_log.py $(BENCH_ARGS)
	# The balance lab's two: both always run, and either missing its target fails.
	$(BIN)/python benchmarks/bench_roll_many.py $(BENCH_ARGS); many=$$?; \
	$(BIN)/python benchmarks/bench_simulate.py $(BENCH_ARGS); simulate=$$?; \
	test $$many = 0 -a $$simulate = 0

# Rewrite the golden transcripts of every shipped scenario (tests/rulesets/README.md).
golden: setup-test
	TABLEKEEPER_WRITE_GOLDEN=1 $(BIN)/pytest -q tests/rulesets/test_conformance.py -k golden

test: lint typecheck layers pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
