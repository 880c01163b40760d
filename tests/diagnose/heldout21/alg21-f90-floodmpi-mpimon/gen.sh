#!/bin/sh
# Wetting/drying flood step on 2 MPI ranks with Open MPI's pml monitoring on: the per-rank lines and the
# per-rank message files (point-to-point and collective traffic).
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/floodmpi.f90" -o "$B/floodmpi"
{ echo "\$ mpirun -np 2 --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon ./floodmpi"; mpimon -np 2 ./floodmpi 2>&1; } > "$OUT/run.txt"
monfiles > "$OUT/monitoring.txt"
snap
