#!/bin/sh
# hyperfine of one command (the kinetics program on 2 threads), exported as CSV, nothing else.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/kinetics.cpp" -o "$B/kinetics"
(cd "$B" && OMP_NUM_THREADS=2 hyperfine -N --warmup 1 --runs 5 './kinetics 4000 400' --export-csv "$OUT/hyperfine.csv" > /dev/null 2>&1)
snap
