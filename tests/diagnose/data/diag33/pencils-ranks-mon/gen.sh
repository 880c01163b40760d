#!/bin/bash
# two ranks filtering and transposing (MPI_Alltoall) a 2048^2 field: each rank's line, and Open
# MPI's pml monitoring of the same run (the matrices of bytes each rank sent)
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -o "$B/pencils" "$HERE/../_src/pencils.c"
snap
cd "$B"
M="mpirun --allow-run-as-root --oversubscribe -np 2"
{ echo "\$ mpirun -np 2 ./pencils 2048 10"; $M ./pencils 2048 10 2>/dev/null | sort; } > "$D/run.txt"
$M --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 \
   --mca pml_monitoring_filename "$B/mon" ./pencils 2048 10 > /dev/null 2>&1
{ for f in "$B"/mon.*.prof; do echo "==> $(basename "$f") <=="; cat "$f"; done; } \
  > "$D/pml-monitoring.txt"
