#!/bin/sh
# C++ MPI particle migration, one MPI_Send per migrating particle (24 bytes), 2 ranks: the program's
# per-rank printout and perf report --sort dso,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicxx -O2 -g "$SRC/migrate.cpp" -o "$B/migrate"
show mpirun --allow-run-as-root -np 2 ./migrate 50000 20 > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root -np 2 ./migrate 50000 20
prep --sort dso,sym --percent-limit 1.5 > "$OUT/perf-report-dso-sym.txt"
snap
