#!/bin/sh
# 3-point smoothing on one thread over array sizes from 32 KB to 256 MB (the program's own GB/s table), three likwid-bench copy runs on one core, lscpu.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/smooth.c" -o "$B/sm"
OMP_NUM_THREADS=1 "$B/sm" 1.0 > "$OUT/smooth-sweep.txt"
for _ in 1 2 3; do likwid-bench -t "$(bench_kernel copy)" -w S0:512MB:1; done > "$OUT/likwid-bench-copy-1core.txt" 2>&1
lscpu > "$OUT/lscpu.txt"
snap
