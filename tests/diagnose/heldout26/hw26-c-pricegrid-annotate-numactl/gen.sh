#!/bin/sh
# Position revaluation (OpenMP, 2 threads): the program's line, numactl -H, and perf annotate of the
# outlined loop (main._omp_fn.1).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pricegrid.c" -o "$B/pricegrid"
show ./pricegrid > "$OUT/output.txt"
show numactl -H > "$OUT/numactl.txt"
rec p.data -- ./pricegrid
{ echo "\$ perf annotate --stdio main._omp_fn.1  (instructions >= 1%)"; annothot main._omp_fn.1 1; } > "$OUT/annotate.txt"
snap
