#!/bin/sh
# C MPI on 2 ranks where rank 0 alone runs a diagnostic of the gathered field after every step:
# the program's per-rank printout and perf report by pid,srcline.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpiroot.c" -o "$B/mpiroot" -lm
show mpirun -np 2 ./mpiroot 60 > "$OUT/run.txt"
rec p.data -- mpirun -np 2 ./mpiroot 60
perf report -i "$B/p.data" --stdio --no-children --comm mpiroot --sort pid,srcline --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-pid-srcline.txt"
snap
