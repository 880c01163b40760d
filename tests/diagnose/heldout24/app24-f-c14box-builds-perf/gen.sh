#!/bin/sh
# Radiocarbon box model (Fortran real(16)): rows of the shipped build and of -DDP (real(8)), and perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/c14box.F90" -o "$B/c14box"
gfortran -O2 -g -DDP "$SRC/c14box.F90" -o "$B/c14box_dp"
{ for b in c14box c14box_dp; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./c14box
{ echo "\$ perf record -e cpu-clock ./c14box; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
