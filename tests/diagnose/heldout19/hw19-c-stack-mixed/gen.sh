#!/bin/sh
# A folder as a user hands it over: the trace-stacking run log (2 threads, OMP_DISPLAY_ENV), a perf report,
# likwid-bench copy and load, and the binary stacked output (gzip of raw doubles).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/stack.c" -o "$B/stack"
{ echo "\$ OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./stack"; ompenv OMP_NUM_THREADS=2 ./stack; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./stack 25000000 6
prep --sort comm,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
{ for k in copy load; do echo "\$ likwid-bench -t $k -w S0:1GB:2"; likwid-bench -t $k -w S0:1GB:2 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; done; } > "$OUT/likwid-bench.txt"
head -c 200000 /dev/urandom | gzip -c > "$OUT/stacked.f64.gz"
snap
