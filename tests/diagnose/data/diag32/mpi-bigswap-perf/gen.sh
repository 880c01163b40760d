#!/bin/bash
# two MPI ranks swapping a 32 MB field every step (Open MPI's single-copy shared-memory path):
# each rank's printout, and perf record of the whole job reported by pid, dso and symbol
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
mpicc -O2 -o "$B/bigswap" "$SRC/bigswap.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./bigswap 4000000 30"; mpirun --allow-run-as-root --oversubscribe -np 2 ./bigswap 4000000 30 | sort; } > "$D/run.txt" 2>&1
perf record -q -e cpu-clock -o "$B/job.data" -- mpirun --allow-run-as-root --oversubscribe -np 2 ./bigswap 4000000 30 > /dev/null 2>&1
perf report --stdio --no-children --sort pid,dso,sym -i "$B/job.data" 2>/dev/null | head -60 > "$D/perf-report.txt"
