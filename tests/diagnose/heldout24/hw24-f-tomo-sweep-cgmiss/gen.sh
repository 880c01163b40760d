#!/bin/sh
# Tomography weighting (Fortran, column-major s(nz,nx) walked with ix innermost): size rows at fixed work (n, repetitions), and
# cachegrind with the cache simulation at n = 1024 (4 repetitions), cg_annotate showing only the data-read and miss columns.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/tomo.F90" -o "$B/tomo"
{ for a in "256 512" "512 128" "1024 32" "2048 8" "4096 2"; do show ./tomo $a; done; } > "$OUT/sizes.txt"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./tomo 1024 4; cg_annotate --show=Dr,D1mr,DLmr --sort=D1mr --auto=yes"; CGLINES=140 cgmiss cg.out ./tomo 1024 4; } > "$OUT/cachegrind.txt"
snap
