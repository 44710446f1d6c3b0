# Two commands for newcomers: `make run` and `make test` (see README.md).
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PORT ?= 8000

.PHONY: run test setup test-setup messages compile lint bench

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

bench: $(VENV)/.installed
	$(PY) scripts/bench_engine.py
