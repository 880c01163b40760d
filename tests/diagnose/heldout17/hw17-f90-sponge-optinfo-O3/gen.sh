#!/bin/sh
# Fortran sponge-layer relaxation over in-cache arrays (n=4000, 100000 repeats): the -O2 build with
# -fopt-info-vec-missed, the -O3 -march=native build with -fopt-info-vec-optimized, and both runs.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gfortran -O2 -g -J "$B" -fopt-info-vec-missed "$SRC/sponge.f90" -o sponge-O2 2>&1) | clean > "$OUT/build-O2-opt-info.txt"
(cd "$B" && gfortran -O3 -march=native -g -J "$B" -fopt-info-vec-optimized "$SRC/sponge.f90" -o sponge-O3 2>&1) | clean > "$OUT/build-O3-opt-info.txt"
{ show ./sponge-O2 4000 100000; show ./sponge-O3 4000 100000; } > "$OUT/run.txt"
snap
