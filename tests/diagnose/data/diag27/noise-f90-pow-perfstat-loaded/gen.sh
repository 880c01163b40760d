#!/bin/bash
# the Fortran x**e loop under perf stat (task-clock, cpu-clock, switches) and perf record, two
# CPU hogs beside it; snapshot under load
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -o "$B/powloop" "$SRC/powloop.f90"
load_on; snap
perf stat -e task-clock,cpu-clock,context-switches,cpu-migrations,page-faults -o "$D/perf-stat.txt" -- "$B/powloop" 30 > /dev/null
perf_rec "$B/powloop" 30
load_off
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -60 > "$D/perf-report.txt"
