#!/bin/sh
# Truss stiffness sweep: the program's own lines for the shipped and the -DROWS builds, and cachegrind (cache
# simulation, data columns sorted by D1 read misses) of the shipped build at n = 1024.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/truss.c" -o "$B/truss"
gcc -O2 -g -DROWS "$SRC/truss.c" -o "$B/truss_rows"
{ show ./truss 2048 8; show ./truss_rows 2048 8; } > "$OUT/runs.txt"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./truss 1024 2; cg_annotate --show=Dr,D1mr,DLmr --sort=D1mr --auto=yes"; cgmiss cg.out ./truss 1024 2; } > "$OUT/cachegrind.txt"
snap
