#!/bin/sh
# A serial Fortran kernel (-O3 -march=native) run while 4 other CPU-bound processes share the 2 cores:
# perf stat (software events), /proc/loadavg and ps of the busiest processes during the run, the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O3 -march=native -g "$SRC/scalef.f90" -o "$B/scalef"
load_on 4
{ echo "\$ cat /proc/loadavg"; cat /proc/loadavg; echo "\$ ps -eo pid,stat,pcpu,psr,comm --sort=-pcpu | head -8"; ps -eo pid,stat,pcpu,psr,comm --sort=-pcpu | head -8; } > "$OUT/loadavg-ps.txt"
show perf stat -e task-clock,context-switches,cpu-migrations,page-faults ./scalef 2000000 > "$OUT/perf-stat.txt"
load_off
snap
