#!/bin/sh
# C++ MPI flux on a disc, rows split equally over 2 ranks: the job log (--report-bindings and each
# rank's printout) and perf report --sort pid,sym of the mpirun, plus perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
mpicxx -O2 -g "$SRC/disc.cpp" -o "$B/disc"
show mpirun -np 2 --bind-to core --report-bindings ./disc 1200 6 > "$OUT/job.log"
rec p.data -- mpirun -np 2 --bind-to core ./disc 1200 12
perf report -i "$B/p.data" --stdio --no-children --sort pid,sym --percent-limit 1.5 2> /dev/null | head -40 > "$OUT/perf-report-pid-sym.txt"
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -120 > "$OUT/perf-annotate-main.txt"
snap
