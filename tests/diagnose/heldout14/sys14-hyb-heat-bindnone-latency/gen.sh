#!/bin/sh
# C hybrid MPI + OpenMP heat equation, 2 ranks started with --bind-to none on this 2-CPU machine,
# 1 and 2 OpenMP threads per rank: the printouts, /usr/bin/time of the sweep as CSV, and
# perf sched latency (per-task run time, switches, scheduling delays) of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -fopenmp "$SRC/hybheat.c" -o "$B/hybheat"
for t in 1 2; do
  echo "\$ mpirun --bind-to none -np 2 -x OMP_NUM_THREADS=$t ./hybheat 256 128 200"
  mpi --bind-to none -np 2 -x OMP_NUM_THREADS=$t ./hybheat 256 128 200 2>&1
done > "$OUT/run.txt"
echo "threads_per_rank,ranks,elapsed_s,user_s,sys_s,cpu_percent" > "$OUT/sweep.csv"
for t in 1 2; do (cd "$B" && /usr/bin/time -f "$t,2,%e,%U,%S,%P" -a -o "$OUT/sweep.csv" mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 -x OMP_NUM_THREADS=$t ./hybheat 256 128 200 > /dev/null 2>&1); done
schedrec s.data mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 -x OMP_NUM_THREADS=2 ./hybheat 256 128 200
{ echo "\$ perf sched latency --sort max"; perf sched latency -i "$B/s.data" --sort max 2> /dev/null | head -30; } > "$OUT/perf-sched-latency.txt"
snap
