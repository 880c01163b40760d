#!/bin/bash
# C pow(x, e) per element: perf stat and perf record with two CPU hogs beside the run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/powcube" "$SRC/../../diag26/_src/powcube.c" -lm
load_on; snap
perf stat -e task-clock,cpu-clock,context-switches,cpu-migrations,page-faults -o "$D/perf-stat.txt" -- "$B/powcube" 30 > /dev/null
perf_rec "$B/powcube" 30
load_off
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g caller 2>/dev/null | head -80 > "$D/perf-report.txt"
