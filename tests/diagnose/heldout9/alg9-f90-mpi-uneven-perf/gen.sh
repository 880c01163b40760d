#!/bin/sh
# The same Fortran MPI relaxation: perf report by pid and symbol, and the report-bindings lines only.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/relaxmpi.f90" -o "$B/rx"
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data -- mpirun -np 2 --bind-to core ./rx > /dev/null 2>&1)
report "$B/p.data" pid,sym 40 > "$OUT/perf-report-pid-sym.txt"
(cd "$B" && mpirun -np 2 --bind-to core --report-bindings ./rx 2>&1 >/dev/null) > "$OUT/report-bindings.txt"
snap
