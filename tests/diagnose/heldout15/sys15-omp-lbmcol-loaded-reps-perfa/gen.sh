#!/bin/sh
# C OpenMP D2Q9 collision, 2 threads, five repetitions on the machine as found and three beside two
# stress-ng CPU hogs (the program's own per-repetition table), uptime/ps under load, and a
# system-wide perf record -a of the loaded run reported by command and shared object.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lbmcol.c" -o "$B/lbmcol"
{ echo "# quiet machine"; show env OMP_NUM_THREADS=2 ./lbmcol 20000 200 5; } > "$OUT/run-quiet.txt"
load_on 2
loadsnap > "$OUT/load.txt"
{ echo "# same job, later"; show env OMP_NUM_THREADS=2 ./lbmcol 20000 200 3; } > "$OUT/run-loaded.txt"
(cd "$B" && perf record -q -a -e cpu-clock -F 999 -o pa.data -- env OMP_NUM_THREADS=2 ./lbmcol 20000 200 1 > /dev/null 2>&1)
load_off
{ echo "\$ perf record -a -e cpu-clock -F 999 -- env OMP_NUM_THREADS=2 ./lbmcol 20000 200 1; perf report --sort comm,dso"
  perf report -i "$B/pa.data" --stdio --no-children --sort comm,dso --percent-limit 1 2> /dev/null | head -60; } | clean > "$OUT/perf-report-a.txt"
snap
