#!/bin/sh
# Position revaluation (OpenMP): double and -DFLOAT builds at 1 and 2 threads, and likwid-bench copy on both
# cores in the same minute.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pricegrid.c" -o "$B/pricegrid"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/pricegrid.c" -o "$B/pricegrid_float"
{ for b in pricegrid pricegrid_float; do for t in 1 2; do show env OMP_NUM_THREADS=$t ./$b; done; done; } > "$OUT/runs.txt"
{ echo "\$ likwid-bench -t copy -w S0:1GB:2"; likwid-bench -t copy -w S0:1GB:2 2>&1 | grep -vE '^(-|=)*$' | head -40; } > "$OUT/likwid-copy.txt"
snap
