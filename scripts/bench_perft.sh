#!/usr/bin/env bash
# Move-generation speed: perft with bulk counting, single thread, release build.
# Usage: scripts/bench_perft.sh   (prints leaves/s per benchmark; takes about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tablero
run() {
    local label=$1; shift
    local stats
    stats=$("$bin" perft "$@" 2>&1 >/dev/null | tail -n 1)
    printf '%-32s %s\n' "$label" "$stats"
}
run "crossings start depth 5"     --game crossings 5
run "crossjack 8x8 depth 8"       --game crossjack 8
run "crossjack 16x8 depth 7"      --game crossjack --size 16x8 7
run "jcshock 8x8 depth 5"         --game jcshock 5
run "jcshock 11x11 depth 4"       --game jcshock --size 11 4
