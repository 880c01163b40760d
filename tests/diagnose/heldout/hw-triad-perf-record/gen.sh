#!/bin/sh
# Triad on both cores under perf record (the loop is the hot spot) with the bench ceiling.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/triad.c" -o "$B/triad"
(cd "$B" && OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores rec p.data ./triad 40000000 10 > "$OUT/triad-output.txt")
perf report -i "$B/p.data" --stdio --no-children -F overhead,comm,dso,sym 2> /dev/null > "$OUT/perf-report.txt"
bench_triad > "$OUT/likwid-bench.txt"
snap
