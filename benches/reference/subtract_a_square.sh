#!/usr/bin/env bash
# Times gamelab's subtract-a-square sieve against the plain forward byte sieve in C at the same
# N, the runs alternated, and prints the medians of CPU and wall time: the comparison the
# performance chapter reports. Usage: benches/reference/subtract_a_square.sh [N] [RUNS]
# (N = 30000000 and 5 runs by default). Needs a C compiler (cc) and cargo.
set -euo pipefail
n=${1:-30000000}
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O3 -march=native -o "$work/sieve" "$here/subtract_a_square.c"
cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p gamelab-cli
gamelab=$root/target/release/gamelab

# One run of a command: its CPU seconds (user + system) and wall seconds, appended to a file.
timed() {
    local out=$1
    shift
    /usr/bin/env time -f "%U %S %e" -o "$work/time" "$@" >/dev/null
    awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/time" >>"$out"
}

for _ in $(seq "$runs"); do
    timed "$work/c" "$work/sieve" "$n"
    timed "$work/gamelab" "$gamelab" solve stone-game-iv --n "$n" --value-only --max-time none
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "subtract-a-square, N = $n, $runs runs each, medians (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
for tool in c gamelab; do
    cpu=$(cut -d' ' -f1 "$work/$tool" | median)
    wall=$(cut -d' ' -f2 "$work/$tool" | median)
    printf '%-8s %8s CPU-s %8s s wall\n' "$tool" "$cpu" "$wall"
done
