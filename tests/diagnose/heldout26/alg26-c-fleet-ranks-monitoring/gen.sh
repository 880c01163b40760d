#!/bin/sh
# Fleet tracking (MPI, 2 ranks), shipped build: the per-rank lines, with Open MPI's pml monitoring matrices.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/fleet.c" -o "$B/fleet"
{ echo "\$ mpirun -np 2 --mca pml_monitoring_enable 2 ... ./fleet"; mpimon -np 2 ./fleet 2>&1 | grep -v '^$'; } > "$OUT/rank-lines.txt"
monfiles > "$OUT/monitoring.txt"
snap
