#!/bin/sh
# Fortran damped update at -O2: the build log with -fopt-info-vec-missed, objdump -d of MAIN__, the run.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/scalef.f90" "$B/"
show gfortran -O2 -g -fopt-info-vec-missed scalef.f90 -o scalef > "$OUT/build.log"
disasm "$B/scalef" MAIN__ > "$OUT/objdump-MAIN__.txt"
show ./scalef 400000 > "$OUT/run.txt"
snap
