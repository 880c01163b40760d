#!/bin/sh
# Fortran conduction carried in real(kind=10): the build log with -fopt-info-vec-all, the run, and
# perf annotate -l of MAIN__.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ gfortran -O3 -march=native -g -fopt-info-vec-all realx.f90 -o realx"
  (cd "$B" && gfortran -O3 -march=native -g -fopt-info-vec-all "$SRC/realx.f90" -o realx 2>&1); } | clean > "$OUT/build.log"
show ./realx > "$OUT/run.txt"
rec p.data -- ./realx
perf annotate -i "$B/p.data" --stdio -l -s MAIN__ 2> /dev/null | clean | head -150 > "$OUT/perf-annotate-MAIN.txt"
snap
