#!/bin/sh
# The same per-value MPI_Gather program: perf report by pid and symbol and the report-bindings lines.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/gather1.c" -o "$B/g1" -lm
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data -- mpirun -np 2 ./g1 200000 > /dev/null 2>&1)
report "$B/p.data" pid,sym 40 > "$OUT/perf-report-pid-sym.txt"
(cd "$B" && mpirun -np 2 --bind-to core --report-bindings ./g1 20000 2>&1 >/dev/null) > "$OUT/report-bindings.txt"
snap
