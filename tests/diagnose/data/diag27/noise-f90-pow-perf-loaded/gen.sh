#!/bin/bash
# a Fortran x**e loop profiled with perf while two CPU hogs run beside it; snapshot under load
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -o "$B/powloop" "$SRC/powloop.f90"
load_on; snap
perf_rec "$B/powloop" 30
load_off
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -60 > "$D/perf-report.txt"
