#!/usr/bin/env bash
# Checks a file of perft vectors against any binary with tablero's perft command line: for
# authors porting the rules to another engine, and for regressions of this one.
#
# Usage: scripts/perft.sh [--max-depth D] BINARY [VECTORS]
#   BINARY   runs as `BINARY perft --game G --fen F D` and prints a line `Nodes searched: N`
#   VECTORS  lines `game | position string | count at depth 1 | count at depth 2 ...` (counts
#            separated by blanks or by further `|`); blank lines and `#` comments are skipped.
#            Default: tests/vectors/perft.txt of this repository.
#   --max-depth D   check only depths up to D (the deep counts take the longest)
#
# Prints one line per vector and depth (`ok` or `FAIL` with both counts) and a last line with
# the totals. Exit status 0 when every count matches, 1 when one differs or the binary fails,
# 2 on bad usage.
set -uo pipefail

usage() { sed -n '5,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

max_depth=0
while [[ $# -gt 0 && $1 == --* ]]; do
    case $1 in
        --max-depth)
            if [[ $# -lt 2 || ! $2 =~ ^[1-9][0-9]*$ ]]; then
                echo "error: --max-depth needs a depth >= 1" >&2; exit 2
            fi
            max_depth=$2; shift 2 ;;
        --help|-h) usage ;;
        *) echo "error: unknown option $1" >&2; usage ;;
    esac
done
[[ $# -ge 1 && $# -le 2 ]] || usage
binary=$1
vectors=${2:-"$(dirname "$0")/../tests/vectors/perft.txt"}
[[ -x $binary ]] || { echo "error: $binary is not an executable file" >&2; exit 2; }
[[ -r $vectors ]] || { echo "error: cannot read the vectors file $vectors" >&2; exit 2; }

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

checked=0 failed=0 number=0
while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    [[ -z $(trim "$line") || $(trim "$line") == \#* ]] && continue
    IFS='|' read -r game fen counts <<<"$line"
    game=$(trim "$game"); fen=$(trim "$fen")
    read -r -a expected <<<"${counts//|/ }"
    if [[ -z $game || -z $fen || ${#expected[@]} -eq 0 ]]; then
        echo "FAIL line $number: expected 'game | position string | counts...'"
        failed=$((failed + 1)); continue
    fi
    for depth in "${!expected[@]}"; do
        d=$((depth + 1))
        [[ $max_depth -gt 0 && $d -gt $max_depth ]] && break
        want=${expected[$depth]}
        output=$("$binary" perft --game "$game" --fen "$fen" "$d" 2>&1)
        status=$?
        got=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' <<<"$output" | tail -n 1)
        checked=$((checked + 1))
        if [[ $status -eq 0 && $got == "$want" ]]; then
            printf 'ok   %-9s depth %d %12s  %s\n' "$game" "$d" "$want" "$fen"
        else
            failed=$((failed + 1))
            if [[ $status -ne 0 || -z $got ]]; then
                printf 'FAIL %-9s depth %d: the binary failed (status %d): %s  %s\n' \
                    "$game" "$d" "$status" "$(tail -n 1 <<<"$output")" "$fen"
            else
                printf 'FAIL %-9s depth %d: expected %s, got %s  %s\n' \
                    "$game" "$d" "$want" "$got" "$fen"
            fi
        fi
    done
done <"$vectors"

if [[ $failed -eq 0 ]]; then
    echo "all $checked counts match ($vectors)"
else
    echo "$failed of $checked counts differ ($vectors)"
    exit 1
fi
