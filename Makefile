# Two commands a newcomer needs: `make play` and `make test`. Everything installs itself.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Python imports this checkout's engine (the venv's editable install may point at another one).
export PYTHONPATH := $(CURDIR)/engine

.PHONY: play site runtime chromium test test-unit test-e2e bench venv clean

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt -e .
	touch $@

# The deployable static site in dist/site (wheel + self-hosted Pyodide from npm, see build_wheel.py).
site: venv
	$(PY) build_wheel.py

PORT ?= 8000
play: site
	$(PY) tools/serve.py --dir dist/site --port $(PORT)

# The e2e tests drive Debian's Chromium (Playwright cannot download browsers here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if command -v apt-get >/dev/null; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update && $$SUDO apt-get install -y chromium; \
	  else $(PY) -m playwright install chromium; fi; \
	fi

test: test-unit test-e2e

# The pinned Pyodide from npm (package-lock.json): some unit tests check the trimmed stdlib against it.
runtime: venv
	$(PY) -c "import build_wheel as b; b.ensure_runtime(b.pinned_pyodide_version())"

# Both suites run on several processes (pytest-xdist): measured on this 2-core kind of machine, unit
# 171 -> 88-95 s, e2e 983 -> 803-832 s; each test still gets its own page, context and engine.
test-unit: venv runtime
	$(PY) -m pytest tests -n auto

# e2e/conftest.py builds its own copy of the site (build_wheel.py --out <tmp>, once for all workers) and serves it.
# Three workers on two cores: an e2e test often waits (a pause of the table, a poll), and the third
# fills those gaps. test_review, test_play and test_reliability took 207 s with 3, 235-256 s with 2
# (2026-12-07).
test-e2e: venv chromium
	$(PY) -m pytest e2e -n 3 --durations=10

bench: site chromium
	$(PY) bench/engine_bench.py
	$(PY) bench/ai_bench.py
	$(PY) bench/solver_bench.py
	$(PY) bench/review_bench.py
	$(PY) bench/review_page_bench.py
	$(PY) bench/page_bench.py

clean:
	rm -rf $(VENV) dist build node_modules engine/*.egg-info
