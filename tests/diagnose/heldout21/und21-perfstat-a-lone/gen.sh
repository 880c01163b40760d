#!/bin/sh
# What a user handed over: perf stat -a (system wide, software events) taken on the node while their job
# ran, and a note. The job itself is a 2-thread run of a program the user did not send.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -fopenmp "$SRC/hailbins.f90" -o "$B/solver"
{ echo "\$ perf stat -a -e task-clock,context-switches,cpu-migrations -- sleep 1   # while the job ran"; (cd "$B" && OMP_NUM_THREADS=2 ./solver 60000000 > /dev/null & sleep 0.2; perf stat -a -e task-clock,context-switches,cpu-migrations -- sleep 1 2>&1; wait); } > "$OUT/perf-stat-a.txt" 2>&1
echo "system-wide perf stat taken during the job attached; the solver seems slow, what is the bottleneck?" > "$OUT/note.txt"
snap
