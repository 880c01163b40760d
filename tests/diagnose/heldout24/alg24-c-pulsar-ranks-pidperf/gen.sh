#!/bin/sh
# Pulsar periodicity search on 2 ranks (contiguous candidate blocks, cost rising with frequency): the per-rank lines
# and perf report --sort pid,dso of the whole mpirun job.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/pulsar.c" -o "$B/pulsar" -lm
{ echo "\$ mpirun -np 2 ./pulsar"; mpi -np 2 ./pulsar 2>&1; } > "$OUT/run.txt"
(cd "$B" && perf record -q -e cpu-clock -F 999 -o p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./pulsar > /dev/null 2>&1)
{ echo "\$ perf record -e cpu-clock -- mpirun -np 2 ./pulsar; perf report --sort pid,dso"; perf report -i "$B/p.data" --stdio --no-children --sort pid,dso --percent-limit 1 2> /dev/null | grep -v '^$' | clean | head -40; } > "$OUT/perf-pid.txt"
snap
