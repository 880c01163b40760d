#!/bin/sh
# Semi-Lagrangian step allocating a fresh 64 MB vector every call: /usr/bin/time -v of a run and
# perf stat -I 250 (page faults, task-clock) of another, with the program's line.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/tmpgrid.cpp" -o "$B/tmpgrid"
show ./tmpgrid 8000000 20 > "$OUT/run.txt"
timev "$OUT/time-v.txt" ./tmpgrid 8000000 20 > /dev/null
{ echo "\$ perf stat -I 250 -e task-clock,page-faults,minor-faults,major-faults ./tmpgrid 8000000 20"; (cd "$B" && perf stat -I 250 -e task-clock,page-faults,minor-faults,major-faults ./tmpgrid 8000000 20 2>&1); } > "$OUT/perf-stat-I.txt"
snap
