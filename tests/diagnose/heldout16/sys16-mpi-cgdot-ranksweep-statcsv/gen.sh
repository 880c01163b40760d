#!/bin/sh
# C MPI CG-style iteration (two MPI_Allreduce per iteration, fixed global size) at 1, 2 and 4 ranks on
# this 2-CPU machine with busy polling kept on (--mca mpi_yield_when_idle 0, as a site default
# file would set it): rank 0's line per rank count, and perf stat -x, (CSV) of each launch.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/cgdot.c" -o "$B/cgdot"
for r in 1 2 4; do
  echo "\$ mpirun --mca mpi_yield_when_idle 0 -np $r ./cgdot 40000 60"
  mpi --mca mpi_yield_when_idle 0 -np "$r" ./cgdot 40000 60 2>&1
done > "$OUT/run.txt"
for r in 1 2 4; do
  echo "# perf stat -x, -e task-clock,context-switches,cpu-migrations mpirun --mca mpi_yield_when_idle 0 -np $r ./cgdot 40000 60"
  (cd "$B" && perf stat -x, -e task-clock,context-switches,cpu-migrations mpirun --allow-run-as-root --oversubscribe --mca mpi_yield_when_idle 0 -np "$r" ./cgdot 40000 60 2>&1 > /dev/null)
done > "$OUT/perfstat.csv"
snap
