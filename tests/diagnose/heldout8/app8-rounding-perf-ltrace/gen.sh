#!/bin/sh
# values rounded through snprintf+strtod: printout, perf report, ltrace -c (smaller run).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/rounding.c" -o "$B/rd" -lm
show "$B/rd" > "$OUT/rounding-output.txt"
(cd "$B" && rec p.data ./rd > /dev/null)
report "$B/p.data" 30 > "$OUT/perf-report.txt"
ltrace -c -o "$OUT/ltrace-c.txt" "$B/rd" 5000 > /dev/null
snap
