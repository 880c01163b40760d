#!/bin/sh
# Particles loaded from a 500k-row CSV (fgets/strtok/strtod) then integrated: the program's phase times, perf report, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/csvload.c" -o "$B/cl"
"$B/cl" gen 500000 "$B/particles.csv"
"$B/cl" "$B/particles.csv" 10 > "$OUT/load-output.txt"
(cd "$B" && rec p.data ./cl particles.csv 10 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
/usr/bin/time -v "$B/cl" "$B/particles.csv" 10 > /dev/null 2> "$OUT/time-v.txt"
snap
