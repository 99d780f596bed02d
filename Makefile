# The common commands. `make run` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements.lock
UV_VERSION := 0.13.9
# The local network by default: the players' phones open the table links and QR codes
# (serve.py prints the addresses). HOST=127.0.0.1 keeps the app to this computer.
HOST ?= 0.0.0.0
PORT ?= 8000
WORKERS ?= 3

.PHONY: run test install migrate static pyodide bench backup fuzz check lock messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Exactly the versions of the lock, checked against its hashes, then the project itself
# without dependencies. Again whenever the lock (or pyproject.toml) changes.
$(VENV)/.installed: $(LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

# pyproject.toml's ranges are the source; the lock pins what they resolve to, with the dev
# extras, for Python 3.11 on Linux. Run it after changing the dependencies and commit both;
# versions already in the lock are kept unless UPGRADE=1.
lock: | $(BIN)/python
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes \
		--python-version 3.11 --python-platform linux $(if $(UPGRADE),--upgrade) \
		--custom-compile-command "make lock" --quiet --output-file $(LOCK)

install: $(VENV)/.installed

migrate: install
	$(BIN)/python manage.py migrate --noinput

# Pyodide, the WebAssembly Python a table's phone runs the rules in when the network drops:
# from the npm registry once (pinned, sha512 checked), into static/pyodide/ (not in git).
# Without the registry only a warning: phones then play on offline without the next deal.
pyodide: install
	$(BIN)/python manage.py fetch_pyodide --optional

static: install pyodide
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0

run: migrate static
	@HOST=$(HOST) PORT=$(PORT) $(BIN)/python -m scorekeeper.serve --workers $(WORKERS)

# An online backup of the SQLite database into DATA_DIR/backups/ (or FILE=...); the app may
# keep running. Restore with `.venv/bin/python manage.py restore FILE`, the app stopped.
backup: install
	$(BIN)/python manage.py backup $(FILE)

# The suite in one process more than the machine has cores (pytest-xdist): the browser
# tests and the server tests spend much of their time waiting on Chromium, a live server
# or a slow client, and a core would stand idle meanwhile. TEST_WORKERS=0 runs it in this
# one process (for a debugger, say). Work stealing: a process that runs out of tests takes
# some of another's, so that the long browser tests at the end of one process's share do
# not leave the other cores idle.
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
test: install pyodide
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

# What CI checks besides the tests: lint and formatting, the imports' layers (the
# contracts in pyproject.toml, docs/development.md), migrations in step with the models,
# and the deploy check in the production configuration.
check: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/python manage.py makemigrations --check --dry-run
	DEBUG=0 HTTPS=1 $(BIN)/python manage.py check --deploy --fail-level WARNING

# Needs GNU gettext (apt-get install gettext); the compiled .mo files are committed so
# that a fresh machine without gettext still has both languages.
messages: install
	$(BIN)/python manage.py makemessages -l de --no-obsolete --ignore=.venv --ignore=staticfiles --ignore=var --ignore=tests --ignore=bench
	$(BIN)/python manage.py compilemessages --ignore=.venv

bench: install
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/club.py
	$(BIN)/python bench/club_live.py
	$(BIN)/python bench/floods.py
	$(BIN)/python bench/seating.py
	$(BIN)/python bench/ratings.py

# Schemathesis over the API's OpenAPI description, against a live server on loopback with
# a fresh data directory; a few minutes (bench/fuzz.py --help for a shorter run).
fuzz: install
	$(BIN)/python bench/fuzz.py $(FUZZ)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .import_linter_cache
