#!/bin/sh
# 2-D diffusion that pins its main thread before the OpenMP region: printout, taskset -acp of the running job, perf report --sort cpu.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pinmain.c" -o "$B/pm"
OMP_NUM_THREADS=2 show "$B/pm" > "$OUT/diffusion-output.txt" 2>&1
OMP_NUM_THREADS=2 "$B/pm" 400 > /dev/null &
P=$!
sleep 1
{ echo "\$ taskset -acp $P"; taskset -acp "$P"; } > "$OUT/taskset-acp.txt" 2>&1 || true
wait "$P"
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 --sample-cpu -o p.data ./pm > /dev/null)
bycpu "$B/p.data" > "$OUT/perf-report-by-cpu.txt"
snap
