# The two commands a newcomer needs: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Where the emails' links point (`make run`): this server unless told otherwise, so `make run PORT=8123` alone
# mails links that work.
SITE_URL ?= http://$(HOST):$(PORT)
# PostgreSQL for the test suite when it answers (CI starts it); SQLite otherwise. The database name carries
# the make process id so that two test runs on one machine never drop each other's test databases.
RUN_ID := $(shell echo $$PPID)
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/citadels_$(RUN_ID)
SQLITE_TEST_URL := sqlite:///$(CURDIR)/var/test-$(RUN_ID).sqlite3
PYTEST_WORKERS ?= auto
# Work stealing: a worker that runs out takes half of another's queue, so the suite's tail is its longest
# single test (long checks are split into tests of a few seconds: the reach tests, the random-game chunks).
PYTEST_XDIST := -n $(PYTEST_WORKERS) --dist worksteal

.PHONY: run test install lint typecheck pytest-pg pytest-sqlite migrate bench clean messages test-needs test-pgbouncer

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The translations (German, English): every locale/ folder's .po files compiled to .mo with Babel (pure
# Python, so no GNU gettext is needed). `manage.py makemessages` (needs GNU gettext) updates the .po files.
LOCALE_DIRS := $(shell find . -path ./.venv -prune -o -type d -name locale -print)
messages: $(STAMP)
	@for d in $(LOCALE_DIRS); do $(BIN)/pybabel compile --domain=django --directory=$$d --use-fuzzy -f >/dev/null || exit 1; done

install: $(STAMP) messages

var:
	mkdir -p var/mail var/static var/celery/queue var/celery/processed

migrate: install var
	$(BIN)/python manage.py migrate --noinput

# Web server (uvicorn, the ASGI server production runs: pages, API and the tables' live streams), Celery
# worker and Celery beat on the embedded defaults (SQLite, filesystem broker, mails in var/mail/).
# With LOG_FORMAT=json every line is a JSON object: uvicorn's own through deploy/server-logging.json, and
# Celery's banners (plain text) left out.
CELERY_QUIET := $(if $(filter json,$(LOG_FORMAT)),--quiet)
run: migrate
	@echo "Starting web on http://$(HOST):$(PORT)/ (API docs: /api/docs/), Celery worker and beat. Mails go to var/mail/, their links to $(SITE_URL)."
	@trap 'kill $$W $$B 2>/dev/null' EXIT INT TERM; export SITE_URL='$(SITE_URL)'; \
	$(BIN)/celery -A config $(CELERY_QUIET) worker --loglevel=INFO --concurrency=1 & W=$$!; \
	$(BIN)/celery -A config $(CELERY_QUIET) beat --loglevel=INFO --schedule=var/celerybeat-schedule & B=$$!; \
	$(BIN)/python -m uvicorn config.asgi:application --host $(HOST) --port $(PORT) --log-config deploy/server-logging.json

# ruff, then the import contracts of pyproject.toml's [tool.importlinter] (layers, pure rules, no circles).
lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports

typecheck: install
	$(BIN)/mypy --strict rules_kit/
	$(BIN)/mypy --strict citadels/ --exclude citadels/site/
	$(BIN)/mypy --strict dominion/ --exclude dominion/site/
	$(BIN)/mypy --config-file mypy-hosting.ini accounts alerts games chat config core operations live mailin notifications ratings calendars tournaments stats citadels/site dominion/site

# The whole suite on PostgreSQL when it is reachable, then the hosting tests again on SQLite
# (the embedded default) so that both stores are shown to behave the same.
# PostgreSQL, Redis, RabbitMQ started when installed but down; Chromium installed when missing.
test-needs:
	@bash .ci/services

pytest-pg: install var test-needs
	@rm -rf var/axe
	@if $(BIN)/python -c "import socket; socket.create_connection(('127.0.0.1', 5432), 2)" 2>/dev/null; then \
		echo "== pytest on PostgreSQL =="; \
		DATABASE_URL=$(PG_TEST_URL) $(BIN)/pytest $(PYTEST_XDIST) -p no:cacheprovider --durations=15 tests; \
	else \
		echo "== PostgreSQL is not reachable: the whole suite runs on SQLite, less the tests marked postgres =="; \
		DATABASE_URL=$(SQLITE_TEST_URL) $(BIN)/pytest $(PYTEST_XDIST) -p no:cacheprovider --durations=15 -m "not postgres" tests; \
	fi
	@$(BIN)/python -m tests.browser.axe_report > var/axe-report.txt && echo "axe-core: $$(tail -1 var/axe-report.txt) (each in var/axe-report.txt)" || true

pytest-sqlite: install var
	@echo "== hosting tests on SQLite =="
	DATABASE_URL=$(SQLITE_TEST_URL) $(BIN)/pytest $(PYTEST_XDIST) -p no:cacheprovider -m "not postgres" tests/games tests/accounts

test: lint typecheck pytest-pg pytest-sqlite

# The API tests with their test database reached through PgBouncer in transaction mode (benchmarks/pgbouncer.py;
# about 130 tests, minutes long, so not part of `make test`, which runs tests/deploy/test_pgbouncer.py).
test-pgbouncer: install var test-needs
	DATABASE_URL=$(PG_TEST_URL) $(BIN)/python benchmarks/pgbouncer.py --no-live

# Every benchmark: the engine, the API, the deadlines and outbox, the live streams, the bots, the store at scale
# (all but the engine and the bots need PostgreSQL: DATABASE_URL=postgres://...).
bench: install var
	@set -e; for b in benchmarks/engine.py benchmarks/api.py benchmarks/deadlines.py benchmarks/live.py benchmarks/bots.py; do \
		if [ -f $$b ]; then echo "== $$b =="; $(BIN)/python $$b; fi; \
	done
	@echo "== benchmarks/scale.py (the fixture grows 10 minutes a run until whole, then is reused) =="
	$(BIN)/python benchmarks/scale.py --build-minutes 10

clean:
	rm -rf var $(VENV)
