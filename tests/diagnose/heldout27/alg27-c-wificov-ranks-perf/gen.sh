#!/bin/sh
# Wireless coverage (MPI, 2 ranks): the program's per-rank lines, then one perf record per rank (--sort dso,sym).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/wificov.c" -o "$B/wificov" -lm
{ echo "\$ mpirun -np 2 ./wificov"; mpi -np 2 ./wificov; } > "$OUT/run.txt" 2>&1
mpiperf pr 2 ./wificov > /dev/null 2>&1
{ for r in 0 1; do echo "### rank $r: perf report --sort dso,sym"; rankrep pr $r; done; } > "$OUT/perf-ranks.txt"
snap
