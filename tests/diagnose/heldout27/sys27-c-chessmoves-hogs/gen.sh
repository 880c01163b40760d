#!/bin/sh
# Move evaluation (OpenMP, dynamic schedule) at 2 threads: two runs on the quiet node, then two runs while another job
# (two stress-ng CPU hogs) runs, with uptime and ps taken during the second.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -DDYN "$SRC/chessmoves.c" -o "$B/chessmoves" 2> /dev/null
{ echo "### quiet"; show env OMP_NUM_THREADS=2 ./chessmoves; show env OMP_NUM_THREADS=2 ./chessmoves; } > "$OUT/runs.txt"
load_on 2
{ echo "### later (same job script)"; show env OMP_NUM_THREADS=2 ./chessmoves; } >> "$OUT/runs.txt"
(cd "$B" && env OMP_NUM_THREADS=2 ./chessmoves > "$B/r2.out" 2>&1) & RP=$!
sleep 2; { show uptime; show ps -eo pid,pcpu,comm --sort=-pcpu | head -12; } > "$OUT/ps-during-run.txt"; wait $RP
{ echo "\$ env OMP_NUM_THREADS=2 ./chessmoves"; cat "$B/r2.out"; } >> "$OUT/runs.txt"
load_off
snap
