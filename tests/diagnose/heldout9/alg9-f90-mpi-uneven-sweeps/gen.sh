#!/bin/sh
# Fortran MPI relaxation, rank 1's block needs about 3x the sweeps: the run log (report-bindings on
# stderr, each rank's printout) and perf report by pid and symbol over both ranks.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/relaxmpi.f90" -o "$B/rx"
(cd "$B" && echo "\$ mpirun -np 2 --bind-to core --report-bindings ./relaxmpi" && mpirun -np 2 --bind-to core --report-bindings ./rx) > "$OUT/mpirun.log" 2>&1
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data -- mpirun -np 2 --bind-to core ./rx > /dev/null 2>&1)
report "$B/p.data" pid,sym 40 > "$OUT/perf-report-pid-sym.txt"
snap
