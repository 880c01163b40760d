#!/bin/sh
# Sensor gather on 2 MPI ranks: per-rank lines of the per-sample build (one 8-byte MPI_Send per sample) and
# of -DBATCH (one 32 KB message per block), two runs each, and perf report by dso and symbol of the
# per-sample build (both ranks).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/sensnet.c" -o "$B/sensnet"
mpicc -O2 -g -DBATCH "$SRC/sensnet.c" -o "$B/sensnet_batch"
{ for p in sensnet sensnet sensnet_batch sensnet_batch; do echo "\$ mpirun -np 2 ./$p 6000000"; mpi -np 2 ./$p 6000000 2>&1; done; } > "$OUT/builds.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./sensnet 6000000
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
