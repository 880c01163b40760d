#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -o "$B/packrow" "$SRC/packrow.f90"
perf_rec "$B/packrow"
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null > "$D/perf-report.txt"
