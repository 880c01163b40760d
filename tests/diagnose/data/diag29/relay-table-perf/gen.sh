#!/bin/bash
# two ranks print a table of their work and MPI times; perf report of the same run's processes
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/relay" "$SRC/relay.c" -lm
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./relay 200000 10"; mpirun --allow-run-as-root --oversubscribe -np 2 ./relay 200000 10; } > "$D/run.txt" 2>&1
perf record -q -e cpu-clock -o "$B/relay.data" -- mpirun --allow-run-as-root --oversubscribe -np 2 ./relay 200000 10 > /dev/null 2>&1
perf report -i "$B/relay.data" --stdio --sort dso,sym 2>/dev/null | head -40 > "$D/perf-report.txt"
