#!/bin/sh
# Proof that a clone of the repository stands alone: clones it into an empty temporary
# directory (so no shared/ lies beside the clone), runs the README's set-up commands there
# and prints how long each took. See --help.
set -eu

usage() {
    cat <<'EOF'
Usage: scripts/fresh_clone.sh [--keep] [SOURCE [REVISION]]

Clones SOURCE (default: the repository holding this script) at REVISION (default: the
commit checked out in SOURCE; uncommitted changes are not part of a clone) into a new empty
temporary directory, then runs the commands of the README's "Set up and test on a fresh
machine" block there, one after the other, printing the wall-clock time of each.

The clone gets its own target directory (CARGO_TARGET_DIR is ignored); crates already in the
local cargo cache are not downloaded again. The temporary directory is removed at the end
unless --keep is given. Exits non-zero as soon as a command fails.

  --keep     keep the temporary directory and print its path
  --help     show this text
EOF
}

keep=no
while [ $# -gt 0 ]; do
    case $1 in
        --help | -h) usage; exit 0 ;;
        --keep) keep=yes; shift ;;
        -*) echo "fresh_clone.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -le 2 ] || { echo "fresh_clone.sh: too many arguments (see --help)" >&2; exit 2; }

here=$(cd "$(dirname "$0")/.." && pwd)
source=${1:-$here}
revision=${2:-$(git -C "$source" rev-parse HEAD)}

work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-fresh.XXXXXX")
cleanup() {
    if [ "$keep" = yes ]; then
        echo "kept: $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

clone=$work/tablero
git clone --quiet --no-hardlinks "$source" "$clone"
git -C "$clone" checkout --quiet --detach "$revision"
if [ -e "$work/shared" ]; then
    echo "fresh_clone.sh: $work/shared exists; the clone is not alone" >&2
    exit 1
fi

# The commands are read from the README, so this script follows whatever it promises.
commands=$(awk '
    /^## Set up and test on a fresh machine/ { inside = 1; next }
    inside && /^```/ { fences++; if (fences == 2) exit; next }
    inside && fences == 1 && NF { print }
' "$clone/README.md")
[ -n "$commands" ] || { echo "fresh_clone.sh: no set-up commands found in README.md" >&2; exit 1; }

echo "clone: $(git -C "$clone" log -1 --format='%h %s' | cut -c1-72)"
echo "in:    $clone (nothing else in $work)"
echo "cores: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?'), load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

total=0
report=""
# One command per line; the here-document keeps the loop in this shell.
while IFS= read -r command; do
    echo "== $command"
    started=$(date +%s)
    (cd "$clone" && unset CARGO_TARGET_DIR && sh -c "$command")
    took=$(($(date +%s) - started))
    total=$((total + took))
    report="$report$(printf '%6d s  %s' "$took" "$command")
"
done <<EOF
$commands
EOF

echo "== times (wall clock)"
printf '%s' "$report"
printf '%6d s  total\n' "$total"
