#!/bin/sh
# C MPI 1-D Jacobi (400000 cells in total, a halo Sendrecv pair and an MPI_Allreduce per step)
# launched with the site's low-latency setting (busy polling, mpi_yield_when_idle 0) at 1, 2, 4
# and 6 ranks on this 2-CPU machine: rank 0's printout per run, and perf stat (software events) of
# the whole mpirun at 2 and 6 ranks.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/halo1d.c" -o "$B/halo1d" -lm
{ for np in 1 2 4 6; do echo "\$ mpirun --mca mpi_yield_when_idle 0 -np $np ./halo1d 400000 60"; mpi --mca mpi_yield_when_idle 0 -np $np ./halo1d 400000 60 2>&1; done; } > "$OUT/run.txt"
{ for np in 2 6; do echo "\$ perf stat -e task-clock,context-switches,cpu-migrations mpirun --mca mpi_yield_when_idle 0 -np $np ./halo1d 400000 60"
  (cd "$B" && perf stat -e task-clock,context-switches,cpu-migrations mpirun --allow-run-as-root --oversubscribe --mca mpi_yield_when_idle 0 -np $np ./halo1d 400000 60 2>&1); done; } > "$OUT/perf-stat.txt"
snap
