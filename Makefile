# Two commands on a fresh machine: `make run` (the site with demo data on SQLite) and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test test-fast lint bench messages

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py createcachetable
	DEBUG=1 $(PY) manage.py demo_club
	@echo ""
	@echo "The club site: http://$(HOST):$(PORT)/  (Celery tasks run in-process)"
	@echo ""
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: install
	$(VENV)/bin/ruff check .

test: install lint
	$(PY) -m pytest

test-fast: install
	$(PY) -m pytest -x -m "not e2e"

bench: install
	$(PY) bench/evaluator.py
	$(PY) bench/judge.py
	$(PY) bench/tournament.py
	$(PY) bench/load.py

messages: install
	DEBUG=1 $(PY) manage.py makemessages -l ru --no-obsolete -i '.venv/*' -i 'bench/*'
	DEBUG=1 $(PY) manage.py compilemessages -i '.venv'
