#!/bin/sh
# Pseudo-spectral step transposing the whole field with MPI_Alltoall three times per step, on 2 ranks: the per-rank
# table, and the run again with Open MPI's pml monitoring (per-rank message matrices).
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/seistrans.f90" -o "$B/seistrans"
{ echo "\$ mpirun -np 2 ./seistrans 12"; mpi -np 2 ./seistrans 12 2>&1; } > "$OUT/run.txt"
mpimon -np 2 ./seistrans 12 > "$B/mon.out" 2>&1 || true
{ echo "\$ mpirun --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon -np 2 ./seistrans 12"; cat "$B/mon.out"; monfiles; } > "$OUT/pml-monitoring.txt" 2>&1
snap
