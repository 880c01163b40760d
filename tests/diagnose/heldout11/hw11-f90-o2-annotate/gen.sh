#!/bin/sh
# Fortran damped update at -O2: perf report by symbol and perf annotate --stdio -l of MAIN__.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/scalef.f90" -o "$B/scalef"
rec p.data -- ./scalef 800000
perf report -i "$B/p.data" --stdio --sort dso,sym --percent-limit 1 2> /dev/null | head -30 > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l MAIN__ 2> /dev/null | head -160 > "$OUT/perf-annotate-MAIN__.txt"
show ./scalef 400000 > "$OUT/run.txt"
snap
