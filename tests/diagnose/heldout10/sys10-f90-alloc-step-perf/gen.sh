#!/bin/sh
# Fortran update whose 64 MB work array is allocated/deallocated every step: perf report by
# dso,sym (kernel included) and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/allocstep.f90" -o "$B/allocstep"
rec p.data -- ./allocstep 40
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 0.7 2> /dev/null | head -45 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && /usr/bin/time -v ./allocstep 40) > "$OUT/time-v.txt" 2>&1
snap
