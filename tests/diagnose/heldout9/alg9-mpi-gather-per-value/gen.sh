#!/bin/sh
# Two MPI ranks; rank 0 collects the results with one MPI_Gather of one double per element: the
# program's printout and perf report by symbol over both ranks.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/gather1.c" -o "$B/g1" -lm
show mpirun -np 2 ./g1 200000 > "$OUT/gather-output.txt"
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data -- mpirun -np 2 ./g1 200000 > /dev/null 2>&1)
report "$B/p.data" sym 40 > "$OUT/perf-report.txt"
snap
