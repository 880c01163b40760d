#!/bin/sh
# Avalanche slope stability on 2 MPI ranks (row blocks): the per-rank lines of two runs, and perf record of the
# whole job (both ranks) reported with --sort pid,dso (samples per rank process).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/avalanche.c" -o "$B/avalanche" -lm
{ show mpirun --allow-run-as-root --oversubscribe -np 2 ./avalanche; show mpirun --allow-run-as-root --oversubscribe -np 2 ./avalanche; } > "$OUT/ranks.txt"
(cd "$B" && perf record -q -e cpu-clock -F 999 -o p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./avalanche > /dev/null 2>&1)
{ echo "\$ perf record -- mpirun -np 2 ./avalanche; perf report --sort pid,dso"; perf report -i "$B/p.data" --stdio --no-children --sort pid,dso --percent-limit 1 2> /dev/null | grep -v '^$' | clean | head -30; } > "$OUT/perf-report-pid.txt"
snap
