#!/usr/bin/env bash
# Warm build and test times of two checkouts, interleaved (README,
# "Architecture": the layers issue's before and after).
#
#   tests/bench/build-times.sh BEFORE_DIR AFTER_DIR [ROUNDS]
#
# Each checkout needs its own target folder. Before each timed command the
# checkout is brought up to date for it (not timed), so that only the one
# line it is about is new. Each round, in turn in each checkout:
#   page    one line added to a page (src/ui/othello/page.rs), then the
#           server's release build
#   cli     one line added to the command line (src/cli/bench.rs), then
#           the server's release build
#   text    one line added to the texts (i18n/en.rs, in the core since
#           the split), then the server's release build
#   tests   one line added to the command line, then the core's unit tests
#           (before the split the core was the root crate's library)
# Wall seconds from /usr/bin/time; a command that fails says so. The lines
# are taken out at the end.
set -euo pipefail

before="$(cd "$1" && pwd)"
after="$(cd "$2" && pwd)"
rounds="${3:-3}"

# The server's and the core's packages in a checkout.
server_of() { echo mind-sports-server; }
core_of() {
  if [ -f "$1/src/core/Cargo.toml" ]; then echo mind-sports-core; else echo mind-sports; fi
}

text_of() {
  if [ -f "$1/src/core/i18n/en.rs" ]; then echo src/core/i18n/en.rs; else echo src/i18n/en.rs; fi
}

touch_line() { echo "// build-times $(date +%s%N)" >>"$1/$2"; }

quiet() { (cd "$1" && shift && "$@" >/dev/null 2>&1); }

timed() {
  local dir=$1 label=$2
  shift 2
  local out
  out=$( { /usr/bin/time -f '%e' sh -c "cd '$dir' && $* >/dev/null 2>&1 || echo failed"; } 2>&1 | tr '\n' ' ')
  printf '%-6s %-8s %s s\n' "$label" "$(basename "$dir")" "$out"
}

# The server's release build after one line added to `file` in `dir`.
server_after() {
  local dir=$1 label=$2 file=$3
  quiet "$dir" cargo build --release -p "$(server_of "$dir")"
  touch_line "$dir" "$file"
  timed "$dir" "$label" "cargo build --release -p $(server_of "$dir")"
}

restore() {
  for dir in "$before" "$after"; do
    (cd "$dir" && git checkout -- src/ui/othello/page.rs src/cli/bench.rs "$(text_of "$dir")")
  done
}
trap restore EXIT

for round in $(seq "$rounds"); do
  echo "== round $round"
  for dir in "$before" "$after"; do server_after "$dir" page src/ui/othello/page.rs; done
  for dir in "$before" "$after"; do server_after "$dir" cli src/cli/bench.rs; done
  for dir in "$before" "$after"; do server_after "$dir" text "$(text_of "$dir")"; done
  for dir in "$before" "$after"; do
    quiet "$dir" cargo test -p "$(core_of "$dir")" --lib --no-run
    touch_line "$dir" src/cli/bench.rs
    timed "$dir" tests "cargo test -p $(core_of "$dir") --lib"
  done
done
