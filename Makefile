# The common commands. `make run` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3

.PHONY: run test install migrate static bench lint messages check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the dependencies change.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed

migrate: install
	$(BIN)/python manage.py migrate --noinput

static: install
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0

run: migrate static
	@HOST=$(HOST) PORT=$(PORT) $(BIN)/python -m scorekeeper.serve --workers $(WORKERS)

test: install
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run

# Needs GNU gettext (apt-get install gettext); the compiled .mo files are committed so
# that a fresh machine without gettext still has both languages.
messages: install
	$(BIN)/python manage.py makemessages -l de --no-obsolete --ignore=.venv --ignore=staticfiles --ignore=var --ignore=tests --ignore=bench
	$(BIN)/python manage.py compilemessages --ignore=.venv

bench: install
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
