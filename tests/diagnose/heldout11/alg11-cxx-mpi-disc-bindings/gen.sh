#!/bin/sh
# C++ MPI flux on a disc, rows split equally over 2 ranks: the job log (--report-bindings, each
# rank's printout) and /usr/bin/time -v of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicxx -O2 "$SRC/disc.cpp" -o "$B/disc"
timev "$OUT/time-v.txt" mpirun -np 2 --bind-to core --report-bindings ./disc 1200 6 > "$OUT/job.log" 2>&1
snap
