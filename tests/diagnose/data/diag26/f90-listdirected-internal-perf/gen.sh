#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -o "$B/listread" "$SRC/listread.f90"
perf_rec "$B/listread"
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -50 > "$D/perf-report.txt"
timev "$D/time-v.txt" "$B/listread" > /dev/null
