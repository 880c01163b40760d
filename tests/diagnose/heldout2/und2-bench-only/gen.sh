#!/bin/sh
# Only likwid-bench runs: the machine's ceiling, nothing about the program.
. "$(dirname "$0")/../_lib.sh"
bench_triad > "$OUT/likwid-bench-triad.txt"
snap
