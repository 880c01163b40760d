#!/bin/sh
# Brine streaming update (five 8-byte streams per point over 40 MB arrays): hyperfine's parameter
# scan over OMP_NUM_THREADS 1-2 exported as CSV, the program's own GB/s printout at 1 and 2 threads,
# and likwid-bench's triad kernel on one and on two cores.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/brine.c" -o "$B/brine"
(cd "$B" && hyperfine -N --warmup 1 --runs 4 -P threads 1 2 'env OMP_NUM_THREADS={threads} ./brine 5000000 20' --export-csv "$OUT/hyperfine.csv" > /dev/null 2>&1)
{ OMP_NUM_THREADS=1 show ./brine 5000000 20; OMP_NUM_THREADS=2 show ./brine 5000000 20; } > "$OUT/run.txt"
{ echo "\$ likwid-bench -t triad -w S0:512MB:1"; likwid-bench -t triad -w S0:512MB:1 2>&1 | head -40
  echo "\$ likwid-bench -t triad -w S0:512MB:2"; likwid-bench -t triad -w S0:512MB:2 2>&1 | head -40; } > "$OUT/likwid-bench-triad.txt"
snap
