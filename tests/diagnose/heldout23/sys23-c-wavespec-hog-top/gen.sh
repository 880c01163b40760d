#!/bin/sh
# Wave spectrum at 1 and 2 threads while one stress-ng CPU hog (another job) runs on the 2-CPU node; top in
# batch mode during the 2-thread run, and perf report --sort dso,sym of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/wavespec.c" -o "$B/wavespec" -lm
load_on 1
{ show env OMP_NUM_THREADS=1 ./wavespec 600; show env OMP_NUM_THREADS=2 ./wavespec 600; show env OMP_NUM_THREADS=1 ./wavespec 600; } > "$OUT/runs.txt"
(cd "$B" && OMP_NUM_THREADS=2 ./wavespec 600 > /dev/null) & WP=$!
sleep 1; { echo "\$ top -b -n 1"; topsnap 14; } > "$OUT/top.txt"; wait $WP
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o p.data ./wavespec 600 > /dev/null 2> /dev/null)
load_off
{ echo "\$ OMP_NUM_THREADS=2 perf record ./wavespec 600; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
