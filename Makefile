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

.PHONY: run test venv build lint typecheck rust-test pytest bench-quick bench bench-env \
	fuzz-tools fuzz-corpus fuzz-quick fuzz fuzz-run clean

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

test: lint rust-test build typecheck pytest bench-quick fuzz-quick

# The last install is the ecosystem adapters' extras (pettingzoo, openspiel), for their tests.
# The package lists live here, so an edit of this file installs again (pip skips what is there).
$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q "maturin>=1.5,<2" "numpy>=1.26" "rich>=13" "pytest>=8" \
		"hypothesis>=6.100" "pytest-benchmark>=4" "pytest-xdist>=3.5" "ruff>=0.5" "mypy>=1.10"
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
	# The abi3 build (README: Wheels) keeps compiling.
	cargo clippy -p cardstate-python --features abi3 -- -D warnings

# The stubs against the built module (mypy.stubtest; python/stubtest-allowlist.txt says why each
# entry is there), and the kernel's Protocol against both implementations (tests/typing/).
typecheck: build
	$(BIN)/python -m mypy.stubtest cardstate._native --allowlist python/stubtest-allowlist.txt
	$(BIN)/python -m mypy --strict --no-incremental python/cardstate/protocol.py \
		python/cardstate/cards/energy.py tests/typing/check_protocol.py

rust-test:
	cargo test --workspace --profile test-release

# On every core (pytest-xdist): the suite is most of make test's time.
pytest: build $(EXTRAS)
	$(BIN)/python -m pytest -q -n auto tests

# The benchmark suite once, quickly, so it cannot rot (timings are not asserted here).
bench-quick: build
	$(BIN)/python -m pytest -q benches --benchmark-disable

bench: build bench-env
	$(BIN)/python -m pytest benches --benchmark-group-by=group --benchmark-columns=median,ops

# Fuzzing the kernel's and the duel's decoders and the loader of compiled cards (fuzz/README.md):
# cargo-fuzz from crates.io, built on the stable toolchain (RUSTC_BOOTSTRAP=1 lets it take
# libFuzzer's nightly flags). `make test` runs each
# target for FUZZ_SECONDS; `make fuzz` for FUZZ_LONG_SECONDS. A crash, a leak, a timeout (an input
# taking over FUZZ_TIMEOUT seconds) or over 2 GB of memory fails the run; libFuzzer saves the
# input under fuzz/artifacts/.
FUZZ_TARGETS := from_bytes decoded_ops duel_from_bytes card_db
FUZZ_SECONDS ?= 10
FUZZ_LONG_SECONDS ?= 600
FUZZ_TIMEOUT ?= 10
CARGO_FUZZ := RUSTC_BOOTSTRAP=1 cargo fuzz

fuzz-tools:
	cargo fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --locked

fuzz-corpus: build
	$(BIN)/python fuzz/seed_corpus.py

fuzz-quick: fuzz-tools fuzz-corpus
	$(MAKE) --no-print-directory fuzz-run SECONDS=$(FUZZ_SECONDS)

fuzz: fuzz-tools fuzz-corpus
	$(MAKE) --no-print-directory fuzz-run SECONDS=$(FUZZ_LONG_SECONDS)

fuzz-run:
	set -o pipefail; mkdir -p fuzz/target && cd fuzz && for t in $(FUZZ_TARGETS); do \
		$(CARGO_FUZZ) run -O $$t -- -max_total_time=$(SECONDS) -timeout=$(FUZZ_TIMEOUT) \
			-rss_limit_mb=2048 -print_final_stats=1 2>&1 | tee target/fuzz-$$t.log \
			| grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==|SUMMARY|artifact_prefix)" \
			|| exit 1; \
	done

clean:
	rm -rf $(VENV) target
