#!/bin/sh
# C 1-D continuity update (two arrays read, one written), built -O3 -march=native: the build log
# (-fopt-info-vec-optimized), the program's own size sweep (ns/update and GB/s from 2.4 MB to
# 1.5 GB of arrays) and likwid-bench copy and stream kernels on 1 GB for the machine's ceiling.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ gcc -O3 -march=native -g -fopt-info-vec-optimized continuity.c -o continuity"
  gcc -O3 -march=native -g -fopt-info-vec-optimized "$SRC/continuity.c" -o "$B/continuity" 2>&1 | clean; } > "$OUT/build.txt"
for n in 100000 1000000 4000000 16000000 64000000; do show ./continuity $n 2.4e8; done > "$OUT/size-sweep.txt"
{ show likwid-bench -t copy -w S0:1GB:1; show likwid-bench -t stream -w S0:1GB:1; } > "$OUT/likwid-bench.txt"
snap
