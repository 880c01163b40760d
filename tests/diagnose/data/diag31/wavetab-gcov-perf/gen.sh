#!/bin/bash
# a damping factor that depends on the time step only, recomputed (exp) for every point: the
# coverage build's gcov -f -b annotated source (as the terminal showed it, then the file), and
# perf report of the optimised build
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/wavetab" "$SRC/wavetab.c" -lm
rm -rf "$B/cov" && mkdir -p "$B/cov" && cp "$SRC/wavetab.c" "$B/cov/"
snap
cd "$B/cov"
gcc -O1 -g --coverage -o wavetab wavetab.c -lm
./wavetab 20000 100 > /dev/null
{ echo "\$ gcov -f -b wavetab.c"; gcov -f -b wavetab.c 2>&1; cat wavetab.c.gcov; } > "$D/wavetab.c.gcov"
cd "$B"
./wavetab 20000 1000 > "$D/run.txt"
perf record -q -e cpu-clock -o "$B/wave.data" ./wavetab 20000 1000 > /dev/null 2>&1
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; perf report --stdio --no-children --sort dso,sym -i "$B/wave.data" 2>/dev/null; } > "$D/perf-report.txt"
