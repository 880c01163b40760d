#!/bin/sh
# Sonar array on 2 ranks (one MPI_Send per beam power): the per-rank lines of the shipped build, and the same run with
# Open MPI's pml monitoring (per-peer message counts and bytes written by each rank).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/sonar.c" -o "$B/sonar" -lm
{ echo "\$ mpirun -np 2 ./sonar"; mpi -np 2 ./sonar 2>&1 | sort; } > "$OUT/run.txt"
{ echo "\$ mpirun --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon -np 2 ./sonar"; mpimon -np 2 ./sonar 2>&1 | sort; monfiles; } > "$OUT/monitoring.txt"
snap
