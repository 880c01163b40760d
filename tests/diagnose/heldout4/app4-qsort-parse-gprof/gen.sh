#!/bin/sh
# qsort of 1M records whose comparator parses both decimal keys (strtod) each call: printout, gprof, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg "$SRC/qsortkey.c" -o "$B/qk"
(cd "$B" && ./qk > "$OUT/qsort-output.txt")
gprof -b "$B/qk" "$B/gmon.out" > "$OUT/gprof.txt"
gcc -O2 "$SRC/qsortkey.c" -o "$B/qk2"
(cd "$B" && rec p.data ./qk2 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
