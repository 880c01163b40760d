#!/bin/sh
# Undecidable: hyperfine's JSON export of five runs of the Fortran ionisation program (2 threads,
# default OpenMP settings), nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/ionize.f90" -o "$B/ionize"
(cd "$B" && OMP_NUM_THREADS=2 hyperfine -N --runs 5 --export-json hyperfine.json './ionize 200000 6' > /dev/null 2>&1)
clean < "$B/hyperfine.json" > "$OUT/hyperfine.json"
snap
