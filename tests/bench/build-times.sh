#!/usr/bin/env bash
# Warm build and test times of two checkouts, interleaved (README,
# "Architecture": the layers issue's before and after).
#
#   tests/bench/build-times.sh BEFORE_DIR AFTER_DIR [ROUNDS]
#
# Each checkout needs its own target folder; a round that is not timed
# warms both first.
# Each round, in turn in each checkout:
#   page    one line added to a page (src/ui/othello/page.rs), then the
#           server's release build
#   cli     one line added to the command line (src/cli/bench.rs), then
#           the server's release build
#   tests   one line added to the command line, then the core's unit tests
#           (before the split the core was the root crate's library)
# Wall seconds from /usr/bin/time; the lines are taken out at the end.
set -euo pipefail

before="$(cd "$1" && pwd)"
after="$(cd "$2" && pwd)"
rounds="${3:-3}"

# The server's and the core's packages in a checkout.
server_of() { echo mind-sports-server; }
core_of() {
  if [ -f "$1/src/core/Cargo.toml" ]; then echo mind-sports-core; else echo mind-sports; fi
}

touch_line() { echo "// build-times $(date +%s%N)" >>"$1/$2"; }

timed() {
  local dir=$1 label=$2
  shift 2
  local seconds
  seconds=$( { /usr/bin/time -f '%e' sh -c "cd '$dir' && $* >/dev/null 2>&1"; } 2>&1 | tail -1)
  printf '%-6s %-6s %7s s\n' "$label" "$(basename "$dir")" "$seconds"
}

restore() {
  for dir in "$before" "$after"; do
    (cd "$dir" && git checkout -- src/ui/othello/page.rs src/cli/bench.rs)
  done
}
trap restore EXIT

echo "== warming up (not timed)"
for dir in "$before" "$after"; do
  (cd "$dir" && cargo build --release -p "$(server_of "$dir")" >/dev/null 2>&1 &&
    cargo test -p "$(core_of "$dir")" --lib >/dev/null 2>&1)
done

for round in $(seq "$rounds"); do
  echo "== round $round"
  for dir in "$before" "$after"; do
    touch_line "$dir" src/ui/othello/page.rs
    timed "$dir" page "cargo build --release -p $(server_of "$dir")"
  done
  for dir in "$before" "$after"; do
    touch_line "$dir" src/cli/bench.rs
    timed "$dir" cli "cargo build --release -p $(server_of "$dir")"
  done
  for dir in "$before" "$after"; do
    touch_line "$dir" src/cli/bench.rs
    timed "$dir" tests "cargo test -p $(core_of "$dir") --lib"
  done
done
