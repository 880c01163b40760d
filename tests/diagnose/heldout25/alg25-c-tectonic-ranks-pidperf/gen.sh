#!/bin/sh
# Plate tectonics MPI (2 ranks): the per-rank lines and a perf record of the whole mpirun sorted by pid and symbol.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/tectonic.c" -o "$B/tectonic" -lm
{ echo "\$ mpirun -np 2 ./tectonic 30"; mpi -np 2 ./tectonic 30 | sort; } > "$OUT/ranks.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./tectonic 30
{ echo "\$ perf record -e cpu-clock mpirun -np 2 ./tectonic 30; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf_pid.txt"
snap
