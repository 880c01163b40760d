#!/bin/bash
# a static OpenMP loop whose second half is 15x heavier: each thread's own timer in a table
# (thread items substeps loop_s), and perf report by thread (--sort pid,sym)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/teamtimes" "$SRC/teamtimes.c" -lm
snap
cd "$B"
export OMP_NUM_THREADS=2
{ echo "\$ env OMP_NUM_THREADS=2 ./teamtimes 400000"; echo "thread   items   substeps   loop_s"; ./teamtimes 400000 | grep -v '^sum' | sort -n; } > "$D/run.txt"
perf record -q -e cpu-clock -o "$B/tt.data" ./teamtimes 400000 > /dev/null 2>&1
{ echo "\$ perf report --stdio --no-children --sort pid,sym"; perf report --stdio --no-children --sort pid,sym -i "$B/tt.data" 2>/dev/null | head -30; } > "$D/perf-report-threads.txt"
