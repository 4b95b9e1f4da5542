# Two commands a newcomer needs: `make play` and `make test`. Everything installs itself.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test test-unit test-e2e bench venv clean

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt -e .
	touch $@

test: test-unit test-e2e

test-unit: venv
	$(PY) -m pytest tests

test-e2e: venv
	@echo "e2e: not wired yet"

bench: venv
	$(PY) bench/engine_bench.py

clean:
	rm -rf $(VENV) dist build node_modules engine/*.egg-info
