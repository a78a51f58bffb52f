#!/bin/sh
# Runs the protocol fuzzer of tests/fuzz.rs for a long time: seeded, reproducible, no
# dependencies. Lines generated from the grammar and mutations of the corpus of real
# sessions (tests/fuzz/corpus.txt) go to the engine in-process and to the real binary through
# pipes; every answer is checked (no panic, one specific error line per refused line (a go:
# one per parameter it could not use), state unchanged after it, no line silently dropped,
# exactly one bestmove per accepted go, isready always answered).
#
# Usage: scripts/fuzz.sh [--inputs N] [--pipe-inputs N] [--seed S] [--jobs J]
#   --inputs N       lines sent in-process (default 10000000)
#   --pipe-inputs N  lines sent through the pipe (default N/100)
#   --seed S         the seed (default 1)
#   --jobs J         in-process engines fuzzed at once, seeds S..S+J-1 (default 2)
#
# Prints the counts and the speed of each run, then every finding with its input and the
# lines sent before it. Exit status 0 when nothing was found, 101 when something was, 2 on
# bad usage. The settings may also be given as FUZZ_INPUTS, FUZZ_PIPE_INPUTS, FUZZ_SEED and
# FUZZ_JOBS in the environment.
set -eu

usage() { sed -n '9,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

number() {
    case $2 in
        ''|*[!0-9]*) echo "error: $1 needs a whole number, got '$2'" >&2; exit 2 ;;
    esac
}

while [ $# -gt 0 ]; do
    case $1 in
        --inputs|--pipe-inputs|--seed|--jobs)
            [ $# -ge 2 ] || { echo "error: $1 needs a value" >&2; exit 2; }
            number "$1" "$2"
            case $1 in
                --inputs) FUZZ_INPUTS=$2 ;;
                --pipe-inputs) FUZZ_PIPE_INPUTS=$2 ;;
                --seed) FUZZ_SEED=$2 ;;
                --jobs) FUZZ_JOBS=$2 ;;
            esac
            shift 2 ;;
        --help|-h) usage ;;
        *) echo "error: unknown argument $1" >&2; usage ;;
    esac
done

export FUZZ_INPUTS="${FUZZ_INPUTS:-10000000}"
[ -z "${FUZZ_PIPE_INPUTS:-}" ] || export FUZZ_PIPE_INPUTS
export FUZZ_SEED="${FUZZ_SEED:-1}"
export FUZZ_JOBS="${FUZZ_JOBS:-2}"

cd "$(dirname "$0")/.."
exec cargo test --test fuzz fuzz_long -- --ignored --nocapture
