#!/bin/sh
# C MPI time loop that broadcasts the whole (unchanging) 32 MB coefficient table every step, 2 ranks:
# the program's per-rank printout and perf report --sort pid,dso,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/bcasttab.c" -o "$B/bcasttab" -lm
show mpirun --allow-run-as-root -np 2 ./bcasttab 4000000 40 > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root -np 2 ./bcasttab 4000000 40
prep --sort pid,dso,sym --percent-limit 1.5 > "$OUT/perf-report-pid-dso-sym.txt"
snap
