#!/bin/sh
# C MPI diffusion whose ranks gather the whole field to rank 0 and get it back by MPI_Bcast every
# step, 2 ranks: the program's per-rank timing table and Open MPI's pml monitoring files (bytes and
# messages per peer, point-to-point and collective, one file per rank).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/gatherfield.c" -o "$B/gatherfield"
{ echo "\$ mpirun --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon -np 2 ./gatherfield 1000000 20"
  mpimon -np 2 ./gatherfield 1000000 20 2>&1; } > "$OUT/run.txt"
monfiles > "$OUT/mpi-monitoring.txt"
snap
