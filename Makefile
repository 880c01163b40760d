# perfscout: `make demo` runs the whole loop on the bundled kernels, `make test` runs the tests.
SHELL := /bin/bash
VENV  ?= .venv
PY    := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: install system venv demo test lint bench services services-stop clean

install: system venv

system:
	@bash scripts/install-system.sh

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip >/dev/null
	@$(PY) -m pip install -q -e '.[dev]'
	@touch $@

demo: install
	$(VENV)/bin/perfscout demo

services: install
	@bash scripts/services.sh start

services-stop:
	@bash scripts/services.sh stop

test: install services
	$(VENV)/bin/pytest -n 2 $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check src tests benches
	$(VENV)/bin/mypy

bench: install
	$(PY) benches/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
