# Mind Sports — two commands do everything on a fresh machine:
#   make serve   install what is missing, build the release app, serve it on
#                http://127.0.0.1:8080 (compressed, with cache headers)
#   make test    install what the tests need, then run every test
# Every install is skipped when the right version is already there.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

TRUNK_VERSION := 0.21.14
# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
NODE_TOOLS := binaryen@132.0.0 playwright-core@1.65.1 axe-core@4.14.1 terser@5.51.4
TOOLS := $(CURDIR)/.tools
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

export PATH := $(TOOLS)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER := wasm-bindgen-test-runner
export WASM_BINDGEN_TEST_WEBDRIVER_JSON := $(CURDIR)/tests/webdriver.json
export WASM_BINDGEN_TEST_TIMEOUT := 120

.PHONY: serve dev server build test setup-build setup-test wasm-target trunk wasm-bindgen node-tools browser fetch \
        check-format lint test-native test-wasm test-e2e bench bench-wasm wasm-bench-build bench-record docs bench-load \
        bench-strength sizes route-sizes train clean postgres proxies bench-online fault-tools readers

# The production server (src/server): precompressed files, cache headers,
# and online play with SQLite in ./state (README, "Online play").
SERVE := target/release/serve

serve: build
	$(SERVE) --dir dist --address 127.0.0.1 --port 8080 --state state

# Rebuilds on every change (no compression, no caching headers).
dev: setup-build
	trunk serve --release --address 127.0.0.1 --port 8080

server:
	cargo build --release -p mind-sports-server

# The static site in dist/: Trunk's post-build hook (src/pwa/finish.mjs)
# writes the service worker, .gz and .br copies beside every wasm, script
# and style, and prints the sizes against their budgets.
build: setup-build server
	trunk build --release

test: setup-test check-format lint test-native test-wasm test-e2e
	@echo "all tests passed"

# Benchmarks (timings are reported, never asserted): `make bench` natively,
# `make bench-wasm` the same engine code compiled to wasm and run by Node.
WASM_BENCH := target/wasm-bench
BENCH_ARGS ?= --perft 12 --ffo 40-49

bench:
	cargo run --release -p mind-sports-cli --bin engine -- bench --full

# What is in each wasm: the largest functions and data (twiggy, on the
# builds before wasm-opt, which still have their names).
SIZES := target/sizes
sizes: build
	@command -v twiggy >/dev/null || cargo install twiggy --version 0.8.0
	wasm-bindgen --target web --out-dir $(SIZES)/app target/wasm32-unknown-unknown/app/app.wasm
	wasm-bindgen --target web --out-dir $(SIZES)/worker target/wasm32-unknown-unknown/worker/worker.wasm
	twiggy top -n 25 $(SIZES)/app/app_bg.wasm
	twiggy top -n 25 $(SIZES)/worker/worker_bg.wasm

# Online play under load: simulated players at a human pace against one
# instance, SQLite and PostgreSQL (src/server/bench; README, "Online play").
# The players' processes open many connections: up to the open-file limit.
bench-online: server postgres
	ulimit -n "$$(ulimit -Hn)"; target/release/bench-online $(BENCH_ONLINE_ARGS)

# What each route costs over the wire on a cold load, against issue 40's
# budgets (250 KB a page, 200 KB a frame, 300 KB the builder); writes
# target/route-sizes.json. `make test` measures them too, and fails a route
# that fetches a module it does not draw; the budgets wait for issue 40.
route-sizes: build
	node tests/bench/route-sizes.mjs --budgets

# The first and repeat load on an emulated slow phone connection.
bench-load: build
	node tests/bench/load.mjs --runs 3

# This build's Othello engine against another build (BASE=<rev>, default
# HEAD~1) and, with PEER="<command>", a peer: tests/bench/strength.sh.
bench-strength:
	tests/bench/strength.sh

bench-wasm: wasm-bench-build
	node tests/bench/wasm.mjs $(BENCH_ARGS)

wasm-bench-build: wasm-target wasm-bindgen node-tools
	cargo build --profile worker --target wasm32-unknown-unknown -p mind-sports-web --bin wasm-bench
	wasm-bindgen --target nodejs --out-dir $(WASM_BENCH) target/wasm32-unknown-unknown/worker/wasm-bench.wasm
	wasm-opt -O $(WASM_BENCH)/wasm-bench_bg.wasm -o $(WASM_BENCH)/wasm-bench_bg.wasm

# FFO #40-#49 natively and in wasm, interleaved, into docs/bench/ffo.json:
# the one source of the README's speed table (then `make docs`).
bench-record: wasm-bench-build
	cargo build --release -p mind-sports-cli --bin engine
	node tests/bench/record.mjs

# Writes the README's tables of measured figures from their sources (the
# release build's sizes, docs/bench/ffo.json) and refreshes the screenshots
# in docs/screenshots/ (tests only ever write to tests/e2e/artifacts/).
docs: build
	node tests/bench/route-sizes.mjs
	node tests/docs/tables.mjs --write
	DOCS_SCREENSHOTS=1 node tests/e2e/learn.mjs

# Remakes the weights of the 8×8 evaluation, data/othello-eval.bin, from
# nothing but the engine's own games (README, "Training the evaluation").
# About two hours on two cores; the files go to target/train/.
TRAIN := target/train
ENGINE := target/release/engine
train:
	cargo build --release -p mind-sports-cli --bin engine
	$(ENGINE) train generate --games 40000 --keep 0.35 --seed 1 --eval handmade --threads 2 \
	  --out $(TRAIN)/positions.bin
	$(ENGINE) train label --in $(TRAIN)/positions.bin --eval handmade --depth 4 --exact 16 \
	  --threads 2 --out $(TRAIN)/labels-0.bin
	$(ENGINE) train fit --in $(TRAIN)/labels-0.bin --threads 2 --out $(TRAIN)/weights-1.bin
	for i in 1 2 3 4 5 6 7 8 9; do \
	  depth=4; if [ $$i -ge 8 ]; then depth=6; fi; \
	  $(ENGINE) train label --in $(TRAIN)/labels-$$((i - 1)).bin --eval $(TRAIN)/weights-$$i.bin \
	    --depth $$depth --exact 16 --threads 2 --out $(TRAIN)/labels-$$i.bin; \
	  $(ENGINE) train fit --in $(TRAIN)/labels-$$i.bin --threads 2 --out $(TRAIN)/weights-$$((i + 1)).bin; \
	done
	# The last round: three times the positions, from games of the weights
	# so far, labelled by them (35 of the two hours); steps of 0.08 discs and
	# only configurations seen 6 times keep the worker under 450 KB gzipped.
	$(ENGINE) train generate --games 120000 --keep 0.35 --seed 11 --depth 2 --noise 2 \
	  --eval $(TRAIN)/weights-10.bin --threads 2 --out $(TRAIN)/positions-12.bin
	$(ENGINE) train label --in $(TRAIN)/positions-12.bin --eval $(TRAIN)/weights-10.bin \
	  --depth 6 --exact 16 --threads 2 --out $(TRAIN)/labels-12.bin
	$(ENGINE) train fit --in $(TRAIN)/labels-12.bin --unit 8 --min-count 6 \
	  --threads 2 --out $(TRAIN)/weights-12.bin
	cp $(TRAIN)/weights-12.bin data/othello-eval.bin

# --- set-up -----------------------------------------------------------------

setup-build: wasm-target trunk wasm-bindgen node-tools fetch

setup-test: setup-build browser postgres proxies fault-tools readers

wasm-target:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# Trunk's own release profile uses fat LTO (29 minutes here); without it the
# install takes 8 minutes and works the same.
trunk:
	@if [ "$$(trunk --version 2>/dev/null)" != "trunk $(TRUNK_VERSION)" ]; then \
	  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
	    cargo install --locked trunk --version $(TRUNK_VERSION); \
	fi

# Not --locked: the CLI's lockfile pins a crate newer than the registry here.
wasm-bindgen:
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  cargo install --force wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

# wasm-opt from npm: Debian's and the crate's binaryen cannot read the
# reference-types output of this rustc. playwright-core drives the browser;
# axe-core checks its pages' accessibility (tests/e2e/a11y.mjs).
node-tools:
	@for tool in $(NODE_TOOLS); do \
	  name=$${tool%@*}; version=$${tool##*@}; \
	  installed=$$(node -p "require('$(TOOLS)/node_modules/$$name/package.json').version" 2>/dev/null || true); \
	  if [ "$$installed" != "$$version" ]; then \
	    mkdir -p $(TOOLS); npm install --prefix $(TOOLS) --no-audit --no-fund --loglevel=error $(NODE_TOOLS); break; \
	  fi; \
	done

# Trunk runs cargo offline (so it never tries the network for tools).
fetch:
	@cargo fetch --quiet

browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium chromium-driver; \
	fi

# Debian's PostgreSQL for the online tests and the benchmark: the tests
# start a throwaway cluster of their own as the postgres user
# (src/server/scratch.rs), never the package's.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; \
	fi

# Debian's nginx and Caddy for the proxy test (tests/e2e/proxy.mjs), which
# runs them itself, as an unprivileged user on a port of its own with
# README's configurations. The packages' own services are not wanted:
# stopped and disabled if the install started them.
proxies:
	@if [ ! -x /usr/sbin/nginx ] || [ ! -x /usr/bin/caddy ]; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nginx caddy; \
	  $(SUDO) systemctl disable --now nginx caddy >/dev/null 2>&1 || true; \
	fi

# The storage-fault tests (src/server/tests/storage_faults.rs) inject I/O
# errors into a running server with strace and mount small disks (tmpfs).
fault-tools:
	@if ! command -v strace >/dev/null; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq strace; \
	fi

# The spreadsheet tests read the server's workbooks and CSV files back with
# readers that are not ours: Python's csv module and Debian's openpyxl
# (tests/readers/sheet.py).
readers:
	@if ! /usr/bin/python3 -c 'import openpyxl' 2>/dev/null; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-openpyxl; \
	fi

# --- tests --------------------------------------------------------------------

check-format:
	cargo fmt --all --check

lint:
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy --workspace --all-targets --target wasm32-unknown-unknown -- -D warnings

# Doctests link their binaries in TMPDIR: keep them beside the build, not in a
# /tmp that may be a small tmpfs.
test-native:
	mkdir -p target/tmp
	TMPDIR=$(CURDIR)/target/tmp cargo test --workspace

# wasm-bindgen-test in headless Chromium (the core in wasm, and the UI).
test-wasm:
	cargo test --target wasm32-unknown-unknown --test web

# The release build served on loopback, driven in headless Chromium.
# The clock and diagram tests check the pages against the command line.
E2E = offline othello opok nim hostile shell layout learn clock club diagram \
  embed embed-element buttons saving pool online online-trust events event-manage club-evening event-online event-recovery ratings members proxy a11y

test-e2e: server
	cargo build --release -p mind-sports-cli --bin engine
	SIZE_BUDGET=strict trunk build --release
	node tests/bench/route-sizes.mjs
	node tests/docs/tables.mjs
	@for name in $(E2E); do \
	  echo "node tests/e2e/$$name.mjs"; node tests/e2e/$$name.mjs || exit 1; \
	done

clean:
	cargo clean
	rm -rf dist
