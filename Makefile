# Two commands for newcomers: `make run` and `make test` (see README.md).
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PORT ?= 8000
# gunicorn: processes × threads (README.md, Production). Two cores: four processes of two
# threads keep both cores busy while some wait on the database, and a heavy request (the
# teacher's) shares its process's interpreter lock with one other request, not three.
WORKERS ?= 4
THREADS ?= 2
# Seconds an idle connection stays open: longer than a club phone's poll (at most 2.4 s).
KEEPALIVE ?= 5

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

run: setup
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The production stack, as README.md's Production section runs it: DJANGO_DEBUG=0, PostgreSQL
# from DATABASE_URL, static files collected, gunicorn on 127.0.0.1:$(PORT). SECRET_KEY,
# ALLOWED_HOSTS… come from the environment (locally, over plain HTTP: SECURE_SSL_REDIRECT=0).
serve: compile
	@test -n "$$DATABASE_URL" || { echo "Set DATABASE_URL (postgres://user:password@host/db)."; exit 2; }
	DJANGO_DEBUG=0 $(PY) manage.py migrate --noinput
	DJANGO_DEBUG=0 $(PY) manage.py collectstatic --noinput --verbosity 0
	DJANGO_DEBUG=0 $(VENV)/bin/gunicorn tutor.wsgi --bind 127.0.0.1:$(PORT) -k gthread --workers $(WORKERS) --threads $(THREADS) --keep-alive $(KEEPALIVE)

test-setup: $(VENV)/.test-installed compile
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core; }
	@command -v msgfmt >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext || true; }

test: test-setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -q

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
