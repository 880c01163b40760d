#!/bin/sh
# C cumulative Gaussian table on a machine loaded by 2 stress-ng CPU hogs (started here, stopped by
# pid): uptime and ps before, then perf stat (software events) of one run per size.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cdftab.c" -o "$B/cdftab" -lm
load_on 2
{ show uptime; show ps -eo pid,pcpu,comm --sort=-pcpu; } 2>&1 | head -12 > "$OUT/uptime-ps.txt"
for n in 4000 8000 16000; do
  (cd "$B" && perf stat -e task-clock,context-switches,cpu-migrations,page-faults ./cdftab $n 2>&1) >> "$OUT/perf-stat-sizes.txt"
done
load_off
snap
