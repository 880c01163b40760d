#!/bin/bash
# a balanced 2-thread job timed five times on the machine as found, then three times beside two
# other busy jobs; perf record -a (every CPU) of one loaded run, reported by command
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/repsum" "$SRC/repsum.c" -lm
gcc -O1 -o "$B/otherjob" "$SRC/otherjob.c"
snap
cd "$B"
export OMP_NUM_THREADS=2
{ echo "\$ env OMP_NUM_THREADS=2 ./repsum 4000000 5"; ./repsum 4000000 5; } > "$D/run-as-found.txt"
./otherjob 6000000000 > /dev/null & o1=$!
./otherjob 6000000000 > /dev/null & o2=$!
{ echo "\$ env OMP_NUM_THREADS=2 ./repsum 4000000 3"; ./repsum 4000000 3; } > "$D/run-loaded.txt"
perf record -a -e cpu-clock -F 999 -o "$B/sw.data" -- ./repsum 4000000 3 > /dev/null 2>&1
kill $o1 $o2 2>/dev/null || true
{ echo "\$ perf record -a -e cpu-clock -F 999 -- ./repsum 4000000 3; perf report --sort comm,dso"; perf report --stdio --no-children --sort comm,dso -i "$B/sw.data" 2>/dev/null | head -40; } > "$D/perf-report-a.txt"
