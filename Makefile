# cardstate: two entry points, `make run` (the main job) and `make test` (every test).
# Both create what they need (.venv, the native extension) idempotently.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.deps-stamp
export VIRTUAL_ENV := $(CURDIR)/$(VENV)
export PATH := $(CURDIR)/$(BIN):$(PATH)
# numpy's OpenBLAS worker threads (unused by cardstate) would spin on the cores that threaded
# batch work runs on.
export OPENBLAS_NUM_THREADS ?= 1

.PHONY: run test venv build lint rust-test pytest bench-quick bench bench-env clean

# The main job: a self-play match, MCTS against random on two of the pool's decks, on two
# worker processes (about a minute on two cores); prints games/s and the results table.
run: build
	$(BIN)/cardstate selfplay --games 100 --agents mcts:simulations=1000,random \
		--decks evergreen,energy --seed 0 --backend local --workers 2

# The peer the benchmarks compare clone() with (OpenSpiel); benchmark environment only, and a
# machine without it still runs everything (the comparison then says it is missing).
bench-env: venv
	$(BIN)/python -c "import pyspiel" 2>/dev/null || $(BIN)/python -m pip install -q open_spiel \
		|| echo "open_spiel not installed: the OpenSpiel comparison will be skipped"

test: lint rust-test build pytest bench-quick

# The last install is the ecosystem adapters' extras (pettingzoo, openspiel), for their tests.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q "maturin>=1.5,<2" "numpy>=1.26" "pytest>=8" "hypothesis>=6.100" \
		"pytest-benchmark>=4" "ruff>=0.5" "rich>=13"
	$(BIN)/python -m pip install -q "pettingzoo>=1.24" "gymnasium>=1.0" "open_spiel>=1.5"
	touch $(STAMP)

venv: $(STAMP)

# The optional extras the self-play tests use (cardstate[ray], cardstate[plot]), installed once.
EXTRAS := $(VENV)/.extras-stamp
$(EXTRAS): $(STAMP)
	$(BIN)/python -m pip install -q "ray>=2.9" "matplotlib>=3.7"
	touch $(EXTRAS)

build: venv
	$(BIN)/maturin develop --release -q

lint: venv
	$(BIN)/ruff check python tests benches
	$(BIN)/ruff format --check python tests benches
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

rust-test:
	cargo test --workspace --release

pytest: build $(EXTRAS)
	$(BIN)/python -m pytest -q tests

# The benchmark suite once, quickly, so it cannot rot (timings are not asserted here).
bench-quick: build
	$(BIN)/python -m pytest -q benches --benchmark-disable

bench: build bench-env
	$(BIN)/python -m pytest benches --benchmark-group-by=group --benchmark-columns=median,ops

clean:
	rm -rf $(VENV) target
