#!/bin/sh
# C MPI Jacobi on column blocks whose halo columns go one double per MPI_Sendrecv, 2 ranks: the
# program's per-rank timing table and Open MPI's pml monitoring files (messages, bytes and the
# message-size histogram per peer).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/halocol.c" -o "$B/halocol"
{ echo "\$ mpirun --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon -np 2 ./halocol 2000 200 20"
  mpimon -np 2 ./halocol 2000 200 20 2>&1; } > "$OUT/run.txt"
monfiles > "$OUT/mpi-monitoring.txt"
snap
