# Two commands on a fresh machine: `make run` (the site with demo data on SQLite) and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Test processes (pytest-xdist): one per core. A test file runs whole in one process, so its
# module-scoped fixtures (a demo club, a tournament) are made once; the files go out in the order
# tests/conftest.py gives them (largest first, the browser tests last).
WORKERS ?= auto
# pytest keeps the test modules it rewrote for its assertions in __pycache__, so the next run
# starts sooner; a PYTHONDONTWRITEBYTECODE in the environment would make it rewrite every time.
unexport PYTHONDONTWRITEBYTECODE
PYTEST := $(PY) -m pytest -n $(WORKERS)
FILES := --dist loadfile --no-loadscope-reorder

.PHONY: install lock run test test-fast test-slow lint bench messages

# The versions that passed CI, each with its files' hashes: requirements-dev.lock (the site and the
# dev extra), refreshed from pyproject.toml by `make lock`. The project itself goes in on top, editable.
# uv installs them, checking the same hashes, in a few seconds where pip took half a minute; uv
# itself comes from requirements-uv.lock, pinned with its hashes too.
UV := $(VENV)/bin/uv pip install -q --python $(PY)
$(STAMP): pyproject.toml requirements-dev.lock requirements-uv.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --require-hashes -r requirements-uv.lock
	$(UV) --compile-bytecode --require-hashes -r requirements-dev.lock
	$(UV) --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# Pin every dependency of pyproject.toml anew, with hashes: requirements.lock for a club's server,
# requirements-dev.lock (the dev extra too) for development and CI, requirements-uv.lock the installer.
LOCK_FLAGS := -q --upgrade --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links
lock:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q 'pip-tools~=7.7'
	CUSTOM_COMPILE_COMMAND="make lock" $(PY) -m piptools compile $(LOCK_FLAGS) -o requirements.lock pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(PY) -m piptools compile $(LOCK_FLAGS) --extra dev \
	  -c requirements.lock -o requirements-dev.lock pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(PY) -m piptools compile $(LOCK_FLAGS) -o requirements-uv.lock requirements-uv.in

run: install
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py createcachetable
	DEBUG=1 $(PY) manage.py demo_club
	@echo ""
	@echo "The club site: http://$(HOST):$(PORT)/  (Celery tasks run in-process)"
	@echo ""
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# ruff, then the import contracts of pyproject.toml's [tool.importlinter] (the layers point down).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# Everything a developer needs before a commit: ruff, then the whole suite (browser tests
# included) with the dev budgets of the property tests (tests/budgets.py).
test: install lint
	$(PYTEST) $(FILES)

# The suite without the browser, stopping at the first failure.
test-fast: install
	$(PYTEST) $(FILES) -x -m "not e2e"

# The long reference runs, with the full budgets, one test at a time spread over the cores.
test-slow: install
	HYPOTHESIS_PROFILE=ci $(PYTEST) --dist load -m slow

bench: install
	$(PY) -m pip install -q -e '.[dev,bench]'
	$(PY) bench/evaluator.py
	$(PY) bench/judge.py
	$(PY) bench/tournament.py
	$(PY) bench/load.py
	$(PY) bench/evening.py

messages: install
	DEBUG=1 $(PY) manage.py makemessages -l ru --no-obsolete -i '.venv/*' -i 'bench/*'
	DEBUG=1 $(PY) manage.py compilemessages -i '.venv'
