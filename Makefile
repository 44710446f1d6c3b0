# Two commands for newcomers: `make run` and `make test` (see README.md).
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PORT ?= 8000
# axe-core, the accessibility checker the browser tests inject (tests/test_browser_axe.py):
# fetched from the npm registry at a pinned version into the virtualenv, never served to users.
AXE_VERSION := 4.14.1
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js
# gunicorn with uvicorn's worker class (tutor/asgi.py; README.md, Production): WORKERS processes,
# each an event loop for the live channel's streams and THREADS threads for ordinary pages (the
# same four processes of two threads as gunicorn's threads before, docs/club.md).
WORKERS ?= 4
THREADS ?= 2
# Seconds an idle connection stays open: longer than nginx keeps an idle connection to its
# upstream (keepalive_timeout, 60 s), so the proxy never sends a request down a connection the
# server is closing (a POST lost as a 502), and longer than a question, so a phone's answer
# goes down the connection its page opened (docs/club.md, "Phones without their stream").
KEEPALIVE ?= 75
# uvicorn leaves the client's address and scheme as the connection gives them
# (--forwarded-allow-ips ''): tutor.guard.clients and SECURE_PROXY_SSL_HEADER read the proxy's
# headers, as they did under gunicorn's threads.
# Seconds a stopping process gets to finish its requests before gunicorn ends it: its event
# streams never finish by themselves, and their browsers reconnect to the other processes.
GRACEFUL ?= 5

.PHONY: run serve test setup test-setup messages compile lint bench

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || "$$(scripts/find_python.sh)" -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e .
	@touch $@

$(VENV)/.test-installed: $(VENV)/.installed
	$(PIP) install --quiet -e '.[test]'
	@touch $@

compile: $(VENV)/.installed
	$(PY) scripts/compile_catalogs.py

setup: compile
	$(PY) manage.py migrate --noinput

# One process, reloaded when a Python file changes (a template change needs a restart); the
# live channel's events within the process.
run: setup
	$(VENV)/bin/uvicorn tutor.asgi:application --host 127.0.0.1 --port $(PORT) --reload --reload-dir tutor

# The production stack, as README.md's Production section runs it: DJANGO_DEBUG=0, PostgreSQL
# from DATABASE_URL, static files collected, gunicorn with uvicorn's workers on 127.0.0.1:$(PORT).
# SECRET_KEY, ALLOWED_HOSTS… come from the environment (locally, over plain HTTP:
# SECURE_SSL_REDIRECT=0).
serve: compile
	@test -n "$$DATABASE_URL" || { echo "Set DATABASE_URL (postgres://user:password@host/db)."; exit 2; }
	DJANGO_DEBUG=0 $(PY) manage.py migrate --noinput
	DJANGO_DEBUG=0 $(PY) manage.py collectstatic --noinput --verbosity 0
	DJANGO_DEBUG=0 SERVER_THREADS=$(THREADS) $(VENV)/bin/gunicorn tutor.asgi --bind 127.0.0.1:$(PORT) -k uvicorn_worker.UvicornWorker --workers $(WORKERS) --keep-alive $(KEEPALIVE) --graceful-timeout $(GRACEFUL) --forwarded-allow-ips ''

$(AXE): Makefile
	npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@$(AXE_VERSION)
	@touch $@

test-setup: $(VENV)/.test-installed compile $(AXE)
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core; }
	@command -v msgfmt >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext || true; }

# The suite in one worker process per core, at most TEST_WORKERS (pytest-xdist): each worker has
# its own test database (pytest-django adds _gw0, _gw1… to its name), live server and Chromium.
# Work-stealing keeps both cores busy to the end, whatever order the long browser tests come in.
TEST_WORKERS ?= 4
test: test-setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -q -n auto --maxprocesses $(TEST_WORKERS) --dist worksteal

# Re-extract the English strings into every catalog (needs GNU gettext).
messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l pt -l es -l ro -l fr --no-obsolete --ignore '.venv/*' --ignore 'staticfiles/*'

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .

# The engine's figures; then, with DATABASE_URL (PostgreSQL) set, every page type under 50
# connections against a bare Django page on the `serve` stack (wrk: apt-get install wrk).
bench: $(VENV)/.installed
	$(PY) scripts/bench_engine.py
	@if [ -n "$$DATABASE_URL" ]; then $(PY) scripts/bench_pages.py; else echo "bench_pages.py skipped: set DATABASE_URL=postgres://… to run it"; fi
