#!/bin/sh
# Ocean field output (Fortran, one formatted write per value): rows of the shipped build and -DUNF (unformatted
# stream), the program's compute/output split, and perf report --sort dso,sym of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/oceandump.F90" -o "$B/oceandump"
gfortran -O2 -g -DUNF "$SRC/oceandump.F90" -o "$B/oceandump_unf"
{ for b in oceandump oceandump_unf; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./oceandump
{ echo "\$ perf record -e cpu-clock ./oceandump; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
