#!/usr/bin/env bash
# The strength benchmark: this build's Othello engine (`engine player
# othello`, the app's strongest level) against another build of it, and
# optionally against a peer, over the balanced openings of
# data/openings.txt, each opening with both colours (`engine match`).
# Timings and results are reported, never asserted.
#
#   BASE=<git revision>   the other build (default HEAD~1; it must have
#                         `engine player`, i.e. be newer than 88eb2e1)
#   COUNT=<openings>      default 50 (100 games)
#   MS=<ms per move>      default 300
#   PEER="<command>"      a peer's line-protocol driver, e.g. the Egaroucid
#                         web engine's from ../shared/tools/peers
#   PEER_REQUEST="<tmpl>" its move request (default "play {board} {side} {ms}")
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE="${BASE:-HEAD~1}"
COUNT="${COUNT:-50}"
MS="${MS:-300}"
ours="$PWD/target/release/engine"
cargo build --release -p mind-sports-cli --bin engine
base_dir="$PWD/target/strength-base"
rev="$(git rev-parse --short "$BASE")"
if [ ! -x "$base_dir/$rev/engine" ]; then
  rm -rf "$base_dir/src"
  git worktree add -f --detach "$base_dir/src" "$rev" >/dev/null
  # The command line is a crate of its own since issue 39; older
  # revisions build it from the root package.
  (cd "$base_dir/src" && export CARGO_TARGET_DIR="$base_dir/target" &&
    if [ -f src/cli/Cargo.toml ]; then cargo build --release --offline -p mind-sports-cli --bin engine;
    else cargo build --release --offline --bin engine; fi)
  mkdir -p "$base_dir/$rev"
  cp "$base_dir/target/release/engine" "$base_dir/$rev/engine"
  git worktree remove --force "$base_dir/src"
fi
echo "== this build ($(git rev-parse --short HEAD)) against $rev, $MS ms a move"
"$ours" match --player-command "$ours player othello" \
  --opponent-command "$base_dir/$rev/engine player othello" --time-ms "$MS" --count "$COUNT"
if [ -n "${PEER:-}" ]; then
  echo "== this build against the peer: $PEER"
  "$ours" match --player-command "$ours player othello" --opponent-command "$PEER" \
    --opponent-request "${PEER_REQUEST:-play {board} {side} {ms}}" --time-ms "$MS" --count "$COUNT"
fi
