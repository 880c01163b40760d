#!/bin/sh
# Particle pusher passing a 32 KiB struct by value to its force helper: printout, perf report, callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/bigarg.c" -o "$B/ba"
"$B/ba" > "$OUT/bigarg-output.txt"
(cd "$B" && rec p.data ./ba > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cgrind ./ba 5000 2 > "$OUT/callgrind-annotate.txt"
snap
