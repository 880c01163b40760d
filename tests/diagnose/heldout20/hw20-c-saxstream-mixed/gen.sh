#!/bin/sh
# A folder as a user hands it over: the tracer-update run log at 2 threads (OMP_DISPLAY_ENV), a thread
# sweep as CSV rows of /usr/bin/time, a perf report, likwid-bench copy, and the binary restart file.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/saxstream.c" -o "$B/saxstream"
{ echo "\$ OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./saxstream"; ompenv OMP_NUM_THREADS=2 ./saxstream; } > "$OUT/run.log"
echo "threads,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/sweep.csv"
for t in 1 2 1 2; do csvtime "$OUT/sweep.csv" "$t" env OMP_NUM_THREADS=$t ./saxstream 25000000 6; done
rec p.data -- env OMP_NUM_THREADS=2 ./saxstream 25000000 6
prep --sort comm,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
{ echo "\$ likwid-bench -t copy -w S0:1GB:2"; likwid-bench -t copy -w S0:1GB:2 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; } > "$OUT/likwid-copy.txt"
head -c 150000 /dev/urandom > "$OUT/restart_0040.bin"
snap
