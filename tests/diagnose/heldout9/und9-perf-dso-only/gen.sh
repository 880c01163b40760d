#!/bin/sh
# perf report sorted by shared object only, of the Fortran matmul (k innermost).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/mmkin.f90" -o "$B/mm"
rec p.data ./mm 800 jik > /dev/null
report "$B/p.data" dso 20 > "$OUT/perf-report-dso.txt"
snap
