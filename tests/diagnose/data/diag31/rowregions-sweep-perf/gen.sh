#!/bin/bash
# an OpenMP region per row of a small grid: the printout at 1 and 2 threads, and perf report by
# shared object and symbol of the 2-thread run (this machine's libgomp has no symbols: its
# samples are bare addresses)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/rowregions" "$SRC/rowregions.c"
snap
cd "$B"
{ for t in 1 2; do echo "\$ env OMP_NUM_THREADS=$t ./rowregions 64 200 50"; OMP_NUM_THREADS=$t ./rowregions 64 200 50; done; } > "$D/run.txt"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$B/rr.data" ./rowregions 64 200 50 > /dev/null 2>&1
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; perf report --stdio --no-children --sort dso,sym -i "$B/rr.data" 2>/dev/null | head -30; } > "$D/perf-report.txt"
