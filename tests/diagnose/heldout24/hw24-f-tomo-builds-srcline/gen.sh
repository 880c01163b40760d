#!/bin/sh
# Tomography weighting (Fortran): two runs each of the shipped build and of -DCOLS (iz innermost), then
# perf report -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/tomo.F90" -o "$B/tomo"
gfortran -O2 -g -DCOLS "$SRC/tomo.F90" -o "$B/tomo_cols"
{ for b in tomo tomo tomo_cols tomo_cols; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./tomo
{ echo "\$ perf record -e cpu-clock ./tomo; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
