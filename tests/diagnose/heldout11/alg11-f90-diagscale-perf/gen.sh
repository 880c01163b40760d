#!/bin/sh
# Fortran row scaling written as matmul with a diagonal matrix: perf report by dso,sym (self samples)
# at n=1200 and perf stat -e task-clock of runs at n=400, 800 and 1600 (one log).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/diagscale.f90" -o "$B/diagscale"
rec p.data -- ./diagscale 1200
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-dso-sym.txt"
for n in 400 800 1600; do show perf stat -e task-clock,page-faults ./diagscale $n; done > "$OUT/perf-stat-sizes.log"
snap
